// Vector helpers shared by the Web Worker, the enrolment script and the benchmark (no TF.js here).
import { buildGallery, type Gallery, rankGallery } from "../../../worker/domain/scan/gallery";

export function l2normalise(v: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += (v[i] ?? 0) ** 2;
  const norm = Math.sqrt(sum) || 1;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = (v[i] ?? 0) / norm;
  return out;
}

/** Mean of unit vectors, normalised again (several views of one photo → one embedding). */
export function meanDirection(vectors: readonly ArrayLike<number>[]): Float32Array {
  const dims = vectors[0]?.length ?? 0;
  const sum = new Float32Array(dims);
  for (const v of vectors) {
    const unit = l2normalise(v);
    for (let i = 0; i < dims; i++) sum[i] = (sum[i] ?? 0) + (unit[i] ?? 0);
  }
  return l2normalise(sum);
}

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The company catalogue as the phone keeps it: one row of `dims` int8 values per reference. */
export type Catalogue = {
  modelId: string;
  dims: number;
  scale: number;
  productIds: number[];
  vectors: Int8Array;
};

export type Guess = { productId: number; similarity: number };

const galleries = new WeakMap<Catalogue, Gallery>();

/** The catalogue's product prototypes, built once per downloaded catalogue. */
export function galleryOf(catalogue: Catalogue): Gallery {
  let gallery = galleries.get(catalogue);
  if (!gallery) {
    const { dims, vectors, productIds } = catalogue;
    gallery = buildGallery(
      dims,
      productIds.map((productId, row) => ({ productId, vector: vectors.subarray(row * dims, (row + 1) * dims) })),
    );
    galleries.set(catalogue, gallery);
  }
  return gallery;
}

/** On-device guess: the same ranking as the server (worker/domain/scan/gallery.ts) over the int8 catalogue. */
export function nearestProducts(query: Float32Array, catalogue: Catalogue, limit = 5): Guess[] {
  return rankGallery(query, galleryOf(catalogue), limit);
}
