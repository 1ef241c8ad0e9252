// The company's reference embeddings on the phone (downloaded and cached by catalogue-store.ts), decoded
// for the on-device guess. Products without references are in `products` but never in the ranking: only
// the rows of `product_ids`/`vectors` are compared.
import { COLOUR_BINS, modelKey, rerankByColour } from "../../../worker/domain/scan/colour";
import { loadCataloguePayload } from "./catalogue-store";
import type { CataloguePayload, CatalogueProduct, CatalogueResult, DeviceGuess } from "./protocol";
import { base64ToBytes, type Catalogue, galleryOf, nearestProducts } from "./vectors";

/** As the server (worker/domain/scan/answer.ts): shape candidates before the colour re-rank. */
const SHAPE_CANDIDATES = 10;

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

/** Downloads (or revalidates) the catalogue; falls back to the cached copy when offline. */
export async function fetchCatalogue(
  url: string,
  token: string | null,
  scope: string,
): Promise<{ loaded: LoadedCatalogue; result: CatalogueResult }> {
  const { payload, source } = await loadCataloguePayload(url, token, scope);
  return {
    loaded: decodeCatalogue(payload),
    result: {
      model_id: payload.model_id,
      references: payload.product_ids.length,
      products: payload.products.length,
      source,
    },
  };
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
 * re-rank of worker/domain/scan/colour.ts when the photo's colour is known).
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
