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
import { and, eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { companies, expenses, locations, operatingCosts, salesDaily, users } from "../db/schema";
import { costForRange } from "./costs";
import { daysInRange, rangeBounds } from "./location-stats";
import { DEFAULT_LOW_STOCK_PAIRS, lowStockItems, lowStockOf, OVERSTOCK_PAIRS, productLocationStock } from "./low-stock";
import { toPesos } from "./money";
import { addDays, monthPeriod } from "./platform/rules";
import { bogotaDayRange } from "./time";

// open for more than this long, measured from now (or the end of target_date when it is in the past)
export const STALE_TRANSFER_MINUTES = 60;

export type Trend = "up" | "down" | "stable" | "new";

export function change(current: number, previous: number): { change_percentage: number | null; trend: Trend } {
  if (previous === 0) return { change_percentage: null, trend: current > 0 ? "new" : "stable" };
  const pct = Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  return { change_percentage: pct, trend: pct > 1 ? "up" : pct < -1 ? "down" : "stable" };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

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

function activeCosts(db: Db, companyId: number) {
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
const sumWhen = (condition: SQL, column: SQLiteColumn, alias: string) =>
  sql<number>`COALESCE(SUM(CASE WHEN ${condition} THEN ${column} END), 0)`.as(alias);

/**
 * Everything the dashboard shows, read in ONE D1 batch of four statements: the scalar figures, the
 * four sales periods from the rollups, the locations and the active operating costs. It used 18
 * statements in four round trips; the figures are the same (a test compares them with
 * financialAnalysis and the consolidated inventory).
 */
export async function bossDashboard(db: Db, companyId: number, bossName: string, today: string) {
  const day = bogotaDayRange(today);
  const month = monthPeriod(today);
  const dayOfMonth = Number(today.slice(8, 10));
  const prevMonth = monthPeriod(addDays(month.start, -1));
  const prevMonthEndDay = `${prevMonth.start.slice(0, 8)}${String(Math.min(dayOfMonth, Number(prevMonth.end.slice(8, 10)))).padStart(2, "0")}`;
  const yesterday = addDays(today, -1);
  const staleBefore = new Date(
    Math.min(Date.now(), Date.parse(day.end)) - STALE_TRANSFER_MINUTES * 60_000,
  ).toISOString();
  const monthBounds = rangeBounds(month.start, today);
  const openAt = (instant: string, alias: string) =>
    sql<number>`(SELECT COUNT(*) FROM transfer_requests t
      WHERE t.company_id = ${companyId} AND t.requested_at < ${instant}
        AND (t.completed_at IS NULL OR t.completed_at >= ${instant})
        AND (t.cancelled_at IS NULL OR t.cancelled_at >= ${instant}))`.as(alias);
  // "poco stock" as everywhere else (low-stock.ts), read beside the batch
  const lowStockPromise = lowStockItems(db, companyId);
  const [[figures], [periods], perLocation, costRows] = await db.batch([
    db
      .select({
        name: companies.name,
        // stock value in half-price units (×2 keeps single feet exact)
        stockNow:
          sql<number>`(SELECT COALESCE(SUM((i.pairs + i.exhibition) * p.unit_price * 2 + (i.left_feet + i.right_feet) * p.unit_price), 0)
          FROM inventory i JOIN products p ON p.id = i.product_id JOIN locations l ON l.id = i.location_id
          WHERE i.company_id = ${companyId} AND l.is_active = 1)`.as("stock_now"),
        // what today's ledger changed, at today's prices, to know the value at the start of the day
        ledgerToday:
          sql<number>`(SELECT COALESCE(SUM((m.delta_pairs + m.delta_exhibition) * p.unit_price * 2 + (m.delta_left + m.delta_right) * p.unit_price), 0)
          FROM stock_movements m JOIN products p ON p.id = m.product_id
          WHERE m.company_id = ${companyId} AND m.created_at >= ${day.start} AND m.created_at < ${day.end})`.as(
            "ledger_today",
          ),
        openNow: openAt(day.end, "open_now"),
        openAtDayStart: openAt(day.start, "open_at_day_start"),
        pendingDiscounts: sql<number>`(SELECT COUNT(*) FROM discount_requests d
          WHERE d.company_id = ${companyId} AND d.status = 'pending')`.as("pending_discounts"),
        staleTransfers: sql<number>`(SELECT COUNT(*) FROM transfer_requests t
          WHERE t.company_id = ${companyId} AND t.requested_at < ${staleBefore}
            AND t.status IN ('pending', 'accepted', 'courier_assigned', 'in_transit', 'delivered'))`.as(
          "stale_transfers",
        ),
        overdueCosts: sql<number>`(SELECT COUNT(*) FROM operating_costs o
          WHERE o.company_id = ${companyId} AND o.is_active = 1 AND o.end_date < ${today})`.as("overdue_costs"),
        monthExpenses: sql<number>`(SELECT COALESCE(SUM(e.amount), 0) FROM expenses e
          WHERE e.company_id = ${companyId} AND e.created_at >= ${monthBounds.start} AND e.created_at < ${monthBounds.end})`.as(
          "month_expenses",
        ),
      })
      .from(companies)
      .where(eq(companies.id, companyId)),
    db
      .select({
        todayCount: sumWhen(sql`${salesDaily.day} = ${today}`, salesDaily.salesCount, "today_count"),
        todayTotal: sumWhen(sql`${salesDaily.day} = ${today}`, salesDaily.totalAmount, "today_total"),
        yesterdayCount: sumWhen(sql`${salesDaily.day} = ${yesterday}`, salesDaily.salesCount, "yesterday_count"),
        yesterdayTotal: sumWhen(sql`${salesDaily.day} = ${yesterday}`, salesDaily.totalAmount, "yesterday_total"),
        monthTotal: sumWhen(sql`${salesDaily.day} >= ${month.start}`, salesDaily.totalAmount, "month_total"),
        prevMonthTotal: sumWhen(
          sql`${salesDaily.day} <= ${prevMonthEndDay}`,
          salesDaily.totalAmount,
          "prev_month_total",
        ),
      })
      .from(salesDaily)
      .where(
        and(
          eq(salesDaily.companyId, companyId),
          gte(salesDaily.day, prevMonth.start),
          lte(salesDaily.day, today),
          sql`(${salesDaily.day} >= ${yesterday} OR ${salesDaily.day} >= ${month.start} OR ${salesDaily.day} <= ${prevMonthEndDay})`,
        ),
      ),
    db
      .select({
        id: locations.id,
        name: locations.name,
        type: locations.type,
        daily:
          sql<number>`COALESCE((SELECT SUM(d.total_amount) FROM sales_daily d WHERE d.location_id = locations.id AND d.day = ${today}), 0)`.as(
            "daily_sales",
          ),
        monthly:
          sql<number>`COALESCE((SELECT SUM(d.total_amount) FROM sales_daily d WHERE d.location_id = locations.id AND d.day >= ${month.start} AND d.day <= ${today}), 0)`.as(
            "monthly_sales",
          ),
        users: sql<number>`(SELECT COUNT(*) FROM users u WHERE u.location_id = locations.id AND u.is_active = 1)`.as(
          "active_users",
        ),
        pending:
          sql<number>`(SELECT COUNT(*) FROM transfer_requests t WHERE (t.source_location_id = locations.id OR t.destination_location_id = locations.id) AND t.status NOT IN ('completed', 'cancelled'))`.as(
            "pending_transfers",
          ),
      })
      .from(locations)
      .where(and(eq(locations.companyId, companyId), eq(locations.isActive, true))),
    activeCosts(db, companyId),
  ]);
  const n = (x: unknown) => Number(x ?? 0);
  const todayTotal = n(periods?.todayTotal);
  const todayCount = n(periods?.todayCount);
  const yTotal = n(periods?.yesterdayTotal);
  const yCount = n(periods?.yesterdayCount);
  const avg = (t: number, c: number) => (c === 0 ? 0 : Math.round(t / c));
  // stock value in half-price units (×2 above keeps single feet exact); back to centavos here
  const stockValue = Math.round(n(figures?.stockNow) / 2);
  const stockAtDayStart = Math.round((n(figures?.stockNow) - n(figures?.ledgerToday)) / 2);
  // the month-to-date financial summary, as financialAnalysis(month.start, today) computes it
  const monthDays = daysInRange(month.start, today);
  const monthRevenue = n(periods?.monthTotal);
  const monthCosts =
    costRows.reduce((sum, c) => sum + costForRange(c, month.start, today), 0) + n(figures?.monthExpenses);
  const finance = {
    analysis_period: { start_date: month.start, end_date: today, days: monthDays },
    total_revenue: toPesos(monthRevenue),
    total_costs: toPesos(monthCosts),
    net_profit: toPesos(monthRevenue - monthCosts),
    overall_margin_percentage: margin(monthRevenue - monthCosts, monthRevenue),
    overdue_costs_count: n(figures?.overdueCosts),
  };
  const lowStock = (await lowStockPromise).length;
  const pendingDiscounts = n(figures?.pendingDiscounts);
  const staleTransfers = n(figures?.staleTransfers);
  const best = Math.max(0, ...perLocation.map((l) => n(l.monthly)));
  const kpi = (label: string, key: string, value: number, previous: number, unit: "money" | "count") => ({
    key,
    label,
    value: unit === "money" ? toPesos(value) : value,
    previous_value: unit === "money" ? toPesos(previous) : previous,
    unit,
    ...change(value, previous),
  });
  const overdueCosts = finance.overdue_costs_count;
  const alerts = [
    lowStock > 0
      ? {
          type: "low_stock",
          severity: "warning",
          message: `${plural(
            lowStock,
            "producto con poco stock en una ubicación",
            "productos con poco stock en alguna ubicación",
          )}`,
        }
      : null,
    overdueCosts > 0
      ? {
          type: "overdue_costs",
          severity: "error",
          message: plural(overdueCosts, "costo operativo vencido sin pagar", "costos operativos vencidos sin pagar"),
        }
      : null,
    pendingDiscounts > 0
      ? {
          type: "pending_discounts",
          severity: "info",
          message: plural(
            pendingDiscounts,
            "solicitud de descuento espera aprobación",
            "solicitudes de descuento esperan aprobación",
          ),
        }
      : null,
    staleTransfers > 0
      ? {
          type: "stale_transfers",
          severity: "warning",
          message:
            plural(staleTransfers, "transferencia abierta", "transferencias abiertas") +
            ` hace más de ${STALE_TRANSFER_MINUTES} minutos`,
        }
      : null,
  ].filter((a) => a !== null);
  return {
    company_name: figures?.name ?? "",
    boss_name: bossName,
    target_date: today,
    kpis: [
      kpi("Ventas de hoy", "sales_today", todayTotal, yTotal, "money"),
      kpi("Ventas del mes", "sales_month", n(periods?.monthTotal), n(periods?.prevMonthTotal), "money"),
      kpi("Transacciones de hoy", "transactions_today", todayCount, yCount, "count"),
      kpi("Ticket promedio", "average_ticket", avg(todayTotal, todayCount), avg(yTotal, yCount), "money"),
      kpi("Valor del inventario", "stock_value", stockValue, stockAtDayStart, "money"),
      kpi("Transferencias pendientes", "pending_transfers", n(figures?.openNow), n(figures?.openAtDayStart), "count"),
    ],
    locations_performance: perLocation
      .map((l) => ({
        location_id: l.id,
        location_name: l.name,
        location_type: l.type,
        active_users: n(l.users),
        pending_transfers: n(l.pending),
        daily_sales: toPesos(n(l.daily)),
        monthly_sales: toPesos(n(l.monthly)),
        // share of the best location's month-to-date sales
        efficiency_score: best === 0 ? 0 : Math.round((n(l.monthly) / best) * 1000) / 10,
      }))
      .sort((a, b) => b.monthly_sales - a.monthly_sales)
      .slice(0, 5),
    financial_summary: {
      period: finance.analysis_period,
      total_revenue: finance.total_revenue,
      total_costs: finance.total_costs,
      net_profit: finance.net_profit,
      margin_percentage: finance.overall_margin_percentage,
    },
    alerts: alerts.slice(0, 5),
  };
}

export async function financialAnalysis(db: Db, companyId: number, startDate: string, endDate: string) {
  const costsPromise = costsOfRange(db, companyId, startDate, endDate);
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
