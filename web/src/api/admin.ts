import * as v from "valibot";
import { companyHeaders } from "../lib/actingCompany";
import { notifySessionExpired, sessionAtom, signOutAtom } from "../lib/session";
import { appStore } from "../lib/store";
import {
  AdminDashboardSchema,
  AdminLocationsSchema,
  AlertCreatedSchema,
  AvailableLocationsSchema,
  ConnectionDiagnosisSchema,
  CostCreatedSchema,
  CostPaidSchema,
  CostsListSchema,
  DiscountDecisionSchema,
  DiscrepanciesSchema,
  DiscrepancySchema,
  HealthSchema,
  InventoryAlertsSchema,
  InventoryEntrySchema,
  LocationStatsSchema,
  NewsletterSubscribersSchema,
  OkSchema,
  OperationalDashboardSchema,
  PendingDiscountsSchema,
  PendingReturnsSchema,
  ProductAssignmentsSchema,
  SalesReportSchema,
  ScanEnrolmentSchema,
  SystemOverviewSchema,
  TransfersOverviewSchema,
  UserPerformanceSchema,
  UserSavedSchema,
  UsersListSchema,
  VideoPartSchema,
  VideoUploadDoneSchema,
  VideoUploadStartedSchema,
} from "./admin-schemas";
import { ApiError, apiRequest, INVALID_RESPONSE, NETWORK_ERROR } from "./http";

const BASE = "/api/v1/admin/admin";

function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

// ---------------------------------------------------------------- dashboard

/** GET /dashboard: the six metrics, managed locations with today's sales. */
export function fetchAdminDashboard(signal?: AbortSignal) {
  return apiRequest(`${BASE}/dashboard`, AdminDashboardSchema, { signal });
}

// ---------------------------------------------------------------- users

export type UserFilters = { role?: string; location_id?: number | null; is_active?: boolean | null };

/** GET /users with optional role (vendedor/bodeguero/corredor), location and active filters. */
export function fetchUsers(filters: UserFilters, signal?: AbortSignal) {
  return apiRequest(`${BASE}/users${query(filters)}`, UsersListSchema, { signal });
}

export type NewStaffUser = {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  /** The API's role: vendedor is sent as seller (spec §1). */
  role: "seller" | "bodeguero" | "corredor";
  location_id: number | null;
};

export function createUser(user: NewStaffUser, idempotencyKey: string) {
  return apiRequest(`${BASE}/users`, UserSavedSchema, {
    method: "POST",
    body: user,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export type StaffUserChanges = {
  first_name: string;
  last_name: string;
  is_active: boolean;
  location_id: number | null;
};

/** PUT /users/{id}: e-mail and role are never sent (they are locked). */
export function updateUser(id: number, changes: StaffUserChanges) {
  return apiRequest(`${BASE}/users/${id}`, UserSavedSchema, { method: "PUT", body: changes });
}

// ---------------------------------------------------------------- locations

export function fetchAvailableLocations(signal?: AbortSignal) {
  return apiRequest(`${BASE}/available-locations-for-users`, AvailableLocationsSchema, { signal });
}

export function fetchAdminLocations(signal?: AbortSignal) {
  return apiRequest(`${BASE}/locations`, AdminLocationsSchema, { signal });
}

/** GET /locations/{id}/stats for a date range ('YYYY-MM-DD', end inclusive). */
export function fetchLocationStats(id: number, startDate: string, endDate: string, signal?: AbortSignal) {
  return apiRequest(
    `${BASE}/locations/${id}/stats${query({ start_date: startDate, end_date: endDate })}`,
    LocationStatsSchema,
    { signal },
  );
}

// ---------------------------------------------------------------- costs

export function fetchCosts(filters: { cost_type?: string; location_id?: number | null }, signal?: AbortSignal) {
  return apiRequest(`${BASE}/costs${query(filters)}`, CostsListSchema, { signal });
}

export type NewCost = {
  location_id: number;
  /** The API category (arriendo, servicios, ...) the form's label maps to (spec §9). */
  cost_type: string;
  /** The form's label ("Internet", "Otros Fijos", ...). */
  category: string;
  nature: "fijo" | "variable";
  description: string;
  amount: number;
  frequency: string;
  start_date: string;
  end_date: string | null;
};

export function createCost(cost: NewCost, idempotencyKey: string) {
  return apiRequest(`${BASE}/costs`, CostCreatedSchema, {
    method: "POST",
    body: cost,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** A cost's payment: the due date being paid ('YYYY-MM-DD'), when the screen knows it. */
export type CostPayment = { cost_id: number; due_date: string | null };

/**
 * POST /costs/{id}/pay: records today's payment and moves the due date to the next period. With the
 * due date paid, a second payment of that period is refused (409) instead of paying the next one.
 */
export function payCost(payment: CostPayment, idempotencyKey: string) {
  return apiRequest(`${BASE}/costs/${payment.cost_id}/pay`, CostPaidSchema, {
    method: "POST",
    ...(payment.due_date ? { body: { due_date: payment.due_date } } : {}),
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export function fetchOperationalDashboard(signal?: AbortSignal) {
  return apiRequest(`${BASE}/costs/operational-dashboard`, OperationalDashboardSchema, { signal });
}

// ---------------------------------------------------------------- notifications

export function fetchPendingDiscounts(signal?: AbortSignal) {
  return apiRequest(`${BASE}/discount-requests/pending`, PendingDiscountsSchema, { signal });
}

export const REJECTION_NOTE = "Rechazado por administrador";

/** POST /discount-requests/approve; a rejection carries the spec's note. */
export function decideDiscount(id: number, approved: boolean) {
  return apiRequest(`${BASE}/discount-requests/approve`, DiscountDecisionSchema, {
    method: "POST",
    body: { discount_request_id: id, approved, admin_notes: approved ? null : REJECTION_NOTE },
  });
}

export function fetchPendingReturns(signal?: AbortSignal) {
  return apiRequest(`${BASE}/returns/pending`, PendingReturnsSchema, { signal });
}

const ResolvedDiscrepancySchema = v.object({ message: v.string(), discrepancy: DiscrepancySchema });

/** GET /admin/admin/discrepancies: receptions that did not add up (open ones by default). */
export function fetchDiscrepancies(status: "open" | "all" = "open", signal?: AbortSignal) {
  return apiRequest(`${BASE}/discrepancies${query({ status })}`, DiscrepanciesSchema, { signal });
}

/** POST /admin/admin/discrepancies/{id}/resolve: found (back to stock) or written off, with a reason. */
export function resolveDiscrepancy(id: number, resolution: "found" | "write_off", reason: string) {
  return apiRequest(`${BASE}/discrepancies/${id}/resolve`, ResolvedDiscrepancySchema, {
    method: "POST",
    body: { resolution, reason: reason.trim() },
  });
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
 * Like apiRequest but over XMLHttpRequest, the one browser API that reports upload progress.
 * Same error rules: network → ApiError "network", {detail} → its text, wrong shape → "invalid".
 */
function xhrRequest<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  options: XhrOptions,
): Promise<v.InferOutput<TSchema>> {
  return new Promise((resolve, reject) => {
    const session = appStore.get(sessionAtom);
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, path);
    xhr.setRequestHeader("Accept", "application/json");
    if (options.contentType) xhr.setRequestHeader("Content-Type", options.contentType);
    for (const [name, value] of Object.entries({ ...companyHeaders(), ...options.headers })) {
      xhr.setRequestHeader(name, value);
    }
    if (session) xhr.setRequestHeader("Authorization", `Bearer ${session.token}`);
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
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401 && session && appStore.get(sessionAtom)?.token === session.token) {
          appStore.set(signOutAtom);
          notifySessionExpired();
        }
        const detail =
          payload && typeof payload === "object" && "detail" in payload && typeof payload.detail === "string"
            ? payload.detail
            : null;
        reject(new ApiError(xhr.status, detail ?? `Error ${xhr.status}`, "http", detail));
        return;
      }
      const parsed = v.safeParse(schema, payload);
      if (parsed.success) resolve(parsed.output);
      else reject(new ApiError(xhr.status, INVALID_RESPONSE, "invalid"));
    };
    xhr.send(options.body);
  });
}

/** GET /api/v1/classify/enrolment: the company's active products without scan references for the model id. */
export function fetchScanEnrolment(modelId: string, signal?: AbortSignal) {
  return apiRequest(`/api/v1/classify/enrolment${query({ model_id: modelId })}`, ScanEnrolmentSchema, { signal });
}

/** Videos up to this size travel inside the entry request; larger ones go through the parts API. */
export const DIRECT_VIDEO_MAX_BYTES = 40 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;

export type EntryLocationQuantity = { location_id: number; quantity: number };
export type EntrySize = {
  size: string;
  pairs: EntryLocationQuantity[];
  left_feet: EntryLocationQuantity[];
  right_feet: EntryLocationQuantity[];
};

export type InventoryEntry = {
  product_brand: string;
  product_model: string;
  unit_price: number;
  box_price: number | null;
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
  const form = new FormData();
  form.set("product_brand", entry.product_brand);
  form.set("product_model", entry.product_model);
  form.set("unit_price", String(entry.unit_price));
  form.set("box_price", entry.box_price === null ? "" : String(entry.box_price));
  form.set("notes", entry.notes);
  if (entry.reference_code) form.set("reference_code", entry.reference_code);
  if (entry.color) form.set("color", entry.color);
  form.set("sizes_distribution_json", JSON.stringify(entry.sizes));
  if (entry.video) form.set("video_file", entry.video, entry.video.name);
  if (entry.video_key) form.set("video_key", entry.video_key);
  // The spec sends an empty placeholder when there is no photo; the server reads it as "no photo".
  form.set("reference_image", entry.photo ?? new File([], "empty.jpg", { type: "image/jpeg" }));
  return xhrRequest(`${BASE}/inventory/video-entry-distributed`, InventoryEntrySchema, {
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
  const started = await apiRequest(`${BASE}/inventory/video-uploads`, VideoUploadStartedSchema, {
    method: "POST",
    body: { content_type: contentType, size: video.size },
    signal,
  });
  const ref = { key: started.key, upload_id: started.upload_id };
  const partSize = started.part_size;
  const parts: { part_number: number; etag: string }[] = [];
  try {
    let offset = 0;
    for (let number = 1; offset < video.size; number++) {
      const chunk = video.slice(offset, offset + partSize);
      const before = offset;
      const part = await xhrRequest(
        `${BASE}/inventory/video-uploads/parts${query({ ...ref, part_number: number })}`,
        VideoPartSchema,
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
    const done = await apiRequest(`${BASE}/inventory/video-uploads/complete`, VideoUploadDoneSchema, {
      method: "POST",
      body: { ...ref, parts },
      signal,
    });
    return done.key;
  } catch (error) {
    await apiRequest(`${BASE}/inventory/video-uploads${query(ref)}`, OkSchema, { method: "DELETE" }).catch(
      () => undefined,
    );
    throw error;
  }
}

// ---------------------------------------------------------------- alerts

export type NewInventoryAlert = {
  location_id: number;
  alert_type: string;
  threshold_value: number;
  product_reference: string | null;
  notification_emails: string[];
  is_active: boolean;
};

export function createInventoryAlert(alert: NewInventoryAlert, idempotencyKey: string) {
  return apiRequest(`${BASE}/inventory-alerts`, AlertCreatedSchema, {
    method: "POST",
    body: alert,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export function fetchInventoryAlerts(signal?: AbortSignal) {
  return apiRequest(`${BASE}/inventory-alerts`, InventoryAlertsSchema, { signal });
}

/** The storefront newsletter's subscribers of the company (newest first). */
export function fetchNewsletterSubscribers(signal?: AbortSignal) {
  return apiRequest(`${BASE}/newsletter/subscribers`, NewsletterSubscribersSchema, { signal });
}

// ---------------------------------------------------------------- reports

/** POST /reports/sales for a date range (end inclusive), optionally one location. */
export function fetchSalesReport(startDate: string, endDate: string, locationId?: number, signal?: AbortSignal) {
  return apiRequest(`${BASE}/reports/sales`, SalesReportSchema, {
    method: "POST",
    body: { start_date: startDate, end_date: endDate, ...(locationId ? { location_id: locationId } : {}) },
    signal,
  });
}

export function fetchUserPerformance(startDate: string, endDate: string, signal?: AbortSignal) {
  return apiRequest(
    `${BASE}/performance/users${query({ start_date: startDate, end_date: endDate })}`,
    UserPerformanceSchema,
    { signal },
  );
}

export function fetchTransfersOverview(signal?: AbortSignal) {
  return apiRequest(`${BASE}/transfers/overview`, TransfersOverviewSchema, { signal });
}

export function fetchProductAssignments(signal?: AbortSignal) {
  return apiRequest(`${BASE}/product-assignments`, ProductAssignmentsSchema, { signal });
}

export function fetchAdminHealth(signal?: AbortSignal) {
  return apiRequest(`${BASE}/health`, HealthSchema, { signal });
}

export function fetchSystemOverview(signal?: AbortSignal) {
  return apiRequest(`${BASE}/system/overview`, SystemOverviewSchema, { signal });
}

/**
 * GET /diagnosis/microservice-connection. A failing check answers 503 with the same body, which
 * the screen must still show check by check, so 503 is read like 200 here (one call: the check
 * writes and deletes a test object in R2).
 */
export async function testMicroserviceConnection(signal?: AbortSignal) {
  const session = appStore.get(sessionAtom);
  const headers = new Headers({ ...companyHeaders(), Accept: "application/json" });
  if (session) headers.set("Authorization", `Bearer ${session.token}`);
  let response: Response;
  try {
    response = await fetch(`${BASE}/diagnosis/microservice-connection`, { headers, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, NETWORK_ERROR, "network");
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok || response.status === 503) {
    const parsed = v.safeParse(ConnectionDiagnosisSchema, payload);
    if (parsed.success) return parsed.output;
  }
  if (response.status === 401 && session && appStore.get(sessionAtom)?.token === session.token) {
    appStore.set(signOutAtom);
    notifySessionExpired();
  }
  const detail =
    payload && typeof payload === "object" && "detail" in payload && typeof payload.detail === "string"
      ? payload.detail
      : null;
  if (response.ok) throw new ApiError(response.status, INVALID_RESPONSE, "invalid");
  throw new ApiError(response.status, detail ?? `Error ${response.status}`, "http", detail);
}
