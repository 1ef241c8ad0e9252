// The goods sold and their margin (boss.ts header has the definitions): one statement that any report or
// dashboard adds to its D1 batch, so every screen nets returns out of the cost of goods the same way.
import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { salesDailyGoods } from "../../db/schema";

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
 * The goods sold over Bogotá days [fromDay, toDay] per location (centavos), from the daily goods rollup
 * (sales_daily_goods): each sold line's units at the cost recorded on the line, less the units brought back
 * on those days at that same cost; revenue is the line's share of its sale after the discount, less what
 * the returned units were worth. A statement for a caller's D1 batch.
 */
export function goodsStatement(db: Db, companyId: number, fromDay: string, toDay: string, locationId?: number) {
  const g = salesDailyGoods;
  return db
    .select({
      location_id: sql<number>`${g.locationId}`.as("location_id"),
      cogs: sql<number>`COALESCE(SUM(${g.cogs}), 0)`.as("cogs"),
      costed_revenue: sql<number>`COALESCE(SUM(${g.costedRevenue}), 0)`.as("costed_revenue"),
      uncosted_revenue: sql<number>`COALESCE(SUM(${g.uncostedRevenue}), 0)`.as("uncosted_revenue"),
      uncosted_units: sql<number>`COALESCE(SUM(${g.uncostedUnits}), 0)`.as("uncosted_units"),
    })
    .from(g)
    .where(
      and(
        eq(g.companyId, companyId),
        gte(g.day, fromDay),
        lte(g.day, toDay),
        locationId === undefined ? undefined : eq(g.locationId, locationId),
      ),
    )
    .groupBy(g.locationId);
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
