// Scan recognition benchmark: `npm run bench:scan -- --dir DIR --refs N` (defaults ../shared/shoes-dev, 5).
// DIR holds <label>/<photos>; the first N photos of each label (file-name order) are enrolled through the
// same embedding code as the demo products (scripts/seed-embeddings.ts → web/src/ml/embedder.ts), the rest
// are queries. Prints top-1/top-5 of the server ranking (worker/domain/scan.ts rankProducts) and of the
// on-device guess (int8 catalogue, web/src/ml/vectors.ts), for several test-time augmentations; time per
// embedding in node (WASM) and in headless Chromium (WASM, when /usr/bin/chromium exists); server matching
// time for 1k/10k/50k references. Last line: `top1=<%> top5=<%>` of the configuration the app ships.
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import * as tf from "@tensorflow/tfjs";
import { decodePhoto, MODELS_DIR, nodeEmbedder, photosOf, SHOES_DIR } from "../../scripts/scan-node";
import { analyse, QUERY_VIEWS, type View } from "../../web/src/ml/embedder";
import { scanModel } from "../../web/src/ml/models";
import { type Catalogue, meanDirection, nearestProducts } from "../../web/src/ml/vectors";
import { quantise, type Reference, rankProducts } from "../../worker/domain/scan";

const { values: args } = parseArgs({
  options: {
    dir: { type: "string", default: SHOES_DIR },
    refs: { type: "string", default: "5" },
    "no-browser": { type: "boolean", default: false },
  },
});
const dir = resolve(args.dir ?? SHOES_DIR);
const refsPerLabel = Number(args.refs);
const model = scanModel();

if (!existsSync(dir)) {
  console.log(`bench:scan: ${dir} no existe; nada que medir.`);
  process.exit(0);
}
if (!existsSync(join(MODELS_DIR, model.id, model.file))) {
  console.log(`bench:scan: no hay pesos de ${model.id} en ${MODELS_DIR} (define MODELS_DIR).`);
  process.exit(0);
}

const ALL_VIEWS: readonly View[] = ["stretch", "flip", "crop", "crop-flip"];
type Photo = { label: number; views: Record<View, Float32Array> };

const labels = readdirSync(dir)
  .filter((d) => statSync(join(dir, d)).isDirectory())
  .sort();
const embedder = await nodeEmbedder(model);
console.log(
  `Modelo ${model.id} · backend ${tf.getBackend()} · ${labels.length} etiquetas · ${refsPerLabel} referencias`,
);

// ---------------------------------------------------------------- embed every photo once, all views
const enrolled: Photo[] = [];
const queries: Photo[] = [];
const singleMs: number[] = [];
const pairMs: number[] = [];
for (const [label, name] of labels.entries()) {
  const files = photosOf(join(dir, name));
  for (const [i, file] of files.entries()) {
    const pixels = await decodePhoto(join(dir, name, file));
    try {
      const all = await analyse(embedder, pixels, ALL_VIEWS, false);
      if (singleMs.length < 40) {
        singleMs.push((await analyse(embedder, pixels, ["stretch"], true)).ms);
        pairMs.push((await analyse(embedder, pixels, ["stretch", "flip"], true)).ms);
      }
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

type Config = { name: string; refViews: View[][]; queryViews: View[] };
// refViews: each inner list is one stored reference (its views averaged)
const CONFIGS: Config[] = [
  { name: "1 vista (ref y consulta)", refViews: [["stretch"]], queryViews: ["stretch"] },
  { name: "ref: foto + espejo; consulta: 1 vista", refViews: [["stretch"], ["flip"]], queryViews: ["stretch"] },
  {
    name: "ref: foto + espejo; consulta: media foto+espejo",
    refViews: [["stretch"], ["flip"]],
    queryViews: ["stretch", "flip"],
  },
  {
    name: "ref: foto + espejo; consulta: media 4 vistas (+recorte 80 %)",
    refViews: [["stretch"], ["flip"]],
    queryViews: ["stretch", "flip", "crop", "crop-flip"],
  },
  {
    name: "ref: 4 vistas por separado; consulta: media 4 vistas",
    refViews: [["stretch"], ["flip"], ["crop"], ["crop-flip"]],
    queryViews: ["stretch", "flip", "crop", "crop-flip"],
  },
  {
    name: "ref: media foto+espejo; consulta: media foto+espejo",
    refViews: [["stretch", "flip"]],
    queryViews: ["stretch", "flip"],
  },
];
/** What the app ships: scripts/seed-embeddings.ts ENROL_VIEWS and web/src/ml/embedder.ts QUERY_VIEWS. */
const SHIPPED = 1;

function evaluate(config: Config) {
  const refs: Reference[] = enrolled.flatMap((p) =>
    config.refViews.map((vs) => ({ productId: p.label, vector: meanDirection(vs.map((v) => p.views[v])) })),
  );
  const catalogue: Catalogue = {
    modelId: model.id,
    dims: model.embeddingSize,
    scale: 1 / 127,
    productIds: refs.map((r) => r.productId),
    vectors: new Int8Array(refs.length * model.embeddingSize),
  };
  for (const [i, r] of refs.entries()) catalogue.vectors.set(quantise(r.vector), i * model.embeddingSize);
  let s1 = 0;
  let s5 = 0;
  let d1 = 0;
  let d5 = 0;
  for (const q of queries) {
    const query = meanDirection(config.queryViews.map((v) => q.views[v]));
    const server = rankProducts(query, refs, 5).map((r) => r.productId);
    const device = nearestProducts(query, catalogue, 5).map((r) => r.productId);
    if (server[0] === q.label) s1++;
    if (server.includes(q.label)) s5++;
    if (device[0] === q.label) d1++;
    if (device.includes(q.label)) d5++;
  }
  const n = queries.length || 1;
  return { s1: s1 / n, s5: s5 / n, d1: d1 / n, d5: d5 / n };
}

console.log(`\nReconocimiento (${enrolled.length} fotos enroladas, ${queries.length} consultas)`);
console.log("| configuración | servidor top-1 | servidor top-5 | dispositivo top-1 | dispositivo top-5 |");
console.log("|---|---|---|---|---|");
const results = CONFIGS.map((config, i) => {
  const r = evaluate(config);
  console.log(
    `| ${config.name}${i === SHIPPED ? " **(app)**" : ""} | ${pct(r.s1)} | ${pct(r.s5)} | ${pct(r.d1)} | ${pct(r.d5)} |`,
  );
  return r;
});

// ---------------------------------------------------------------- speed of one embedding
console.log("\nTiempo por foto en node (WASM), incluye la decisión calzado/no calzado");
console.log(`| vistas | mediana | p95 |\n|---|---|---|`);
console.log(
  `| 1${QUERY_VIEWS.length === 1 ? " (app)" : ""} | ${median(singleMs).toFixed(1)} ms | ${p95(singleMs).toFixed(1)} ms |`,
);
console.log(
  `| 2 (foto + espejo)${QUERY_VIEWS.length === 2 ? " (app)" : ""} | ${median(pairMs).toFixed(1)} ms | ${p95(pairMs).toFixed(1)} ms |`,
);

// ---------------------------------------------------------------- headless Chromium (WASM)
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!args["no-browser"] && existsSync(CHROMIUM)) {
  try {
    const browserTimes = await chromiumTimes(CHROMIUM);
    console.log("\nTiempo por foto en Chromium headless (WASM, en la página)");
    console.log(`| vistas | mediana | p95 | backend |\n|---|---|---|---|`);
    console.log(
      `| 1${QUERY_VIEWS.length === 1 ? " (app)" : ""} | ${median(browserTimes.single).toFixed(1)} ms | ${p95(browserTimes.single).toFixed(1)} ms | ${browserTimes.backend} |`,
    );
    console.log(
      `| 2 (foto + espejo)${QUERY_VIEWS.length === 2 ? " (app)" : ""} | ${median(browserTimes.pair).toFixed(1)} ms | ${p95(browserTimes.pair).toFixed(1)} ms | ${browserTimes.backend} |`,
    );
  } catch (error) {
    console.log(`\nChromium: no se pudo medir (${error instanceof Error ? error.message : String(error)})`);
  }
} else {
  console.log(`\nChromium: omitido (${CHROMIUM} no existe o --no-browser)`);
}

// ---------------------------------------------------------------- server matching time
console.log("\nTiempo de emparejamiento en el servidor (768-d, 8 referencias por producto, 40 consultas)");
console.log("| referencias | rankProducts mediana | rankProducts p95 | matriz plana mediana | matriz plana p95 |");
console.log("|---|---|---|---|---|");
for (const count of [1_000, 10_000, 50_000]) {
  const dims = model.embeddingSize;
  const refs: Reference[] = Array.from({ length: count }, (_, i) => ({
    productId: Math.floor(i / 8),
    vector: randomUnit(dims),
  }));
  const flat = new Float32Array(count * dims);
  const ids = new Int32Array(count);
  for (const [i, r] of refs.entries()) {
    flat.set(r.vector, i * dims);
    ids[i] = r.productId;
  }
  const times: number[] = [];
  const flatTimes: number[] = [];
  for (let i = 0; i < 40; i++) {
    const query = randomUnit(dims);
    let t = performance.now();
    const a = rankProducts(query, refs, 5);
    times.push(performance.now() - t);
    t = performance.now();
    const b = rankFlat(query, flat, ids, dims, 5);
    flatTimes.push(performance.now() - t);
    if (a[0]?.productId !== b[0]?.productId) throw new Error("la matriz plana no da el mismo primero");
  }
  console.log(
    `| ${count.toLocaleString("es-CO")} | ${median(times).toFixed(2)} ms | ${p95(times).toFixed(2)} ms | ${median(flatTimes).toFixed(2)} ms | ${p95(flatTimes).toFixed(2)} ms |`,
  );
}

/** The same ranking over one contiguous Float32Array with a 4-way unrolled dot (a candidate for the server). */
function rankFlat(query: Float32Array, flat: Float32Array, ids: Int32Array, dims: number, limit: number) {
  const best = new Map<number, number>();
  for (let row = 0; row < ids.length; row++) {
    const o = row * dims;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let i = 0; i < dims; i += 4) {
      s0 += (query[i] as number) * (flat[o + i] as number);
      s1 += (query[i + 1] as number) * (flat[o + i + 1] as number);
      s2 += (query[i + 2] as number) * (flat[o + i + 2] as number);
      s3 += (query[i + 3] as number) * (flat[o + i + 3] as number);
    }
    const sim = s0 + s1 + s2 + s3;
    const id = ids[row] as number;
    if (sim > (best.get(id) ?? Number.NEGATIVE_INFINITY)) best.set(id, sim);
  }
  return [...best]
    .map(([productId, similarity]) => ({ productId, similarity }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, limit);
}

const shipped = results[SHIPPED] ?? { s1: 0, s5: 0 };
console.log(`\ntop1=${(shipped.s1 * 100).toFixed(1)}% top5=${(shipped.s5 * 100).toFixed(1)}%`);

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
    import { scanModel } from "./web/src/ml/models";
    window.runBench = async (urls, repeat) => {
      setWasmPaths("/tfjs-wasm/");
      await tf.setBackend("wasm");
      await tf.ready();
      const embedder = await loadEmbedder(scanModel(), "/models/${model.id}/${model.file}");
      const single = [], pair = [];
      for (let r = 0; r < repeat; r++) for (const url of urls) {
        const blob = await (await fetch(url)).blob();
        const bitmap = await createImageBitmap(blob);
        const pixels = tf.browser.fromPixels(bitmap);
        single.push((await analyse(embedder, pixels, ["stretch"], true)).ms);
        pair.push((await analyse(embedder, pixels, ["stretch", "flip"], true)).ms);
        pixels.dispose();
      }
      return { single, pair, backend: tf.getBackend() + (tf.env().getBool("WASM_HAS_SIMD_SUPPORT") ? " SIMD" : "") };
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
    if (url.startsWith("/models/")) file = join(MODELS_DIR, url.slice("/models/".length));
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
            runBench: (u: string[], r: number) => Promise<{ single: number[]; pair: number[]; backend: string }>;
          }
        ).runBench(urls, repeat),
      [photoUrls, 2] as const,
    );
    // the first photo pays for warm-up (shader/kernel compilation): leave it out
    return { single: result.single.slice(1), pair: result.pair.slice(1), backend: result.backend };
  } finally {
    await browser.close();
    server.close();
  }
}
