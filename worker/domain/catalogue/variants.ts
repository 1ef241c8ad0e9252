// A product × size with the codes printed on its box, and the lookup that finds a product by any of
// its codes (reference code, barcode or SKU) with its stock everywhere.
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { isGuardFailure } from "../../db/guards";
import { type products, productVariants } from "../../db/schema";
import { fileUrl } from "../../lib/uploads";
import { activeLocationsOf } from "../company/active-locations";
import { isConstraint } from "../sales/statements";
import { availabilityFor } from "../scan/availability";
import { conflict, invalid, notFound } from "../shared/errors";
import { toPesos } from "../shared/money";
import { codeCandidates, normaliseBarcode } from "./barcodes";
import { codeKey, codesFreeGuards, codeTaken, type WrittenCode } from "./codes";
import { productOf } from "./view";

export const CODE_NOT_FOUND = "Código no encontrado";

export interface VariantInput {
  size: string;
  barcode?: string | null | undefined;
  sku?: string | null | undefined;
}

/**
 * The variants as they will be stored, or a 422 naming the first code that cannot be a box code or
 * that two sizes of the request share (barcodes and SKUs alike, in any letter case).
 */
export function normaliseVariants(variants: readonly VariantInput[]) {
  const seen = new Map<string, string>();
  const claim = (code: string, size: string, what: string) => {
    const key = codeKey(code);
    const other = seen.get(key);
    if (other !== undefined && other !== size) {
      throw invalid(`${what} ${code} está repetido en las tallas ${other} y ${size}`);
    }
    seen.set(key, size);
  };
  return variants.map((v) => {
    const size = v.size.trim();
    let barcode: string | null = null;
    if (v.barcode?.trim()) {
      const checked = normaliseBarcode(v.barcode);
      if ("problem" in checked) throw invalid(checked.problem);
      barcode = checked.code;
      claim(barcode, size, "El código de barras");
    }
    const sku = v.sku?.trim() ? v.sku.trim() : null;
    if (sku) claim(sku, size, "El SKU");
    return { size, barcode, sku };
  });
}

/**
 * Sets the codes of some sizes of a product (a null code clears it). A code is the company's one name
 * for one thing: a guard in the same batch refuses a code that another product's reference, barcode or
 * SKU (or another size or the reference of this one) already is, in any letter case; when two saves
 * race for one code the batch that runs second sees the first one's rows. The loser learns who holds it
 * (409) and nothing is written.
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
  const written: WrittenCode[] = variants.flatMap((v) => [
    ...(v.barcode ? [{ code: v.barcode, productId, size: v.size, kind: "barcode" as const }] : []),
    ...(v.sku ? [{ code: v.sku, productId, size: v.size, kind: "sku" as const }] : []),
  ]);
  try {
    const [first, ...rest]: BatchItem<"sqlite">[] = [...statements, ...codesFreeGuards(db, companyId, written)];
    if (!first) throw new Error("no statement to save");
    await db.batch([first, ...rest]);
  } catch (err) {
    if (!isConstraint(err, "UNIQUE") && !isGuardFailure(err)) throw err;
    throw (await codeTaken(db, companyId, written)) ?? conflict("Uno de los códigos ya está asignado a otro producto");
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
 * Finds a product by a code a seller types or scans, in any letter case: a barcode or SKU names the
 * size too; a reference code names the product. Answers its price and the same availability block as the scan.
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
          WHERE company_id = ${companyId} AND barcode COLLATE NOCASE IN (${list})
        UNION ALL
        SELECT product_id, size, barcode, 1 AS rank FROM product_variants
          WHERE company_id = ${companyId} AND sku COLLATE NOCASE IN (${list})
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
      ? row.variant_barcode !== null && candidates.some((c) => codeKey(c) === codeKey(row.variant_barcode ?? ""))
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

/** Every size code of the company's products (size, barcode, SKU), as a query to put in a batch. */
export function companyVariantsRead(db: Db, companyId: number) {
  return db
    .select({
      productId: productVariants.productId,
      size: productVariants.size,
      barcode: productVariants.barcode,
      sku: productVariants.sku,
    })
    .from(productVariants)
    .where(eq(productVariants.companyId, companyId));
}
