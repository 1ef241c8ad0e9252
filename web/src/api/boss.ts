import {
  BossDashboardSchema,
  BossLocationsSchema,
  BossSummarySchema,
  ConsolidatedInventorySchema,
  FinancialAnalysisSchema,
  LocationCreatedSchema,
  SalesReportSchema,
} from "./boss-schemas";
import { apiRequest } from "./http";

/** The boss executive panel's calls (spec 3 §7.3). Dates are Bogotá calendar days 'YYYY-MM-DD'. */
const BASE = "/api/v1/boss/boss";

function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

// ---------------------------------------------------------------- locations

export type NewLocation = {
  name: string;
  type: "local" | "bodega";
  address?: string;
  phone?: string;
  manager_name?: string;
  /** Only for a bodega. */
  capacity?: number;
  notes?: string;
};

/** POST /locations; 409 with the plan's limit message when the company has no room left. */
export function createBossLocation(body: NewLocation, idempotencyKey: string, signal?: AbortSignal) {
  return apiRequest(`${BASE}/locations`, LocationCreatedSchema, {
    method: "POST",
    body,
    signal,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** GET /locations, each with users, products and inventory value. */
export function fetchBossLocations(includeInactive: boolean, signal?: AbortSignal) {
  return apiRequest(`${BASE}/locations${query({ include_inactive: includeInactive })}`, BossLocationsSchema, {
    signal,
  });
}

// ---------------------------------------------------------------- dashboard

/** GET /dashboard; without a date the server uses today (Bogotá). */
export function fetchBossDashboard(targetDate: string | null, signal?: AbortSignal) {
  return apiRequest(`${BASE}/dashboard${query({ target_date: targetDate })}`, BossDashboardSchema, { signal });
}

/** GET /summary: today's and the month's sales with a few counts. */
export function fetchBossSummary(signal?: AbortSignal) {
  return apiRequest(`${BASE}/summary`, BossSummarySchema, { signal });
}

// ---------------------------------------------------------------- sales reports

/** POST /reports/sales/consolidated for a range (both ends included; at most a year). */
export function fetchConsolidatedSales(startDate: string, endDate: string, signal?: AbortSignal) {
  return apiRequest(`${BASE}/reports/sales/consolidated`, SalesReportSchema, {
    method: "POST",
    body: { start_date: startDate, end_date: endDate },
    signal,
  });
}

/** GET /reports/sales/daily for one day. */
export function fetchDailySales(reportDate: string, signal?: AbortSignal) {
  return apiRequest(`${BASE}/reports/sales/daily${query({ report_date: reportDate })}`, SalesReportSchema, {
    signal,
  });
}

/** GET /reports/sales/monthly for a calendar month (year 2020–2030). */
export function fetchMonthlySales(year: number, month: number, signal?: AbortSignal) {
  return apiRequest(`${BASE}/reports/sales/monthly${query({ year, month })}`, SalesReportSchema, { signal });
}

// ---------------------------------------------------------------- inventory and finance

/** GET /inventory/consolidated: every active location's stock. */
export function fetchConsolidatedInventory(signal?: AbortSignal) {
  return apiRequest(`${BASE}/inventory/consolidated`, ConsolidatedInventorySchema, { signal });
}

/** GET /financial/analysis for a range. */
export function fetchFinancialAnalysis(startDate: string, endDate: string, signal?: AbortSignal) {
  return apiRequest(
    `${BASE}/financial/analysis${query({ start_date: startDate, end_date: endDate })}`,
    FinancialAnalysisSchema,
    { signal },
  );
}

/** GET /financial/monthly for a calendar month. */
export function fetchMonthlyFinancial(year: number, month: number, signal?: AbortSignal) {
  return apiRequest(`${BASE}/financial/monthly${query({ year, month })}`, FinancialAnalysisSchema, { signal });
}
