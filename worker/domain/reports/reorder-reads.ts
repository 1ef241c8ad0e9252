// The reads of the purchasing reports (reorder.ts), each one statement of its report's batch. Sales come
// from the size rollup (sales_daily_sizes, kept in each sale's, rejection's and return's batch by
// domain/sales/rollup.ts): completed sales net of returns, on the sale's Bogotá day, so no report sums
// sale lines. The per-cell reads (a row per location × product × size) answer one row holding their rows
// as a JSON array: D1 hands results back value by value, and over a thousand inventory cells that cost
// twice the query (the product lookup of catalogue/variants.ts does the same). Names come once, apart.
import { and, eq, gte, lte, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products, salesDailySizes } from "../../db/schema";

/** Transfer states whose pairs are on their way to the destination (accepted, not yet received). */
export const IN_TRANSIT_STATUSES = ["accepted", "courier_assigned", "in_transit", "delivered"] as const;

const t = salesDailySizes;
const sum = (column: SQLWrapper) => sql<number>`COALESCE(SUM(${column}), 0)`;
const here = (column: SQLWrapper, locationId: number | undefined) =>
  locationId === undefined ? undefined : sql`${column} = ${locationId}`;

export interface SoldWindow {
  start: string;
  end: string;
  locationId?: number;
}

/** Rollup rows of the company in [start, end] (Bogotá days), of one location if told. */
function soldIn(companyId: number, w: SoldWindow) {
  return and(eq(t.companyId, companyId), gte(t.day, w.start), lte(t.day, w.end), here(t.locationId, w.locationId));
}

/** A per-cell read's one row: its rows as a JSON array of arrays. */
type Packed = { cells: string }[];
const unpack = <T>(rows: Packed) => JSON.parse(rows[0]?.cells ?? "[]") as T[];
const packed = (db: Db, columns: string, rows: SQL) =>
  db.select({ cells: sql<string>`json_group_array(json_array(${sql.raw(columns)}))` }).from(sql`(${rows}) AS x`);
/** The company's products matching `chosen`, as a condition on a product_id column (none when not told). */
const chosenIn = (companyId: number, chosen: SQL | undefined) =>
  chosen ? sql`AND product_id IN (SELECT id FROM products WHERE company_id = ${companyId} AND ${chosen})` : sql``;
const at = (locationId: number | undefined, column = "location_id") =>
  locationId === undefined ? sql`` : sql`AND ${sql.raw(column)} = ${locationId}`;

/** Net units per location × product × size in the window; `chosen` filters on products. */
export function soldPerSize(db: Db, companyId: number, w: SoldWindow, chosen?: SQL) {
  return packed(
    db,
    "location_id, product_id, size, units",
    sql`SELECT location_id, product_id, size, SUM(units) AS units FROM sales_daily_sizes
        WHERE company_id = ${companyId} AND day >= ${w.start} AND day <= ${w.end} ${at(w.locationId)}
          ${chosenIn(companyId, chosen)}
        GROUP BY 1, 2, 3`,
  );
}
export const soldCells = (row: Packed) =>
  unpack<[number, number, string, number]>(row).map(([locationId, productId, size, units]) => ({
    locationId,
    productId,
    size,
    units,
  }));

/**
 * Each inventory cell (one row per location × product × size): on hand (pairs + exhibition) and
 * available (pairs not reserved + exhibition).
 */
export function stockPerSize(db: Db, companyId: number, locationId: number | undefined, chosen?: SQL) {
  return packed(
    db,
    "location_id, product_id, size, on_hand, available",
    sql`SELECT location_id, product_id, size, pairs + exhibition AS on_hand,
          MAX(pairs - reserved_pairs, 0) + exhibition AS available
        FROM inventory WHERE company_id = ${companyId} ${at(locationId)} ${chosenIn(companyId, chosen)}`,
  );
}
export const stockCells = (row: Packed) =>
  unpack<[number, number, string, number, number]>(row).map(([locationId, productId, size, onHand, available]) => ({
    locationId,
    productId,
    size,
    onHand,
    available,
  }));

/** Pairs of pair transfers on their way to each location × product × size. */
export function inTransitPerSize(db: Db, companyId: number, locationId: number | undefined) {
  const states = sql.join(
    IN_TRANSIT_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return packed(
    db,
    "location_id, product_id, size, pairs",
    sql`SELECT destination_location_id AS location_id, product_id, size, SUM(quantity) AS pairs
        FROM transfer_requests
        WHERE company_id = ${companyId} AND status IN (${states}) AND transfer_type = 'pair'
          AND product_id IS NOT NULL ${at(locationId, "destination_location_id")}
        GROUP BY 1, 2, 3`,
  );
}
export const transitCells = (row: Packed) =>
  unpack<[number, number, string, number]>(row).map(([locationId, productId, size, pairs]) => ({
    locationId,
    productId,
    size,
    pairs,
  }));

/** Net units, net sales, their base, the base with a cost, its cost and units without one, per product. */
export function soldPerProduct(db: Db, companyId: number, w: SoldWindow) {
  return db
    .select({
      productId: t.productId,
      reference: products.referenceCode,
      brand: products.brand,
      model: products.model,
      units: sum(t.units),
      net: sum(t.netAmount),
      base: sum(t.taxBase),
      costedBase: sum(t.costedBase),
      cost: sum(t.cost),
      uncosted: sum(t.uncostedUnits),
    })
    .from(t)
    .innerJoin(products, eq(products.id, t.productId))
    .where(soldIn(companyId, w))
    .groupBy(t.productId);
}

/** The names of the company's products (those matching `chosen` when told). */
export function productNames(db: Db, companyId: number, chosen?: SQL) {
  return db
    .select({
      id: products.id,
      reference: products.referenceCode,
      brand: products.brand,
      model: products.model,
      color: products.color,
    })
    .from(products)
    .where(and(eq(products.companyId, companyId), chosen));
}
