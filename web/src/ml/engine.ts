// What the Web Worker runs: TF.js backend choice, the model, one photo's analysis. Imported lazily by
// scan.worker.ts, so TF.js is only downloaded when a scan screen starts the worker.
import * as tf from "@tensorflow/tfjs";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import { analyse, type Embedder, ENROL_VIEWS, IMAGE_SIZE, loadEmbedder, QUERY_VIEWS } from "./embedder";
import { projectionUrl, scanModel } from "./models";
import { type ProjectionWeights, projectionFromBytes } from "./projection";
import type { InitResult } from "./protocol";

/** Photos are scaled down in the browser first (good filtering) so the model's bilinear resize only does the last step. */
const MAX_SIDE = IMAGE_SIZE * 2;
/** WASM slower than this per photo (no SIMD): try WebGL and keep the faster one. */
const SLOW_MS = 120;

let embedder: Embedder | null = null;
let info: InitResult | null = null;

async function timeOne(e: Embedder): Promise<number> {
  const probe = tf.zeros([IMAGE_SIZE, IMAGE_SIZE, 3], "int32") as tf.Tensor3D;
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

/** WASM (SIMD and threads when the browser allows), WebGL when it is faster, the pure-JS cpu backend last. */
export async function init(modelId: string, modelUrl: string, wasmPath: string): Promise<InitResult> {
  if (embedder && info?.model_id === modelId) return info;
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

/** A photo (any size) → [h, w, 3] pixels with the longer side at most MAX_SIDE. */
async function pixelsOf(image: Blob): Promise<tf.Tensor3D> {
  const probe = await createImageBitmap(image);
  const scale = Math.min(1, MAX_SIDE / Math.max(probe.width, probe.height));
  const width = Math.max(1, Math.round(probe.width * scale));
  const height = Math.max(1, Math.round(probe.height * scale));
  let bitmap = probe;
  if (scale < 1) {
    bitmap = await createImageBitmap(image, { resizeWidth: width, resizeHeight: height, resizeQuality: "high" });
    probe.close();
  }
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No se pudo leer la imagen");
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return tf.browser.fromPixels(context.getImageData(0, 0, width, height), 3);
}

/** A scan photo (one view, footwear verdict) or a catalogue reference (photo and mirror image, each returned). */
export async function analysePhoto(image: Blob, purpose: "scan" | "enrol" = "scan") {
  if (!embedder) throw new Error("El modelo aún no está cargado");
  let pixels: tf.Tensor3D;
  try {
    pixels = await pixelsOf(image);
  } catch {
    throw new Error("No se pudo leer la imagen; usa una foto JPG o PNG");
  }
  try {
    const result = await analyse(embedder, pixels, purpose === "enrol" ? ENROL_VIEWS : QUERY_VIEWS, purpose === "scan");
    return {
      embedding: result.embedding,
      perView: result.perView,
      footwear: result.footwear,
      ms: Math.round(result.ms),
      backend: tf.getBackend(),
    };
  } finally {
    pixels.dispose();
  }
}
