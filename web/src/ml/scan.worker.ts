// The scan's Web Worker: MobileNet (TF.js, loaded on the first 'init'), the company catalogue and the
// on-device nearest-neighbour guess. The page talks to it through client.ts.
import { fetchCatalogue, guessesFor, type LoadedCatalogue, warmCatalogue } from "./catalogue";
import type { AnalyseResult, ReferencesResult, Request, Response } from "./protocol";

type WorkerScope = {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: Response, transfer: Transferable[]): void;
};
const scope = self as unknown as WorkerScope;

let engine: Promise<typeof import("./engine")> | null = null;
let catalogue: LoadedCatalogue | null = null;

const loadEngine = () => {
  engine ??= import("./engine");
  return engine;
};

async function handle(request: Request): Promise<{ result: unknown; transfer?: Transferable[] }> {
  switch (request.type) {
    case "init": {
      const { init } = await loadEngine();
      return { result: await init(request.modelId, request.modelUrl, request.wasmPath) };
    }
    case "analyse": {
      const { analysePhoto } = await loadEngine();
      const { perView: _views, ...analysed } = await analysePhoto(request.image);
      const result: AnalyseResult = {
        ...analysed,
        guesses: guessesFor(analysed.embedding, catalogue, 5, analysed.colour),
      };
      return { result, transfer: [result.embedding.buffer, result.colour.buffer] };
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
