// The scan catalogue of a company and model: its decoded references and product prototypes, cached
// per isolate. Enrolment changes the version (count and last id) and so does any product edit (its
// latest updated_at: a deactivated product leaves the matches at once) and any box code edit (the
// variants' latest updated_at and count: the phones search those codes), so a stale entry is never used.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { productEmbeddings, products } from "../../db/schema";
import { TtlCache } from "../../lib/ttl-cache";
import { meanColour } from "./colour";
import { buildGallery, type Gallery } from "./gallery";
import { modelOf, type Reference, vectorFromBlob } from "./matching";

/** Each product's mean colour histogram (products whose references carry none are left out). */
export function productColours(refs: readonly Reference[]): Map<number, Float32Array> {
  const byProduct = new Map<number, (Float32Array | null)[]>();
  for (const r of refs) {
    const list = byProduct.get(r.productId) ?? [];
    list.push(r.colour ?? null);
    byProduct.set(r.productId, list);
  }
  const out = new Map<number, Float32Array>();
  for (const [productId, colours] of byProduct) {
    const mean = meanColour(colours);
    if (mean) out.set(productId, mean);
  }
  return out;
}

type Entry = {
  version: string;
  refs: Reference[];
  gallery: Gallery;
  /** per product, the mean colour histogram of its references that have one */
  colours: Map<number, Float32Array>;
};
const catalogues = new TtlCache<string, Entry>(60_000, 200);

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
    .select({
      productId: productEmbeddings.productId,
      vector: productEmbeddings.vector,
      colour: productEmbeddings.colour,
    })
    .from(productEmbeddings)
    .innerJoin(products, eq(products.id, productEmbeddings.productId))
    .where(
      and(
        eq(productEmbeddings.companyId, companyId),
        eq(productEmbeddings.modelId, modelId),
        eq(products.isActive, true),
      ),
    );
  const refs = rows.map((r) => ({
    productId: r.productId,
    vector: vectorFromBlob(r.vector),
    colour: r.colour === null ? null : vectorFromBlob(r.colour),
  }));
  const entry: Entry = {
    version,
    refs,
    gallery: buildGallery(modelOf(modelId).embeddingSize, refs),
    colours: productColours(refs),
  };
  catalogues.set(key, entry);
  return entry;
}
