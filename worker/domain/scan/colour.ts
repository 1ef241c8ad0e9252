// Colour of the shoe, to tell colourways of one model apart (issue 19): MobileNet's shape features
// barely see colour (colour histograms alone scored no better than them, scan-notes.md), so two
// colourways of one silhouette score almost alike. A small hue/chroma histogram of the photo's central
// region in CIELAB (perceptual: equal steps look equally different) breaks those near-ties. Nothing
// here is learned: the bins are fixed. Pure code, shared by the Worker's ranking, the phone's Web
// Worker (query and enrolment) and the benchmark.

/** 12 hue sectors × 2 chroma levels, then 4 grey levels (dark, mid, light, white). */
export const HUE_BINS = 12;
export const COLOUR_BINS = HUE_BINS * 2 + 4;
/** Below this CIELAB chroma a pixel counts as grey: its hue is noise. */
const GREY_CHROMA = 12;
const STRONG_CHROMA = 35;
/**
 * Near-white pixels weigh a quarter: product photos are mostly on white backgrounds, which would
 * otherwise make every histogram alike; a white shoe still shows as white.
 */
const WHITE_WEIGHT = 0.25;
/** The central part of each side: the shoe fills it, the background mostly does not. */
const CENTRE = 0.6;
/** About this many pixels are read, whatever the photo's size (a few ms on a phone). */
const SAMPLES = 4096;

const linear = new Float32Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  linear[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

/** sRGB bytes → CIELAB (D65). */
export function lab(r: number, g: number, b: number): [number, number, number] {
  const R = linear[r & 255] as number;
  const G = linear[g & 255] as number;
  const B = linear[b & 255] as number;
  const x = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047);
  const y = f(0.2126 * R + 0.7152 * G + 0.0722 * B);
  const z = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/**
 * The colour descriptor of an image (row-major pixels, `channels` bytes each, RGB first): a histogram
 * of COLOUR_BINS values summing to 1.
 */
export function colourDescriptor(
  pixels: ArrayLike<number>,
  width: number,
  height: number,
  channels: number,
): Float32Array {
  const out = new Float32Array(COLOUR_BINS);
  const x0 = Math.floor((width * (1 - CENTRE)) / 2);
  const y0 = Math.floor((height * (1 - CENTRE)) / 2);
  const w = Math.max(1, Math.round(width * CENTRE));
  const h = Math.max(1, Math.round(height * CENTRE));
  const step = Math.max(1, Math.round(Math.sqrt((w * h) / SAMPLES)));
  let total = 0;
  for (let y = y0; y < y0 + h && y < height; y += step) {
    for (let x = x0; x < x0 + w && x < width; x += step) {
      const at = (y * width + x) * channels;
      const [L, a, b] = lab(pixels[at] ?? 0, pixels[at + 1] ?? 0, pixels[at + 2] ?? 0);
      const chroma = Math.hypot(a, b);
      let bin: number;
      let weight = 1;
      if (chroma >= GREY_CHROMA) {
        const hue = (Math.atan2(b, a) / (2 * Math.PI) + 1) % 1;
        bin = Math.min(HUE_BINS - 1, Math.floor(hue * HUE_BINS)) + (chroma >= STRONG_CHROMA ? HUE_BINS : 0);
      } else if (L < 30) bin = 2 * HUE_BINS;
      else if (L < 60) bin = 2 * HUE_BINS + 1;
      else if (L < 88) bin = 2 * HUE_BINS + 2;
      else {
        bin = 2 * HUE_BINS + 3;
        weight = WHITE_WEIGHT;
      }
      out[bin] = (out[bin] ?? 0) + weight;
      total += weight;
    }
  }
  if (total > 0) for (let i = 0; i < COLOUR_BINS; i++) out[i] = (out[i] ?? 0) / total;
  return out;
}

/** Bhattacharyya coefficient of two histograms: 1 for the same colours, 0 for colours not shared. */
export function colourSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0;
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.sqrt(Math.max(0, a[i] ?? 0) * Math.max(0, b[i] ?? 0));
  return s;
}

/** A valid descriptor: COLOUR_BINS finite values ≥ 0 adding up to about 1 (a row of zeros: no colour). */
export function isColourDescriptor(v: unknown): v is number[] {
  if (!Array.isArray(v) || v.length !== COLOUR_BINS) return false;
  let sum = 0;
  for (const x of v) {
    if (typeof x !== "number" || !Number.isFinite(x) || x < 0) return false;
    sum += x;
  }
  return Math.abs(sum - 1) < 0.02;
}

/** Mean histogram of a product's references that carry one (null when none does). */
export function meanColour(colours: Iterable<ArrayLike<number> | null>): Float32Array | null {
  const sum = new Float32Array(COLOUR_BINS);
  let n = 0;
  for (const c of colours) {
    if (!c || c.length !== COLOUR_BINS) continue;
    let total = 0;
    for (let i = 0; i < COLOUR_BINS; i++) total += c[i] ?? 0;
    if (total <= 0) continue;
    for (let i = 0; i < COLOUR_BINS; i++) sum[i] = (sum[i] ?? 0) + (c[i] ?? 0) / total;
    n++;
  }
  if (n === 0) return null;
  for (let i = 0; i < COLOUR_BINS; i++) sum[i] = (sum[i] ?? 0) / n;
  return sum;
}

/**
 * Colourway re-rank (the manifest's colourMargin, chosen on shoes-train's colourways by bench:scan):
 * among the candidates whose shape similarity is within `margin` of the best one,
 * those of the best one's model (`modelOf`: brand and model, the same key for all colourways of a
 * shoe) are the same silhouette as far as the shape features can tell; they are ordered by how well
 * their colour matches the photo's, in the places they held. Other models, candidates further down
 * and candidates without a colour keep their place: colour across different models says little (one
 * model comes in many colours), and re-ranking them by colour cost 11 points top-1 on the bench.
 * One score per candidate after the re-rank: a candidate moved to a place takes that place's score, so
 * the order, the similarity shown and the confidence computed from it never disagree (a colourway put
 * first by its colour read "12 % baja" above the one it passed at "90 % alta" before).
 */
export function rerankByColour<T extends { productId: number; similarity: number }>(
  ranked: readonly T[],
  query: ArrayLike<number> | null | undefined,
  colourOf: (productId: number) => ArrayLike<number> | null | undefined,
  margin: number,
  modelOf: (productId: number) => string | null | undefined,
): T[] {
  const out = [...ranked];
  const top = ranked[0];
  if (!query || !top) return out;
  const model = modelOf(top.productId);
  if (!model) return out;
  const places: number[] = [];
  const members: { item: T; colour: number }[] = [];
  for (const [place, item] of ranked.entries()) {
    if (item.similarity < top.similarity - margin) break;
    if (modelOf(item.productId) !== model) continue;
    const colour = colourOf(item.productId);
    if (!colour) return out;
    places.push(place);
    members.push({ item, colour: colourSimilarity(query, colour) });
  }
  if (members.length < 2) return out;
  // stable: equal colour similarity keeps the shape order
  const reordered = members
    .map((m, i) => ({ ...m, i }))
    .sort((a, b) => b.colour - a.colour || a.i - b.i)
    .map((m) => m.item);
  for (const [k, place] of places.entries()) {
    out[place] = { ...(reordered[k] as T), similarity: (ranked[place] as T).similarity };
  }
  return out;
}

/** The key that groups colourways of one shoe: brand and model, case and spacing aside. */
export function modelKey(brand: string, model: string): string {
  return `${brand} ${model}`.toLowerCase().replace(/\s+/g, " ").trim();
}
