// The scan catalogue of a company and model: its decoded references and product prototypes, cached
// per isolate. Enrolment changes the version (count and last id) and so does any product edit (its
// latest updated_at: a deactivated product leaves the matches at once) and any box code edit (the
// variants' latest updated_at and count: the phones search those codes), so a stale entry is never used.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { productEmbeddings, products } from "../db/schema";
import { TtlCache } from "../lib/ttl-cache";
import { modelOf, type Reference, vectorFromBlob } from "./scan";
import { buildGallery, type Gallery } from "./scan-gallery";

const catalogues = new TtlCache<string, { version: string; refs: Reference[]; gallery: Gallery }>(60_000, 200);

/** The catalogue's version: cheap to read on every call, and the ETag of GET /classify/catalog. */
export async function catalogueVersion(db: Db, companyId: number, modelId: string) {
  const [row] = await db
    .select({
      n: sql<number>`COUNT(*)`,
      last: sql<number>`COALESCE(MAX(${productEmbeddings.id}), 0)`,
      edited: sql<string>`(SELECT COALESCE(MAX(updated_at), '') FROM products WHERE company_id = ${companyId})`,
      codes: sql<string>`(SELECT COUNT(*) || '@' || COALESCE(MAX(updated_at), '') FROM product_variants WHERE company_id = ${companyId})`,
    })
    .from(productEmbeddings)
    .where(and(eq(productEmbeddings.companyId, companyId), eq(productEmbeddings.modelId, modelId)));
  return `${modelId}:${row?.n ?? 0}:${row?.last ?? 0}:${row?.edited ?? ""}:${row?.codes ?? ""}`;
}

/** The references of the active products, from the cache when it holds this version. */
export async function catalogueReferences(db: Db, companyId: number, modelId: string, version: string) {
  const key = `${companyId}:${modelId}`;
  const hit = catalogues.get(key);
  if (hit?.version === version) return hit;
  const rows = await db
    .select({ productId: productEmbeddings.productId, vector: productEmbeddings.vector })
    .from(productEmbeddings)
    .innerJoin(products, eq(products.id, productEmbeddings.productId))
    .where(
      and(
        eq(productEmbeddings.companyId, companyId),
        eq(productEmbeddings.modelId, modelId),
        eq(products.isActive, true),
      ),
    );
  const refs = rows.map((r) => ({ productId: r.productId, vector: vectorFromBlob(r.vector) }));
  const entry = { version, refs, gallery: buildGallery(modelOf(modelId).embeddingSize, refs) };
  catalogues.set(key, entry);
  return entry;
}
