// What the Web Worker runs: TF.js backend choice, the model, one photo's analysis. Imported lazily by
// scan.worker.ts, so TF.js is only downloaded when a scan screen starts the worker.
import * as tf from "@tensorflow/tfjs";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import { colourDescriptor } from "../../../worker/domain/scan/colour";
import { analyse, type Embedder, ENROL_VIEWS, loadEmbedder, QUERY_VIEWS } from "./embedder";
import { projectionUrl, scanModel } from "./models";
import { pixelsOf } from "./photo";
import { type ProjectionWeights, projectionFromBytes } from "./projection";
import type { InitResult } from "./protocol";

/**
 * Photos are scaled down in the browser first (good filtering) so the model's bilinear resize only
 * does the last step: to twice the model's input side (manifest imageSize).
 */
const maxSide = (e: Embedder) => e.model.imageSize * 2;
/** WASM slower than this per photo (no SIMD): try WebGL and keep the faster one. */
const SLOW_MS = 120;

let embedder: Embedder | null = null;
let info: InitResult | null = null;
/** the model being loaded (a scan that arrives meanwhile waits for it) */
let loading: Promise<InitResult> | null = null;

async function timeOne(e: Embedder): Promise<number> {
  const probe = tf.zeros([e.model.imageSize, e.model.imageSize, 3], "int32") as tf.Tensor3D;
  try {
    await analyse(e, probe, QUERY_VIEWS, true); // warm-up (kernels, shaders)
    return (await analyse(e, probe, QUERY_VIEWS, true)).ms;
  } finally {
    probe.dispose();
  }
}

async function loadProjection(modelId: string): Promise<ProjectionWeights | null> {
  const path = projectionUrl(modelId);
  const { projection, embeddingSize } = scanModel(modelId);
  if (!path || !projection) return null;
  const response = await fetch(new URL(path, self.location.origin));
  if (!response.ok) throw new Error(`No se pudo descargar la proyección del modelo (${response.status})`);
  return projectionFromBytes(await response.arrayBuffer(), projection.inputSize, embeddingSize);
}

/** Loads the model once; a call while it loads shares that load. */
export function init(modelId: string, modelUrl: string, wasmPath: string): Promise<InitResult> {
  if (embedder && info?.model_id === modelId) return Promise.resolve(info);
  if (loading) return loading;
  const pending = load(modelId, modelUrl, wasmPath).finally(() => {
    if (loading === pending) loading = null;
  });
  loading = pending;
  return pending;
}

/** WASM (SIMD and threads when the browser allows), WebGL when it is faster, the pure-JS cpu backend last. */
async function load(modelId: string, modelUrl: string, wasmPath: string): Promise<InitResult> {
  const started = performance.now();
  const model = scanModel(modelId);
  setWasmPaths(wasmPath);
  let backend = "cpu";
  try {
    if (await tf.setBackend("wasm")) backend = "wasm";
  } catch {
    // no WebAssembly here
  }
  if (backend !== "wasm") {
    try {
      if (await tf.setBackend("webgl")) backend = "webgl";
    } catch {
      // no WebGL in this worker
    }
  }
  if (backend === "cpu") await tf.setBackend("cpu");
  await tf.ready();
  const simd = backend === "wasm" && (await tf.env().getAsync("WASM_HAS_SIMD_SUPPORT")) === true;
  const threads = backend === "wasm" && (await tf.env().getAsync("WASM_HAS_MULTITHREAD_SUPPORT")) === true;
  const projection = await loadProjection(model.id);
  let loaded = await loadEmbedder(model, modelUrl, projection);
  const wasmMs = backend === "wasm" ? await timeOne(loaded) : 0;
  if (wasmMs > SLOW_MS) {
    try {
      if (await tf.setBackend("webgl")) {
        const webgl = await loadEmbedder(model, modelUrl, projection);
        if ((await timeOne(webgl)) < wasmMs) {
          loaded = webgl;
          backend = "webgl";
        } else {
          await tf.setBackend("wasm");
        }
      }
    } catch {
      await tf.setBackend("wasm");
    }
  }
  embedder = loaded;
  info = {
    backend: tf.getBackend(),
    simd,
    threads,
    model_id: model.id,
    load_ms: Math.round(performance.now() - started),
  };
  return info;
}

/**
 * A scan photo (one view, footwear verdict) or a catalogue reference (its enrolment views, each
 * returned); both with the photo's colour descriptor (worker/domain/scan/colour.ts).
 */
export async function analysePhoto(image: Blob | ImageBitmap | Promise<ImageData>, purpose: "scan" | "enrol" = "scan") {
  // a scan may be asked for while the model still loads (the photo is decoded meanwhile)
  if (!embedder && loading) await loading.catch(() => undefined);
  if (!embedder) throw new Error("El modelo aún no está cargado");
  let read: { pixels: tf.Tensor3D; colour: Float32Array };
  try {
    const data = await (image instanceof Promise ? image : pixelsOf(image, maxSide(embedder)));
    read = {
      pixels: tf.browser.fromPixels(data, 3),
      colour: colourDescriptor(data.data, data.width, data.height, 4),
    };
  } catch {
    throw new Error("No se pudo leer la imagen; usa una foto JPG o PNG");
  }
  try {
    const views = purpose === "enrol" ? ENROL_VIEWS : QUERY_VIEWS;
    const result = await analyse(embedder, read.pixels, views, purpose === "scan");
    return {
      embedding: result.embedding,
      perView: result.perView,
      colour: read.colour,
      footwear: result.footwear,
      ms: Math.round(result.ms),
      backend: tf.getBackend(),
    };
  } finally {
    read.pixels.dispose();
  }
}
