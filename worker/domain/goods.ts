// The goods sold and their margin (boss.ts header has the definitions): one statement that any report or
// dashboard adds to its D1 batch, so every screen nets returns out of the cost of goods the same way.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** A share of revenue as a percentage with one decimal; 0 without revenue. */
export function margin(net: number, revenue: number): number {
  return revenue === 0 ? 0 : Math.round((net / revenue) * 1000) / 10;
}

/** What each margin of an answer is, said once for the API and the screens. */
export const MARGIN_LABELS = {
  gross_margin_percentage: "Margen bruto (ventas netas − costo de la mercancía) / ventas netas con costo registrado",
  net_margin_percentage:
    "Margen neto (ventas netas − costo de la mercancía − costos operativos y gastos) / ventas netas",
} as const;

/**
 * The goods sold in [from, to) per location (centavos): each sold line's units at the cost recorded on the
 * line, less the units brought back in the range at that same cost; revenue is the line's share of its
 * sale after the discount, less what the returned units were worth. A statement for a caller's D1 batch.
 */
export function goodsStatement(db: Db, companyId: number, from: string, to: string, locationId?: number) {
  const saleAt = locationId === undefined ? sql`` : sql` AND s.location_id = ${locationId}`;
  const returnAt = locationId === undefined ? sql`` : sql` AND r.location_id = ${locationId}`;
  const lines = sql`
    SELECT s.location_id AS location_id,
           CASE WHEN i.unit_cost IS NOT NULL THEN i.quantity * i.unit_cost ELSE 0 END AS cogs,
           CASE WHEN i.unit_cost IS NOT NULL AND s.subtotal_amount > 0 THEN i.subtotal * 1.0 * s.total_amount / s.subtotal_amount ELSE 0 END AS costed,
           CASE WHEN i.unit_cost IS NULL AND s.subtotal_amount > 0 THEN i.subtotal * 1.0 * s.total_amount / s.subtotal_amount ELSE 0 END AS uncosted,
           CASE WHEN i.unit_cost IS NULL THEN i.quantity ELSE 0 END AS uncosted_units
    FROM sales s JOIN sale_items i ON i.sale_id = s.id
    WHERE s.company_id = ${companyId} AND s.status = 'completed' AND s.sale_date >= ${from} AND s.sale_date < ${to}${saleAt}
    UNION ALL
    SELECT r.location_id,
           CASE WHEN i.unit_cost IS NOT NULL THEN -ri.quantity * i.unit_cost ELSE 0 END,
           CASE WHEN i.unit_cost IS NOT NULL THEN -ri.amount ELSE 0 END,
           CASE WHEN i.unit_cost IS NULL THEN -ri.amount ELSE 0 END,
           CASE WHEN i.unit_cost IS NULL THEN -ri.quantity ELSE 0 END
    FROM sale_returns r JOIN sale_return_items ri ON ri.return_id = r.id JOIN sale_items i ON i.id = ri.sale_item_id
    WHERE r.company_id = ${companyId} AND r.created_at >= ${from} AND r.created_at < ${to}${returnAt}`;
  return db
    .select({
      location_id: sql<number>`g.location_id`.as("location_id"),
      cogs: sql<number>`COALESCE(SUM(g.cogs), 0)`.as("cogs"),
      costed_revenue: sql<number>`COALESCE(SUM(g.costed), 0)`.as("costed_revenue"),
      uncosted_revenue: sql<number>`COALESCE(SUM(g.uncosted), 0)`.as("uncosted_revenue"),
      uncosted_units: sql<number>`COALESCE(SUM(g.uncosted_units), 0)`.as("uncosted_units"),
    })
    .from(sql`(${lines}) AS g`)
    .groupBy(sql`g.location_id`);
}

export type GoodsRow = Awaited<ReturnType<typeof goodsStatement>>[number];

/** The goods rows of some locations (all when `locationId` is omitted), summed; centavos. */
export function goodsOf(rows: readonly GoodsRow[], locationId?: number) {
  const mine = locationId === undefined ? rows : rows.filter((r) => Number(r.location_id) === locationId);
  const sum = (key: "cogs" | "costed_revenue" | "uncosted_revenue" | "uncosted_units") =>
    mine.reduce((acc, r) => acc + Number(r[key] ?? 0), 0);
  const cogs = sum("cogs");
  const costedRevenue = Math.round(sum("costed_revenue"));
  return {
    cogs,
    costedRevenue,
    uncostedRevenue: Math.round(sum("uncosted_revenue")),
    uncostedUnits: sum("uncosted_units"),
    grossProfit: costedRevenue - cogs,
    grossMargin: margin(costedRevenue - cogs, costedRevenue),
  };
}
