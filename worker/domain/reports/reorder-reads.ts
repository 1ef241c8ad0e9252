// The reads of the purchasing reports (reorder.ts), each one statement of its report's batch. Sales come
// from the size rollup (sales_daily_sizes, kept in each sale's, rejection's and return's batch by
// domain/sales/rollup.ts): completed sales net of returns, on the sale's Bogotá day, so no report sums
// sale lines. Per-cell reads carry ids only; the products' names come once, from productNames.
import { and, eq, gte, inArray, lte, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inventory, products, salesDailySizes, transferRequests } from "../../db/schema";

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

/** The company's products matching `chosen` (columns of products), as a subquery of their ids. */
function productIds(db: Db, companyId: number, chosen: SQL | undefined) {
  return db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, companyId), chosen));
}

/** Rollup rows of the company in [start, end] (Bogotá days), of one location if told. */
function soldIn(companyId: number, w: SoldWindow) {
  return and(eq(t.companyId, companyId), gte(t.day, w.start), lte(t.day, w.end), here(t.locationId, w.locationId));
}

/** Net units per location × product × size; `chosen` filters on products. */
export function soldPerSize(db: Db, companyId: number, w: SoldWindow, chosen?: SQL) {
  return db
    .select({ locationId: t.locationId, productId: t.productId, size: t.size, units: sum(t.units) })
    .from(t)
    .where(and(soldIn(companyId, w), chosen && inArray(t.productId, productIds(db, companyId, chosen))))
    .groupBy(t.locationId, t.productId, t.size);
}

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

/**
 * Each inventory cell (one row per location × product × size): on hand (pairs + exhibition) and
 * available (pairs not reserved + exhibition).
 */
export function stockPerSize(db: Db, companyId: number, locationId: number | undefined, chosen?: SQL) {
  return db
    .select({
      locationId: inventory.locationId,
      productId: inventory.productId,
      size: inventory.size,
      onHand: sql<number>`${inventory.pairs} + ${inventory.exhibition}`,
      available: sql<number>`MAX(${inventory.pairs} - ${inventory.reservedPairs}, 0) + ${inventory.exhibition}`,
    })
    .from(inventory)
    .where(
      and(
        eq(inventory.companyId, companyId),
        here(inventory.locationId, locationId),
        chosen && inArray(inventory.productId, productIds(db, companyId, chosen)),
      ),
    );
}

/** Pairs of pair transfers on their way to each location × product × size. */
export function inTransitPerSize(db: Db, companyId: number, locationId: number | undefined) {
  return db
    .select({
      locationId: transferRequests.destinationLocationId,
      productId: transferRequests.productId,
      size: transferRequests.size,
      pairs: sql<number>`SUM(${transferRequests.quantity})`,
    })
    .from(transferRequests)
    .where(
      and(
        eq(transferRequests.companyId, companyId),
        inArray(transferRequests.status, [...IN_TRANSIT_STATUSES]),
        eq(transferRequests.transferType, "pair"),
        here(transferRequests.destinationLocationId, locationId),
      ),
    )
    .groupBy(transferRequests.destinationLocationId, transferRequests.productId, transferRequests.size);
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
