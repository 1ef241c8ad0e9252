import type { ConnectionDiagnosis, InventoryEntryResult, VideoPart } from "./admin-schemas";
import {
  ApiError,
  api,
  apiFailure,
  authHeaders,
  type Body,
  byId,
  call,
  INVALID_RESPONSE,
  NETWORK_ERROR,
  withKey,
  withSignal,
} from "./http";

const BASE = "/api/v1/admin/admin";
const panel = api.admin.admin;

/** Query values as the URL carries them; empty ones are left out. */
function query<T extends Record<string, string | number | boolean | null | undefined>>(params: T) {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== "") out[key] = String(value);
  }
  return out as { [K in keyof T]?: string };
}

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

// ---------------------------------------------------------------- uploads with progress

type Progress = (loaded: number, total: number) => void;

type XhrOptions = {
  method: "POST" | "PUT";
  body: XMLHttpRequestBodyInit;
  contentType?: string;
  headers?: Record<string, string>;
  onProgress?: Progress;
  signal?: AbortSignal;
};

/**
 * A call over XMLHttpRequest, the one browser API that reports upload progress, with the typed
 * client's error rules (network → "network" ApiError, {detail} → its text, unreadable → "invalid").
 */
function xhrRequest<T>(path: string, options: XhrOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, path);
    const headers = authHeaders(options.headers);
    headers.set("Accept", "application/json");
    if (options.contentType) headers.set("Content-Type", options.contentType);
    for (const [name, value] of headers) xhr.setRequestHeader(name, value);
    const token = headers.get("Authorization");
    if (options.onProgress) {
      const report = options.onProgress;
      xhr.upload.onprogress = (event) => report(event.loaded, event.lengthComputable ? event.total : 0);
    }
    const abort = () => xhr.abort();
    options.signal?.addEventListener("abort", abort, { once: true });
    const done = () => options.signal?.removeEventListener("abort", abort);
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, NETWORK_ERROR, "network"));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException("Carga cancelada", "AbortError"));
    };
    xhr.onload = () => {
      done();
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = null;
      }
      if (xhr.status < 200 || xhr.status >= 300) reject(apiFailure(xhr.status, payload, token));
      else if (payload === null) reject(new ApiError(xhr.status, INVALID_RESPONSE, "invalid"));
      else resolve(payload as T);
    };
    xhr.send(options.body);
  });
}

/** GET /api/v1/classify/enrolment: the company's active products without scan references for the model id. */
export function fetchScanEnrolment(modelId: string, signal?: AbortSignal) {
  return call(api.classify.enrolment.$get({ query: { model_id: modelId } }, withSignal(signal)));
}

/** Videos up to this size travel inside the entry request; larger ones go through the parts API. */
export const DIRECT_VIDEO_MAX_BYTES = 40 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;

type EntryBody = Body<(typeof panel.inventory)["video-entry-distributed"]["$post"]>;
type EntrySizeBody = Exclude<EntryBody["sizes_distribution_json"], string | null | undefined>[number];

/** The distribution as the form builds it: whole quantities per location, checked against the route below. */
export type EntryLocationQuantity = { location_id: number; quantity: number };
export type EntrySize = {
  size: string;
  pairs: EntryLocationQuantity[];
  left_feet: EntryLocationQuantity[];
  right_feet: EntryLocationQuantity[];
};

/** The entry as the screen holds it: files stay Files until the multipart body is built. */
export type InventoryEntry = {
  product_brand: string;
  product_model: string;
  unit_price: number;
  box_price: number | null;
  /** What each pair cost; null keeps the product's cost. */
  cost_price: number | null;
  notes: string;
  reference_code: string;
  color: string;
  sizes: EntrySize[];
  /** The recorded or chosen video; null when it was already uploaded in parts (then `video_key`). */
  video: File | null;
  video_key: string | null;
  photo: File | null;
};

/** POST /inventory/video-entry-distributed (multipart), reporting upload progress. */
export function submitInventoryEntry(
  entry: InventoryEntry,
  idempotencyKey: string,
  onProgress?: Progress,
  signal?: AbortSignal,
) {
  const sizes: EntrySizeBody[] = entry.sizes;
  const fields = {
    product_brand: entry.product_brand,
    product_model: entry.product_model,
    unit_price: String(entry.unit_price),
    box_price: entry.box_price === null ? "" : String(entry.box_price),
    cost_price: entry.cost_price === null ? "" : String(entry.cost_price),
    notes: entry.notes,
    reference_code: entry.reference_code || undefined,
    color: entry.color || undefined,
    sizes_distribution_json: JSON.stringify(sizes),
    video_file: entry.video ?? undefined,
    video_key: entry.video_key || undefined,
    // The spec sends an empty placeholder when there is no photo; the server reads it as "no photo".
    reference_image: entry.photo ?? new File([], "empty.jpg", { type: "image/jpeg" }),
  } satisfies EntryBody;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  return xhrRequest<InventoryEntryResult>(`${BASE}/inventory/video-entry-distributed`, {
    method: "POST",
    body: form,
    headers: { "Idempotency-Key": idempotencyKey },
    onProgress,
    signal,
  });
}

/**
 * Uploads a video above 40 MB through R2 multipart (start, PUT each part, complete) so no request
 * passes the Worker's body cap; aborts the upload on any failure. Returns the stored key.
 */
export async function uploadLargeVideo(video: File, onProgress?: Progress, signal?: AbortSignal): Promise<string> {
  const contentType = video.type === "video/mp4" ? "video/mp4" : "video/webm";
  const started = await call(
    panel.inventory["video-uploads"].$post(
      { json: { content_type: contentType, size: video.size } },
      withSignal(signal),
    ),
  );
  const ref = { key: started.key, upload_id: started.upload_id };
  const partSize = started.part_size;
  const parts: { part_number: number; etag: string }[] = [];
  try {
    let offset = 0;
    for (let number = 1; offset < video.size; number++) {
      const chunk = video.slice(offset, offset + partSize);
      const before = offset;
      const part = await xhrRequest<VideoPart>(
        `${BASE}/inventory/video-uploads/parts?${new URLSearchParams(query({ ...ref, part_number: number }))}`,
        {
          method: "PUT",
          body: chunk,
          contentType: "application/octet-stream",
          onProgress: (loaded) => onProgress?.(before + loaded, video.size),
          signal,
        },
      );
      parts.push({ part_number: part.part_number, etag: part.etag });
      offset += chunk.size;
      onProgress?.(offset, video.size);
    }
    const done = await call(
      panel.inventory["video-uploads"].complete.$post({ json: { ...ref, parts } }, withSignal(signal)),
    );
    return done.key;
  } catch (error) {
    await call(panel.inventory["video-uploads"].$delete({ query: ref })).catch(() => undefined);
    throw error;
  }
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
