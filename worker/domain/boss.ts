// The boss's executive figures (spec 3 §2.2, §3). Definitions, used everywhere below:
// - Revenue: completed sales (rejected ones count for nothing), by sale date, Bogotá calendar days.
// - Stock value: (pairs + exhibition units) × unit price, plus single feet at half the unit price.
//   Its value at an earlier instant is today's value minus the ledger's deltas since then (at today's prices).
// - Operating costs of a range: each active cost's amount normalised to the range's days on or after the
//   cost's start_date (costs.ts costForRange: a cost starting on the 20th costs nothing from the 1st to the 19th);
//   total costs = operating costs + expenses registered in the range.
// - Net profit = revenue − total costs; margin = net profit / revenue × 100 (0 without revenue).
// - Change percentage = (current − previous) / previous × 100, null when previous is 0;
//   trend: up above +1 %, down below −1 %, stable otherwise (or new when previous is 0 and current > 0).
// - Periods: "today" is target_date (default today); the previous day is the day before; "month" is the
//   month to date, compared with the same number of days of the previous month.
import { and, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { expenses, locations, operatingCosts, products, salesDaily, users } from "../db/schema";
import { costForRange } from "./costs";
import { daysInRange, rangeBounds } from "./location-stats";
import { DEFAULT_LOW_STOCK_PAIRS, lowStockOf, OVERSTOCK_PAIRS, productLocationStock } from "./low-stock";
import { toPesos } from "./money";
import { monthPeriod } from "./platform/rules";

// open for more than this long, measured from now (or the end of target_date when it is in the past)
export const STALE_TRANSFER_MINUTES = 60;

export type Trend = "up" | "down" | "stable" | "new";

export function change(current: number, previous: number): { change_percentage: number | null; trend: Trend } {
  if (previous === 0) return { change_percentage: null, trend: current > 0 ? "new" : "stable" };
  const pct = Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  return { change_percentage: pct, trend: pct > 1 ? "up" : pct < -1 ? "down" : "stable" };
}

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function margin(net: number, revenue: number): number {
  return revenue === 0 ? 0 : Math.round((net / revenue) * 1000) / 10;
}

/** Completed sales (count, total in centavos) of a company over Bogotá days [fromDay, toDay], from the rollups. */
function salesIn(db: Db, companyId: number, fromDay: string, toDay: string) {
  return db
    .select({
      count: sql<number>`COALESCE(SUM(${salesDaily.salesCount}), 0)`,
      total: sql<number>`COALESCE(SUM(${salesDaily.totalAmount}), 0)`,
    })
    .from(salesDaily)
    .where(and(eq(salesDaily.companyId, companyId), gte(salesDaily.day, fromDay), lte(salesDaily.day, toDay)));
}

export function activeCosts(db: Db, companyId: number) {
  return db
    .select({
      locationId: operatingCosts.locationId,
      costType: operatingCosts.costType,
      amount: operatingCosts.amount,
      frequency: operatingCosts.frequency,
      startDate: operatingCosts.startDate,
    })
    .from(operatingCosts)
    .where(and(eq(operatingCosts.companyId, companyId), eq(operatingCosts.isActive, true)));
}

async function costsOfRange(db: Db, companyId: number, startDate: string, endDate: string) {
  const { start, end } = rangeBounds(startDate, endDate);
  const [costRows, expenseRows] = await db.batch([
    activeCosts(db, companyId),
    db
      .select({ locationId: expenses.locationId, total: sql<number>`SUM(${expenses.amount})` })
      .from(expenses)
      .where(and(eq(expenses.companyId, companyId), gte(expenses.createdAt, start), lt(expenses.createdAt, end)))
      .groupBy(expenses.locationId),
  ]);
  const operating = costRows.map((c) => ({ ...c, inRange: costForRange(c, startDate, endDate) }));
  return { operating, expenses: expenseRows.map((e) => ({ locationId: e.locationId, total: Number(e.total) })) };
}

/** A sum over the rows that meet a condition; aliased, since D1 keys a batch's rows by column name. */

/** Bogotá calendar days [start, end] as UTC instants (sale_date is UTC; Bogotá is UTC−5 all year). */
function bogotaDayBounds(startDate: string, endDate: string) {
  const next = new Date(`${endDate}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { from: `${startDate}T05:00:00.000Z`, to: `${next.toISOString().slice(0, 10)}T05:00:00.000Z` };
}

/**
 * What the goods sold cost (each line at the cost its product had when sold) and what the stock on hand
 * is worth at cost and at price. Lines and units of products without a cost are counted and named,
 * never valued at a guess.
 */
export async function goodsFigures(db: Db, companyId: number, startDate: string, endDate: string) {
  const { from, to } = bogotaDayBounds(startDate, endDate);
  const [sold, stock, uncosted] = await Promise.all([
    db.all<{ cogs: number; costed_revenue: number; uncosted_revenue: number; uncosted_units: number }>(sql`
      SELECT COALESCE(SUM(CASE WHEN i.unit_cost IS NOT NULL THEN i.quantity * i.unit_cost END), 0) AS cogs,
             COALESCE(SUM(CASE WHEN i.unit_cost IS NOT NULL THEN i.subtotal END), 0) AS costed_revenue,
             COALESCE(SUM(CASE WHEN i.unit_cost IS NULL THEN i.subtotal END), 0) AS uncosted_revenue,
             COALESCE(SUM(CASE WHEN i.unit_cost IS NULL THEN i.quantity END), 0) AS uncosted_units
      FROM sales s JOIN sale_items i ON i.sale_id = s.id
      WHERE s.company_id = ${companyId} AND s.status = 'completed' AND s.sale_date >= ${from} AND s.sale_date < ${to}`),
    // a single foot counts as half a pair, as the inventory value everywhere else
    db.all<{ at_price: number; at_cost: number; uncosted_units: number }>(sql`
      SELECT COALESCE(SUM((c.pairs + c.exhibition) * p.unit_price + (c.left_feet + c.right_feet) * p.unit_price / 2.0), 0) AS at_price,
             COALESCE(SUM(CASE WHEN p.cost_price IS NOT NULL THEN (c.pairs + c.exhibition) * p.cost_price + (c.left_feet + c.right_feet) * p.cost_price / 2.0 END), 0) AS at_cost,
             COALESCE(SUM(CASE WHEN p.cost_price IS NULL THEN c.pairs + c.exhibition END), 0) AS uncosted_units
      FROM inventory c JOIN products p ON p.id = c.product_id
      JOIN locations l ON l.id = c.location_id AND l.is_active = 1
      WHERE c.company_id = ${companyId}`),
    db
      .select({ reference: products.referenceCode, brand: products.brand, model: products.model })
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.isActive, true), sql`${products.costPrice} IS NULL`))
      .orderBy(products.referenceCode),
  ]);
  const s = sold[0];
  const inv = stock[0];
  const cogs = Number(s?.cogs ?? 0);
  const costedRevenue = Number(s?.costed_revenue ?? 0);
  return {
    cogsCentavos: cogs,
    view: {
      cost_of_goods_sold: toPesos(cogs),
      gross_profit: toPesos(costedRevenue - cogs),
      gross_margin_percentage: margin(costedRevenue - cogs, costedRevenue),
      revenue_with_cost: toPesos(costedRevenue),
      revenue_without_cost: toPesos(Number(s?.uncosted_revenue ?? 0)),
      units_sold_without_cost: Number(s?.uncosted_units ?? 0),
      inventory_value: {
        at_price: toPesos(Math.round(Number(inv?.at_price ?? 0))),
        at_cost: toPesos(Math.round(Number(inv?.at_cost ?? 0))),
        units_without_cost: Number(inv?.uncosted_units ?? 0),
      },
      products_without_cost: {
        count: uncosted.length,
        references: uncosted.slice(0, 30).map((p) => `${p.reference} · ${p.brand} ${p.model}`),
      },
    },
  };
}

export async function financialAnalysis(db: Db, companyId: number, startDate: string, endDate: string) {
  const costsPromise = costsOfRange(db, companyId, startDate, endDate);
  const goodsPromise = goodsFigures(db, companyId, startDate, endDate);
  const [locs, revenue, [overdue]] = await db.batch([
    db
      .select({ id: locations.id, name: locations.name, type: locations.type })
      .from(locations)
      .where(eq(locations.companyId, companyId)),
    db
      .select({
        locationId: salesDaily.locationId,
        total: sql<number>`SUM(${salesDaily.totalAmount})`,
        count: sql<number>`SUM(${salesDaily.salesCount})`,
      })
      .from(salesDaily)
      .where(and(eq(salesDaily.companyId, companyId), gte(salesDaily.day, startDate), lte(salesDaily.day, endDate)))
      .groupBy(salesDaily.locationId),
    db
      .select({ n: sql<number>`COUNT(*)` })
      .from(operatingCosts)
      .where(
        and(
          eq(operatingCosts.companyId, companyId),
          eq(operatingCosts.isActive, true),
          sql`${operatingCosts.endDate} < ${endDate}`,
        ),
      ),
  ]);
  const costs = await costsPromise;
  const goods = await goodsPromise;
  const byType = new Map<string, number>();
  for (const c of costs.operating) byType.set(c.costType, (byType.get(c.costType) ?? 0) + c.inRange);
  const expenseTotal = costs.expenses.reduce((a, e) => a + e.total, 0);
  if (expenseTotal > 0) byType.set("gastos", expenseTotal);
  const totalRevenue = revenue.reduce((a, r) => a + Number(r.total), 0);
  const totalCosts = [...byType.values()].reduce((a, b) => a + b, 0);
  const net = totalRevenue - totalCosts;
  const perLocation = locs.map((l) => {
    const rev = Number(revenue.find((r) => r.locationId === l.id)?.total ?? 0);
    const operating = costs.operating.filter((c) => c.locationId === l.id);
    const breakdown = new Map<string, number>();
    for (const c of operating) breakdown.set(c.costType, (breakdown.get(c.costType) ?? 0) + c.inRange);
    const exp = costs.expenses.filter((e) => e.locationId === l.id).reduce((a, e) => a + e.total, 0);
    if (exp > 0) breakdown.set("gastos", exp);
    const locCosts = [...breakdown.values()].reduce((a, b) => a + b, 0);
    return {
      location_id: l.id,
      location_name: l.name,
      location_type: l.type,
      total_sales: toPesos(rev),
      operational_costs: toPesos(locCosts),
      gross_profit: toPesos(rev - locCosts),
      profit_margin_percentage: margin(rev - locCosts, rev),
      cost_breakdown: Object.fromEntries([...breakdown].map(([k, v]) => [k, toPesos(v)])),
    };
  });
  const ranked = [...perLocation]
    .filter((l) => l.total_sales > 0 || l.operational_costs > 0)
    .sort((a, b) => b.profit_margin_percentage - a.profit_margin_percentage);
  const pick = (l: (typeof perLocation)[number] | undefined) =>
    l
      ? { location_id: l.location_id, location_name: l.location_name, profit_margin: l.profit_margin_percentage }
      : null;
  return {
    analysis_period: { start_date: startDate, end_date: endDate, days: daysInRange(startDate, endDate) },
    total_revenue: toPesos(totalRevenue),
    total_costs: toPesos(totalCosts),
    net_profit: toPesos(net),
    overall_margin_percentage: margin(net, totalRevenue),
    costs_by_type: Object.fromEntries([...byType].map(([k, v]) => [k, toPesos(v)])),
    locations_financials: perLocation,
    best_performing_location: pick(ranked[0]),
    worst_performing_location: pick(ranked[ranked.length - 1]),
    overdue_costs_count: Number(overdue?.n ?? 0),
    // margin on the goods: revenue less what they cost; then less operating costs and expenses
    ...goods.view,
    profit_after_goods: toPesos(net - goods.cogsCentavos),
  };
}

export async function consolidatedInventory(db: Db, companyId: number) {
  // one row per product × active location, with its stock level by the one definition (low-stock.ts)
  const rows = await productLocationStock(db, companyId);
  const low = lowStockOf(rows);
  const value = (r: (typeof rows)[number]) => Number(r.pairs) * r.price + Math.round((Number(r.singles) * r.price) / 2);
  const totalUnits = rows.reduce((a, r) => a + Number(r.pairs), 0);
  const totalValue = rows.reduce((a, r) => a + value(r), 0);
  const brands = Map.groupBy(rows, (r) => r.brand);
  const locs = Map.groupBy(rows, (r) => r.locationId);
  const item = (r: (typeof rows)[number]) => ({
    location_id: r.locationId,
    location_name: r.locationName,
    product_id: r.productId,
    reference_code: r.reference,
    brand: r.brand,
    model: r.model,
    pairs: Number(r.pairs),
    available_pairs: r.available,
    threshold: r.threshold,
    single_feet: Number(r.singles),
  });
  return {
    // every active location, also those without stock yet (as /summary counts them)
    total_locations: Number(
      (
        await db.all<{ n: number }>(
          sql`SELECT COUNT(*) AS n FROM locations WHERE company_id = ${companyId} AND is_active = 1`,
        )
      )[0]?.n ?? 0,
    ),
    locations_with_stock: locs.size,
    total_products: new Set(rows.filter((r) => Number(r.pairs) + Number(r.singles) > 0).map((r) => r.productId)).size,
    total_units: totalUnits,
    total_single_feet: rows.reduce((a, r) => a + Number(r.singles), 0),
    total_value: toPesos(totalValue),
    by_brand: [...brands]
      .map(([brand, list]) => {
        const units = list.reduce((a, r) => a + Number(r.pairs), 0);
        return {
          category_name: brand,
          total_units: units,
          single_feet: list.reduce((a, r) => a + Number(r.singles), 0),
          locations_count: new Set(list.filter((r) => Number(r.pairs) > 0).map((r) => r.locationId)).size,
          total_value: toPesos(list.reduce((a, r) => a + value(r), 0)),
          percentage_of_total: totalUnits === 0 ? 0 : Math.round((units / totalUnits) * 1000) / 10,
        };
      })
      .sort((a, b) => b.total_units - a.total_units),
    by_location: [...locs].map(([id, list]) => ({
      location_id: id,
      name: list[0]?.locationName ?? "",
      type: list[0]?.locationType ?? "local",
      total_units: list.reduce((a, r) => a + Number(r.pairs), 0),
      single_feet: list.reduce((a, r) => a + Number(r.singles), 0),
      total_products: list.filter((r) => Number(r.pairs) + Number(r.singles) > 0).length,
      total_value: toPesos(list.reduce((a, r) => a + value(r), 0)),
      low_stock_items: lowStockOf(list).length,
    })),
    // stock levels of low-stock.ts; the lists show the first 100, the counts are whole
    low_stock_count: low.length,
    out_of_stock_count: rows.filter((r) => r.level === "agotado").length,
    overstocked_count: rows.filter((r) => r.level === "sobrestock").length,
    low_stock_alerts: low.map(item).slice(0, 100),
    out_of_stock_alerts: rows
      .filter((r) => r.level === "agotado")
      .map(item)
      .slice(0, 100),
    overstocked_alerts: rows
      .filter((r) => r.level === "sobrestock")
      .map(item)
      .slice(0, 100),
    thresholds: { low_stock_pairs: DEFAULT_LOW_STOCK_PAIRS, overstock_pairs: OVERSTOCK_PAIRS },
  };
}

export async function bossSummary(db: Db, companyId: number, today: string) {
  const [[t], [m], [counts]] = await db.batch([
    salesIn(db, companyId, today, today),
    salesIn(db, companyId, monthPeriod(today).start, today),
    db
      .select({
        locations: sql<number>`(SELECT COUNT(*) FROM locations WHERE company_id = ${companyId} AND is_active = 1)`,
        employees: sql<number>`(SELECT COUNT(*) FROM users WHERE company_id = ${companyId} AND is_active = 1)`,
        products: sql<number>`(SELECT COUNT(*) FROM products WHERE company_id = ${companyId} AND is_active = 1)`,
        openTransfers: sql<number>`(SELECT COUNT(*) FROM transfer_requests WHERE company_id = ${companyId} AND status NOT IN ('completed', 'cancelled'))`,
      })
      .from(users)
      .limit(1),
  ]);
  return {
    date: today,
    sales_today: toPesos(Number(t?.total ?? 0)),
    transactions_today: Number(t?.count ?? 0),
    sales_month: toPesos(Number(m?.total ?? 0)),
    transactions_month: Number(m?.count ?? 0),
    active_locations: Number(counts?.locations ?? 0),
    active_employees: Number(counts?.employees ?? 0),
    active_products: Number(counts?.products ?? 0),
    open_transfers: Number(counts?.openTransfers ?? 0),
  };
}
