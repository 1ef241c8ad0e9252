// The company's reference embeddings on the phone (downloaded and cached by catalogue-store.ts), decoded
// for the on-device guess. Products without references are in `products` but never in the ranking: only
// the rows of `product_ids`/`vectors` are compared.
import { loadCataloguePayload } from "./catalogue-store";
import type { CataloguePayload, CatalogueProduct, CatalogueResult, DeviceGuess } from "./protocol";
import { base64ToBytes, type Catalogue, nearestProducts } from "./vectors";

export type LoadedCatalogue = { catalogue: Catalogue; products: Map<number, CatalogueProduct> };

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

export function guessesFor(query: Float32Array, loaded: LoadedCatalogue | null, limit = 5): DeviceGuess[] {
  if (!loaded || loaded.catalogue.dims !== query.length) return [];
  return nearestProducts(query, loaded.catalogue, limit).map((g) => ({
    product_id: g.productId,
    similarity: Math.round(g.similarity * 10_000) / 10_000,
    product: loaded.products.get(g.productId) ?? null,
  }));
}
