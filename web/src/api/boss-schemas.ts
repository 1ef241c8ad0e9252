import type { Answer, api } from "./http";
import { storedCopyOf } from "./stored";

/** Answers of the boss executive panel (worker/routes/reports/boss.ts), as the Worker types them. */

type Boss = typeof api.boss.boss;

export type BossLocations = Answer<Boss["locations"]["$get"]>;
export type BossLocation = BossLocations["locations"][number];

export type BossDashboard = Answer<Boss["dashboard"]["$get"]>;
export type Kpi = BossDashboard["kpis"][number];
export type Trend = Kpi["trend"];
export type LocationPerformance = BossDashboard["locations_performance"][number];
export type BossAlert = BossDashboard["alerts"][number];

export type SalesReport = Answer<Boss["reports"]["sales"]["consolidated"]["$post"]>;

export type ConsolidatedInventory = Answer<Boss["inventory"]["consolidated"]["$get"]>;
export type StockItem = ConsolidatedInventory["low_stock_alerts"][number];

export type FinancialAnalysis = Answer<Boss["financial"]["analysis"]["$get"]>;
export type LocationFinancials = FinancialAnalysis["locations_financials"][number];

// Last-data copies of the screens (lib/lastData.ts).
export const BossLocationsSchema = storedCopyOf<BossLocations>("locations", "total");
export const BossDashboardSchema = storedCopyOf<BossDashboard>("kpis", "locations_performance", "alerts");
export const SalesReportSchema = storedCopyOf<SalesReport>("report_period", "total_sales");
export const ConsolidatedInventorySchema = storedCopyOf<ConsolidatedInventory>("by_location", "total_units");
export const FinancialAnalysisSchema = storedCopyOf<FinancialAnalysis>("locations_financials");
