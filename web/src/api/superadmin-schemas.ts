import * as v from "valibot";

/**
 * Answer shapes of the superuser console (worker/routes/superadmin.ts, worker/domain/tenants.ts).
 * Money arrives in pesos. Fields the console does not use are left out; extra fields are ignored.
 */

const Text = v.nullable(v.string());
const OptionalText = v.optional(v.nullable(v.string()), null);

export const COMPANY_STATUSES = ["active", "suspended", "trial"] as const;
export const PLAN_CODES = ["basic", "professional", "enterprise", "custom"] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export const CompanySchema = v.object({
  id: v.number(),
  name: v.string(),
  subdomain: v.string(),
  email: v.string(),
  legal_name: OptionalText,
  tax_id: OptionalText,
  phone: OptionalText,
  subscription_plan: v.string(),
  // Other statuses are possible (spec 2 §4); they are shown as they come.
  subscription_status: v.string(),
  max_locations: v.number(),
  max_employees: v.number(),
  price_per_location: v.number(),
  monthly_cost: v.number(),
  next_billing_date: OptionalText,
  current_locations_count: v.number(),
  current_employees_count: v.number(),
  suspended_reason: OptionalText,
  suspended_at: OptionalText,
  created_at: OptionalText,
  updated_at: OptionalText,
});
export type Company = v.InferOutput<typeof CompanySchema>;

export const CompanyListSchema = v.object({ companies: v.array(CompanySchema), total: v.number() });
export type CompanyList = v.InferOutput<typeof CompanyListSchema>;

export const CompanySavedSchema = v.object({ message: v.optional(v.string()), company: CompanySchema });

export const MessageSchema = v.object({ message: v.optional(v.string()) });

export const BossSchema = v.object({
  id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  full_name: v.string(),
  email: v.string(),
  company_id: v.nullable(v.number()),
  /** end of a lock by failed logins, while it lasts */
  locked_until: v.optional(v.nullable(v.string()), null),
  created_at: OptionalText,
  updated_at: OptionalText,
});
export type Boss = v.InferOutput<typeof BossSchema>;

export const CompanyWithBossSchema = v.object({ company: CompanySchema, boss: v.nullable(BossSchema) });
export type CompanyWithBoss = v.InferOutput<typeof CompanyWithBossSchema>;

export const BossSavedSchema = v.object({
  message: v.optional(v.string()),
  boss: v.nullable(BossSchema),
  replaced: v.optional(v.boolean(), false),
});

export const SubscriptionChangeSchema = v.object({
  id: v.number(),
  company_id: v.number(),
  old_plan: Text,
  new_plan: v.string(),
  old_max_locations: v.nullable(v.number()),
  new_max_locations: v.number(),
  old_max_employees: v.nullable(v.number()),
  new_max_employees: v.number(),
  old_price_per_location: v.nullable(v.number()),
  new_price_per_location: v.number(),
  effective_date: v.string(),
  reason: Text,
  /** applied; scheduled (waits for effective_date); cancelled (replaced or cancelled); blocked (did not fit on its date) */
  status: v.optional(v.picklist(["applied", "scheduled", "cancelled", "blocked"]), "applied"),
  status_reason: v.optional(Text, null),
  resolved_at: OptionalText,
  created_at: OptionalText,
});
export type SubscriptionChange = v.InferOutput<typeof SubscriptionChangeSchema>;

export const SubscriptionChangedSchema = v.object({
  message: v.optional(v.string()),
  scheduled: v.optional(v.boolean(), false),
  company: CompanySchema,
  change: v.optional(SubscriptionChangeSchema),
});

export const ChangeCancelledSchema = v.object({ message: v.optional(v.string()), change: SubscriptionChangeSchema });

export const SubscriptionHistorySchema = v.object({ history: v.array(SubscriptionChangeSchema) });

export const INVOICE_STATUSES = ["pending", "paid", "overdue"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const InvoiceSchema = v.object({
  id: v.number(),
  invoice_number: v.string(),
  company_id: v.number(),
  company_name: v.string(),
  billing_period_start: v.string(),
  billing_period_end: OptionalText,
  locations_count: v.optional(v.number()),
  price_per_location: v.optional(v.number()),
  total_amount: v.number(),
  due_date: v.string(),
  status: v.string(),
  paid_at: OptionalText,
  payment_method: OptionalText,
  payment_reference: OptionalText,
  created_at: OptionalText,
});
export type Invoice = v.InferOutput<typeof InvoiceSchema>;

export const InvoiceListSchema = v.object({ invoices: v.array(InvoiceSchema) });
export const InvoiceSavedSchema = v.object({ message: v.optional(v.string()), invoice: InvoiceSchema });

const CompanyBrief = {
  id: v.number(),
  name: v.string(),
  subdomain: v.string(),
  next_billing_date: OptionalText,
};

export const GlobalMetricsSchema = v.object({
  total_companies: v.number(),
  active_companies: v.number(),
  monthly_recurring_revenue: v.number(),
  overdue_payments: v.number(),
  overdue_invoices_amount: v.number(),
  total_locations: v.number(),
  total_employees: v.number(),
  companies_near_limit: v.number(),
  subscriptions_expiring_soon: v.number(),
  suspended_companies: v.number(),
  alerts: v.object({
    companies_near_limit: v.array(
      v.object({ ...CompanyBrief, locations_usage_percent: v.number(), employees_usage_percent: v.number() }),
    ),
    subscriptions_expiring_soon: v.array(v.object(CompanyBrief)),
    suspended_companies: v.array(v.object({ ...CompanyBrief, reason: OptionalText })),
  }),
});
export type GlobalMetrics = v.InferOutput<typeof GlobalMetricsSchema>;

export const CompanyMetricsSchema = v.object({
  company_id: v.number(),
  company_name: v.string(),
  locations_count: v.number(),
  locations_limit: v.number(),
  locations_usage_percent: v.number(),
  employees_count: v.number(),
  employees_limit: v.number(),
  employees_usage_percent: v.number(),
  monthly_cost: v.number(),
  subscription_plan: v.optional(v.string()),
  subscription_status: v.optional(v.string()),
});
export type CompanyMetrics = v.InferOutput<typeof CompanyMetricsSchema>;

const Amounts = {
  invoiced: v.number(),
  collected: v.number(),
  pending: v.number(),
  overdue: v.number(),
};

export const FinancialReportSchema = v.object({
  period: v.object({ start_date: v.string(), end_date: v.string() }),
  totals: v.object({ ...Amounts, invoices_count: v.number() }),
  by_company: v.array(v.object({ company_id: v.number(), company_name: v.string(), invoices: v.number(), ...Amounts })),
  by_month: v.array(v.object({ month: v.string(), ...Amounts })),
  mrr_at_end: v.number(),
});
export type FinancialReport = v.InferOutput<typeof FinancialReportSchema>;

// The spec: "the response's report field is used if present, otherwise the whole object".
export const FinancialReportAnswerSchema = v.union([
  v.pipe(
    v.object({ report: FinancialReportSchema }),
    v.transform((a) => a.report),
  ),
  FinancialReportSchema,
]);

export const PlanSchema = v.object({
  id: v.number(),
  plan_code: v.string(),
  display_name: v.string(),
  description: v.optional(v.string(), ""),
  max_locations: v.number(),
  max_employees: v.number(),
  price_per_location: v.number(),
  features: v.optional(v.record(v.string(), v.unknown()), {}),
  sort_order: v.number(),
  is_active: v.boolean(),
});
export type Plan = v.InferOutput<typeof PlanSchema>;

export const PlanListSchema = v.object({ plans: v.array(PlanSchema) });
export const PlanSavedSchema = v.object({ message: v.optional(v.string()), plan: v.optional(PlanSchema) });

export const HealthSchema = v.object({ module: v.string(), status: v.string(), timestamp: v.optional(v.string()) });
export type Health = v.InferOutput<typeof HealthSchema>;

export const SetupResultSchema = v.object({
  message: v.optional(v.string()),
  user: v.optional(v.object({ id: v.number(), email: v.string() })),
});
