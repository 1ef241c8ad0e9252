// Learns the scan's embedding projection (models/manifest.json, the model with a `projection`): PCA,
// then within-class covariance normalisation (WCCN) of MobileNet embeddings, fitted on labelled shoe
// photos (default ../shared/shoes-train: <label>/<photos>, each photo and its mirror image). Measured
// with `npm run bench:scan` it also helps on shoe models it never saw (docs/benchmarks.md, "Scan recognition").
//   node --import tsx scripts/learn-projection.ts [--dir DIR] [--model ID]
// Writes models/<the projection's file>: little-endian float32, the mean (inputSize values) then the
// inputSize × embeddingSize matrix, row-major. Change the model id when the file changes: the phones
// and the stored references must share one embedding space.
import { readdirSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { View } from "../web/src/ml/embedder";
import { scanModel } from "../web/src/ml/models";
import { fitProjection } from "./projection-fit";
import { embedPhotos, nodeEmbedder, photosOf } from "./scan-node";

const { values: args } = parseArgs({
  options: {
    dir: { type: "string", default: join(import.meta.dirname, "..", "..", "shared", "shoes-train") },
    model: { type: "string" },
  },
});

const target = scanModel(args.model);
if (!target.projection) throw new Error(`${target.id} no tiene proyección en el manifiesto`);
const dir = resolve(args.dir ?? "");
const labels = readdirSync(dir)
  .filter((d) => statSync(join(dir, d)).isDirectory())
  .sort();

/**
 * The views the shipped projection was fitted on: each photo and its mirror image. Fitting it on the
 * enrolment's padded view too measured worse on shoe models left out (docs/benchmarks.md, "Scan recognition").
 */
const PROJECTION_VIEWS: readonly View[] = ["stretch", "flip"];

const embedder = await nodeEmbedder(scanModel(target.weights));
const rows: Float32Array[] = [];
const rowLabels: number[] = [];
for (const [label, name] of labels.entries()) {
  const paths = photosOf(join(dir, name)).map((f) => join(dir, name, f));
  const vectors = await embedPhotos(embedder, paths, PROJECTION_VIEWS);
  rows.push(...vectors);
  rowLabels.push(...vectors.map(() => label));
  console.log(`${name}: ${paths.length} fotos`);
}

const weights = fitProjection(rows, rowLabels, target.embeddingSize, target.projection.regularisation);
const packed = new Float32Array(weights.inputSize + weights.matrix.length);
packed.set(weights.mean, 0);
packed.set(weights.matrix, weights.inputSize);
const outFile = join(import.meta.dirname, "..", "models", target.projection.file);
writeFileSync(outFile, new Uint8Array(packed.buffer));
console.log(`Proyección ${weights.inputSize}→${weights.outputSize} escrita en ${outFile} (${packed.byteLength} bytes)`);
