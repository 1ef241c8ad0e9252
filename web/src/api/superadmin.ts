import { fetchAllPages } from "../lib/paging";
import { ApiError, anonymousApi, api, type Body, byId, type Input, call as send, withKey, withSignal } from "./http";
import type { InvoiceStatus } from "./superadmin-schemas";

const admin = api.superadmin;

/** Rows per call when a list is read whole (the routes' largest page). */
const EVERY_PAGE = 500;

/** Spec 2 §7: a failed answer reads the server's `detail`, otherwise "HTTP {status}". */
function specMessage(error: unknown): never {
  if (error instanceof ApiError && error.kind === "http" && error.detail === null) {
    throw new ApiError(error.status, `HTTP ${error.status}`, "http", null);
  }
  throw error;
}

const call: typeof send = (request) => send(request).catch(specMessage);

// ---------------------------------------------------------------- companies

type CompanyQuery = NonNullable<Input<typeof admin.companies.$get>["query"]>;
export type CompanyFilter = { search?: string; status?: CompanyQuery["status"]; plan?: string };

/**
 * Every company the filter matches (issue 32 §4: the console's lists are whole): the route's pages of
 * EVERY_PAGE are asked for until `total` came, so the list and its count always agree.
 */
export async function listCompanies(filter: CompanyFilter = {}, signal?: AbortSignal) {
  const status = filter.status && filter.status !== "all" ? filter.status : undefined;
  const query = { status, plan: filter.plan || undefined, search: filter.search?.trim() || undefined };
  let total = 0;
  const companies = await fetchAllPages(
    async (offset, limit) => {
      const answer = await call(
        admin.companies.$get({ query: { ...query, skip: String(offset), limit: String(limit) } }, withSignal(signal)),
      );
      total = answer.total;
      return { rows: answer.companies, total: answer.total };
    },
    (c) => c.id,
    EVERY_PAGE,
  );
  return { companies, total: Math.max(total, companies.length) };
}

export type NewCompany = Body<typeof admin.companies.$post>;
/** The subdomain is never sent: it cannot change after creation. */
export type CompanyChanges = Omit<Body<(typeof admin.companies)[":id"]["$put"]>, "subdomain">;

export function createCompany(company: NewCompany, idempotencyKey: string) {
  return call(admin.companies.$post({ json: company }, withKey(idempotencyKey)));
}

export function getCompany(id: number, signal?: AbortSignal) {
  return call(admin.companies[":id"].$get({ param: byId(id) }, withSignal(signal)));
}

export function updateCompany(id: number, changes: CompanyChanges) {
  return call(admin.companies[":id"].$put({ param: byId(id), json: changes }));
}

export function deleteCompany(id: number) {
  return call(admin.companies[":id"].$delete({ param: byId(id) }));
}

export function suspendCompany(id: number, reason: string) {
  return call(admin.companies[":id"].suspend.$post({ param: byId(id), json: { reason } }));
}

export function activateCompany(id: number) {
  return call(admin.companies[":id"].activate.$post({ param: byId(id) }));
}

export function getCompanyWithBoss(id: number, signal?: AbortSignal) {
  return call(admin.companies[":id"]["with-boss"].$get({ param: byId(id) }, withSignal(signal)));
}

// ---------------------------------------------------------------- boss

export type NewBoss = Body<(typeof admin.companies)[":id"]["boss"]["$post"]>;

/** Creates the company's boss or replaces the current one. */
export function createBoss(companyId: number, boss: NewBoss, idempotencyKey: string) {
  return call(admin.companies[":id"].boss.$post({ param: byId(companyId), json: boss }, withKey(idempotencyKey)));
}

export function getBoss(companyId: number, signal?: AbortSignal) {
  return call(admin.companies[":id"].boss.$get({ param: byId(companyId) }, withSignal(signal)));
}

// ---------------------------------------------------------------- subscriptions

export type SubscriptionChangeInput = Body<typeof admin.subscriptions.change.$post>;

/** Applied at once, or scheduled when effective_date is later than today (`scheduled: true`). */
export function changeSubscription(change: SubscriptionChangeInput, idempotencyKey: string) {
  return call(admin.subscriptions.change.$post({ json: change }, withKey(idempotencyKey)));
}

/** Cancels a change that still waits for its date. */
export function cancelScheduledChange(changeId: number) {
  return call(admin.subscriptions.changes[":id"].cancel.$post({ param: byId(changeId) }));
}

export async function subscriptionHistory(companyId: number, signal?: AbortSignal) {
  return (await call(admin.subscriptions[":id"].history.$get({ param: byId(companyId) }, withSignal(signal)))).history;
}

// ---------------------------------------------------------------- invoices

export type InvoiceFilter = InvoiceStatus | "all";

/** Every invoice of the platform with that status (all its pages: the tab's totals add all of them). */
export function listInvoices(status: InvoiceFilter, signal?: AbortSignal) {
  const filter = status === "all" ? undefined : status;
  return fetchAllPages(
    async (offset, limit) => {
      const query = { status: filter, skip: String(offset), limit: String(limit) };
      const answer = await call(admin.invoices.$get({ query }, withSignal(signal)));
      return { rows: answer.invoices, total: answer.total };
    },
    (i) => i.id,
    EVERY_PAGE,
  );
}

/** Every invoice of one company with that status (all its pages). */
export function listCompanyInvoices(companyId: number, status: InvoiceFilter, signal?: AbortSignal) {
  const filter = status === "all" ? undefined : status;
  return fetchAllPages(
    async (offset, limit) => {
      const query = { status: filter, skip: String(offset), limit: String(limit) };
      const answer = await call(
        admin.invoices.company[":id"].$get({ param: byId(companyId), query }, withSignal(signal)),
      );
      return { rows: answer.invoices, total: answer.total };
    },
    (i) => i.id,
    EVERY_PAGE,
  );
}

export function generateInvoice(companyId: number, idempotencyKey: string) {
  return call(admin.invoices.generate[":id"].$post({ param: byId(companyId) }, withKey(idempotencyKey)));
}

export type Payment = Body<(typeof admin.invoices)[":id"]["mark-paid"]["$post"]>;

export function markInvoicePaid(invoiceId: number, payment: Payment) {
  return call(admin.invoices[":id"]["mark-paid"].$post({ param: byId(invoiceId), json: payment }));
}

// ---------------------------------------------------------------- metrics, report, plans, health

export function globalMetrics(signal?: AbortSignal) {
  return call(admin.metrics.global.$get(undefined, withSignal(signal)));
}

export function companyMetrics(companyId: number, signal?: AbortSignal) {
  return call(admin.metrics.company[":id"].$get({ param: byId(companyId) }, withSignal(signal)));
}

export async function financialReport(startDate: string, endDate: string, signal?: AbortSignal) {
  const query = { start_date: startDate, end_date: endDate };
  return (await call(admin.reports.financial.$get({ query }, withSignal(signal)))).report;
}

/** Where a new company's data may live (one D1 region per group of shards), and the default one. */
export function listRegions(signal?: AbortSignal) {
  return call(admin.regions.$get({}, withSignal(signal)));
}

export type Regions = Awaited<ReturnType<typeof listRegions>>;

export async function listPlans(activeOnly = true, signal?: AbortSignal) {
  const query = { active_only: activeOnly ? ("true" as const) : ("false" as const) };
  return (await call(admin.plans.$get({ query }, withSignal(signal)))).plans;
}

export type NewPlan = Body<typeof admin.plans.$post>;

export function createPlan(plan: NewPlan, idempotencyKey: string) {
  return call(admin.plans.$post({ json: plan }, withKey(idempotencyKey)));
}

export function health(signal?: AbortSignal) {
  return call(admin.health.$get(undefined, withSignal(signal)));
}

// ---------------------------------------------------------------- one-time setup

export type FirstSuperadmin = Body<(typeof anonymousApi.superadmin.setup)["first-superadmin"]["$post"]>;

/**
 * POST /setup/first-superadmin. Sent without a token (spec 2 §6: the installation secret protects it),
 * so it does not go through the typed client's fetch, which attaches the session's bearer token.
 */
export function createFirstSuperadmin(json: FirstSuperadmin) {
  return call(anonymousApi.superadmin.setup["first-superadmin"].$post({ json }));
}
