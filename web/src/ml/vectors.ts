// Vector helpers shared by the Web Worker, the enrolment script and the benchmark (no TF.js here).

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

/**
 * On-device nearest neighbour: each product scores its best reference's cosine similarity (the same
 * rule as the server's ranking); int8 rows are unit vectors × 127, so the dot is divided back.
 */
export function nearestProducts(query: Float32Array, catalogue: Catalogue, limit = 5): Guess[] {
  const { dims, vectors, productIds } = catalogue;
  const best = new Map<number, number>();
  for (let row = 0; row < productIds.length; row++) {
    const offset = row * dims;
    let s = 0;
    for (let i = 0; i < dims; i++) s += (query[i] ?? 0) * (vectors[offset + i] ?? 0);
    const sim = s * catalogue.scale;
    const id = productIds[row] ?? 0;
    if (sim > (best.get(id) ?? Number.NEGATIVE_INFINITY)) best.set(id, sim);
  }
  return [...best]
    .map(([productId, similarity]) => ({ productId, similarity }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, limit);
}
