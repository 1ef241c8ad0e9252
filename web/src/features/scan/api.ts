import { type Answer, api, call, withSignal } from "../../api/http";

/** POST /api/v1/classify/scan (worker/routes/scan/classify.ts): the spec's scan response (spec 1 §3 'Scan response'). */
export type ScanResponse = Answer<typeof api.classify.scan.$post>;
export type ScanMatch = ScanResponse["results"]["matches"][number];
export type SizeDetail = ScanMatch["sizes"]["detailed_by_size"][string];
export type LocationStock = SizeDetail["global_distribution"]["by_location"][number];
export type TransferSuggestion = ScanMatch["transfer_suggestions"][number];

export const CONFIDENCE_LEVELS = ["very_high", "high", "medium", "low"] as const;

export type ScanUpload = {
  image: Blob;
  fileName: string;
  embedding: Float32Array;
  /** the photo's colour histogram; servers rank colourways of one model by it */
  colour?: Float32Array | null;
  modelId: string;
  isFootwear: boolean;
};

/** Multipart: image, embedding (JSON array text), colour (JSON array text, when known), model_id, is_footwear. */
export function postScan(upload: ScanUpload, signal?: AbortSignal) {
  const form = {
    image: new File([upload.image], upload.fileName, { type: upload.image.type }),
    embedding: JSON.stringify(Array.from(upload.embedding, (x) => Math.round(x * 1e6) / 1e6)),
    model_id: upload.modelId,
    is_footwear: String(upload.isFootwear),
    ...(upload.colour ? { colour: JSON.stringify(Array.from(upload.colour, (x) => Math.round(x * 1e5) / 1e5)) } : {}),
  };
  return call(api.classify.scan.$post({ form }, withSignal(signal))).then(withKnownLevels);
}

/** Spec 1 §9: a confidence level the client does not know reads as medium. */
function withKnownLevels(response: ScanResponse): ScanResponse {
  const known = (level: string): level is ScanMatch["confidence_level"] =>
    (CONFIDENCE_LEVELS as readonly string[]).includes(level);
  const matches = response.results.matches.map((m) => ({
    ...m,
    confidence_level: known(m.confidence_level) ? m.confidence_level : ("medium" as const),
  }));
  return { ...response, results: { ...response.results, matches } };
}
