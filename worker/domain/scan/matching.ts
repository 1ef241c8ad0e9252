// Scan matching (design §7): the phone sends the L2-normalised embedding of its photo (MobileNet, through
// the model's learned projection when it has one); the company's catalogue holds reference embeddings
// per product (photo, mirror image, video frames). Products are ranked by cosine similarity with the
// prototype of their references (gallery.ts).
import manifest from "../../../models/manifest.json";
import { invalid } from "../shared/errors";
import { buildGallery, rankGallery } from "./gallery";

/**
 * How sure a match is, as the probability that it is the right product: a logistic function of its
 * similarity and of its lead over the best other candidate (manifest `confidence`, fitted by
 * `npm run bench:scan` on shoes-train queries of shoe models the projection did not see).
 */
export type Calibration = { bias: number; similarity: number; margin: number };

/**
 * `colourMargin`: how close two products' shape similarities must be for colour to decide their order.
 */
export type ModelInfo = {
  id: string;
  embeddingSize: number;
  confidence: Calibration;
  colourMargin: number;
};

export const MODELS: Record<string, ModelInfo> = Object.fromEntries(
  Object.values(manifest.models).map((m) => [
    m.id,
    {
      id: m.id,
      embeddingSize: m.embeddingSize,
      confidence: { bias: m.confidence.bias, similarity: m.confidence.similarity, margin: m.confidence.margin },
      colourMargin: m.colourMargin,
    },
  ]),
);
export const DEFAULT_MODEL = manifest.default;

export function modelOf(id: string | undefined): ModelInfo {
  const key = id ?? DEFAULT_MODEL;
  // own keys only: "constructor" or "toString" must not pass for a model
  const model = Object.hasOwn(MODELS, key) ? MODELS[key] : undefined;
  if (!model) throw invalid(`Modelo de clasificación desconocido: ${id}`);
  return model;
}

/** Accepts a JSON array of numbers or base64 of little-endian float32; checks the size; L2-normalises. */
export function parseEmbedding(raw: unknown, model: ModelInfo): Float32Array {
  let values: Float32Array;
  if (Array.isArray(raw)) {
    if (!raw.every((x) => typeof x === "number" && Number.isFinite(x)))
      throw invalid("La huella visual (embedding) debe ser una lista de números");
    values = Float32Array.from(raw as number[]);
  } else if (typeof raw === "string" && raw.length > 0) {
    let bytes: Uint8Array;
    try {
      bytes = Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
    } catch {
      throw invalid("La huella visual (embedding) no es base64 válido");
    }
    if (bytes.byteLength % 4 !== 0) throw invalid("La huella visual (embedding) no tiene un tamaño válido");
    values = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  } else {
    throw invalid("Falta la huella visual (embedding) de la imagen");
  }
  if (values.length !== model.embeddingSize) {
    throw invalid(
      `La huella visual debe tener ${model.embeddingSize} valores para el modelo ${model.id} (recibidos ${values.length})`,
    );
  }
  return normalise(values);
}

export function normalise(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (!Number.isFinite(norm) || norm === 0) throw invalid("La huella visual (embedding) está vacía");
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = (v[i] ?? 0) / norm;
  return out;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] ?? 0) * (b[i] ?? 0);
  return s;
}

export interface Reference {
  productId: number;
  vector: Float32Array;
  /** the reference image's colour histogram, when its client sent one */
  colour?: Float32Array | null;
}

/** Products ranked by the cosine similarity of the query with their prototype (highest first). */
export function rankProducts(query: Float32Array, references: readonly Reference[], limit = 5) {
  return rankGallery(query, buildGallery(query.length, references), limit);
}

/**
 * Confidence in percent that a candidate is the right product, from its similarity and its lead over
 * the best other candidate (`other`: null when it is alone, then its lead counts as its similarity).
 * A similarity alone said little: on shoe models the projection never saw, right and wrong first
 * candidates score alike; a clear lead over the runner-up is what a right answer usually has.
 */
export function confidenceOf(similarity: number, other: number | null, model: ModelInfo): number {
  const { bias, similarity: perSimilarity, margin } = model.confidence;
  const lead = similarity - (other ?? 0);
  const p = 1 / (1 + Math.exp(-(bias + perSimilarity * similarity + margin * lead)));
  return Math.round(p * 1000) / 10;
}

/** Each ranked candidate's confidence: its lead is over the best of the others. */
export function confidences(ranked: readonly { similarity: number }[], model: ModelInfo): number[] {
  return ranked.map((r, i) => {
    let other: number | null = null;
    for (const [j, x] of ranked.entries())
      if (j !== i && (other === null || x.similarity > other)) other = x.similarity;
    return confidenceOf(r.similarity, other, model);
  });
}

/**
 * Levels of the calibrated percent (a probability of being right): "muy alta" from 90 % and "alta" from
 * 75 %, so they are right at least that often; "media" from 30 %: on the calibration queries only 4 %
 * of right first candidates fall below it (at 50 %, 16 %), so a right answer rarely reads "baja"
 * (bench:scan prints each level's precision). Design §7 said 90/70/50 over the raw similarity.
 */
export function confidenceLevel(percent: number): "very_high" | "high" | "medium" | "low" {
  if (percent >= 90) return "very_high";
  if (percent >= 75) return "high";
  if (percent >= 30) return "medium";
  return "low";
}

/** int8 quantisation for the catalogue the phones cache: value × 127, rounded (vectors are unit length). */
export function quantise(v: Float32Array): Int8Array {
  const out = new Int8Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = Math.max(-127, Math.min(127, Math.round((v[i] ?? 0) * 127)));
  return out;
}

export function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** Blob column → Float32Array (D1 returns blobs as arrays of bytes or ArrayBuffers). */
export function vectorFromBlob(blob: unknown): Float32Array {
  const bytes =
    blob instanceof Uint8Array
      ? blob
      : blob instanceof ArrayBuffer
        ? new Uint8Array(blob)
        : Uint8Array.from(blob as number[]);
  const copy = bytes.slice();
  return new Float32Array(copy.buffer, 0, Math.floor(copy.byteLength / 4));
}
