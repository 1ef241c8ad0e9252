// Messages between the scan screen (client.ts) and the Web Worker (scan.worker.ts).
import type { Answer, api } from "../api/http";
import type { FootwearVerdict } from "./footwear";

/** GET /api/v1/classify/catalog: the reference vectors and the products they belong to. */
export type CataloguePayload = Answer<typeof api.classify.catalog.$get>;
export type CatalogueProduct = CataloguePayload["products"][number];

export type DeviceGuess = { product_id: number; similarity: number; product: CatalogueProduct | null };

export type InitResult = {
  backend: string;
  simd: boolean;
  threads: boolean;
  model_id: string;
  load_ms: number;
};

export type AnalyseResult = {
  embedding: Float32Array;
  /** the photo's colour histogram (worker/domain/scan/colour.ts), sent with the scan */
  colour: Float32Array;
  footwear: FootwearVerdict;
  /** Model time for this photo (decode excluded). */
  ms: number;
  backend: string;
  /** Nearest products in the cached catalogue (empty until it is loaded). */
  guesses: DeviceGuess[];
};

/** One catalogue image's references (its enrolment views, L2-normalised) and the image's colour histogram. */
export type ReferencesResult = { vectors: Float32Array[]; colour: Float32Array; ms: number };

export type CatalogueResult = {
  model_id: string;
  references: number;
  products: number;
  /** "network": downloaded now; "cache": the server said 304 or could not be reached and a copy was kept. */
  source: "network" | "cache";
};

export type Request =
  | { id: number; type: "init"; modelId: string; modelUrl: string; wasmPath: string }
  /** `upload`: also make the photo's small JPEG, fetched by an 'upload' request naming this one's id */
  | { id: number; type: "analyse"; image: Blob | ImageBitmap; upload?: UploadSpec }
  | { id: number; type: "upload"; of: number }
  | { id: number; type: "references"; image: Blob }
  | { id: number; type: "catalogue"; url: string; token: string | null; scope: string }
  | { id: number; type: "guess"; embedding: Float32Array; colour: Float32Array | null; limit: number };

export type ResultOf<T extends Request["type"]> = T extends "init"
  ? InitResult
  : T extends "analyse"
    ? AnalyseResult
    : T extends "catalogue"
      ? CatalogueResult
      : T extends "references"
        ? ReferencesResult
        : T extends "upload"
          ? Blob
          : DeviceGuess[];

/** The scan upload's JPEG: longer side at most `side` pixels. */
export type UploadSpec = { side: number; quality: number };

export type Response = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
