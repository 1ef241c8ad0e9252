// Puts the MobileNet weights where the SPA serves them (web/public/models/<id>/), from MODELS_DIR
// or ../shared/models when present. Weights are data, never committed (web/public/models is ignored).
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const manifest = JSON.parse(readFileSync("models/manifest.json", "utf8"));
const source = resolve(process.env.MODELS_DIR ?? join("..", "shared", "models"));
const target = join("web", "public", "models");

let placed = 0;
const weightFolders = new Set(Object.values(manifest.models).map((m) => m.weights));
for (const folder of weightFolders) {
  const from = join(source, folder);
  if (!existsSync(join(from, "model.json"))) continue;
  cpSync(from, join(target, folder), { recursive: true });
  placed++;
}
// learned projections are ours and committed (models/*.bin): always served
mkdirSync(target, { recursive: true });
for (const model of Object.values(manifest.models)) {
  if (model.projection) copyFileSync(join("models", model.projection.file), join(target, model.projection.file));
}
if (placed === 0) {
  console.log(
    `Modelos: no se encontraron pesos en ${source}. El escaneo usará la URL oficial del manifiesto (requiere internet) o define MODELS_DIR.`,
  );
} else {
  console.log(`Modelos: ${placed} modelo(s) copiados a ${target}.`);
}

// The WASM backend's binaries, served from our own origin at /tfjs-wasm/ (the scan worker calls
// setWasmPaths('/tfjs-wasm/')); copied from the npm package, never committed.
const wasmSource = join("node_modules", "@tensorflow", "tfjs-backend-wasm", "dist");
const wasmTarget = join("web", "public", "tfjs-wasm");
if (existsSync(wasmSource)) {
  mkdirSync(wasmTarget, { recursive: true });
  const files = readdirSync(wasmSource).filter((f) => f.endsWith(".wasm"));
  for (const file of files) copyFileSync(join(wasmSource, file), join(wasmTarget, file));
  console.log(`TF.js WASM: ${files.length} archivo(s) copiados a ${wasmTarget}.`);
} else {
  console.log("TF.js WASM: @tensorflow/tfjs-backend-wasm no está instalado; ejecuta npm ci.");
}
