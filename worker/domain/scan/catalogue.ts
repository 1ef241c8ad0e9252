// What the phones download: the references, packed as int8, to match on the device, and EVERY active
// product (with or without references) with its box codes, to search by code or name offline.

import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products } from "../../db/schema";
import { companyVariantsRead } from "../catalogue/variants";
import { toPesos } from "../shared/money";
import { catalogueReferences } from "./catalogue-cache";
import { COLOUR_BINS } from "./colour";
import { type ModelInfo, quantise, toBase64 } from "./matching";

type Codes = { size: string; barcode: string | null; sku: string | null };

export async function phoneCatalogue(db: Db, companyId: number, model: ModelInfo, version: string) {
  const [{ refs, colours }, [list, variants]] = await Promise.all([
    catalogueReferences(db, companyId, model.id, version),
    db.batch([
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
      companyVariantsRead(db, companyId),
    ]),
  ]);
  const packed = new Int8Array(refs.length * model.embeddingSize);
  for (const [i, r] of refs.entries()) packed.set(quantise(r.vector), i * model.embeddingSize);
  const used = new Set(refs.map((r) => r.productId));
  // only the sizes with a code printed on the box: a size without one is found by its product
  const codes = new Map<number, Codes[]>();
  for (const v of variants) {
    if (v.barcode === null && v.sku === null) continue;
    const own = codes.get(v.productId) ?? [];
    own.push({ size: v.size, barcode: v.barcode, sku: v.sku });
    codes.set(v.productId, own);
  }
  const colourIds = [...colours.keys()];
  const packedColours = new Uint8Array(colourIds.length * COLOUR_BINS);
  for (const [row, id] of colourIds.entries()) {
    const c = colours.get(id) ?? [];
    for (let i = 0; i < COLOUR_BINS; i++) packedColours[row * COLOUR_BINS + i] = Math.round((c[i] ?? 0) * 255);
  }
  return {
    model_id: model.id,
    dims: model.embeddingSize,
    encoding: "int8-base64",
    scale: 1 / 127,
    count: refs.length,
    product_ids: refs.map((r) => r.productId),
    vectors: toBase64(new Uint8Array(packed.buffer)),
    // each product's colour histogram (colour.ts) for the colourway re-rank on the phone: uint8
    // (value × 255), COLOUR_BINS per row, rows in the order of colour_product_ids; margin from the manifest
    colour_bins: COLOUR_BINS,
    colour_margin: model.colourMargin,
    colour_product_ids: colourIds,
    colours: toBase64(packedColours),
    products: list.map((p) => ({
      product_id: p.id,
      reference_code: p.ref,
      brand: p.brand,
      model: p.model,
      color: p.color,
      unit_price: toPesos(p.price),
      image_url: p.imageKey ? `/api/v1/files/${p.imageKey}` : null,
      has_references: used.has(p.id),
      variants: codes.get(p.id) ?? [],
    })),
  };
}
