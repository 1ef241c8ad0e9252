// One photo → footwear verdict + L2-normalised MobileNet embedding. Pure TF.js: the same code runs in
// the browser's Web Worker, in the enrolment script and in the benchmark (node, WASM backend), so the
// catalogue and the scans live in the same embedding space.

import * as tf from "@tensorflow/tfjs";
import * as mobilenet from "@tensorflow-models/mobilenet";
import { type FootwearVerdict, footwearOf } from "./footwear";
import type { ScanModel } from "./models";
import { type ProjectionWeights, project } from "./projection";
import { meanDirection } from "./vectors";
import { ENROL_VIEWS, QUERY_VIEWS, type View } from "./views";

/** The node `infer(img, true)` reads for version 1 (see ../shared/models/README.md). */
const EMBEDDING_NODE = "module_apply_default/MobilenetV1/Logits/global_pool";

export { ENROL_VIEWS, QUERY_VIEWS, type View };

/** The padded view's fill: product photos are mostly on white. */
const PAD_VALUE = 255;

export type Embedder = {
  model: ScanModel;
  net: mobilenet.MobileNet;
  /** The graph inside the package's model, to read logits and embedding in one pass; null → two passes. */
  graph: tf.GraphModel | null;
  /** the model's learned projection (manifest), applied to every view's embedding */
  projection: ProjectionWeights | null;
};

/** The exact load call of ../shared/models/README.md; inputRange is always passed. */
export async function loadEmbedder(
  model: ScanModel,
  modelUrl: string | tf.io.IOHandler,
  projection: ProjectionWeights | null = null,
): Promise<Embedder> {
  if (model.projection && !projection) throw new Error(`Falta la proyección del modelo ${model.id}`);
  if (projection && projection.outputSize !== model.embeddingSize) {
    throw new Error(`La proyección no corresponde al modelo ${model.id}`);
  }
  const net = await mobilenet.load({
    version: model.version,
    alpha: model.alpha,
    modelUrl,
    inputRange: model.inputRange,
  });
  const inner: unknown = Reflect.get(net, "model");
  const graph = inner instanceof tf.GraphModel && model.version === 1 ? inner : null;
  return { model, net, graph, projection: model.projection ? projection : null };
}

/** [h, w, 3] pixels (0..255) → one [size, size, 3] float tensor per view (size: the manifest's imageSize), still 0..255. */
function viewsOf(pixels: tf.Tensor3D, views: readonly View[], size: number): tf.Tensor4D {
  return tf.tidy(() => {
    const image = tf.cast(pixels, "float32").expandDims(0) as tf.Tensor4D;
    const [, h, w] = image.shape;
    const out: tf.Tensor4D[] = [];
    for (const view of views) {
      let t: tf.Tensor4D;
      if (view === "crop" || view === "crop-flip") {
        // the central 80 % of each side
        const ch = Math.max(1, Math.round(h * 0.8));
        const cw = Math.max(1, Math.round(w * 0.8));
        const cropped = tf.slice(image, [0, Math.floor((h - ch) / 2), Math.floor((w - cw) / 2), 0], [1, ch, cw, 3]);
        t = tf.image.resizeBilinear(cropped, [size, size], true);
      } else if (view === "pad") {
        const side = Math.max(h, w);
        const top = Math.floor((side - h) / 2);
        const left = Math.floor((side - w) / 2);
        const padded = tf.pad(
          image,
          [
            [0, 0],
            [top, side - h - top],
            [left, side - w - left],
            [0, 0],
          ],
          PAD_VALUE,
        );
        t = tf.image.resizeBilinear(padded, [size, size], true);
      } else {
        t = tf.image.resizeBilinear(image, [size, size], true);
      }
      if (view === "flip" || view === "crop-flip") t = tf.reverse(t, 2);
      out.push(t);
    }
    return tf.concat(out, 0);
  });
}

export type Analysis = {
  /** L2-normalised mean of the views' embeddings. */
  embedding: Float32Array;
  /** One L2-normalised embedding per view (enrolment stores them as separate references). */
  perView: Float32Array[];
  footwear: FootwearVerdict;
  ms: number;
};

/** Embeds a photo ([h, w, 3], 0..255) under the given views; the first view also gives the footwear verdict. */
export async function analyse(
  embedder: Embedder,
  pixels: tf.Tensor3D,
  views: readonly View[] = QUERY_VIEWS,
  withFootwear = true,
): Promise<Analysis> {
  const started = performance.now();
  const [min, max] = embedder.model.inputRange;
  const batch = viewsOf(pixels, views, embedder.model.imageSize);
  let embeddings: tf.Tensor2D;
  let probabilities: tf.Tensor | null = null;
  try {
    if (embedder.graph) {
      const { graph } = embedder;
      const input = tf.tidy(() => tf.add(tf.mul(batch, (max - min) / 255), min));
      const outputs = graph.execute(
        input,
        withFootwear ? [EMBEDDING_NODE, graph.outputNodes[0] ?? ""] : EMBEDDING_NODE,
      );
      input.dispose();
      const [pooled, logits] = Array.isArray(outputs) ? outputs : [outputs];
      if (!pooled) throw new Error("El modelo no devolvió la huella visual");
      embeddings = tf.tidy(() => tf.reshape(pooled, [views.length, -1]) as tf.Tensor2D);
      pooled.dispose();
      if (logits) {
        // the package drops the background logit: 1001 → 1000 ImageNet classes
        probabilities = tf.tidy(() => tf.softmax(tf.slice(tf.reshape(logits, [views.length, -1]), [0, 1], [1, 1000])));
        logits.dispose();
      }
    } else {
      embeddings = embedder.net.infer(batch, true) as tf.Tensor2D;
      if (withFootwear) {
        const first = tf.slice(batch, [0, 0, 0, 0], [1, -1, -1, -1]);
        const logits = embedder.net.infer(first, false);
        probabilities = tf.softmax(logits);
        first.dispose();
        logits.dispose();
      }
    }
  } finally {
    batch.dispose();
  }
  const flat = await embeddings.data();
  embeddings.dispose();
  const dims = flat.length / views.length;
  const perView = views.map((_, i) => {
    const raw = flat.subarray(i * dims, (i + 1) * dims);
    return embedder.projection ? project(raw, embedder.projection) : meanDirection([raw]);
  });
  let footwear: FootwearVerdict = { is_footwear: false, score: 0, best_class: "", best_probability: 0 };
  if (probabilities) {
    footwear = footwearOf(await probabilities.data());
    probabilities.dispose();
  }
  return { embedding: meanDirection(perView), perView, footwear, ms: performance.now() - started };
}
