// The MobileNet models the scan can use (models/manifest.json) and where the SPA finds their files.
import manifest from "../../../models/manifest.json";

export type ScanModel = {
  id: string;
  version: 1 | 2;
  alpha: 0.25 | 0.5 | 0.75 | 1;
  /** side of the square image the network takes, in pixels */
  imageSize: number;
  inputRange: [number, number];
  /** size of the vectors this model id produces (after its projection, when it has one) */
  embeddingSize: number;
  /** folder of the MobileNet weights (several model ids can share them) */
  weights: string;
  file: string;
  projection: { file: string; inputSize: number; regularisation: number } | null;
};

type Entry = (typeof manifest.models)[keyof typeof manifest.models];

const MODELS: Record<string, ScanModel> = Object.fromEntries(
  Object.values(manifest.models).map((m: Entry) => [
    m.id,
    {
      id: m.id,
      version: m.version === 2 ? 2 : 1,
      alpha: m.alpha === 0.25 || m.alpha === 0.5 || m.alpha === 1 ? m.alpha : 0.75,
      imageSize: m.imageSize,
      inputRange: [m.inputRange[0] ?? -1, m.inputRange[1] ?? 1],
      embeddingSize: m.embeddingSize,
      weights: m.weights,
      file: m.file,
      projection: m.projection
        ? {
            file: m.projection.file,
            inputSize: m.projection.inputSize,
            regularisation: m.projection.regularisation,
          }
        : null,
    },
  ]),
);

export const DEFAULT_MODEL_ID: string = manifest.default;

export function scanModel(id: string = DEFAULT_MODEL_ID): ScanModel {
  const model = Object.hasOwn(MODELS, id) ? MODELS[id] : undefined;
  if (!model) throw new Error(`Modelo de clasificación desconocido: ${id}`);
  return model;
}

/** Weights are served from our own origin: /models/<weights>/model.json (scripts/place-models.mjs puts them there). */
export function defaultModelUrl(id: string = DEFAULT_MODEL_ID): string {
  const model = scanModel(id);
  return `/models/${model.weights}/${model.file}`;
}

/** The projection is ours (committed in models/), always served from our origin next to the weights. */
export function projectionUrl(id: string = DEFAULT_MODEL_ID): string | null {
  const { projection } = scanModel(id);
  return projection ? `/models/${projection.file}` : null;
}

/** Where the .wasm files of @tensorflow/tfjs-backend-wasm are served (scripts/place-models.mjs copies them). */
export const WASM_PATH = "/tfjs-wasm/";
