// The weighted average cost of a product (issue 37): each reception of a purchase moves it,
//   new = (on hand × current + Σ received × their cost) ÷ (on hand + Σ received),
// rounded to the centavo. On hand counts every location's pairs and exhibition units and half its
// single feet (as the stock value does, docs/business-rules.md). A product without a cost, or with
// nothing on hand, takes the received goods' own average: stock of unknown cost does not dilute it.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inventory, productPriceChanges, products } from "../../db/schema";

export interface ReceivedAtCost {
  quantity: number;
  /** centavos per pair */
  unitCost: number;
}

/** The product's cost after a reception (centavos, whole). */
export function weightedAverageCost(onHand: number, current: number | null, received: readonly ReceivedAtCost[]) {
  const units = received.reduce((n, r) => n + r.quantity, 0);
  const value = received.reduce((n, r) => n + r.quantity * r.unitCost, 0);
  if (units <= 0) return current;
  if (current === null || onHand <= 0) return Math.round(value / units);
  return Math.round((onHand * current + value) / (onHand + units));
}

/** The pairs of a product on hand in the whole company, as the SQL the cost update reads. */
const onHandSql = (companyId: number, productId: number) =>
  sql<number>`(SELECT COALESCE(SUM(${inventory.pairs} + ${inventory.exhibition} + (${inventory.leftFeet} + ${inventory.rightFeet}) / 2.0), 0)
    FROM ${inventory} WHERE ${inventory.companyId} = ${companyId} AND ${inventory.productId} = ${productId})`;

/**
 * weightedAverageCost as the reception's statements: the change written to the product's price history
 * (old → new, by whom), then the UPDATE. Both must come before the batch's stock statements, so "on hand"
 * is the stock before the goods arrived (tests/domain holds the rule, the API tests the SQL to it).
 */
export function averageCostStatements(
  db: Db,
  companyId: number,
  productId: number,
  received: readonly ReceivedAtCost[],
  userId: number,
) {
  const units = received.reduce((n, r) => n + r.quantity, 0);
  const value = received.reduce((n, r) => n + r.quantity * r.unitCost, 0);
  const onHand = onHandSql(companyId, productId);
  // integers cast: D1 binds numbers as REAL, and the column keeps whole centavos
  const averaged: SQL<number> = sql`CAST(ROUND(CASE
      WHEN ${products.costPrice} IS NULL OR ${onHand} <= 0 THEN CAST(${value} AS REAL) / ${units}
      ELSE (${onHand} * ${products.costPrice} + ${value}) / (${onHand} + ${units})
    END) AS INTEGER)`;
  const mine = and(eq(products.companyId, companyId), eq(products.id, productId));
  const history = db.insert(productPriceChanges).select(
    db
      .select({
        id: sql<null>`NULL`.as("id"),
        companyId: products.companyId,
        productId: products.id,
        field: sql<string>`'cost_price'`.as("field"),
        oldValue: products.costPrice,
        newValue: averaged.as("new_value"),
        userId: sql<number>`${userId}`.as("user_id"),
        createdAt: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ','now')`.as("created_at"),
      })
      .from(products)
      .where(and(mine, sql`${products.costPrice} IS NOT ${averaged}`)),
  );
  const update = db
    .update(products)
    .set({ costPrice: averaged, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
    .where(mine);
  return [history, update] as const;
}
