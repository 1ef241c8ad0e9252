// The scan screen's handle on the Web Worker (scan.worker.ts): typed requests over postMessage. One
// worker per page, created on the first scan screen and kept, so the model loads once.
import { catalogueUrl } from "./catalogue-store";
import { DEFAULT_MODEL_ID, defaultModelUrl, WASM_PATH } from "./models";
import type {
  AnalyseResult,
  CatalogueResult,
  DeviceGuess,
  InitResult,
  ReferencesResult,
  Request,
  Response,
} from "./protocol";

/** What the client needs of a Worker (a fake one in component tests). */
export type WorkerLike = {
  postMessage(message: Request, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<Response>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
};

/** Model URL from configuration: VITE_SCAN_MODEL_URL at build time, else /models/<manifest default>/model.json. */
export function configuredModelUrl(): string {
  const configured: unknown = import.meta.env.VITE_SCAN_MODEL_URL;
  return typeof configured === "string" && configured ? configured : defaultModelUrl(DEFAULT_MODEL_ID);
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Body<T extends Request["type"]> = T extends Request["type"] ? Omit<Extract<Request, { type: T }>, "id"> : never;

export class ScanClient {
  private next = 1;
  private readonly pending = new Map<number, Pending>();
  private ready: Promise<InitResult> | null = null;
  readonly modelId: string;

  constructor(
    private readonly worker: WorkerLike,
    readonly options: { modelId?: string; modelUrl?: string; wasmPath?: string } = {},
  ) {
    this.modelId = options.modelId ?? DEFAULT_MODEL_ID;
    worker.onmessage = (event) => {
      const message = event.data;
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new Error(message.error));
    };
    worker.onerror = (event) => {
      const error = new Error(event.message || "El módulo de reconocimiento se detuvo");
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      this.ready = null;
    };
  }

  private call<T>(body: Body<Request["type"]>, transfer: Transferable[] = []): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: (value) => resolve(value as T), reject });
      this.worker.postMessage({ ...body, id } as Request, transfer);
    });
  }

  /** Loads the model once (later calls share the same promise; a failure lets the next call retry). */
  init(): Promise<InitResult> {
    this.ready ??= this.call<InitResult>({
      type: "init",
      modelId: this.modelId,
      modelUrl: this.options.modelUrl ?? configuredModelUrl(),
      wasmPath: this.options.wasmPath ?? WASM_PATH,
    }).catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  /** A scan photo, or a camera frame's pixels (ImageBitmap: no JPEG encode and decode before the guess). */
  async analyse(image: Blob | ImageBitmap): Promise<AnalyseResult> {
    await this.init();
    return this.call<AnalyseResult>({ type: "analyse", image });
  }

  /** A catalogue image (product photo or video frame) → its reference embeddings (photo and mirror image). */
  async references(image: Blob): Promise<ReferencesResult> {
    await this.init();
    return this.call<ReferencesResult>({ type: "references", image });
  }

  /** Downloads or revalidates the company catalogue (cached per `scope`, e.g. the user id). */
  syncCatalogue(token: string | null, scope: string): Promise<CatalogueResult> {
    return this.call<CatalogueResult>({ type: "catalogue", url: catalogueUrl(this.modelId), token, scope });
  }

  guess(embedding: Float32Array, colour: Float32Array | null = null, limit = 5): Promise<DeviceGuess[]> {
    return this.call<DeviceGuess[]>({ type: "guess", embedding, colour, limit });
  }

  terminate() {
    this.worker.terminate();
    for (const waiting of this.pending.values()) waiting.reject(new Error("Escaneo cancelado"));
    this.pending.clear();
  }
}

let shared: ScanClient | null = null;

/** The page's scan client; the worker (and with it TF.js) is created on the first call only. */
export function scanClient(): ScanClient {
  shared ??= new ScanClient(
    new Worker(new URL("./scan.worker.ts", import.meta.url), { type: "module", name: "horma-scan" }) as WorkerLike,
  );
  return shared;
}

/** Replaces the page's client (component tests use a fake worker). */
export function setScanClient(client: ScanClient | null) {
  shared = client;
}
