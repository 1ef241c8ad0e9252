import type { InventoryEntryResult, VideoPart } from "./admin-schemas";
import {
  ApiError,
  api,
  apiFailure,
  authHeaders,
  type Body,
  call,
  INVALID_RESPONSE,
  NETWORK_ERROR,
  query,
  withSignal,
} from "./http";

/** The administrador's inventory entry by video and the scan enrolment: calls that report upload progress. */
const BASE = "/api/v1/admin/admin";
const panel = api.admin.admin;

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
  /** An entry from a purchase order: its pairs of this product enter as a reception of the order. */
  purchase_order_id: number | null;
  product_id: number | null;
};

/** POST /inventory/video-entry-distributed (multipart), reporting upload progress; with an order, a reception of it. */
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
    purchase_order_id: entry.purchase_order_id === null ? undefined : String(entry.purchase_order_id),
    product_id: entry.product_id === null ? undefined : String(entry.product_id),
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
