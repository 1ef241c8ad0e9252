import { describe, expect, it } from "vitest";
import {
  COLOUR_BINS,
  colourDescriptor,
  colourSimilarity,
  isColourDescriptor,
  lab,
  meanColour,
  modelKey,
  rerankByColour,
} from "../../worker/domain/scan/colour";

/** A width × height RGB image: `inner` in the centre half, `outer` around it. */
function image(width: number, height: number, inner: number[], outer: number[] = [255, 255, 255]) {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const centre = x >= width / 4 && x < (3 * width) / 4 && y >= height / 4 && y < (3 * height) / 4;
      data.set(centre ? inner : outer, (y * width + x) * 3);
    }
  }
  return data;
}

describe("scan colour descriptor", () => {
  it("converts sRGB to CIELAB", () => {
    const [L, a, b] = lab(255, 255, 255);
    expect(L).toBeCloseTo(100, 0);
    expect(Math.abs(a)).toBeLessThan(0.5);
    expect(Math.abs(b)).toBeLessThan(0.5);
    expect(lab(255, 0, 0)[1]).toBeGreaterThan(60);
    expect(lab(0, 0, 255)[2]).toBeLessThan(-60);
  });

  it("is a histogram of the centre that tells colourways apart and ignores the background", () => {
    const red = colourDescriptor(image(40, 30, [200, 30, 30]), 40, 30, 3);
    const redOnGrey = colourDescriptor(image(40, 30, [200, 30, 30], [128, 128, 128]), 40, 30, 3);
    const blue = colourDescriptor(image(40, 30, [30, 40, 200]), 40, 30, 3);
    expect(red).toHaveLength(COLOUR_BINS);
    expect(red.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 5);
    expect(isColourDescriptor(Array.from(red))).toBe(true);
    expect(colourSimilarity(red, red)).toBeCloseTo(1, 5);
    expect(colourSimilarity(red, redOnGrey)).toBeGreaterThan(0.7);
    expect(colourSimilarity(red, blue)).toBeLessThan(0.5);
    // RGBA rows read the same as RGB
    const rgba = new Uint8Array(40 * 30 * 4);
    const rgb = image(40, 30, [200, 30, 30]);
    for (let i = 0; i < 40 * 30; i++) rgba.set([...rgb.subarray(i * 3, i * 3 + 3), 255], i * 4);
    expect(Array.from(colourDescriptor(rgba, 40, 30, 4))).toEqual(Array.from(red));
  });

  it("validates descriptors and averages a product's references", () => {
    expect(isColourDescriptor([1, ...Array(COLOUR_BINS - 1).fill(0)])).toBe(true);
    expect(isColourDescriptor(Array(COLOUR_BINS).fill(0))).toBe(false);
    expect(isColourDescriptor([1, 0])).toBe(false);
    expect(isColourDescriptor([-1, 2, ...Array(COLOUR_BINS - 2).fill(0)])).toBe(false);
    const a = Float32Array.from({ length: COLOUR_BINS }, (_, i) => (i === 0 ? 1 : 0));
    const b = Float32Array.from({ length: COLOUR_BINS }, (_, i) => (i === 1 ? 1 : 0));
    const mean = meanColour([a, null, b]);
    expect(mean?.[0]).toBeCloseTo(0.5);
    expect(mean?.[1]).toBeCloseTo(0.5);
    expect(meanColour([null])).toBeNull();
  });

  it("re-ranks by colour only the candidates within the margin of the best shape score", () => {
    const red = Float32Array.from({ length: COLOUR_BINS }, (_, i) => (i === 0 ? 1 : 0));
    const blue = Float32Array.from({ length: COLOUR_BINS }, (_, i) => (i === 8 ? 1 : 0));
    const colours = new Map([
      [1, blue],
      [2, red],
      [3, red],
    ]);
    const ranked = [
      { productId: 1, similarity: 0.8 },
      { productId: 2, similarity: 0.78 },
      { productId: 3, similarity: 0.6 },
    ];
    const sameModel = () => "nike cortez";
    const order = (query: Float32Array | null, margin: number) =>
      rerankByColour(ranked, query, (id) => colours.get(id), margin, sameModel).map((r) => r.productId);
    expect(order(red, 0.05)).toEqual([2, 1, 3]);
    expect(order(blue, 0.05)).toEqual([1, 2, 3]);
    // outside the margin the shape decides; without the photo's colour nothing changes
    expect(order(red, 0.01)).toEqual([1, 2, 3]);
    expect(order(null, 0.05)).toEqual([1, 2, 3]);
    // a close candidate without colour (enrolled by an old client): shape order is kept
    expect(
      rerankByColour(ranked, red, (id) => (id === 1 ? undefined : red), 0.05, sameModel).map((r) => r.productId),
    ).toEqual([1, 2, 3]);
    // one score per candidate: the one moved first takes the first place's score, so the order, the
    // score shown and the confidence computed from it agree
    expect(rerankByColour(ranked, red, (id) => colours.get(id), 0.05, sameModel).slice(0, 2)).toEqual([
      { productId: 2, similarity: 0.8 },
      { productId: 1, similarity: 0.78 },
    ]);
    // only colourways of the first candidate's model move; another model keeps its place
    const withOther = [
      { productId: 1, similarity: 0.8 },
      { productId: 4, similarity: 0.79 },
      { productId: 2, similarity: 0.78 },
    ];
    const models = new Map([
      [1, "nike cortez"],
      [2, "nike cortez"],
      [4, "vans authentic"],
    ]);
    colours.set(4, red);
    expect(
      rerankByColour(
        withOther,
        red,
        (id) => colours.get(id),
        0.05,
        (id) => models.get(id),
      ).map((r) => r.productId),
    ).toEqual([2, 4, 1]);
    expect(modelKey(" Nike ", "Air  Max 90")).toBe("nike air max 90");
  });
});

describe("one score per candidate after the colour re-rank", () => {
  it("the confidence (and its level) never rises down the ranking, whatever the colours", async () => {
    const fc = await import("fast-check");
    const { confidences } = await import("../../worker/domain/scan/matching");
    const { MODELS } = await import("../../worker/domain/scan/matching");
    const model = Object.values(MODELS)[0];
    if (!model) throw new Error("no model in the manifest");
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 8 }),
        fc.array(fc.nat(COLOUR_BINS - 1), { minLength: 8, maxLength: 8 }),
        fc.nat(COLOUR_BINS - 1),
        (scores, colourBins, queryBin) => {
          const ranked = [...scores].sort((a, b) => b - a).map((similarity, i) => ({ productId: i + 1, similarity }));
          const oneHot = (bin: number) => Float32Array.from({ length: COLOUR_BINS }, (_, i) => (i === bin ? 1 : 0));
          const out = rerankByColour(
            ranked,
            oneHot(queryBin),
            (id) => oneHot(colourBins[id - 1] ?? 0),
            0.2,
            () => "nike cortez",
          );
          const percents = confidences(out, model);
          for (let i = 1; i < percents.length; i++) {
            expect(percents[i]).toBeLessThanOrEqual(percents[i - 1] as number);
          }
        },
      ),
    );
  });
});
