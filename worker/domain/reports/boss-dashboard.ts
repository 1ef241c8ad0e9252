// The boss's dashboard (spec 3 §2.2): KPIs, the best locations, the month's finances and alerts,
// read in ONE D1 batch of six statements. The definitions are boss.ts's (see its header).
// Today is compared with the same hours of the day before: while the day runs, "yesterday" is the day
// before up to the same time of day (Bogotá), and the month to date ends at that time on the same day of
// the previous month; a past target_date is a whole day, compared with whole days.
import { and, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { companies, locations, salesDaily } from "../../db/schema";
import { costForRange } from "../company/costs";
import { addDays, monthPeriod } from "../platform/rules";
import { wholePesos } from "../shared/money";
import { bogotaDate, bogotaDayRange } from "../shared/time";
import { lowStockCountStatement } from "../stock/low-stock";
import { activeCosts, change, plural, STALE_TRANSFER_MINUTES } from "./boss";
import { type GoodsRow, goodsOf, goodsStatement, MARGIN_LABELS, margin } from "./goods";
import { daysInRange, rangeBounds } from "./location-stats";

/** A sum over the rows that meet a condition; aliased, since D1 keys a batch's rows by column name. */
const sumWhen = (condition: SQL, column: SQLiteColumn, alias: string) =>
  sql<number>`COALESCE(SUM(CASE WHEN ${condition} THEN ${column} END), 0)`.as(alias);

const n = (x: unknown) => Number(x ?? 0);

const DAY_MS = 24 * 60 * 60_000;

/** The first `elapsedMs` of a Bogotá day, as [start, end) UTC instants. */
function dayUpTo(day: string, elapsedMs: number) {
  const start = bogotaDayRange(day).start;
  return { start, end: new Date(Date.parse(start) + elapsedMs).toISOString() };
}

/**
 * The days and instants the dashboard compares; the previous month runs to the same day of the month.
 * While `today` runs (it is the current Bogotá day at `now`), the comparisons stop at the same time of day.
 */
function dashboardDates(today: string, now: Date) {
  const day = bogotaDayRange(today);
  const month = monthPeriod(today);
  const dayOfMonth = Number(today.slice(8, 10));
  const prevMonth = monthPeriod(addDays(month.start, -1));
  const prevMonthLastDay = Number(prevMonth.end.slice(8, 10));
  const prevMonthEndDay = `${prevMonth.start.slice(0, 8)}${String(Math.min(dayOfMonth, prevMonthLastDay)).padStart(2, "0")}`;
  const running = today === bogotaDate(now);
  const elapsed = running ? Math.min(DAY_MS, Math.max(0, now.getTime() - Date.parse(day.start))) : DAY_MS;
  const yesterday = addDays(today, -1);
  const staleBefore = new Date(
    Math.min(Date.now(), Date.parse(day.end)) - STALE_TRANSFER_MINUTES * 60_000,
  ).toISOString();
  return {
    today,
    day,
    month,
    prevMonth,
    prevMonthEndDay,
    yesterday,
    /** yesterday up to the same time of day (the whole day for a past target_date) */
    yesterdayCut: dayUpTo(yesterday, elapsed),
    /** the previous month's last compared day, up to the same time of day (whole when it is shorter) */
    prevMonthEndCut: dayUpTo(prevMonthEndDay, dayOfMonth > prevMonthLastDay ? DAY_MS : elapsed),
    staleBefore,
    monthBounds: rangeBounds(month.start, today),
  };
}

type Dates = ReturnType<typeof dashboardDates>;

/** Completed sales less what was given back for returns in [start, end): the rollups' net, for part of a day. */
const netSalesBetween = (companyId: number, r: { start: string; end: string }, alias: string) =>
  sql<number>`((SELECT COALESCE(SUM(s.total_amount), 0) FROM sales s
      WHERE s.company_id = ${companyId} AND s.status = 'completed' AND s.sale_date >= ${r.start} AND s.sale_date < ${r.end})
    - (SELECT COALESCE(SUM(r.refund_amount + r.credit_amount), 0) FROM sale_returns r
      WHERE r.company_id = ${companyId} AND r.created_at >= ${r.start} AND r.created_at < ${r.end}))`.as(alias);

const salesCountBetween = (companyId: number, r: { start: string; end: string }, alias: string) =>
  sql<number>`(SELECT COUNT(*) FROM sales s
      WHERE s.company_id = ${companyId} AND s.status = 'completed' AND s.sale_date >= ${r.start} AND s.sale_date < ${r.end})`.as(
    alias,
  );

/** The scalar figures: stock value and today's ledger, open transfers, discounts, overdue costs, expenses. */
function figuresStatement(db: Db, companyId: number, d: Dates) {
  const openAt = (instant: string, alias: string) =>
    sql<number>`(SELECT COUNT(*) FROM transfer_requests t
      WHERE t.company_id = ${companyId} AND t.requested_at < ${instant}
        AND (t.completed_at IS NULL OR t.completed_at >= ${instant})
        AND (t.cancelled_at IS NULL OR t.cancelled_at >= ${instant}))`.as(alias);
  return db
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
          WHERE m.company_id = ${companyId} AND m.created_at >= ${d.day.start} AND m.created_at < ${d.day.end})`.as(
          "ledger_today",
        ),
      openNow: openAt(d.day.end, "open_now"),
      openAtDayStart: openAt(d.day.start, "open_at_day_start"),
      pendingDiscounts: sql<number>`(SELECT COUNT(*) FROM discount_requests d
          WHERE d.company_id = ${companyId} AND d.status = 'pending')`.as("pending_discounts"),
      staleTransfers: sql<number>`(SELECT COUNT(*) FROM transfer_requests t
          WHERE t.company_id = ${companyId} AND t.requested_at < ${d.staleBefore}
            AND t.status IN ('pending', 'accepted', 'courier_assigned', 'in_transit', 'returning_to_origin', 'delivered'))`.as(
        "stale_transfers",
      ),
      overdueCosts: sql<number>`(SELECT COUNT(*) FROM operating_costs o
          WHERE o.company_id = ${companyId} AND o.is_active = 1 AND o.end_date < ${d.today})`.as("overdue_costs"),
      yesterdayCutTotal: netSalesBetween(companyId, d.yesterdayCut, "yesterday_cut_total"),
      yesterdayCutCount: salesCountBetween(companyId, d.yesterdayCut, "yesterday_cut_count"),
      prevMonthEndCutTotal: netSalesBetween(companyId, d.prevMonthEndCut, "prev_month_end_cut_total"),
      monthExpenses: sql<number>`(SELECT COALESCE(SUM(e.amount), 0) FROM expenses e
          WHERE e.company_id = ${companyId} AND e.created_at >= ${d.monthBounds.start} AND e.created_at < ${d.monthBounds.end})`.as(
        "month_expenses",
      ),
    })
    .from(companies)
    .where(eq(companies.id, companyId));
}

/**
 * The sales periods from the rollups: today, the month to date (net, and what was given back) and the
 * previous month before its last compared day (that day comes from figuresStatement, cut at the same hour).
 */
function periodsStatement(db: Db, companyId: number, d: Dates) {
  return db
    .select({
      todayCount: sumWhen(sql`${salesDaily.day} = ${d.today}`, salesDaily.salesCount, "today_count"),
      todayTotal: sumWhen(sql`${salesDaily.day} = ${d.today}`, salesDaily.totalAmount, "today_total"),
      monthTotal: sumWhen(sql`${salesDaily.day} >= ${d.month.start}`, salesDaily.totalAmount, "month_total"),
      monthReturned: sumWhen(sql`${salesDaily.day} >= ${d.month.start}`, salesDaily.returnedAmount, "month_returned"),
      monthReturns: sumWhen(sql`${salesDaily.day} >= ${d.month.start}`, salesDaily.returnsCount, "month_returns"),
      prevMonthTotal: sumWhen(
        sql`${salesDaily.day} < ${d.prevMonthEndDay}`,
        salesDaily.totalAmount,
        "prev_month_total",
      ),
    })
    .from(salesDaily)
    .where(
      and(
        eq(salesDaily.companyId, companyId),
        gte(salesDaily.day, d.prevMonth.start),
        lte(salesDaily.day, d.today),
        sql`(${salesDaily.day} >= ${d.month.start} OR ${salesDaily.day} < ${d.prevMonthEndDay})`,
      ),
    );
}

/** Each active location's sales of the day and month, active users and open transfers. */
function locationsStatement(db: Db, companyId: number, d: Dates) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      type: locations.type,
      daily:
        sql<number>`COALESCE((SELECT SUM(d.total_amount) FROM sales_daily d WHERE d.location_id = locations.id AND d.day = ${d.today}), 0)`.as(
          "daily_sales",
        ),
      monthly:
        sql<number>`COALESCE((SELECT SUM(d.total_amount) FROM sales_daily d WHERE d.location_id = locations.id AND d.day >= ${d.month.start} AND d.day <= ${d.today}), 0)`.as(
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
    .where(and(eq(locations.companyId, companyId), eq(locations.isActive, true)));
}

type Figures = Awaited<ReturnType<typeof figuresStatement>>[number];
type Periods = Awaited<ReturnType<typeof periodsStatement>>[number];
type LocationRow = Awaited<ReturnType<typeof locationsStatement>>[number];
type CostRow = Awaited<ReturnType<typeof activeCosts>>[number];

/** The month-to-date financial summary, as financialAnalysis(month.start, today) computes it. */
function monthFinance(
  d: Dates,
  figures: Figures | undefined,
  periods: Periods | undefined,
  costRows: CostRow[],
  goodsRows: GoodsRow[],
) {
  const revenue = n(periods?.monthTotal);
  const returned = n(periods?.monthReturned);
  const costs =
    costRows.reduce((sum, c) => sum + costForRange(c, d.month.start, d.today), 0) + n(figures?.monthExpenses);
  const goods = goodsOf(goodsRows);
  const net = revenue - goods.cogs - costs;
  return {
    period: { start_date: d.month.start, end_date: d.today, days: daysInRange(d.month.start, d.today) },
    gross_sales: wholePesos(revenue + returned),
    returns_count: n(periods?.monthReturns),
    returns_amount: wholePesos(returned),
    /** net of returns */
    total_revenue: wholePesos(revenue),
    cost_of_goods_sold: wholePesos(goods.cogs),
    gross_profit: wholePesos(goods.grossProfit),
    gross_margin_percentage: goods.grossMargin,
    /** operating costs and expenses */
    total_costs: wholePesos(costs),
    /** revenue − cost of goods sold − operating costs and expenses */
    net_profit: wholePesos(net),
    margin_percentage: margin(net, revenue),
    margin_labels: {
      gross_margin_percentage: MARGIN_LABELS.gross_margin_percentage,
      margin_percentage: MARGIN_LABELS.net_margin_percentage,
    },
  };
}

function kpi(label: string, key: string, value: number, previous: number, unit: "money" | "count") {
  return {
    key,
    label,
    value: unit === "money" ? wholePesos(value) : value,
    previous_value: unit === "money" ? wholePesos(previous) : previous,
    unit,
    ...change(value, previous),
  };
}

/** The six KPIs, each against the previous day (or the same days of the previous month). */
function dashboardKpis(figures: Figures | undefined, periods: Periods | undefined) {
  const todayTotal = n(periods?.todayTotal);
  const todayCount = n(periods?.todayCount);
  // yesterday up to the same time of day (the whole day when target_date is past)
  const yTotal = n(figures?.yesterdayCutTotal);
  const yCount = n(figures?.yesterdayCutCount);
  const avg = (t: number, c: number) => (c === 0 ? 0 : Math.round(t / c));
  // stock value in half-price units (×2 in the statement keeps single feet exact); back to centavos here
  const stockValue = Math.round(n(figures?.stockNow) / 2);
  const stockAtDayStart = Math.round((n(figures?.stockNow) - n(figures?.ledgerToday)) / 2);
  return [
    kpi("Ventas de hoy", "sales_today", todayTotal, yTotal, "money"),
    kpi(
      "Ventas del mes",
      "sales_month",
      n(periods?.monthTotal),
      n(periods?.prevMonthTotal) + n(figures?.prevMonthEndCutTotal),
      "money",
    ),
    kpi("Transacciones de hoy", "transactions_today", todayCount, yCount, "count"),
    kpi("Ticket promedio", "average_ticket", avg(todayTotal, todayCount), avg(yTotal, yCount), "money"),
    kpi("Valor del inventario", "stock_value", stockValue, stockAtDayStart, "money"),
    kpi("Transferencias pendientes", "pending_transfers", n(figures?.openNow), n(figures?.openAtDayStart), "count"),
  ];
}

/** The five best locations by month-to-date sales, with their share of the best one's. */
function locationsPerformance(rows: LocationRow[]) {
  const best = Math.max(0, ...rows.map((l) => n(l.monthly)));
  return rows
    .map((l) => ({
      location_id: l.id,
      location_name: l.name,
      location_type: l.type,
      active_users: n(l.users),
      pending_transfers: n(l.pending),
      daily_sales: wholePesos(n(l.daily)),
      monthly_sales: wholePesos(n(l.monthly)),
      // share of the best location's month-to-date sales
      efficiency_score: best === 0 ? 0 : Math.round((n(l.monthly) / best) * 1000) / 10,
    }))
    .sort((a, b) => b.monthly_sales - a.monthly_sales)
    .slice(0, 5);
}

/** What needs the boss's attention, most urgent kinds first; at most five. */
function dashboardAlerts(counts: {
  lowStock: number;
  overdueCosts: number;
  pendingDiscounts: number;
  staleTransfers: number;
}) {
  const { lowStock, overdueCosts, pendingDiscounts, staleTransfers } = counts;
  return [
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
  ]
    .filter((a) => a !== null)
    .slice(0, 5);
}

/**
 * Everything the dashboard shows, read in ONE D1 batch of six statements: the scalar figures (with the
 * same-hours comparisons), the sales periods from the rollups, the locations, the active operating costs,
 * the month's goods at their recorded cost (net of returns) and the low-stock count
 * (a D1 call of their own beside the batch cost more than the rest under load). It used 18 statements
 * in four round trips; the figures are the same (a test compares them with financialAnalysis and the
 * consolidated inventory).
 */
export async function bossDashboard(
  db: Db,
  companyId: number,
  bossName: string,
  today: string,
  now: Date = new Date(),
) {
  const d = dashboardDates(today, now);
  const [[figures], [periods], perLocation, costRows, goodsRows, [lowStock]] = await db.batch([
    figuresStatement(db, companyId, d),
    periodsStatement(db, companyId, d),
    locationsStatement(db, companyId, d),
    activeCosts(db, companyId),
    goodsStatement(db, companyId, d.month.start, d.today),
    // "poco stock" as everywhere else (low-stock.ts), counted by D1
    lowStockCountStatement(db, companyId),
  ]);
  return {
    company_name: figures?.name ?? "",
    boss_name: bossName,
    target_date: today,
    kpis: dashboardKpis(figures, periods),
    locations_performance: locationsPerformance(perLocation),
    /** how many active locations there are: the ranking shows the best five of them */
    locations_total: perLocation.length,
    financial_summary: monthFinance(d, figures, periods, costRows, goodsRows),
    alerts: dashboardAlerts({
      lowStock: n(lowStock?.low_stock),
      overdueCosts: n(figures?.overdueCosts),
      pendingDiscounts: n(figures?.pendingDiscounts),
      staleTransfers: n(figures?.staleTransfers),
    }),
  };
}
