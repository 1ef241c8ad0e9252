import type { ConnectionDiagnosis } from "./admin-schemas";
import { ApiError, api, type Body, byId, call, query, withKey, withSignal } from "./http";
import type { Category } from "./schemas";

const panel = api.admin.admin;

// ---------------------------------------------------------------- dashboard

/** GET /dashboard: the six metrics, managed locations with today's sales. */
export function fetchAdminDashboard(signal?: AbortSignal) {
  return call(panel.dashboard.$get(undefined, withSignal(signal)));
}

// ---------------------------------------------------------------- users

export type UserFilters = { role?: string; location_id?: number | null; is_active?: boolean | null };

/** GET /users with optional role (vendedor/bodeguero/corredor), location and active filters. */
export function fetchUsers(filters: UserFilters, signal?: AbortSignal) {
  const { is_active, ...rest } = filters;
  const active = is_active === null || is_active === undefined ? undefined : is_active ? "true" : "false";
  return call(panel.users.$get({ query: { ...query(rest), is_active: active } }, withSignal(signal)));
}

/** The API's role: vendedor is sent as seller (spec §1). */
export type NewStaffUser = Body<typeof panel.users.$post>;

export function createUser(user: NewStaffUser, idempotencyKey: string) {
  return call(panel.users.$post({ json: user }, withKey(idempotencyKey)));
}

export type StaffUserChanges = Omit<Body<(typeof panel.users)[":id"]["$put"]>, "email" | "role">;

/** PUT /users/{id}: e-mail and role are never sent (they are locked). */
export function updateUser(id: number, changes: StaffUserChanges) {
  return call(panel.users[":id"].$put({ param: byId(id), json: changes }));
}

// ---------------------------------------------------------------- locations

export function fetchAvailableLocations(signal?: AbortSignal) {
  return call(panel["available-locations-for-users"].$get(undefined, withSignal(signal)));
}

export function fetchAdminLocations(signal?: AbortSignal) {
  return call(panel.locations.$get(undefined, withSignal(signal)));
}

/** GET /locations/{id}/stats for a date range ('YYYY-MM-DD', end inclusive). */
export function fetchLocationStats(id: number, startDate: string, endDate: string, signal?: AbortSignal) {
  const range = { start_date: startDate, end_date: endDate };
  return call(panel.locations[":id"].stats.$get({ param: byId(id), query: range }, withSignal(signal)));
}

// ---------------------------------------------------------------- costs

export function fetchCosts(filters: { cost_type?: string; location_id?: number | null }, signal?: AbortSignal) {
  return call(panel.costs.$get({ query: query(filters) }, withSignal(signal)));
}

/** cost_type is the API category (arriendo, servicios, ...) the form's label, sent as category, maps to (spec §9). */
export type NewCost = Body<typeof panel.costs.$post>;

export function createCost(cost: NewCost, idempotencyKey: string) {
  return call(panel.costs.$post({ json: cost }, withKey(idempotencyKey)));
}

/**
 * A cost's payment: the due date being paid ('YYYY-MM-DD', when the cost has one), the amount paid,
 * the day it was paid, the method and an optional receipt number or note.
 */
export type CostPayment = { cost_id: number } & Body<(typeof panel.costs)[":id"]["pay"]["$post"]>;

/**
 * POST /costs/{id}/pay: logs the payment and moves the due date to the next period. With the due date
 * paid, a second payment of that period is refused (409) instead of paying the next one.
 */
export function payCost(payment: CostPayment, idempotencyKey: string) {
  const { cost_id, due_date, ...rest } = payment;
  const json = due_date ? { due_date, ...rest } : rest;
  return call(panel.costs[":id"].pay.$post({ param: byId(cost_id), json }, withKey(idempotencyKey)));
}

/** GET /costs/{id}/payments: the cost's payment log, newest first (undone ones included). */
export async function fetchCostPayments(costId: number, signal?: AbortSignal) {
  return (await call(panel.costs[":id"].payments.$get({ param: byId(costId) }, withSignal(signal)))).payments;
}

/** POST /costs/{id}/payments/{paymentId}/undo: the cost is due again on the date that payment settled. */
export function undoCostPayment(costId: number, paymentId: number, reason: string | null, idempotencyKey: string) {
  return call(
    panel.costs[":id"].payments[":paymentId"].undo.$post(
      { param: { id: String(costId), paymentId: String(paymentId) }, json: { reason } },
      withKey(idempotencyKey),
    ),
  );
}

export function fetchOperationalDashboard(signal?: AbortSignal) {
  return call(panel.costs["operational-dashboard"].$get(undefined, withSignal(signal)));
}

// ---------------------------------------------------------------- notifications

export function fetchPendingDiscounts(signal?: AbortSignal) {
  return call(panel["discount-requests"].pending.$get(undefined, withSignal(signal)));
}

export const REJECTION_NOTE = "Rechazado por administrador";

/** POST /discount-requests/approve; a rejection carries the spec's note. */
export function decideDiscount(id: number, approved: boolean) {
  const json = { discount_request_id: id, approved, admin_notes: approved ? null : REJECTION_NOTE };
  return call(panel["discount-requests"].approve.$post({ json }));
}

export function fetchPendingReturns(signal?: AbortSignal) {
  return call(panel.returns.pending.$get(undefined, withSignal(signal)));
}

/**
 * GET /admin/admin/discrepancies: a page of the receptions that did not add up (open ones by default;
 * 100 from `offset`), with `total` and `open_count`, how many there are in all.
 */
export function fetchDiscrepancies(status: "open" | "all" = "open", signal?: AbortSignal, offset = 0) {
  const query = offset ? { status, offset: String(offset) } : { status };
  return call(panel.discrepancies.$get({ query }, withSignal(signal)));
}

/** POST /admin/admin/discrepancies/{id}/resolve: found (back to stock) or written off, with a reason. */
export function resolveDiscrepancy(id: number, resolution: "found" | "write_off", reason: string) {
  const json = { resolution, reason: reason.trim() };
  return call(panel.discrepancies[":id"].resolve.$post({ param: byId(id), json }));
}

// ---------------------------------------------------------------- alerts

export type NewInventoryAlert = Body<(typeof panel)["inventory-alerts"]["$post"]>;

export function createInventoryAlert(alert: NewInventoryAlert, idempotencyKey: string) {
  return call(panel["inventory-alerts"].$post({ json: alert }, withKey(idempotencyKey)));
}

export function fetchInventoryAlerts(signal?: AbortSignal) {
  return call(panel["inventory-alerts"].$get(undefined, withSignal(signal)));
}

/**
 * A page of the storefront newsletter's subscribers of the company (newest first; 200 from `offset`
 * unless `limit` says otherwise), with `total`, how many there are in all.
 */
export function fetchNewsletterSubscribers(signal?: AbortSignal, offset = 0, limit?: number) {
  const query = { ...(offset ? { offset: String(offset) } : {}), ...(limit ? { limit: String(limit) } : {}) };
  return call(panel.newsletter.subscribers.$get({ query }, withSignal(signal)));
}

// ---------------------------------------------------------------- reports

/** POST /reports/sales for a date range (end inclusive), optionally one location. */
export function fetchSalesReport(startDate: string, endDate: string, locationId?: number, signal?: AbortSignal) {
  const json = { start_date: startDate, end_date: endDate, ...(locationId ? { location_id: locationId } : {}) };
  return call(panel.reports.sales.$post({ json }, withSignal(signal)));
}

/** IVA per store and rate in a period, net of returns (the bookkeeper's report). */
export function fetchVatReport(startDate: string, endDate: string, signal?: AbortSignal) {
  return call(panel.reports.iva.$get({ query: { start_date: startDate, end_date: endDate } }, withSignal(signal)));
}

/** What to reorder: filters of GET /reports/reorder (empty: the default). */
export type ReorderFilters = {
  location_id?: number | null;
  window_days?: number;
  supplier_id?: number | null;
  all?: boolean;
};

/** GET /reports/reorder: per location × product × size, the suggested quantity and what it comes from. */
export function fetchReorder(f: ReorderFilters, signal?: AbortSignal) {
  const q = query({ ...f, all: f.all ? "1" : undefined });
  return call(panel.reports.reorder.$get({ query: q }, withSignal(signal)));
}

export type SizeCurveFilters = {
  location_id?: number | null;
  window_days?: number;
  product_id?: number | null;
  brand?: string;
  category?: string;
};

/** GET /reports/size-curve: % of sales against % of stock per size, and the broken runs per location. */
export function fetchSizeCurve(f: SizeCurveFilters, signal?: AbortSignal) {
  const { category, ...rest } = f;
  const q = { ...query(rest), ...(category ? { category: category as Category } : {}) };
  return call(panel.reports["size-curve"].$get({ query: q }, withSignal(signal)));
}

/** GET /reports/product-margin: units, sales, cost and margin per product in a period. */
export function fetchProductMargin(
  startDate: string,
  endDate: string,
  locationId?: number | null,
  signal?: AbortSignal,
) {
  const q = query({ start_date: startDate, end_date: endDate, location_id: locationId });
  return call(
    panel.reports["product-margin"].$get(
      { query: { start_date: startDate, end_date: endDate, ...q } },
      withSignal(signal),
    ),
  );
}

export function fetchUserPerformance(startDate: string, endDate: string, signal?: AbortSignal) {
  const range = { start_date: startDate, end_date: endDate };
  return call(panel.performance.users.$get({ query: range }, withSignal(signal)));
}

export function fetchTransfersOverview(signal?: AbortSignal) {
  return call(panel.transfers.overview.$get(undefined, withSignal(signal)));
}

export function fetchProductAssignments(signal?: AbortSignal) {
  return call(panel["product-assignments"].$get(undefined, withSignal(signal)));
}

export function fetchAdminHealth(signal?: AbortSignal) {
  return call(panel.health.$get(undefined, withSignal(signal)));
}

export function fetchSystemOverview(signal?: AbortSignal) {
  return call(panel.system.overview.$get(undefined, withSignal(signal)));
}

/**
 * GET /diagnosis/microservice-connection. A failing check answers 503 with the same body, which
 * the screen must still show check by check, so 503 is read like 200 here (one call: the check
 * writes and deletes a test object in R2).
 */
export async function testMicroserviceConnection(signal?: AbortSignal): Promise<ConnectionDiagnosis> {
  try {
    return await call(panel.diagnosis["microservice-connection"].$get(undefined, withSignal(signal)));
  } catch (error) {
    if (error instanceof ApiError && error.status === 503 && isDiagnosis(error.body)) return error.body;
    throw error;
  }
}

function isDiagnosis(body: unknown): body is ConnectionDiagnosis {
  return typeof body === "object" && body !== null && "checks" in body;
}

// ---------------------------------------------------------------- locations: edit, close, reopen

export type LocationChanges = Body<(typeof panel.locations)[":id"]["$put"]>;

export function updateLocation(id: number, changes: LocationChanges) {
  return call(panel.locations[":id"].$put({ param: byId(id), json: changes }));
}

export function setLocationActive(id: number, active: boolean) {
  const route = active ? panel.locations[":id"].reactivate : panel.locations[":id"].deactivate;
  return call(route.$post({ param: byId(id) }));
}
