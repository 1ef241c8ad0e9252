// A product × size with the codes printed on its box, and the lookup that finds a product by any of
// its codes (reference code, barcode or SKU) with its stock everywhere.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { inventory, products, productVariants } from "../db/schema";
import { conflict, notFound, unprocessable } from "../lib/errors";
import { fileUrl } from "../lib/uploads";
import { activeLocationsOf } from "./active-locations";
import { codeCandidates, normaliseBarcode } from "./barcodes";
import { productOf } from "./catalogue";
import { toPesos } from "./money";
import { isConstraint } from "./sales/statements";
import { availabilityFor } from "./scan-availability";

export const CODE_NOT_FOUND = "Código no encontrado";

export interface VariantInput {
  size: string;
  barcode?: string | null | undefined;
  sku?: string | null | undefined;
}

/** The variants as they will be stored, or a 422 naming the first code that cannot be a box code. */
export function normaliseVariants(variants: readonly VariantInput[]) {
  const seen = new Map<string, string>();
  return variants.map((v) => {
    let barcode: string | null = null;
    if (v.barcode?.trim()) {
      const checked = normaliseBarcode(v.barcode);
      if ("problem" in checked) throw unprocessable(checked.problem);
      barcode = checked.code;
      const other = seen.get(barcode);
      if (other !== undefined && other !== v.size) {
        throw unprocessable(`El código de barras ${barcode} está repetido en las tallas ${other} y ${v.size}`);
      }
      seen.set(barcode, v.size);
    }
    const sku = v.sku?.trim() ? v.sku.trim() : null;
    return { size: v.size.trim(), barcode, sku };
  });
}

/** Who already holds a code of the company (another product or size), for the 409 text. */
async function holderOf(db: Db, companyId: number, column: "barcode" | "sku", code: string) {
  const [row] = await db
    .select({ productId: productVariants.productId, ref: products.referenceCode, size: productVariants.size })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.companyId, companyId),
        eq(column === "barcode" ? productVariants.barcode : productVariants.sku, code),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Sets the codes of some sizes of a product (a null code clears it). The UNIQUE indexes decide who gets
 * a code when two products race for it; the loser learns who holds it (409) and nothing is written.
 */
export async function saveVariants(db: Db, companyId: number, productId: number, input: readonly VariantInput[]) {
  await productOf(db, companyId, productId);
  const variants = normaliseVariants(input);
  if (variants.length === 0) return listVariants(db, companyId, productId);
  const statements = variants.map((v) =>
    db
      .insert(productVariants)
      .values({ companyId, productId, size: v.size, barcode: v.barcode, sku: v.sku })
      .onConflictDoUpdate({
        target: [productVariants.productId, productVariants.size],
        set: { barcode: v.barcode, sku: v.sku, updatedAt: new Date().toISOString() },
      }),
  );
  try {
    await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  } catch (err) {
    if (!isConstraint(err, "UNIQUE")) throw err;
    for (const v of variants) {
      for (const column of ["barcode", "sku"] as const) {
        const code = v[column];
        const holder = code ? await holderOf(db, companyId, column, code) : undefined;
        if (holder && (holder.productId !== productId || holder.size !== v.size)) {
          const what = column === "barcode" ? "El código de barras" : "El SKU";
          throw conflict(`${what} ${code} ya está asignado a ${holder.ref} talla ${holder.size}`);
        }
      }
    }
    throw conflict("Uno de los códigos ya está asignado a otro producto");
  }
  return listVariants(db, companyId, productId);
}

export async function listVariants(db: Db, companyId: number, productId: number) {
  const rows = await db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.companyId, companyId), eq(productVariants.productId, productId)));
  return rows
    .map((v) => ({ size: v.size, barcode: v.barcode, sku: v.sku }))
    .sort((a, b) => Number.parseFloat(a.size) - Number.parseFloat(b.size) || a.size.localeCompare(b.size));
}

/**
 * Finds a product by a code a seller types or scans: a barcode or SKU names the size too; a reference
 * code names the product. Answers its price and the same availability block as the scan.
 */
export async function lookupCode(db: Db, companyId: number, userLocationId: number | null, rawCode: string) {
  const candidates = codeCandidates(rawCode);
  const reference = rawCode.trim();
  const list = sql.join(
    candidates.map((c) => sql`${c}`),
    sql`, `,
  );
  // a box code (barcode or SKU) first, else a reference code: resolved inside each statement, so the
  // whole lookup is ONE D1 round trip (the seller is waiting with the box in hand)
  const productId = sql<number>`COALESCE(
    (SELECT product_id FROM product_variants WHERE company_id = ${companyId} AND (barcode IN (${list}) OR sku IN (${list})) LIMIT 1),
    (SELECT id FROM products WHERE company_id = ${companyId} AND reference_code = ${reference} COLLATE NOCASE LIMIT 1))`;
  const placesRead = activeLocationsOf(db, companyId);
  const [variantHits, productRows, cells] = await db.batch([
    db
      .select({ productId: productVariants.productId, size: productVariants.size, barcode: productVariants.barcode })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.companyId, companyId),
          or(inArray(productVariants.barcode, candidates), inArray(productVariants.sku, candidates)),
        ),
      )
      .limit(1),
    db
      .select()
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.id, productId)))
      .limit(1),
    db
      .select()
      .from(inventory)
      .where(and(eq(inventory.companyId, companyId), eq(inventory.productId, productId))),
  ]);
  const places = await placesRead;
  const variant = variantHits[0];
  const matchedBy = variant
    ? variant.barcode !== null && candidates.includes(variant.barcode)
      ? ("barcode" as const)
      : ("sku" as const)
    : ("reference_code" as const);
  const p = productRows[0];
  if (!p) throw notFound(CODE_NOT_FOUND);
  const active = new Map(places.map((l) => [l.id, l]));
  return {
    matched_by: matchedBy,
    size: variant?.size ?? null,
    product: {
      id: p.id,
      reference_code: p.referenceCode,
      brand: p.brand,
      model: p.model,
      color: p.color,
      category: p.category,
      unit_price: toPesos(p.unitPrice),
      box_price: p.boxPrice === null ? null : toPesos(p.boxPrice),
      is_active: p.isActive,
      image_url: fileUrl(p.imageKey),
    },
    availability: availabilityFor(
      cells.filter((c) => active.has(c.locationId)),
      active,
      userLocationId,
    ),
  };
}
