// The boss's executive figures (spec 3 §2.2, §3). Definitions, used everywhere below:
// - Revenue: completed sales (rejected ones count for nothing), by sale date, Bogotá calendar days.
// - Stock value: (pairs + exhibition units) × unit price, plus single feet at half the unit price.
//   Its value at an earlier instant is today's value minus the ledger's deltas since then (at today's prices).
// - Operating costs of a range: each active cost's amount normalised to the range's days on or after the
//   cost's start_date (costs.ts costForRange: a cost starting on the 20th costs nothing from the 1st to the 19th);
//   total costs = operating costs + expenses registered in the range.
// - Cost of goods sold: each sold line's units at the cost recorded on the line when it was sold, less the
//   units customers brought back in the range at that same recorded cost (a returned pair is back in stock:
//   it costs nothing). Lines without a recorded cost are counted and named, never valued at a guess.
// - Gross profit = net revenue of the lines with a cost − their cost of goods; gross margin = gross profit /
//   that revenue × 100 ("Margen bruto (ventas netas − costo de la mercancía)").
// - Net profit = revenue − cost of goods sold − total costs; net margin = net profit / revenue × 100
//   ("Margen neto (ventas netas − mercancía − costos y gastos)"); 0 without revenue.
// - Money in every answer is whole pesos (money.ts wholePesos); percentages have one decimal.
// - Change percentage = (current − previous) / previous × 100, null when previous is 0;
//   trend: up above +1 %, down below −1 %, stable otherwise (or new when previous is 0 and current > 0).
// - Periods: "today" is target_date (default today); the previous day is the day before; "month" is the
//   month to date, compared with the same number of days of the previous month.
import { and, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { expenses, locations, operatingCosts, products, salesDaily, users } from "../../db/schema";
import { costForRange } from "../company/costs";
import { monthPeriod } from "../platform/rules";
import { wholePesos, wholePesosOf, wholePesosParts } from "../shared/money";
import { DEFAULT_LOW_STOCK_PAIRS, lowStockOf, OVERSTOCK_PAIRS, productLocationStock } from "../stock/low-stock";
import { dailySums } from "./daily-sums";
import { goodsOf, goodsStatement, MARGIN_LABELS, margin } from "./goods";
import { daysInRange, rangeBounds } from "./location-stats";

// open for more than this long, measured from now (or the end of target_date when it is in the past)
export const STALE_TRANSFER_MINUTES = 60;

export { margin };

export type Trend = "up" | "down" | "stable" | "new";

export function change(current: number, previous: number): { change_percentage: number | null; trend: Trend } {
  if (previous === 0) return { change_percentage: null, trend: current > 0 ? "new" : "stable" };
  const pct = Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  return { change_percentage: pct, trend: pct > 1 ? "up" : pct < -1 ? "down" : "stable" };
}

/** Counts in messages: the one plural helper of the Worker and the SPA (es-CO digits and plural rules). */
export { plural } from "../../../shared/plural";

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

/**
 * What the goods sold cost, net of returns (each line at the cost recorded when it was sold), and what the
 * stock on hand is worth at cost and at price. Lines and units of products without a cost are counted and
 * named, never valued at a guess.
 */
export async function goodsFigures(db: Db, companyId: number, startDate: string, endDate: string) {
  const [sold, stock, uncosted] = await db.batch([
    goodsStatement(db, companyId, startDate, endDate),
    // a single foot counts as half a pair, as the inventory value everywhere else
    db
      .select({
        at_price:
          sql<number>`COALESCE(SUM((c.pairs + c.exhibition) * p.unit_price + (c.left_feet + c.right_feet) * p.unit_price / 2.0), 0)`.as(
            "at_price",
          ),
        at_cost:
          sql<number>`COALESCE(SUM(CASE WHEN p.cost_price IS NOT NULL THEN (c.pairs + c.exhibition) * p.cost_price + (c.left_feet + c.right_feet) * p.cost_price / 2.0 END), 0)`.as(
            "at_cost",
          ),
        uncosted_units:
          sql<number>`COALESCE(SUM(CASE WHEN p.cost_price IS NULL THEN c.pairs + c.exhibition END), 0)`.as(
            "uncosted_stock_units",
          ),
      })
      .from(
        sql`inventory c JOIN products p ON p.id = c.product_id JOIN locations l ON l.id = c.location_id AND l.is_active = 1`,
      )
      .where(sql`c.company_id = ${companyId}`),
    db
      .select({ reference: products.referenceCode, brand: products.brand, model: products.model })
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.isActive, true), sql`${products.costPrice} IS NULL`))
      .orderBy(products.referenceCode),
  ]);
  const inv = stock[0];
  const goods = goodsOf(sold);
  return {
    byLocation: sold,
    cogsCentavos: goods.cogs,
    view: {
      cost_of_goods_sold: wholePesos(goods.cogs),
      gross_profit: wholePesos(goods.grossProfit),
      gross_margin_percentage: goods.grossMargin,
      revenue_with_cost: wholePesos(goods.costedRevenue),
      revenue_without_cost: wholePesos(goods.uncostedRevenue),
      units_sold_without_cost: goods.uncostedUnits,
      inventory_value: {
        at_price: wholePesos(Math.round(Number(inv?.at_price ?? 0))),
        at_cost: wholePesos(Math.round(Number(inv?.at_cost ?? 0))),
        units_without_cost: Number(inv?.uncosted_units ?? 0),
      },
      products_without_cost: {
        count: uncosted.length,
        // all of them (the screen shows the first few and says how many of how many)
        references: uncosted.map((p) => `${p.reference} · ${p.brand} ${p.model}`),
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
        ...dailySums(),
        returned: sql<number>`SUM(${salesDaily.returnedAmount})`,
        returns: sql<number>`SUM(${salesDaily.returnsCount})`,
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
  const returned = revenue.reduce((a, r) => a + Number(r.returned ?? 0), 0);
  const totalCosts = [...byType.values()].reduce((a, b) => a + b, 0);
  const net = totalRevenue - goods.cogsCentavos - totalCosts;
  // the locations' sales add up to total_revenue to the peso
  const salesPesos = wholePesosParts([
    ...locs.map((l) => Number(revenue.find((r) => r.locationId === l.id)?.total ?? 0)),
  ]);
  const perLocation = locs.map((l, index) => {
    const row = revenue.find((r) => r.locationId === l.id);
    const rev = Number(row?.total ?? 0);
    const operating = costs.operating.filter((c) => c.locationId === l.id);
    const breakdown = new Map<string, number>();
    for (const c of operating) breakdown.set(c.costType, (breakdown.get(c.costType) ?? 0) + c.inRange);
    const exp = costs.expenses.filter((e) => e.locationId === l.id).reduce((a, e) => a + e.total, 0);
    if (exp > 0) breakdown.set("gastos", exp);
    const locCosts = [...breakdown.values()].reduce((a, b) => a + b, 0);
    const g = goodsOf(goods.byLocation, l.id);
    const locNet = rev - g.cogs - locCosts;
    return {
      location_id: l.id,
      location_name: l.name,
      location_type: l.type,
      sales_count: Number(row?.count ?? 0),
      total_sales: salesPesos[index] ?? 0,
      cost_of_goods_sold: wholePesos(g.cogs),
      gross_profit: wholePesos(g.grossProfit),
      gross_margin_percentage: g.grossMargin,
      operational_costs: wholePesos(locCosts),
      net_profit: wholePesos(locNet),
      /** margen neto: (ventas netas − mercancía − costos y gastos) / ventas netas */
      profit_margin_percentage: margin(locNet, rev),
      // its lines add up to operational_costs to the peso
      cost_breakdown: Object.fromEntries(wholePesosOf(breakdown)),
    };
  });
  // only locations that sold in the period have a margin to rank: a warehouse without sales is no "worst"
  const ranked = perLocation
    .filter((l) => l.sales_count > 0 && l.total_sales > 0)
    .sort((a, b) => b.profit_margin_percentage - a.profit_margin_percentage);
  const pick = (l: (typeof perLocation)[number] | undefined) =>
    l
      ? { location_id: l.location_id, location_name: l.location_name, profit_margin: l.profit_margin_percentage }
      : null;
  return {
    analysis_period: { start_date: startDate, end_date: endDate, days: daysInRange(startDate, endDate) },
    /** net of returns */
    total_revenue: wholePesos(totalRevenue),
    gross_sales: wholePesos(totalRevenue + returned),
    returns_count: revenue.reduce((a, r) => a + Number(r.returns ?? 0), 0),
    returns_amount: wholePesos(returned),
    /** operating costs and expenses (the cost of goods is apart: cost_of_goods_sold) */
    total_costs: wholePesos(totalCosts),
    /** revenue − cost of goods sold − operating costs and expenses */
    net_profit: wholePesos(net),
    overall_margin_percentage: margin(net, totalRevenue),
    margin_labels: {
      gross_margin_percentage: MARGIN_LABELS.gross_margin_percentage,
      overall_margin_percentage: MARGIN_LABELS.net_margin_percentage,
      profit_margin_percentage: MARGIN_LABELS.net_margin_percentage,
    },
    // its lines add up to total_costs to the peso
    costs_by_type: Object.fromEntries(wholePesosOf(byType)),
    locations_financials: perLocation,
    best_performing_location: pick(ranked[0]),
    worst_performing_location: pick(ranked[ranked.length - 1]),
    overdue_costs_count: Number(overdue?.n ?? 0),
    // margin on the goods: revenue less what they cost (net of returns)
    ...goods.view,
    /** the same figure as net_profit (kept for the screens and exports that read it) */
    profit_after_goods: wholePesos(net),
  };
}

export async function consolidatedInventory(db: Db, companyId: number) {
  // one row per product × active location, with its stock level by the one definition (low-stock.ts)
  const rows = await productLocationStock(db, companyId);
  const low = lowStockOf(rows);
  const out = rows.filter((r) => r.level === "agotado");
  const over = rows.filter((r) => r.level === "sobrestock");
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
    total_value: wholePesos(totalValue),
    by_brand: [...brands]
      .map(([brand, list]) => {
        const units = list.reduce((a, r) => a + Number(r.pairs), 0);
        return {
          category_name: brand,
          total_units: units,
          single_feet: list.reduce((a, r) => a + Number(r.singles), 0),
          locations_count: new Set(list.filter((r) => Number(r.pairs) > 0).map((r) => r.locationId)).size,
          total_value: wholePesos(list.reduce((a, r) => a + value(r), 0)),
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
      total_value: wholePesos(list.reduce((a, r) => a + value(r), 0)),
      low_stock_items: lowStockOf(list).length,
    })),
    // stock levels of low-stock.ts; every list is complete (issue 32 §4: the screen and its CSV show all
    // of them; product × active location rows, all already read above), each count is its list's length
    low_stock_count: low.length,
    out_of_stock_count: out.length,
    overstocked_count: over.length,
    low_stock_alerts: low.map(item),
    out_of_stock_alerts: out.map(item),
    overstocked_alerts: over.map(item),
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
    sales_today: wholePesos(Number(t?.total ?? 0)),
    transactions_today: Number(t?.count ?? 0),
    sales_month: wholePesos(Number(m?.total ?? 0)),
    transactions_month: Number(m?.count ?? 0),
    active_locations: Number(counts?.locations ?? 0),
    active_employees: Number(counts?.employees ?? 0),
    active_products: Number(counts?.products ?? 0),
    open_transfers: Number(counts?.openTransfers ?? 0),
  };
}
