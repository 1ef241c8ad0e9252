// What the phones download to match on the device: the references, packed as int8, and their products.
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { products } from "../db/schema";
import { catalogueReferences } from "./catalogue-cache";
import { toPesos } from "./money";
import { type ModelInfo, quantise, toBase64 } from "./scan";

export async function phoneCatalogue(db: Db, companyId: number, model: ModelInfo, version: string) {
  const [{ refs }, list] = await Promise.all([
    catalogueReferences(db, companyId, model.id, version),
    db
      .select({
        id: products.id,
        ref: products.referenceCode,
        brand: products.brand,
        model: products.model,
        color: products.color,
        imageKey: products.imageKey,
        price: products.unitPrice,
      })
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.isActive, true))),
  ]);
  const packed = new Int8Array(refs.length * model.embeddingSize);
  for (const [i, r] of refs.entries()) packed.set(quantise(r.vector), i * model.embeddingSize);
  const used = new Set(refs.map((r) => r.productId));
  return {
    model_id: model.id,
    dims: model.embeddingSize,
    encoding: "int8-base64",
    scale: 1 / 127,
    count: refs.length,
    product_ids: refs.map((r) => r.productId),
    vectors: toBase64(new Uint8Array(packed.buffer)),
    products: list
      .filter((p) => used.has(p.id))
      .map((p) => ({
        product_id: p.id,
        reference_code: p.ref,
        brand: p.brand,
        model: p.model,
        color: p.color,
        unit_price: toPesos(p.price),
        image_url: p.imageKey ? `/api/v1/files/${p.imageKey}` : null,
      })),
  };
}
