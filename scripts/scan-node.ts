// Node side of the scan's embedding code (enrolment script and benchmark): the MobileNet weights from
// a folder on disk (MODELS_DIR or ../shared/models), the WASM backend (no tfjs-node), photo decoding.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as tf from "@tensorflow/tfjs";
import { analyse, type Embedder, ENROL_VIEWS, loadEmbedder, type View } from "../web/src/ml/embedder";
import { type ScanModel, scanModel } from "../web/src/ml/models";
import { type ProjectionWeights, projectionFromBytes } from "../web/src/ml/projection";
import { colourDescriptor } from "../worker/domain/scan/colour";

export const MODELS_DIR = resolve(process.env.MODELS_DIR ?? join(import.meta.dirname, "..", "..", "shared", "models"));
export const SHOES_DIR = resolve(process.env.SHOES_DIR ?? join(import.meta.dirname, "..", "..", "shared", "shoes-dev"));

/** Photos of a model folder used as a demo product's references (file-name order). */
export const ENROL_PHOTOS = 5;

export const photosOf = (folder: string) =>
  readdirSync(folder)
    .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
    .sort();

/** A tf.io handler over a model folder on disk (file:// needs tfjs-node, which this project does not use). */
export function folderHandler(dir: string, file = "model.json"): tf.io.IOHandler {
  return {
    load: async () => {
      const json = JSON.parse(readFileSync(join(dir, file), "utf8")) as tf.io.ModelJSON;
      const specs: tf.io.WeightsManifestEntry[] = [];
      const buffers: Buffer[] = [];
      for (const group of json.weightsManifest) {
        specs.push(...group.weights);
        for (const path of group.paths) buffers.push(readFileSync(join(dir, path)));
      }
      const all = Buffer.concat(buffers);
      return {
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        weightSpecs: specs,
        weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer,
      };
    },
  };
}

let backendReady: Promise<string> | null = null;
/** WASM backend in node (SIMD; the .wasm files load from the package itself); cpu when WASM fails. */
export function nodeBackend(): Promise<string> {
  backendReady ??= (async () => {
    await import("@tensorflow/tfjs-backend-wasm");
    try {
      if (await tf.setBackend("wasm")) {
        await tf.ready();
        return "wasm";
      }
    } catch {
      // fall through
    }
    await tf.setBackend("cpu");
    return "cpu";
  })();
  return backendReady;
}

export function weightsAvailable(model: ScanModel = scanModel()): boolean {
  return existsSync(join(MODELS_DIR, model.weights, model.file));
}

/** The model's learned projection, from the repository's models/ folder (null for raw MobileNet models). */
export function nodeProjection(model: ScanModel): ProjectionWeights | null {
  if (!model.projection) return null;
  const bytes = readFileSync(join(import.meta.dirname, "..", "models", model.projection.file));
  return projectionFromBytes(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    model.projection.inputSize,
    model.embeddingSize,
  );
}

export async function nodeEmbedder(model: ScanModel = scanModel()): Promise<Embedder> {
  await nodeBackend();
  return loadEmbedder(model, folderHandler(join(MODELS_DIR, model.weights), model.file), nodeProjection(model));
}

type Sharp = (input: Buffer) => {
  removeAlpha(): ReturnType<Sharp>;
  toColourspace(space: string): ReturnType<Sharp>;
  raw(): ReturnType<Sharp>;
  toBuffer(options: { resolveWithObject: true }): Promise<{ data: Buffer; info: { width: number; height: number } }>;
};
let sharpModule: Promise<Sharp | null> | null = null;
/** JPEG/PNG decoding in node: sharp (installed with miniflare); null when it cannot load. */
export function loadSharp(): Promise<Sharp | null> {
  sharpModule ??= import("sharp").then(
    (m: { default: unknown }) => m.default as Sharp,
    () => null,
  );
  return sharpModule;
}

/** A photo file → [h, w, 3] int32 pixels. */
export async function decodePhoto(path: string): Promise<tf.Tensor3D> {
  const sharp = await loadSharp();
  if (!sharp) throw new Error("sharp no está disponible para decodificar fotos");
  const { data, info } = await sharp(readFileSync(path))
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return tf.tensor3d(
    new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    [info.height, info.width, 3],
    "int32",
  );
}

/**
 * Catalogue references of some photos, as the phone's enrolment makes them (web/src/ml/enrol.ts): each
 * enrolment view of each photo is one reference, with the photo's colour histogram.
 */
export async function referencesOf(embedder: Embedder, paths: readonly string[]) {
  const vectors: Float32Array[] = [];
  const colours: Float32Array[] = [];
  for (const path of paths) {
    const pixels = await decodePhoto(path);
    try {
      const result = await analyse(embedder, pixels, ENROL_VIEWS, false);
      const [height, width] = pixels.shape;
      const colour = colourDescriptor(await pixels.data(), width, height, 3);
      for (const view of result.perView) {
        vectors.push(view);
        colours.push(colour);
      }
    } finally {
      pixels.dispose();
    }
  }
  return { vectors, colours };
}

/** Reference embeddings of some photos: each view of each photo is one reference. */
export async function embedPhotos(embedder: Embedder, paths: readonly string[], views: readonly View[] = ENROL_VIEWS) {
  const vectors: Float32Array[] = [];
  for (const path of paths) {
    const pixels = await decodePhoto(path);
    try {
      const result = await analyse(embedder, pixels, views, false);
      vectors.push(...result.perView);
    } finally {
      pixels.dispose();
    }
  }
  return vectors;
}
