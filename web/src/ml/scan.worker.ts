// The scan's Web Worker: MobileNet (TF.js, loaded on the first 'init'), the company catalogue and the
// on-device nearest-neighbour guess. The page talks to it through client.ts.
import { fetchCatalogue, guessesFor, type LoadedCatalogue, warmCatalogue } from "./catalogue";
import { scanModel } from "./models";
import { readScanPhoto } from "./photo";
import type { AnalyseResult, ReferencesResult, Request, Response } from "./protocol";

/** The pixel side a scan photo is read at: twice the model's input (engine.ts scales the rest). */
const scanSide = (id: string) => scanModel(id).imageSize * 2;

type WorkerScope = {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: Response, transfer: Transferable[]): void;
};
const scope = self as unknown as WorkerScope;

let engine: Promise<typeof import("./engine")> | null = null;
let catalogue: LoadedCatalogue | null = null;
/** the model id of the last 'init' (a scan's photo is read at its input size before it is loaded) */
let modelId: string | null = null;

type Slot = { promise: Promise<Blob>; resolve: (blob: Blob) => void; reject: (error: unknown) => void };
/** Each scan's small JPEG, by the id of its 'analyse' request, until its 'upload' request takes it. */
const uploads = new Map<number, Slot>();
function uploadSlot(id: number): Slot {
  let slot = uploads.get(id);
  if (!slot) {
    let resolve: Slot["resolve"] = () => undefined;
    let reject: Slot["reject"] = () => undefined;
    const promise = new Promise<Blob>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    promise.catch(() => undefined); // may never be asked for
    slot = { promise, resolve, reject };
    uploads.set(id, slot);
  }
  return slot;
}

const loadEngine = () => {
  engine ??= import("./engine");
  return engine;
};

async function handle(request: Request): Promise<{ result: unknown; transfer?: Transferable[] }> {
  switch (request.type) {
    case "init": {
      modelId = request.modelId;
      const { init } = await loadEngine();
      return { result: await init(request.modelId, request.modelUrl, request.wasmPath) };
    }
    case "analyse": {
      // registered before any await: the 'upload' request that follows may be handled first
      const slot = request.upload ? uploadSlot(request.id) : null;
      let analysed: Awaited<ReturnType<typeof import("./engine")["analysePhoto"]>> | undefined;
      try {
        let done: () => void = () => undefined;
        const after = new Promise<void>((resolve) => {
          done = resolve;
        });
        // the photo is decoded at the model's size while the model may still be loading
        const read = modelId ? readScanPhoto(request.image, scanSide(modelId), request.upload ?? null, after) : null;
        if (slot) {
          if (read?.upload) read.upload.then(slot.resolve, slot.reject);
          else slot.reject(new Error("sin foto reducida"));
        }
        try {
          const { analysePhoto } = await loadEngine();
          analysed = await analysePhoto(read ? read.pixels : request.image);
        } finally {
          done();
        }
      } catch (error) {
        slot?.reject(error);
        throw error;
      }
      const { perView: _views, ...rest } = analysed;
      const result: AnalyseResult = {
        ...rest,
        guesses: guessesFor(rest.embedding, catalogue, 5, rest.colour),
      };
      return { result, transfer: [result.embedding.buffer, result.colour.buffer] };
    }
    case "upload": {
      const slot = uploadSlot(request.of);
      try {
        return { result: await slot.promise };
      } finally {
        uploads.delete(request.of);
      }
    }
    case "references": {
      const { analysePhoto } = await loadEngine();
      const analysed = await analysePhoto(request.image, "enrol");
      const result: ReferencesResult = { vectors: analysed.perView, colour: analysed.colour, ms: analysed.ms };
      return { result, transfer: [...result.vectors.map((v) => v.buffer), result.colour.buffer] };
    }
    case "catalogue": {
      const { loaded, result } = await fetchCatalogue(request.url, request.token, request.scope);
      catalogue = loaded;
      warmCatalogue(loaded);
      return { result };
    }
    case "guess":
      return { result: guessesFor(request.embedding, catalogue, request.limit, request.colour) };
  }
}

scope.onmessage = (event: MessageEvent<Request>) => {
  const request = event.data;
  handle(request).then(
    ({ result, transfer }) => scope.postMessage({ id: request.id, ok: true, result }, transfer ?? []),
    (error: unknown) =>
      scope.postMessage(
        { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) },
        [],
      ),
  );
};
