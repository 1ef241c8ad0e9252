import * as v from "valibot";
import { ApiError, apiRequest, INVALID_RESPONSE, NETWORK_ERROR } from "./http";
import {
  BossSavedSchema,
  BossSchema,
  ChangeCancelledSchema,
  CompanyListSchema,
  CompanyMetricsSchema,
  CompanySavedSchema,
  CompanySchema,
  CompanyWithBossSchema,
  FinancialReportAnswerSchema,
  GlobalMetricsSchema,
  HealthSchema,
  InvoiceListSchema,
  InvoiceSavedSchema,
  type InvoiceStatus,
  MessageSchema,
  type PlanCode,
  PlanListSchema,
  PlanSavedSchema,
  SetupResultSchema,
  SubscriptionChangedSchema,
  SubscriptionHistorySchema,
} from "./superadmin-schemas";

const BASE = "/api/v1/superadmin";

/** Page size of the company list, the bosses tab and the invoice list (spec 2 §9). */
export const LIST_LIMIT = 100;

/** Spec 2 §7: a failed answer reads the server's `detail`, otherwise "HTTP {status}". */
function specMessage(error: unknown): never {
  if (error instanceof ApiError && error.kind === "http" && error.detail === null) {
    throw new ApiError(error.status, `HTTP ${error.status}`, "http", null);
  }
  throw error;
}

function call<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  options?: Parameters<typeof apiRequest>[2],
): Promise<v.InferOutput<TSchema>> {
  return apiRequest(`${BASE}${path}`, schema, options).catch(specMessage);
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

// ---------------------------------------------------------------- companies

export type CompanyFilter = { search?: string; status?: string; plan?: string };

export function listCompanies(filter: CompanyFilter = {}, signal?: AbortSignal) {
  const status = filter.status && filter.status !== "all" ? filter.status : undefined;
  return call(
    `/companies${query({ skip: 0, limit: LIST_LIMIT, status, plan: filter.plan, search: filter.search?.trim() })}`,
    CompanyListSchema,
    { signal },
  );
}

export type CompanyFields = {
  name: string;
  email: string;
  legal_name: string | null;
  tax_id: string | null;
  phone: string | null;
  subscription_plan: string;
  max_locations: number;
  max_employees: number;
  price_per_location: number;
};

export type NewCompany = CompanyFields & { subdomain: string; subscription_status: "active" | "trial" };
export type CompanyChanges = CompanyFields & { next_billing_date: string | null };

export function createCompany(company: NewCompany, idempotencyKey: string) {
  return call("/companies", CompanySavedSchema, {
    method: "POST",
    body: company,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export function getCompany(id: number, signal?: AbortSignal) {
  return call(`/companies/${id}`, CompanySchema, { signal });
}

/** The subdomain is never sent: it cannot change after creation. */
export function updateCompany(id: number, changes: CompanyChanges) {
  return call(`/companies/${id}`, CompanySavedSchema, { method: "PUT", body: changes });
}

export function deleteCompany(id: number) {
  return call(`/companies/${id}`, MessageSchema, { method: "DELETE" });
}

export function suspendCompany(id: number, reason: string) {
  return call(`/companies/${id}/suspend`, CompanySavedSchema, { method: "POST", body: { reason } });
}

export function activateCompany(id: number) {
  return call(`/companies/${id}/activate`, CompanySavedSchema, { method: "POST" });
}

export function getCompanyWithBoss(id: number, signal?: AbortSignal) {
  return call(`/companies/${id}/with-boss`, CompanyWithBossSchema, { signal });
}

// ---------------------------------------------------------------- boss

export type NewBoss = { email: string; password: string; first_name: string; last_name: string };

/** Creates the company's boss or replaces the current one. */
export function createBoss(companyId: number, boss: NewBoss, idempotencyKey: string) {
  return call(`/companies/${companyId}/boss`, BossSavedSchema, {
    method: "POST",
    body: boss,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export function getBoss(companyId: number, signal?: AbortSignal) {
  return call(`/companies/${companyId}/boss`, BossSchema, { signal });
}

// ---------------------------------------------------------------- subscriptions

export type SubscriptionChangeInput = {
  company_id: number;
  new_plan: PlanCode;
  new_max_locations: number;
  new_max_employees: number;
  new_price_per_location: number;
  effective_date: string;
  reason: string | null;
};

/** Applied at once, or scheduled when effective_date is later than today (`scheduled: true`). */
export function changeSubscription(change: SubscriptionChangeInput, idempotencyKey: string) {
  return call("/subscriptions/change", SubscriptionChangedSchema, {
    method: "POST",
    body: change,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** Cancels a change that still waits for its date. */
export function cancelScheduledChange(changeId: number) {
  return call(`/subscriptions/changes/${changeId}/cancel`, ChangeCancelledSchema, { method: "POST" });
}

export async function subscriptionHistory(companyId: number, signal?: AbortSignal) {
  return (await call(`/subscriptions/${companyId}/history`, SubscriptionHistorySchema, { signal })).history;
}

// ---------------------------------------------------------------- invoices

export type InvoiceFilter = InvoiceStatus | "all";

export async function listInvoices(status: InvoiceFilter, signal?: AbortSignal) {
  const path = `/invoices${query({ status: status === "all" ? undefined : status, skip: 0, limit: LIST_LIMIT })}`;
  return (await call(path, InvoiceListSchema, { signal })).invoices;
}

export async function listCompanyInvoices(companyId: number, status: InvoiceFilter, signal?: AbortSignal) {
  const path = `/invoices/company/${companyId}${query({ status: status === "all" ? undefined : status })}`;
  return (await call(path, InvoiceListSchema, { signal })).invoices;
}

export function generateInvoice(companyId: number, idempotencyKey: string) {
  return call(`/invoices/generate/${companyId}`, InvoiceSavedSchema, {
    method: "POST",
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export type Payment = { payment_method: string; payment_reference: string | null; paid_at: string };

export function markInvoicePaid(invoiceId: number, payment: Payment) {
  return call(`/invoices/${invoiceId}/mark-paid`, InvoiceSavedSchema, { method: "POST", body: payment });
}

// ---------------------------------------------------------------- metrics, report, plans, health

export function globalMetrics(signal?: AbortSignal) {
  return call("/metrics/global", GlobalMetricsSchema, { signal });
}

export function companyMetrics(companyId: number, signal?: AbortSignal) {
  return call(`/metrics/company/${companyId}`, CompanyMetricsSchema, { signal });
}

export function financialReport(startDate: string, endDate: string, signal?: AbortSignal) {
  return call(`/reports/financial${query({ start_date: startDate, end_date: endDate })}`, FinancialReportAnswerSchema, {
    signal,
  });
}

export async function listPlans(activeOnly = true, signal?: AbortSignal) {
  return (await call(`/plans${query({ active_only: String(activeOnly) })}`, PlanListSchema, { signal })).plans;
}

export type NewPlan = {
  plan_code: string;
  display_name: string;
  description: string;
  max_locations: number;
  max_employees: number;
  price_per_location: number;
  features: Record<string, boolean>;
  sort_order: number;
};

export function createPlan(plan: NewPlan, idempotencyKey: string) {
  return call("/plans", PlanSavedSchema, {
    method: "POST",
    body: plan,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export function health(signal?: AbortSignal) {
  return call("/health", HealthSchema, { signal });
}

// ---------------------------------------------------------------- one-time setup

export type FirstSuperadmin = {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  secret_key: string;
};

/**
 * POST /setup/first-superadmin. Sent without a token (spec 2 §6: the installation secret protects it),
 * so it bypasses apiRequest, which always attaches the session's bearer token.
 */
export async function createFirstSuperadmin(body: FirstSuperadmin) {
  let response: Response;
  try {
    response = await fetch(`${BASE}/setup/first-superadmin`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, "network");
  }
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (!response.ok) {
    const parsed = v.safeParse(v.object({ detail: v.pipe(v.string(), v.nonEmpty()) }), payload);
    const detail = parsed.success ? parsed.output.detail : null;
    throw new ApiError(response.status, detail ?? `HTTP ${response.status}`, "http", detail);
  }
  const parsed = v.safeParse(SetupResultSchema, payload);
  if (!parsed.success) throw new ApiError(response.status, INVALID_RESPONSE, "invalid");
  return parsed.output;
}
