import * as v from "valibot";
import { AdminLocationSchema, SalesReportSchema } from "./admin-schemas";

/**
 * Answer shapes of the boss executive panel (worker/routes/boss.ts, worker/domain/boss.ts). Money
 * arrives in pesos. The locations list and the sales reports are the same functions the admin area
 * reads (locationsWithTotals, salesReport), so their schemas are imported rather than repeated.
 */

const Num = v.number();
const OptionalText = v.optional(v.nullable(v.string()), null);

// ---------------------------------------------------------------- locations

export const BossLocationSchema = AdminLocationSchema;
export type BossLocation = v.InferOutput<typeof BossLocationSchema>;
export const BossLocationsSchema = v.object({ locations: v.array(BossLocationSchema), total: Num });
export type BossLocations = v.InferOutput<typeof BossLocationsSchema>;

export const LocationCreatedSchema = v.object({
  success: v.optional(v.boolean(), true),
  message: v.optional(v.string(), ""),
  location: v.optional(BossLocationSchema),
});

// ---------------------------------------------------------------- dashboard

export const TRENDS = ["up", "down", "stable", "new"] as const;
export type Trend = (typeof TRENDS)[number];

export const KpiSchema = v.object({
  key: v.string(),
  label: v.string(),
  value: Num,
  previous_value: Num,
  unit: v.picklist(["money", "count"]),
  /** null when the previous value is 0 (no percentage can be computed). */
  change_percentage: v.nullable(Num),
  trend: v.picklist(TRENDS),
});
export type Kpi = v.InferOutput<typeof KpiSchema>;

const PeriodSchema = v.object({ start_date: v.string(), end_date: v.string(), days: Num });

export const BossDashboardSchema = v.object({
  company_name: v.string(),
  boss_name: v.string(),
  target_date: v.string(),
  kpis: v.array(KpiSchema),
  locations_performance: v.array(
    v.object({
      location_id: Num,
      location_name: v.string(),
      location_type: v.string(),
      active_users: Num,
      pending_transfers: Num,
      daily_sales: Num,
      monthly_sales: Num,
      efficiency_score: Num,
    }),
  ),
  financial_summary: v.object({
    period: PeriodSchema,
    total_revenue: Num,
    total_costs: Num,
    net_profit: Num,
    margin_percentage: Num,
  }),
  alerts: v.array(v.object({ type: v.string(), severity: v.string(), message: v.string() })),
});
export type BossDashboard = v.InferOutput<typeof BossDashboardSchema>;
export type LocationPerformance = BossDashboard["locations_performance"][number];
export type BossAlert = BossDashboard["alerts"][number];

export const BossSummarySchema = v.object({
  date: v.string(),
  sales_today: Num,
  transactions_today: Num,
  sales_month: Num,
  transactions_month: Num,
  active_locations: Num,
  active_employees: Num,
  active_products: Num,
  open_transfers: Num,
});

// ---------------------------------------------------------------- sales reports

export type { SalesReport } from "./admin-schemas";
export { SalesReportSchema };

// ---------------------------------------------------------------- consolidated inventory

const StockItemSchema = v.object({
  location_id: Num,
  location_name: v.string(),
  product_id: Num,
  reference_code: v.string(),
  brand: v.string(),
  model: v.string(),
  pairs: Num,
  single_feet: Num,
});
export type StockItem = v.InferOutput<typeof StockItemSchema>;

export const ConsolidatedInventorySchema = v.object({
  total_locations: Num,
  total_products: Num,
  total_units: Num,
  total_single_feet: Num,
  total_value: Num,
  by_brand: v.array(
    v.object({
      category_name: v.string(),
      total_units: Num,
      single_feet: Num,
      locations_count: Num,
      total_value: Num,
      percentage_of_total: Num,
    }),
  ),
  by_location: v.array(
    v.object({
      location_id: Num,
      name: v.string(),
      type: v.string(),
      total_units: Num,
      single_feet: Num,
      total_products: Num,
      total_value: Num,
      low_stock_items: Num,
    }),
  ),
  // whole counts (the lists hold the first 100); absent from older answers
  low_stock_count: v.optional(Num),
  out_of_stock_count: v.optional(Num),
  overstocked_count: v.optional(Num),
  low_stock_alerts: v.array(StockItemSchema),
  out_of_stock_alerts: v.array(StockItemSchema),
  overstocked_alerts: v.array(StockItemSchema),
  thresholds: v.optional(v.object({ low_stock_pairs: Num, overstock_pairs: Num }), {
    low_stock_pairs: 2,
    overstock_pairs: 40,
  }),
});
export type ConsolidatedInventory = v.InferOutput<typeof ConsolidatedInventorySchema>;

// ---------------------------------------------------------------- financial analysis

const RankedLocationSchema = v.nullable(v.object({ location_id: Num, location_name: v.string(), profit_margin: Num }));

export const FinancialAnalysisSchema = v.object({
  analysis_period: PeriodSchema,
  total_revenue: Num,
  total_costs: Num,
  net_profit: Num,
  overall_margin_percentage: Num,
  costs_by_type: v.record(v.string(), Num),
  locations_financials: v.array(
    v.object({
      location_id: Num,
      location_name: v.string(),
      location_type: OptionalText,
      total_sales: Num,
      operational_costs: Num,
      gross_profit: Num,
      profit_margin_percentage: Num,
      cost_breakdown: v.record(v.string(), Num),
    }),
  ),
  best_performing_location: v.optional(RankedLocationSchema, null),
  worst_performing_location: v.optional(RankedLocationSchema, null),
  overdue_costs_count: v.optional(Num, 0),
});
export type FinancialAnalysis = v.InferOutput<typeof FinancialAnalysisSchema>;
export type LocationFinancials = FinancialAnalysis["locations_financials"][number];
