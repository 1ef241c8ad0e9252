// The purchasing reports' sales, read from the size rollup (sales_daily_sizes, kept in each sale's,
// rejection's and return's batch by domain/sales/rollup.ts): completed sales net of returns, on the sale's
// Bogotá day, so no report sums sale lines. Each read is one statement of its report's batch.
import { and, eq, gte, lte, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products, salesDailySizes } from "../../db/schema";

const t = salesDailySizes;
const sum = (column: SQLWrapper) => sql<number>`COALESCE(SUM(${column}), 0)`;

/** Rollup rows of the company in [startDay, endDay] (Bogotá days), of one location if told. */
function soldIn(companyId: number, startDay: string, endDay: string, locationId: number | undefined) {
  return and(
    eq(t.companyId, companyId),
    gte(t.day, startDay),
    lte(t.day, endDay),
    locationId === undefined ? undefined : eq(t.locationId, locationId),
  );
}

export interface SoldWindow {
  start: string;
  end: string;
  locationId?: number;
}

/** Net units per location × product × size, with the product's names; `where` filters on products. */
export function soldPerSize(db: Db, companyId: number, w: SoldWindow, where?: SQL) {
  return db
    .select({
      locationId: t.locationId,
      productId: t.productId,
      size: t.size,
      units: sum(t.units),
      reference: products.referenceCode,
      brand: products.brand,
      model: products.model,
      color: products.color,
    })
    .from(t)
    .innerJoin(products, eq(products.id, t.productId))
    .where(and(soldIn(companyId, w.start, w.end, w.locationId), where))
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
    .where(soldIn(companyId, w.start, w.end, w.locationId))
    .groupBy(t.productId);
}
