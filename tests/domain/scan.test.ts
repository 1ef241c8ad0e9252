import { describe, expect, it } from "vitest";
import {
  confidenceLevel,
  confidenceOf,
  dot,
  normalise,
  parseEmbedding,
  quantise,
  rankProducts,
} from "../../worker/domain/scan";

const model = { id: "m", embeddingSize: 4 };

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

  it("ranks products by their best reference", () => {
    const q = normalise(new Float32Array([1, 0, 0, 0]));
    const ranked = rankProducts(q, [
      { productId: 1, vector: normalise(new Float32Array([0, 1, 0, 0])) },
      { productId: 2, vector: normalise(new Float32Array([1, 1, 0, 0])) },
      { productId: 1, vector: normalise(new Float32Array([1, 0.1, 0, 0])) },
    ]);
    expect(ranked.map((r) => r.productId)).toEqual([1, 2]);
    expect(ranked[0]?.similarity).toBeCloseTo(dot(q, normalise(new Float32Array([1, 0.1, 0, 0]))), 6);
  });

  it("maps similarity to confidence levels (design §7)", () => {
    expect(confidenceOf(1)).toBe(100);
    expect(confidenceOf(0.5)).toBe(0);
    expect([95, 90, 89.9, 70, 50, 49].map(confidenceLevel)).toEqual([
      "very_high",
      "very_high",
      "high",
      "high",
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
