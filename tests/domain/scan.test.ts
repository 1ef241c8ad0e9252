import { describe, expect, it } from "vitest";
import { buildGallery, rankGallery } from "../../worker/domain/scan/gallery";
import {
  confidenceLevel,
  confidenceOf,
  confidences,
  DEFAULT_MODEL,
  dot,
  MODELS,
  modelOf,
  normalise,
  parseEmbedding,
  quantise,
  rankProducts,
} from "../../worker/domain/scan/matching";

const model = {
  id: "m",
  embeddingSize: 4,
  confidence: { bias: -4, similarity: 10, margin: 10 },
  colourMargin: 0.05,
};

describe("scan matching", () => {
  it("parses arrays and base64 float32, checks the size and normalises", () => {
    const v = parseEmbedding([3, 0, 4, 0], model);
    expect(Array.from(v)).toEqual([0.6, 0, 0.8, 0].map((x) => Math.fround(x)));
    const b64 = btoa(String.fromCharCode(...new Uint8Array(new Float32Array([0, 2, 0, 0]).buffer)));
    expect(Array.from(parseEmbedding(b64, model))).toEqual([0, 1, 0, 0]);
    expect(() => parseEmbedding([1, 2], model)).toThrow(/4 valores/);
    expect(() => parseEmbedding([0, 0, 0, 0], model)).toThrow(/vacía/);
    expect(() => parseEmbedding(undefined, model)).toThrow(/Falta/);
  });

  it("knows only the manifest's model ids", () => {
    expect(modelOf(undefined).id).toBe(DEFAULT_MODEL);
    for (const id of ["constructor", "toString", "__proto__", "resnet"])
      expect(() => modelOf(id)).toThrow(/desconocido/);
  });

  it("ranks products by the prototype of their references, not by one lucky reference", () => {
    const q = normalise(new Float32Array([1, 0, 0, 0]));
    // product 1: one reference close to the query, one far; product 2: both fairly close
    const ranked = rankProducts(q, [
      { productId: 1, vector: normalise(new Float32Array([1, 0.05, 0, 0])) },
      { productId: 1, vector: normalise(new Float32Array([0, 1, 0, 0])) },
      { productId: 2, vector: normalise(new Float32Array([1, 0.4, 0, 0])) },
      { productId: 2, vector: normalise(new Float32Array([1, 0, 0.4, 0])) },
    ]);
    expect(ranked.map((r) => r.productId)).toEqual([2, 1]);
    // product 2's prototype: the normalised sum of its two unit references
    const [a, b] = [normalise(new Float32Array([1, 0.4, 0, 0])), normalise(new Float32Array([1, 0, 0.4, 0]))];
    const prototype2 = normalise(new Float32Array([0, 1, 2, 3].map((i) => (a[i] ?? 0) + (b[i] ?? 0))));
    expect(ranked[0]?.similarity).toBeCloseTo(dot(q, prototype2), 5);
  });

  it("keeps the best `limit` products in order and ignores rows of another size", () => {
    const dims = 3;
    const refs = Array.from({ length: 40 }, (_, i) => ({
      productId: i,
      vector: normalise(new Float32Array([Math.cos(i / 10), Math.sin(i / 10), 0])),
    }));
    const gallery = buildGallery(dims, [...refs, { productId: 99, vector: new Float32Array(4).fill(0.5) }]);
    expect(gallery.productIds.length).toBe(40);
    expect(gallery.references).toBe(40);
    const ranked = rankGallery(normalise(new Float32Array([Math.cos(1.22), Math.sin(1.22), 0])), gallery, 3);
    expect(ranked.map((r) => r.productId)).toEqual([12, 13, 11]);
    expect(rankGallery(new Float32Array(4), gallery)).toEqual([]);
  });

  it("int8 rows give the same prototypes as the float vectors (the phone's catalogue)", () => {
    const vectors = [
      normalise(new Float32Array([0.3, -0.5, 0.1, 0.8])),
      normalise(new Float32Array([0.2, -0.4, 0.3, 0.7])),
    ];
    const exact = buildGallery(
      4,
      vectors.map((vector) => ({ productId: 7, vector })),
    );
    const int8 = buildGallery(
      4,
      vectors.map((v) => ({ productId: 7, vector: quantise(v) })),
    );
    for (let i = 0; i < 4; i++) expect(int8.prototypes[i]).toBeCloseTo(exact.prototypes[i] ?? 0, 2);
  });

  it("maps similarity and the lead over the runner-up to a calibrated confidence and its level (design §7)", () => {
    // logistic: -4 + 10 × similarity + 10 × (similarity - best other)
    expect(confidenceOf(0.4, 0.4, model)).toBe(50);
    expect(confidenceOf(0.6, 0.3, model)).toBe(99.3);
    expect(confidenceOf(0.4, 0.5, model)).toBe(26.9);
    // alone in the catalogue: the lead is the similarity itself
    expect(confidenceOf(0.3, null, model)).toBe(88.1);
    // a wider lead never lowers the confidence, a higher similarity neither
    for (const info of Object.values(MODELS)) {
      expect(info.confidence.similarity).toBeGreaterThan(0);
      expect(info.confidence.margin).toBeGreaterThanOrEqual(0);
    }
    expect(confidences([{ similarity: 0.6 }, { similarity: 0.3 }, { similarity: 0.2 }], model)).toEqual([
      99.3, 1.8, 0.2,
    ]);
    expect([95, 90, 89.9, 75, 74.9, 30, 29.9].map(confidenceLevel)).toEqual([
      "very_high",
      "very_high",
      "high",
      "high",
      "medium",
      "medium",
      "low",
    ]);
  });

  it("quantises unit vectors to int8 within one step", () => {
    const v = normalise(new Float32Array([0.3, -0.5, 0.1, 0.8]));
    const q = quantise(v);
    for (const [i, x] of v.entries()) expect(Math.abs((q[i] ?? 0) / 127 - x)).toBeLessThanOrEqual(1 / 127);
  });
});
