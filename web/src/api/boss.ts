import { api, type Body, call, withKey, withSignal } from "./http";

/** The boss executive panel's calls (spec 3 §7.3). Dates are Bogotá calendar days 'YYYY-MM-DD'. */
const boss = api.boss.boss;

// ---------------------------------------------------------------- locations

/** The capacity only counts for a bodega. */
export type NewLocation = Body<typeof boss.locations.$post>;

/** POST /locations; 409 with the plan's limit message when the company has no room left. */
export function createBossLocation(json: NewLocation, idempotencyKey: string, signal?: AbortSignal) {
  return call(boss.locations.$post({ json }, { ...withKey(idempotencyKey), ...withSignal(signal) }));
}

/** GET /locations, each with users, products and inventory value. */
export function fetchBossLocations(includeInactive: boolean, signal?: AbortSignal) {
  const query = { include_inactive: includeInactive ? ("true" as const) : ("false" as const) };
  return call(boss.locations.$get({ query }, withSignal(signal)));
}

// ---------------------------------------------------------------- dashboard

/** GET /dashboard; without a date the server uses today (Bogotá). */
export function fetchBossDashboard(targetDate: string | null, signal?: AbortSignal) {
  const query = targetDate ? { target_date: targetDate } : {};
  return call(boss.dashboard.$get({ query }, withSignal(signal)));
}

/** GET /summary: today's and the month's sales with a few counts. */
export function fetchBossSummary(signal?: AbortSignal) {
  return call(boss.summary.$get(undefined, withSignal(signal)));
}

// ---------------------------------------------------------------- sales reports

/** POST /reports/sales/consolidated for a range (both ends included; at most a year). */
export function fetchConsolidatedSales(startDate: string, endDate: string, signal?: AbortSignal) {
  const json = { start_date: startDate, end_date: endDate };
  return call(boss.reports.sales.consolidated.$post({ json }, withSignal(signal)));
}

/** GET /reports/iva: IVA per store and rate in a range of days, net of returns. */
export function fetchBossVatReport(startDate: string, endDate: string, signal?: AbortSignal) {
  return call(boss.reports.iva.$get({ query: { start_date: startDate, end_date: endDate } }, withSignal(signal)));
}

/** GET /reports/sales/daily for one day. */
export function fetchDailySales(reportDate: string, signal?: AbortSignal) {
  return call(boss.reports.sales.daily.$get({ query: { report_date: reportDate } }, withSignal(signal)));
}

const yearMonth = (year: number, month: number) => ({ year: String(year), month: String(month) });

/** GET /reports/sales/monthly for a calendar month (year 2020–2030). */
export function fetchMonthlySales(year: number, month: number, signal?: AbortSignal) {
  return call(boss.reports.sales.monthly.$get({ query: yearMonth(year, month) }, withSignal(signal)));
}

// ---------------------------------------------------------------- inventory and finance

/** GET /inventory/consolidated: every active location's stock. */
export function fetchConsolidatedInventory(signal?: AbortSignal) {
  return call(boss.inventory.consolidated.$get(undefined, withSignal(signal)));
}

/** GET /financial/analysis for a range. */
export function fetchFinancialAnalysis(startDate: string, endDate: string, signal?: AbortSignal) {
  const query = { start_date: startDate, end_date: endDate };
  return call(boss.financial.analysis.$get({ query }, withSignal(signal)));
}

/** GET /financial/monthly for a calendar month. */
export function fetchMonthlyFinancial(year: number, month: number, signal?: AbortSignal) {
  return call(boss.financial.monthly.$get({ query: yearMonth(year, month) }, withSignal(signal)));
}
