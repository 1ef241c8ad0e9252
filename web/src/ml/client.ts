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
  UploadSpec,
} from "./protocol";

/** The scan's upload and stored preview (issue 33): a JPEG of at most 1280 px, not the camera's 12 MP. */
export const SCAN_UPLOAD: UploadSpec = { side: 1280, quality: 0.8 };

/** A camera photo's scan: the on-device analysis, and the small JPEG for the server (made after it). */
export type PhotoScan = { analysis: Promise<AnalyseResult>; upload: Promise<Blob> };

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

/** How long a catalogue sync is reused before the server is asked again. */
const CATALOGUE_FRESH_MS = 60_000;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Body<T extends Request["type"]> = T extends Request["type"] ? Omit<Extract<Request, { type: T }>, "id"> : never;

export class ScanClient {
  private next = 1;
  private readonly pending = new Map<number, Pending>();
  private ready: Promise<InitResult> | null = null;
  private synced: { scope: string; at: number; promise: Promise<CatalogueResult> } | null = null;
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
    return this.send<T>(body, transfer).promise;
  }

  private send<T>(body: Body<Request["type"]>, transfer: Transferable[] = []): { id: number; promise: Promise<T> } {
    const id = this.next++;
    const promise = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: (value) => resolve(value as T), reject });
      this.worker.postMessage({ ...body, id } as Request, transfer);
    });
    return { id, promise };
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

  /**
   * A photo from the phone's camera app or gallery (any size): sent at once, so the worker decodes it
   * at the model's size while the model may still be loading; the small JPEG for the server follows.
   */
  scanPhoto(photo: Blob, upload: UploadSpec = SCAN_UPLOAD): PhotoScan {
    const ready = this.init();
    const analysis = this.send<AnalyseResult>({ type: "analyse", image: photo, upload });
    const small = this.call<unknown>({ type: "upload", of: analysis.id }).then((blob) => {
      if (!(blob instanceof Blob)) throw new Error("sin foto reducida");
      return blob;
    });
    small.catch(() => undefined); // the caller falls back to the original photo
    analysis.promise.catch(() => undefined); // a failed init already rejects `analysis`
    return { analysis: ready.then(() => analysis.promise), upload: small };
  }

  /** A catalogue image (product photo or video frame) → its reference embeddings (photo and mirror image). */
  async references(image: Blob): Promise<ReferencesResult> {
    await this.init();
    return this.call<ReferencesResult>({ type: "references", image });
  }

  /** Downloads or revalidates the company catalogue (cached per `scope`, e.g. the user id). */
  syncCatalogue(token: string | null, scope: string): Promise<CatalogueResult> {
    // each scan screen (and the dashboard's warm-up) asks: one revalidation a minute is plenty, and a
    // second decode of the same catalogue would run in the worker beside the scan
    const last = this.synced;
    if (last && last.scope === scope && Date.now() - last.at < CATALOGUE_FRESH_MS) return last.promise;
    const promise = this.call<CatalogueResult>({ type: "catalogue", url: catalogueUrl(this.modelId), token, scope });
    this.synced = { scope, at: Date.now(), promise };
    promise.catch(() => {
      if (this.synced?.promise === promise) this.synced = null;
    });
    return promise;
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
