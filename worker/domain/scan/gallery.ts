// Product ranking for the scan, shared by the Worker, the phone's Web Worker and the benchmark (pure,
// no runtime imports). A product is represented by the prototype of its references: the normalised
// mean of its unit vectors (photo, mirror, video frames). On ../shared/shoes-dev this beat the best
// single reference by 6 points top-1 with raw MobileNet features and by ~10 with the learned projection
// (docs/benchmarks.md, "Scan recognition"), and it makes the ranking cost grow with products, not references.

export type Gallery = {
  dims: number;
  /** one entry per product, in the order of `prototypes` rows */
  productIds: Int32Array;
  /** products × dims, each row unit length */
  prototypes: Float32Array;
  /** how many references went into the prototypes */
  references: number;
};

export type Ranked = { productId: number; similarity: number };

/** Builds the prototypes from reference rows (unit vectors, or int8 rows with any positive scale). */
export function buildGallery(
  dims: number,
  references: Iterable<{ productId: number; vector: ArrayLike<number> }>,
): Gallery {
  const sums = new Map<number, Float64Array>();
  let count = 0;
  for (const { productId, vector } of references) {
    if (vector.length !== dims) continue;
    let sum = sums.get(productId);
    if (!sum) {
      sum = new Float64Array(dims);
      sums.set(productId, sum);
    }
    let norm = 0;
    for (let i = 0; i < dims; i++) norm += (vector[i] ?? 0) ** 2;
    if (norm === 0) continue;
    const inverse = 1 / Math.sqrt(norm);
    for (let i = 0; i < dims; i++) sum[i] = (sum[i] ?? 0) + (vector[i] ?? 0) * inverse;
    count++;
  }
  const productIds = new Int32Array(sums.size);
  const prototypes = new Float32Array(sums.size * dims);
  let row = 0;
  for (const [productId, sum] of sums) {
    let norm = 0;
    for (let i = 0; i < dims; i++) norm += (sum[i] ?? 0) ** 2;
    const inverse = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    const offset = row * dims;
    for (let i = 0; i < dims; i++) prototypes[offset + i] = (sum[i] ?? 0) * inverse;
    productIds[row] = productId;
    row++;
  }
  return { dims, productIds, prototypes, references: count };
}

/** The `limit` products most similar to a unit query (cosine with each prototype), best first. */
export function rankGallery(query: ArrayLike<number>, gallery: Gallery, limit = 5): Ranked[] {
  const { dims, productIds, prototypes } = gallery;
  if (query.length !== dims || limit <= 0) return [];
  const q = Float32Array.from(query);
  // a small sorted list of the best so far: limit is 5 in practice, products may be thousands
  const best: Ranked[] = [];
  for (let row = 0; row < productIds.length; row++) {
    const offset = row * dims;
    let s = 0;
    for (let i = 0; i < dims; i++) s += (q[i] as number) * (prototypes[offset + i] as number);
    if (best.length === limit && s <= (best[limit - 1] as Ranked).similarity) continue;
    let at = best.length;
    while (at > 0 && (best[at - 1] as Ranked).similarity < s) at--;
    best.splice(at, 0, { productId: productIds[row] as number, similarity: s });
    if (best.length > limit) best.pop();
  }
  return best;
}
