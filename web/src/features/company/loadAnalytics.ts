import * as v from "valibot";
import {
  fetchOperationalDashboard,
  fetchSalesReport,
  fetchSystemOverview,
  fetchTransfersOverview,
  fetchUserPerformance,
} from "../../api/admin";
import {
  OperationalDashboardSchema,
  SalesReportSchema,
  SystemOverviewSchema,
  TransfersOverviewSchema,
  UserPerformanceSchema,
} from "../../api/admin-schemas";
import { datesBetween, lastDays } from "./dates";

export const RANGES = [7, 14, 30] as const;
export type RangeDays = (typeof RANGES)[number];

const DaySchema = v.object({ date: v.string(), total_sales: v.number(), transactions: v.number() });
export type DayPoint = v.InferOutput<typeof DaySchema>;

export const AnalyticsSchema = v.object({
  start: v.string(),
  end: v.string(),
  report: SalesReportSchema,
  daily: v.array(DaySchema),
  performance: UserPerformanceSchema,
  overview: SystemOverviewSchema,
  costs: OperationalDashboardSchema,
  transfers: TransfersOverviewSchema,
});
export type Analytics = v.InferOutput<typeof AnalyticsSchema>;

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of the results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Everything the analytics charts show, from real answers only. The sales-over-time series is one
 * sales report per Bogotá day of the range (the API has no per-day series), so each bar is exactly
 * what POST /reports/sales says for that day.
 */
export async function loadAnalytics(days: RangeDays, signal: AbortSignal): Promise<Analytics> {
  const { start, end } = lastDays(days);
  const [report, performance, overview, costs, transfers, daily] = await Promise.all([
    fetchSalesReport(start, end, undefined, signal),
    fetchUserPerformance(start, end, signal),
    fetchSystemOverview(signal),
    fetchOperationalDashboard(signal),
    fetchTransfersOverview(signal),
    mapLimit(datesBetween(start, end), 6, async (date) => {
      const day = await fetchSalesReport(date, date, undefined, signal);
      return { date, total_sales: day.total_sales, transactions: day.total_transactions };
    }),
  ]);
  return { start, end, report, daily, performance, overview, costs, transfers };
}
