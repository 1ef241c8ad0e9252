// The MobileNet models the scan can use (models/manifest.json) and where the SPA finds their weights.
import manifest from "../../../models/manifest.json";

export type ScanModel = {
  id: string;
  version: 1 | 2;
  alpha: 0.25 | 0.5 | 0.75 | 1;
  inputRange: [number, number];
  embeddingSize: number;
  file: string;
};

const MODELS: Record<string, ScanModel> = Object.fromEntries(
  Object.values(manifest.models).map((m) => [
    m.id,
    {
      id: m.id,
      version: m.version === 2 ? 2 : 1,
      alpha: m.alpha === 0.25 || m.alpha === 0.5 || m.alpha === 1 ? m.alpha : 0.75,
      inputRange: [m.inputRange[0] ?? -1, m.inputRange[1] ?? 1],
      embeddingSize: m.embeddingSize,
      file: m.file,
    },
  ]),
);

export const DEFAULT_MODEL_ID: string = manifest.default;

export function scanModel(id: string = DEFAULT_MODEL_ID): ScanModel {
  const model = MODELS[id];
  if (!model) throw new Error(`Modelo de clasificación desconocido: ${id}`);
  return model;
}

/** Weights are served from our own origin: /models/<id>/model.json (scripts/place-models.mjs puts them there). */
export function defaultModelUrl(id: string = DEFAULT_MODEL_ID): string {
  return `/models/${id}/${scanModel(id).file}`;
}

/** Where the .wasm files of @tensorflow/tfjs-backend-wasm are served (scripts/place-models.mjs copies them). */
export const WASM_PATH = "/tfjs-wasm/";
