import {
  fetchBossDashboard,
  fetchBossLocations,
  fetchBossVatReport,
  fetchConsolidatedInventory,
  fetchConsolidatedSales,
  fetchDailySales,
  fetchFinancialAnalysis,
  fetchMonthlyFinancial,
  fetchMonthlySales,
} from "../../api/boss";
import {
  BossDashboardSchema,
  BossLocationsSchema,
  ConsolidatedInventorySchema,
  FinancialAnalysisSchema,
  SalesReportSchema,
} from "../../api/boss-schemas";
import { bossAdministradores } from "../../api/staff";
import { bogotaToday } from "../company/dates";
import { loadTrends, TrendsSchema } from "./analytics/loadTrends";
import { loadPeriod, type Period, periodDays, periodKey } from "./period";

/**
 * The boss panel's reads, one per screen and filter: what a section shows and what its route's
 * loader asks for ahead are the same query (lib/query/spec.ts).
 */
export const bossQueries = {
  /** Empty date: today as the server sees it. */
  dashboard: (targetDate = "") => ({
    area: "admin" as const,
    name: `boss-dashboard:${targetDate || "today"}`,
    schema: BossDashboardSchema,
    load: (signal: AbortSignal) => fetchBossDashboard(targetDate || null, signal),
  }),
  locations: (includeInactive = false) => ({
    area: "admin" as const,
    name: `boss-locations:${includeInactive ? "all" : "active"}`,
    schema: BossLocationsSchema,
    load: (signal: AbortSignal) => fetchBossLocations(includeInactive, signal),
  }),
  inventory: () => ({
    area: "admin" as const,
    name: "boss-inventory",
    schema: ConsolidatedInventorySchema,
    load: fetchConsolidatedInventory,
  }),
  financial: (period: Period) => ({
    area: "admin" as const,
    name: `boss-financial:${periodKey(period)}`,
    schema: FinancialAnalysisSchema,
    load: (signal: AbortSignal) =>
      loadPeriod(period, signal, {
        range: fetchFinancialAnalysis,
        month: fetchMonthlyFinancial,
        day: (date, s) => fetchFinancialAnalysis(date, date, s),
      }),
  }),
  sales: (period: Period) => ({
    area: "admin" as const,
    name: `boss-sales:${periodKey(period)}`,
    schema: SalesReportSchema,
    load: (signal: AbortSignal) =>
      loadPeriod(period, signal, { range: fetchConsolidatedSales, month: fetchMonthlySales, day: fetchDailySales }),
  }),
  /** IVA per store and rate over the period's days (Reportes de ventas, beside the sales). */
  vat: (period: Period) => {
    const { start, end } = periodDays(period);
    return {
      area: "admin" as const,
      name: `boss-vat:${start}_${end}`,
      load: (signal: AbortSignal) => fetchBossVatReport(start, end, signal),
    };
  },
  trends: (today = bogotaToday()) => ({
    area: "admin" as const,
    name: `boss-trends:${today}`,
    schema: TrendsSchema,
    load: (signal: AbortSignal) => loadTrends(signal),
  }),
  /** The company's administradores (features/staff/AdministradoresPanel). */
  administradores: () => ({ area: "admin" as const, name: "boss-administradores", load: bossAdministradores.list }),
};
