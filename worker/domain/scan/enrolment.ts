// Re-enrolment when the scan's model id changes (design §7.4): which of the company's active products
// have no reference embeddings for a model id, so the admin's browser can compute and send them.
import { and, asc, eq } from "drizzle-orm";
import type { SQLiteInsertValue } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { rowsPerStatement } from "../../db/limits";
import { productEmbeddings, products } from "../../db/schema";
import { fileUrl } from "../../lib/uploads";
import { requireCompanyRow } from "../shared/company-row";
import { invalid } from "../shared/errors";
import { MODELS, type ModelInfo, parseEmbedding } from "./matching";

/** A model id the manifest knows (own keys only: "constructor" or "toString" are not models). */
export function isKnownModel(id: string): boolean {
  return Object.hasOwn(MODELS, id);
}

type EmbeddingRow = SQLiteInsertValue<typeof productEmbeddings>;

/** Every bound column of a reference row (id and created_at come from the table's defaults). */
const EMBEDDING_PARAMS = 8;

/** Multi-row inserts of reference embeddings that each stay under D1's bound-value limit. */
export function embeddingInserts(db: Db, rows: readonly EmbeddingRow[]) {
  return rowsPerStatement(rows, EMBEDDING_PARAMS).map((part) => db.insert(productEmbeddings).values(part));
}

export type EnrolmentProduct = {
  id: number;
  referenceCode: string;
  brand: string;
  model: string;
  color: string | null;
  imageKey: string | null;
  videoKey: string | null;
};

export type MissingProduct = {
  product_id: number;
  reference_code: string;
  brand: string;
  model: string;
  color: string | null;
  image_url: string | null;
  video_url: string | null;
  /** Model ids this product does have references for (enrolled before the model changed). */
  references_other_models: string[];
};

export type EnrolmentStatus = {
  model_id: string;
  total_products: number;
  enrolled_products: number;
  missing: MissingProduct[];
};

/**
 * The products (active ones, in the order given) without references for `modelId`, given which
 * (product, model) pairs have references. Pairs of products not in the list (inactive, deleted) do not count.
 */
export function enrolmentStatus(
  modelId: string,
  list: readonly EnrolmentProduct[],
  pairs: readonly { productId: number; modelId: string }[],
): EnrolmentStatus {
  const models = new Map<number, Set<string>>();
  for (const pair of pairs) {
    const set = models.get(pair.productId) ?? new Set<string>();
    set.add(pair.modelId);
    models.set(pair.productId, set);
  }
  const missing = list
    .filter((p) => !models.get(p.id)?.has(modelId))
    .map((p) => ({
      product_id: p.id,
      reference_code: p.referenceCode,
      brand: p.brand,
      model: p.model,
      color: p.color,
      image_url: fileUrl(p.imageKey),
      video_url: fileUrl(p.videoKey),
      references_other_models: [...(models.get(p.id) ?? [])].sort(),
    }));
  return {
    model_id: modelId,
    total_products: list.length,
    enrolled_products: list.length - missing.length,
    missing,
  };
}

/** The company's enrolment status for a model id: its active products and the models each has references for. */
export async function loadEnrolmentStatus(db: Db, companyId: number, modelId: string): Promise<EnrolmentStatus> {
  const [list, pairs] = await db.batch([
    db
      .select({
        id: products.id,
        referenceCode: products.referenceCode,
        brand: products.brand,
        model: products.model,
        color: products.color,
        imageKey: products.imageKey,
        videoKey: products.videoKey,
      })
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.isActive, true)))
      .orderBy(asc(products.brand), asc(products.model), asc(products.referenceCode)),
    db
      .selectDistinct({ productId: productEmbeddings.productId, modelId: productEmbeddings.modelId })
      .from(productEmbeddings)
      .where(eq(productEmbeddings.companyId, companyId)),
  ]);
  return enrolmentStatus(modelId, list, pairs);
}

export interface EnrolInput {
  model: ModelInfo;
  vectors: unknown[];
  /** one colour histogram per vector (colour.ts), or null for a vector without one */
  colours?: (number[] | null)[];
  sources?: ("photo" | "video_frame" | "scan")[];
  /** replace the product's references for this model (the default) or add to them */
  replace: boolean;
}

const colourBlob = (c: Float32Array | null) => (c ? Buffer.from(c.buffer, c.byteOffset, c.byteLength) : null);

/** Stores a product's references for a model; returns how many were stored. */
export async function enrolProduct(db: Db, companyId: number, productId: number, input: EnrolInput) {
  const { model } = input;
  await requireCompanyRow(db, products, companyId, productId, "Producto no encontrado");
  const vectors = input.vectors.map((raw) => parseEmbedding(raw, model));
  const colours = vectors.map((_, i) => {
    const colour = input.colours?.[i] ?? null;
    return colour === null ? null : Float32Array.from(colour);
  });
  const rows = vectors.map((vec, i) => ({
    companyId,
    productId,
    modelId: model.id,
    source: input.sources?.[i] ?? (i === 0 ? ("photo" as const) : ("video_frame" as const)),
    dims: vec.length,
    vector: Buffer.from(vec.buffer, vec.byteOffset, vec.byteLength),
    colour: colourBlob(colours[i] ?? null),
  }));
  // re-enrolment replaces the product's references for that model in the same batch as the inserts
  const inserts = embeddingInserts(db, rows);
  const removal = db
    .delete(productEmbeddings)
    .where(
      and(
        eq(productEmbeddings.companyId, companyId),
        eq(productEmbeddings.productId, productId),
        eq(productEmbeddings.modelId, model.id),
      ),
    );
  const [first, ...rest] = inserts;
  if (!first) throw invalid("Envía al menos una huella visual");
  await db.batch(input.replace ? [removal, first, ...rest] : [first, ...rest]);
  return rows.length;
}
