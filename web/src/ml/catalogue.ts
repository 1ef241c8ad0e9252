// The company's reference embeddings on the phone: GET /api/v1/classify/catalog with If-None-Match,
// kept in Cache Storage (per user and model) so a phone downloads it once and revalidates cheaply.
import { COLOUR_BINS, modelKey, rerankByColour } from "../../../worker/domain/scan-colour";
import type { CataloguePayload, CatalogueProduct, CatalogueResult, DeviceGuess } from "./protocol";
import { base64ToBytes, type Catalogue, galleryOf, nearestProducts } from "./vectors";

/** As the server (worker/domain/scan-answer.ts): shape candidates before the colour re-rank. */
const SHAPE_CANDIDATES = 10;

const CACHE_NAME = "horma-scan-catalogue-v1";

function isPayload(value: unknown): value is CataloguePayload {
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

export type LoadedCatalogue = {
  catalogue: Catalogue;
  products: Map<number, CatalogueProduct>;
  /** each product's colour histogram (absent from servers before issue 19: shape alone then) */
  colours: Map<number, Float32Array>;
  colourMargin: number;
};

/** The payload's per-product colour rows (uint8, value × 255) → histograms. */
function coloursOf(payload: CataloguePayload): Map<number, Float32Array> {
  const out = new Map<number, Float32Array>();
  const bins = payload.colour_bins;
  if (!payload.colours || !payload.colour_product_ids || bins !== COLOUR_BINS) return out;
  const bytes = base64ToBytes(payload.colours);
  for (const [row, id] of payload.colour_product_ids.entries()) {
    if ((row + 1) * bins > bytes.length) break;
    out.set(
      id,
      Float32Array.from(bytes.subarray(row * bins, (row + 1) * bins), (x) => x / 255),
    );
  }
  return out;
}

export function decodeCatalogue(payload: CataloguePayload): LoadedCatalogue {
  const bytes = base64ToBytes(payload.vectors);
  const vectors = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows = Math.min(payload.product_ids.length, Math.floor(vectors.length / Math.max(1, payload.dims)));
  return {
    catalogue: {
      modelId: payload.model_id,
      dims: payload.dims,
      scale: payload.scale,
      productIds: payload.product_ids.slice(0, rows),
      vectors,
    },
    products: new Map(payload.products.map((p) => [p.product_id, p])),
    colours: coloursOf(payload),
    colourMargin: payload.colour_margin ?? 0,
  };
}

async function openCache(): Promise<Cache | null> {
  try {
    return typeof caches === "undefined" ? null : await caches.open(CACHE_NAME);
  } catch {
    return null; // private modes may refuse storage; the catalogue is then kept in memory only
  }
}

/** Downloads (or revalidates) the catalogue; falls back to the cached copy when offline. */
export async function fetchCatalogue(
  url: string,
  token: string | null,
  scope: string,
): Promise<{ loaded: LoadedCatalogue; result: CatalogueResult }> {
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
  const summary = (payload: CataloguePayload, source: CatalogueResult["source"]) => ({
    loaded: decodeCatalogue(payload),
    result: {
      model_id: payload.model_id,
      references: payload.product_ids.length,
      products: payload.products.length,
      source,
    },
  });
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    if (isPayload(cachedBody)) return summary(cachedBody, "cache");
    throw new Error("Sin conexión: no se pudo descargar el catálogo de huellas");
  }
  if (response.status === 304 && isPayload(cachedBody)) return summary(cachedBody, "cache");
  if (!response.ok) throw new Error(`No se pudo descargar el catálogo de huellas (${response.status})`);
  const body: unknown = await response.json();
  if (!isPayload(body)) throw new Error("Catálogo de huellas con formato inesperado");
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
  return summary(body, "network");
}

/**
 * Builds the catalogue's product prototypes now (about 18 ms per 10,000 references, 4× that on a slow
 * phone) so the first scan after a download does not wait for them.
 */
export function warmCatalogue(loaded: LoadedCatalogue): void {
  galleryOf(loaded.catalogue);
}

/**
 * The on-device guess: the same ranking as the server (prototypes by shape, then the colourway
 * re-rank of worker/domain/scan-colour.ts when the photo's colour is known).
 */
export function guessesFor(
  query: Float32Array,
  loaded: LoadedCatalogue | null,
  limit = 5,
  colour: Float32Array | null = null,
): DeviceGuess[] {
  if (!loaded || loaded.catalogue.dims !== query.length) return [];
  const shape = nearestProducts(query, loaded.catalogue, Math.max(limit, SHAPE_CANDIDATES));
  const ranked = rerankByColour(
    shape,
    colour,
    (id) => loaded.colours.get(id),
    loaded.colourMargin,
    (id) => {
      const product = loaded.products.get(id);
      return product ? modelKey(product.brand, product.model) : null;
    },
  );
  return ranked.slice(0, limit).map((g) => ({
    product_id: g.productId,
    similarity: Math.round(g.similarity * 10_000) / 10_000,
    product: loaded.products.get(g.productId) ?? null,
  }));
}
