// The company catalogue as the phone keeps it: GET /api/v1/classify/catalog with If-None-Match, the
// answer kept in Cache Storage (per user and model) so a phone downloads it once and revalidates
// cheaply. Shared by the scan's Web Worker (vectors) and the main thread's search (products, codes):
// no TF.js here.
import type { CataloguePayload } from "./protocol";

export const CACHE_NAME = "horma-scan-catalogue-v1";

export function isPayload(value: unknown): value is CataloguePayload {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.model_id === "string" &&
    typeof v.dims === "number" &&
    v.encoding === "int8-base64" &&
    typeof v.scale === "number" &&
    Array.isArray(v.product_ids) &&
    typeof v.vectors === "string" &&
    Array.isArray(v.products)
  );
}

/** The catalogue's URL for a model id. */
export const catalogueUrl = (modelId: string) => `/api/v1/classify/catalog?model_id=${encodeURIComponent(modelId)}`;

async function openCache(): Promise<Cache | null> {
  try {
    return typeof caches === "undefined" ? null : await caches.open(CACHE_NAME);
  } catch {
    return null; // private modes may refuse storage; the catalogue is then kept in memory only
  }
}

export type StoredCatalogue = {
  payload: CataloguePayload;
  /** "network": downloaded now; "cache": the server said 304 or could not be reached and a copy was kept. */
  source: "network" | "cache";
};

/** Downloads (or revalidates) the catalogue; falls back to the cached copy when offline. */
export async function loadCataloguePayload(url: string, token: string | null, scope: string): Promise<StoredCatalogue> {
  const cache = await openCache();
  const key = new URL(
    `/__horma/scan-catalogue/${encodeURIComponent(scope)}?u=${encodeURIComponent(url)}`,
    self.location.origin,
  ).href;
  const cached = await cache?.match(key);
  const cachedBody: unknown = cached
    ? await cached
        .clone()
        .json()
        .catch(() => null)
    : null;
  const etag = cached?.headers.get("X-Catalogue-ETag") ?? null;
  const headers = new Headers({ Accept: "application/json" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (etag && isPayload(cachedBody)) headers.set("If-None-Match", etag);
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    if (isPayload(cachedBody)) return { payload: cachedBody, source: "cache" };
    throw new Error("Sin conexión: no se pudo descargar el catálogo");
  }
  if (response.status === 304 && isPayload(cachedBody)) return { payload: cachedBody, source: "cache" };
  if (!response.ok) {
    // a server error while a copy is kept: the copy is better than nothing
    if (response.status >= 500 && isPayload(cachedBody)) return { payload: cachedBody, source: "cache" };
    throw new Error(`No se pudo descargar el catálogo (${response.status})`);
  }
  const body: unknown = await response.json();
  if (!isPayload(body)) throw new Error("Catálogo con formato inesperado");
  const fresh = response.headers.get("ETag");
  if (cache && fresh) {
    await cache
      .put(
        key,
        new Response(JSON.stringify(body), {
          headers: { "Content-Type": "application/json", "X-Catalogue-ETag": fresh },
        }),
      )
      .catch(() => undefined);
  }
  return { payload: body, source: "network" };
}
