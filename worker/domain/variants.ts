// A product × size with the codes printed on its box, and the lookup that finds a product by any of
// its codes (reference code, barcode or SKU) with its stock everywhere.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { products, productVariants } from "../db/schema";
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

type LookupRow = {
  id: number;
  reference_code: string;
  brand: string;
  model: string;
  color: string | null;
  category: (typeof products.$inferSelect)["category"];
  unit_price: number;
  box_price: number | null;
  is_active: number;
  image_key: string | null;
  variant_size: string | null;
  variant_barcode: string | null;
  by_box_code: number;
  /** [location_id, size, pairs, left, right, exhibition, reserved pairs, reserved left, reserved right][] */
  cells: string;
};

type CellTuple = [number, string, number, number, number, number, number, number, number];

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
  // ONE statement (the seller is waiting with the box in hand): a box code (barcode, then SKU) names
  // the product and size, else the reference code names the product; its stock cells come as one JSON
  // array so the answer is a single row
  const placesRead = activeLocationsOf(db, companyId);
  const row = await db.get<LookupRow | undefined>(sql`
    WITH hit AS MATERIALIZED (
      SELECT product_id, size, barcode FROM (
        SELECT product_id, size, barcode, 0 AS rank FROM product_variants
          WHERE company_id = ${companyId} AND barcode IN (${list})
        UNION ALL
        SELECT product_id, size, barcode, 1 AS rank FROM product_variants
          WHERE company_id = ${companyId} AND sku IN (${list})
      ) ORDER BY rank LIMIT 1
    )
    SELECT p.id, p.reference_code, p.brand, p.model, p.color, p.category, p.unit_price, p.box_price,
      p.is_active, p.image_key,
      (SELECT size FROM hit) AS variant_size,
      (SELECT barcode FROM hit) AS variant_barcode,
      (SELECT count(*) FROM hit) AS by_box_code,
      (SELECT json_group_array(json_array(i.location_id, i.size, i.pairs, i.left_feet, i.right_feet,
          i.exhibition, i.reserved_pairs, i.reserved_left, i.reserved_right))
        FROM inventory i WHERE i.company_id = ${companyId} AND i.product_id = p.id) AS cells
    FROM products p
    WHERE p.company_id = ${companyId} AND p.id = COALESCE(
      (SELECT product_id FROM hit),
      (SELECT id FROM products WHERE company_id = ${companyId} AND reference_code = ${reference} COLLATE NOCASE LIMIT 1))
  `);
  const places = await placesRead;
  if (!row) throw notFound(CODE_NOT_FOUND);
  const matchedBy =
    row.by_box_code > 0
      ? row.variant_barcode !== null && candidates.includes(row.variant_barcode)
        ? ("barcode" as const)
        : ("sku" as const)
      : ("reference_code" as const);
  const active = new Map(places.map((l) => [l.id, l]));
  const cells = (JSON.parse(row.cells) as CellTuple[])
    .filter(([locationId]) => active.has(locationId))
    .map(([locationId, size, pairs, leftFeet, rightFeet, exhibition, reservedPairs, reservedLeft, reservedRight]) => ({
      locationId,
      size,
      pairs,
      leftFeet,
      rightFeet,
      exhibition,
      reservedPairs,
      reservedLeft,
      reservedRight,
    }));
  return {
    matched_by: matchedBy,
    size: row.by_box_code > 0 ? row.variant_size : null,
    product: {
      id: row.id,
      reference_code: row.reference_code,
      brand: row.brand,
      model: row.model,
      color: row.color,
      category: row.category,
      unit_price: toPesos(row.unit_price),
      box_price: row.box_price === null ? null : toPesos(row.box_price),
      is_active: row.is_active === 1,
      image_url: fileUrl(row.image_key),
    },
    availability: availabilityFor(cells, active, userLocationId),
  };
}
