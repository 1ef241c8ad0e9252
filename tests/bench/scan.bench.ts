// Scan recognition benchmark: `npm run bench:scan -- --dir DIR --refs N` (defaults ../shared/shoes-dev, 5).
// DIR holds <label>/<photos>; the first N photos of each label (file-name order) are enrolled (each photo
// and its mirror image, as the product does), the rest are queries. Every photo is embedded once with
// MobileNet through web/src/ml/embedder.ts; the shipped model's vectors are those embeddings through its
// learned projection (web/src/ml/projection.ts, the same function the embedder applies). Prints top-1/top-5
// of the server ranking (worker/domain/scan-gallery.ts) and of the on-device guess (int8 catalogue,
// web/src/ml/vectors.ts) for the configurations tried; with --train (default ../shared/shoes-train) the
// projection is also refitted without the queried labels, to measure it on shoe models it never saw; time
// per embedding in node (WASM) and in headless Chromium; server matching time for 1k/10k/50k references.
// Writes tests/bench/results/scan-latest.json. Last line: `top1=<%> top5=<%>` of what the app ships.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import * as tf from "@tensorflow/tfjs";
import { fitProjection } from "../../scripts/projection-fit";
import { decodePhoto, MODELS_DIR, nodeEmbedder, nodeProjection, photosOf, SHOES_DIR } from "../../scripts/scan-node";
import { analyse, QUERY_VIEWS, type View } from "../../web/src/ml/embedder";
import { scanModel } from "../../web/src/ml/models";
import { type ProjectionWeights, project } from "../../web/src/ml/projection";
import { type Catalogue, meanDirection, nearestProducts } from "../../web/src/ml/vectors";
import { quantise } from "../../worker/domain/scan";
import { buildGallery, rankGallery } from "../../worker/domain/scan-gallery";

const { values: args } = parseArgs({
  options: {
    dir: { type: "string", default: SHOES_DIR },
    refs: { type: "string", default: "5" },
    train: { type: "string", default: join(SHOES_DIR, "..", "shoes-train") },
    "no-unseen": { type: "boolean", default: false },
    "no-browser": { type: "boolean", default: false },
  },
});
const dir = resolve(args.dir ?? SHOES_DIR);
const refsPerLabel = Number(args.refs);
const shipped = scanModel();
const base = scanModel(shipped.weights);
const shippedProjection = nodeProjection(shipped);

if (!existsSync(dir)) {
  console.log(`bench:scan: ${dir} no existe; nada que medir.`);
  process.exit(0);
}
if (!existsSync(join(MODELS_DIR, base.weights, base.file))) {
  console.log(`bench:scan: no hay pesos de ${base.weights} en ${MODELS_DIR} (define MODELS_DIR).`);
  process.exit(0);
}

const ALL_VIEWS: readonly View[] = ["stretch", "flip", "crop", "crop-flip"];
type Photo = { label: number; views: Record<View, Float32Array> };

const labelsOf = (folder: string) =>
  readdirSync(folder)
    .filter((d) => statSync(join(folder, d)).isDirectory())
    .sort();
const labels = labelsOf(dir);
const embedder = await nodeEmbedder(base);
console.log(
  `Modelo ${shipped.id} (MobileNet ${base.id}${shipped.projection ? ` + proyección ${shipped.projection.inputSize}→${shipped.embeddingSize}` : ""}) · backend ${tf.getBackend()} · ${labels.length} etiquetas · ${refsPerLabel} referencias`,
);

// ---------------------------------------------------------------- embed every photo once (raw MobileNet), all views
const enrolled: Photo[] = [];
const queries: Photo[] = [];
const singleMs: number[] = [];
for (const [label, name] of labels.entries()) {
  const files = photosOf(join(dir, name));
  for (const [i, file] of files.entries()) {
    const pixels = await decodePhoto(join(dir, name, file));
    try {
      const all = await analyse(embedder, pixels, ALL_VIEWS, false);
      if (singleMs.length < 40) singleMs.push((await analyse(embedder, pixels, QUERY_VIEWS, true)).ms);
      const views = Object.fromEntries(ALL_VIEWS.map((v, k) => [v, all.perView[k] as Float32Array])) as Record<
        View,
        Float32Array
      >;
      (i < refsPerLabel ? enrolled : queries).push({ label, views });
    } finally {
      pixels.dispose();
    }
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;

type Ranking = "prototype" | "best-reference";
type Config = {
  name: string;
  /** null: raw MobileNet vectors */
  projection: ProjectionWeights | null;
  ranking: Ranking;
  /** each inner list is one stored reference (its views averaged) */
  refViews: View[][];
  queryViews: View[];
};

/** The previous ranking: a product scores its single best reference. */
function rankBestReference(query: Float32Array, refs: { productId: number; vector: Float32Array }[]) {
  const best = new Map<number, number>();
  for (const r of refs) {
    let s = 0;
    for (let i = 0; i < query.length; i++) s += (query[i] as number) * (r.vector[i] as number);
    if (s > (best.get(r.productId) ?? Number.NEGATIVE_INFINITY)) best.set(r.productId, s);
  }
  return [...best].sort((a, b) => b[1] - a[1]).map(([productId, similarity]) => ({ productId, similarity }));
}

type Score = { s1: number; s5: number; d1: number; d5: number; n: number; same: number[]; other: number[] };

/** Top-1/top-5 of the server and the device; only queries whose label passes `counted` are scored. */
function evaluate(config: Config, counted: (label: number) => boolean = () => true): Score {
  const space = (v: Float32Array) => (config.projection ? project(v, config.projection) : v);
  const vectorOf = (p: Photo, views: View[]) => meanDirection(views.map((v) => space(p.views[v])));
  const refs = enrolled.flatMap((p) => config.refViews.map((vs) => ({ productId: p.label, vector: vectorOf(p, vs) })));
  const dims = refs[0]?.vector.length ?? 0;
  const gallery = buildGallery(dims, refs);
  const catalogue: Catalogue = {
    modelId: "bench",
    dims,
    scale: 1 / 127,
    productIds: refs.map((r) => r.productId),
    vectors: new Int8Array(refs.length * dims),
  };
  for (const [i, r] of refs.entries()) catalogue.vectors.set(quantise(r.vector), i * dims);
  const score: Score = { s1: 0, s5: 0, d1: 0, d5: 0, n: 0, same: [], other: [] };
  for (const q of queries) {
    if (!counted(q.label)) continue;
    const query = vectorOf(q, config.queryViews);
    const ranked =
      config.ranking === "prototype" ? rankGallery(query, gallery, labels.length) : rankBestReference(query, refs);
    const server = ranked.slice(0, 5).map((r) => r.productId);
    const device =
      config.ranking === "prototype"
        ? nearestProducts(query, catalogue, 5).map((r) => r.productId)
        : rankBestReference(
            query,
            refs.map((r) => ({ ...r, vector: Float32Array.from(quantise(r.vector), (x) => x / 127) })),
          )
            .slice(0, 5)
            .map((r) => r.productId);
    score.n++;
    if (server[0] === q.label) score.s1++;
    if (server.includes(q.label)) score.s5++;
    if (device[0] === q.label) score.d1++;
    if (device.includes(q.label)) score.d5++;
    for (const r of ranked) (r.productId === q.label ? score.same : score.other).push(r.similarity);
  }
  return score;
}

const PHOTO_AND_MIRROR: View[][] = [["stretch"], ["flip"]];
const CONFIGS: Config[] = [
  {
    name: "MobileNet sin proyección, mejor referencia (antes)",
    projection: null,
    ranking: "best-reference",
    refViews: PHOTO_AND_MIRROR,
    queryViews: ["stretch"],
  },
  {
    name: "MobileNet sin proyección, prototipo",
    projection: null,
    ranking: "prototype",
    refViews: PHOTO_AND_MIRROR,
    queryViews: ["stretch"],
  },
  ...(shippedProjection
    ? [
        {
          name: "proyección, mejor referencia",
          projection: shippedProjection,
          ranking: "best-reference" as const,
          refViews: PHOTO_AND_MIRROR,
          queryViews: ["stretch"] as View[],
        },
        {
          name: "proyección, prototipo, consulta 1 vista",
          projection: shippedProjection,
          ranking: "prototype" as const,
          refViews: PHOTO_AND_MIRROR,
          queryViews: ["stretch"] as View[],
        },
        {
          name: "proyección, prototipo, consulta media foto+espejo",
          projection: shippedProjection,
          ranking: "prototype" as const,
          refViews: PHOTO_AND_MIRROR,
          queryViews: ["stretch", "flip"] as View[],
        },
      ]
    : []),
];
/** What the app ships: projection when the default model has one, prototypes, one view per scan. */
const SHIPPED = shippedProjection ? 3 : 1;

console.log(`\nReconocimiento (${enrolled.length} fotos enroladas, ${queries.length} consultas)`);
console.log("| configuración | servidor top-1 | servidor top-5 | dispositivo top-1 | dispositivo top-5 |");
console.log("|---|---|---|---|---|");
const results = CONFIGS.map((config, i) => {
  const r = evaluate(config);
  console.log(
    `| ${config.name}${i === SHIPPED ? " **(app)**" : ""} | ${pct(r.s1 / r.n)} | ${pct(r.s5 / r.n)} | ${pct(r.d1 / r.n)} | ${pct(r.d5 / r.n)} |`,
  );
  return { name: config.name, top1: r.s1 / r.n, top5: r.s5 / r.n, deviceTop1: r.d1 / r.n, deviceTop5: r.d5 / r.n };
});
const shippedScore = evaluate(CONFIGS[SHIPPED] as Config);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? 0;
console.log(
  `Similitud (app): con su modelo p10 ${quantile(shippedScore.same, 0.1).toFixed(2)} · p50 ${quantile(shippedScore.same, 0.5).toFixed(2)} · p90 ${quantile(shippedScore.same, 0.9).toFixed(2)}; con otros p50 ${quantile(shippedScore.other, 0.5).toFixed(2)} · p90 ${quantile(shippedScore.other, 0.9).toFixed(2)} · p99 ${quantile(shippedScore.other, 0.99).toFixed(2)}`,
);

// ---------------------------------------------------------------- the projection on shoe models it never saw
let unseen: { top1: number; top5: number; deviceTop1: number; deviceTop5: number; folds: number } | null = null;
const trainDir = resolve(args.train ?? "");
if (shipped.projection && !args["no-unseen"] && existsSync(trainDir)) {
  const trainLabels = labelsOf(trainDir);
  const overlap = labels.filter((l) => trainLabels.includes(l));
  console.log(
    `\nEtiquetas de ${dir} también presentes en ${trainDir}: ${overlap.length} de ${labels.length}. La proyección del app se ajustó con ${trainDir}; para medirla sobre modelos de zapato que no vio, se reajusta sin las etiquetas consultadas (validación cruzada por etiquetas, pliegues de 2).`,
  );
  if (overlap.length > 0) {
    const rows: Float32Array[] = [];
    const rowLabels: string[] = [];
    for (const name of trainLabels) {
      for (const file of photosOf(join(trainDir, name))) {
        const pixels = await decodePhoto(join(trainDir, name, file));
        try {
          const result = await analyse(embedder, pixels, ["stretch", "flip"], false);
          rows.push(...result.perView);
          rowLabels.push(name, name);
        } finally {
          pixels.dispose();
        }
      }
    }
    const total = { s1: 0, s5: 0, d1: 0, d5: 0, n: 0 };
    const folds = Math.ceil(labels.length / 2);
    for (let k = 0; k < folds; k++) {
      const held = new Set([labels[2 * k], labels[2 * k + 1]].filter((l): l is string => l !== undefined));
      const keep = rowLabels.flatMap((l, i) => (held.has(l) ? [] : [i]));
      const names = [...new Set(keep.map((i) => rowLabels[i] as string))];
      const weights = fitProjection(
        keep.map((i) => rows[i] as Float32Array),
        keep.map((i) => names.indexOf(rowLabels[i] as string)),
        shipped.embeddingSize,
        shipped.projection.regularisation,
      );
      const config = { ...(CONFIGS[SHIPPED] as Config), projection: weights };
      const r = evaluate(config, (label) => held.has(labels[label] as string));
      total.s1 += r.s1;
      total.s5 += r.s5;
      total.d1 += r.d1;
      total.d5 += r.d5;
      total.n += r.n;
    }
    unseen = {
      top1: total.s1 / total.n,
      top5: total.s5 / total.n,
      deviceTop1: total.d1 / total.n,
      deviceTop5: total.d5 / total.n,
      folds,
    };
    console.log("| configuración | servidor top-1 | servidor top-5 | dispositivo top-1 | dispositivo top-5 |");
    console.log("|---|---|---|---|---|");
    console.log(
      `| app, proyección ajustada sin las etiquetas consultadas | ${pct(unseen.top1)} | ${pct(unseen.top5)} | ${pct(unseen.deviceTop1)} | ${pct(unseen.deviceTop5)} |`,
    );
  }
}

// ---------------------------------------------------------------- speed of one embedding
const shippedEmbedder = await nodeEmbedder(shipped);
const shippedMs: number[] = [];
for (const name of labels.slice(0, 4)) {
  for (const file of photosOf(join(dir, name)).slice(0, 6)) {
    const pixels = await decodePhoto(join(dir, name, file));
    shippedMs.push((await analyse(shippedEmbedder, pixels, QUERY_VIEWS, true)).ms);
    pixels.dispose();
  }
}
shippedMs.shift(); // warm-up
console.log("\nTiempo por foto en node (WASM), una vista, incluye la decisión calzado/no calzado");
console.log(`| modelo | mediana | p95 |\n|---|---|---|`);
console.log(`| ${base.id} | ${median(singleMs).toFixed(1)} ms | ${p95(singleMs).toFixed(1)} ms |`);
console.log(`| ${shipped.id} (app) | ${median(shippedMs).toFixed(1)} ms | ${p95(shippedMs).toFixed(1)} ms |`);

// ---------------------------------------------------------------- headless Chromium (WASM)
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
let chromium: { median: number; p95: number; backend: string } | null = null;
if (!args["no-browser"] && existsSync(CHROMIUM)) {
  try {
    const times = await chromiumTimes(CHROMIUM);
    chromium = { median: median(times.single), p95: p95(times.single), backend: times.backend };
    console.log("\nTiempo por foto en Chromium headless (WASM, en la página), modelo del app");
    console.log(`| mediana | p95 | backend |\n|---|---|---|`);
    console.log(`| ${chromium.median.toFixed(1)} ms | ${chromium.p95.toFixed(1)} ms | ${chromium.backend} |`);
  } catch (error) {
    console.log(`\nChromium: no se pudo medir (${error instanceof Error ? error.message : String(error)})`);
  }
} else {
  console.log(`\nChromium: omitido (${CHROMIUM} no existe o --no-browser)`);
}

// ---------------------------------------------------------------- server matching time
const REFS_PER_PRODUCT = 8;
console.log(
  `\nTiempo de emparejamiento en el servidor (${shipped.embeddingSize}-d, ${REFS_PER_PRODUCT} referencias por producto, 40 consultas)`,
);
console.log(
  "| referencias | por escaneo mediana | por escaneo p95 | armar prototipos (una vez por versión del catálogo) |",
);
console.log("|---|---|---|---|");
const matching: Record<string, { p50: number; p95: number; buildMs: number }> = {};
for (const count of [1_000, 10_000, 50_000]) {
  const dims = shipped.embeddingSize;
  const refs = Array.from({ length: count }, (_, i) => ({
    productId: Math.floor(i / REFS_PER_PRODUCT),
    vector: randomUnit(dims),
  }));
  let t = performance.now();
  const gallery = buildGallery(dims, refs);
  const buildMs = performance.now() - t;
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const query = randomUnit(dims);
    t = performance.now();
    rankGallery(query, gallery, 5);
    times.push(performance.now() - t);
  }
  matching[String(count)] = { p50: median(times), p95: p95(times), buildMs };
  console.log(
    `| ${count.toLocaleString("es-CO")} | ${median(times).toFixed(2)} ms | ${p95(times).toFixed(2)} ms | ${buildMs.toFixed(1)} ms |`,
  );
}

const app = results[SHIPPED] ?? { top1: 0, top5: 0 };
mkdirSync("tests/bench/results", { recursive: true });
writeFileSync(
  "tests/bench/results/scan-latest.json",
  `${JSON.stringify(
    {
      when: new Date().toISOString(),
      dir,
      refs: refsPerLabel,
      model: shipped.id,
      accuracy: { configurations: results, app, unseenLabels: unseen },
      embedding: {
        nodeMs: { median: median(shippedMs), p95: p95(shippedMs) },
        chromiumMs: chromium ? { median: chromium.median, p95: chromium.p95 } : null,
        chromiumBackend: chromium?.backend ?? null,
      },
      matching,
    },
    null,
    2,
  )}\n`,
);
console.log(`\ntop1=${(app.top1 * 100).toFixed(1)}% top5=${(app.top5 * 100).toFixed(1)}%`);

function randomUnit(dims: number): Float32Array {
  const v = new Float32Array(dims);
  let s = 0;
  for (let i = 0; i < dims; i++) {
    const x = Math.random() * 2 - 1;
    v[i] = x;
    s += x * x;
  }
  const n = Math.sqrt(s);
  for (let i = 0; i < dims; i++) v[i] = (v[i] ?? 0) / n;
  return v;
}

/**
 * Bundles web/src/ml/embedder.ts for the browser (esbuild), serves it with the weights and the .wasm
 * files on 127.0.0.1, and times embeddings of the first photos in headless Chromium.
 */
async function chromiumTimes(executablePath: string) {
  const { build } = await import("esbuild");
  const { chromium } = await import("playwright-core");
  const { readFileSync } = await import("node:fs");
  const root = resolve(import.meta.dirname, "..", "..");
  const entry = `
    import * as tf from "@tensorflow/tfjs";
    import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
    import { analyse, loadEmbedder } from "./web/src/ml/embedder";
    import { defaultModelUrl, projectionUrl, scanModel } from "./web/src/ml/models";
    import { projectionFromBytes } from "./web/src/ml/projection";
    window.runBench = async (urls, repeat) => {
      setWasmPaths("/tfjs-wasm/");
      await tf.setBackend("wasm");
      await tf.ready();
      const model = scanModel();
      const path = projectionUrl();
      const projection = path && model.projection
        ? projectionFromBytes(await (await fetch(path)).arrayBuffer(), model.projection.inputSize, model.embeddingSize)
        : null;
      const embedder = await loadEmbedder(model, defaultModelUrl(), projection);
      const single = [];
      for (let r = 0; r < repeat; r++) for (const url of urls) {
        const blob = await (await fetch(url)).blob();
        const bitmap = await createImageBitmap(blob);
        const pixels = tf.browser.fromPixels(bitmap);
        single.push((await analyse(embedder, pixels, ["stretch"], true)).ms);
        pixels.dispose();
      }
      return { single, backend: tf.getBackend() + (tf.env().getBool("WASM_HAS_SIMD_SUPPORT") ? " SIMD" : "") };
    };`;
  const bundle = await build({
    stdin: { contents: entry, resolveDir: root, loader: "ts" },
    bundle: true,
    format: "esm",
    write: false,
    platform: "browser",
    logLevel: "silent",
  });
  const js = bundle.outputFiles[0]?.text ?? "";
  const photoUrls: string[] = [];
  const photoPaths = new Map<string, string>();
  for (const name of labels.slice(0, 4)) {
    for (const file of photosOf(join(dir, name)).slice(0, 3)) {
      const url = `/photos/${name}/${file}`;
      photoUrls.push(url);
      photoPaths.set(url, join(dir, name, file));
    }
  }
  const wasmDir = join(root, "node_modules", "@tensorflow", "tfjs-backend-wasm", "dist");
  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/");
    let file: string | undefined;
    let type = "application/octet-stream";
    if (url === "/") {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end('<!doctype html><script type="module" src="/bench.js"></script>');
      return;
    }
    if (url === "/bench.js") {
      res.writeHead(200, { "Content-Type": "text/javascript" });
      res.end(js);
      return;
    }
    const projectionFile = shipped.projection ? `/models/${shipped.projection.file}` : null;
    if (url === projectionFile) file = join(root, "models", url.slice("/models/".length));
    else if (url.startsWith("/models/")) file = join(MODELS_DIR, url.slice("/models/".length));
    else if (url.startsWith("/tfjs-wasm/")) {
      file = join(wasmDir, url.slice("/tfjs-wasm/".length));
      type = "application/wasm";
    } else file = photoPaths.get(url);
    if (!file || url.includes("..") || !existsSync(file)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { "Content-Type": url.endsWith(".json") ? "application/json" : type });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const browser = await chromium.launch({ executablePath, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => "runBench" in window);
    const result = await page.evaluate(
      ([urls, repeat]) =>
        (
          window as unknown as {
            runBench: (u: string[], r: number) => Promise<{ single: number[]; backend: string }>;
          }
        ).runBench(urls, repeat),
      [photoUrls, 2] as const,
    );
    // the first photo pays for warm-up (shader/kernel compilation): leave it out
    return { single: result.single.slice(1), backend: result.backend };
  } finally {
    await browser.close();
    server.close();
  }
}
