import * as v from "valibot";
import { fetchBossDashboard, fetchDailySales, fetchMonthlySales } from "../../../api/boss";
import { SalesReportSchema } from "../../../api/boss-schemas";
import { datesBetween, lastDays } from "../../company/dates";
import { mapLimit } from "../../company/loadAnalytics";
import { lastMonths } from "../dates";

export const TREND_MONTHS = 6;
export const TREND_DAYS = 30;

const MonthPointSchema = v.object({ year: v.number(), month: v.number(), report: SalesReportSchema });
export type MonthPoint = v.InferOutput<typeof MonthPointSchema>;

const DayPointSchema = v.object({ date: v.string(), total_sales: v.number(), transactions: v.number() });

/** The month so far against the same days of the previous month: the dashboard's own figure (one definition). */
const MonthToDateSchema = v.object({
  value: v.number(),
  previous_value: v.number(),
  change_percentage: v.nullable(v.number()),
});

export const TrendsSchema = v.object({
  months: v.array(MonthPointSchema),
  days: v.array(DayPointSchema),
  month_to_date: v.nullable(MonthToDateSchema),
  start: v.string(),
  end: v.string(),
});
export type Trends = v.InferOutput<typeof TrendsSchema>;

/**
 * The sales trend from real reports only: one GET /reports/sales/monthly per month of the last six
 * (each keeps its by-location split for the comparison chart) and one GET /reports/sales/daily per
 * day of the last thirty (the API has no series call), and the dashboard's month-to-date figure (this
 * month so far against the same days of the previous one). At most six calls run at a time.
 */
export async function loadTrends(signal: AbortSignal, now: Date = new Date()): Promise<Trends> {
  const { start, end } = lastDays(TREND_DAYS, now);
  const [months, days, dashboard] = await Promise.all([
    mapLimit(lastMonths(TREND_MONTHS, now), 3, async ({ year, month }) => ({
      year,
      month,
      report: await fetchMonthlySales(year, month, signal),
    })),
    mapLimit(datesBetween(start, end), 6, async (date) => {
      const day = await fetchDailySales(date, signal);
      return { date, total_sales: day.total_sales, transactions: day.total_transactions };
    }),
    fetchBossDashboard(null, signal),
  ]);
  const month = dashboard.kpis.find((k) => k.key === "sales_month");
  const month_to_date = month
    ? { value: month.value, previous_value: month.previous_value, change_percentage: month.change_percentage }
    : null;
  return { months, days, month_to_date, start, end };
}

export type LocationRow = {
  location_id: number;
  location_name: string;
  /** Sales per month, same order as `months`. */
  monthly: number[];
  total_sales: number;
  transactions: number;
};

/** Every location that sold in any of the months, with its sales month by month (0 where it sold nothing). */
export function locationComparison(months: readonly MonthPoint[]): LocationRow[] {
  const rows = new Map<number, LocationRow>();
  months.forEach((m, index) => {
    for (const l of m.report.sales_by_location) {
      const row = rows.get(l.location_id) ?? {
        location_id: l.location_id,
        location_name: l.location_name,
        monthly: months.map(() => 0),
        total_sales: 0,
        transactions: 0,
      };
      row.monthly[index] = l.total_sales;
      row.total_sales += l.total_sales;
      row.transactions += l.transactions_count;
      rows.set(l.location_id, row);
    }
  });
  return [...rows.values()].sort((a, b) => b.total_sales - a.total_sales);
}
