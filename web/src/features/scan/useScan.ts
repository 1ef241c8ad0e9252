import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { lookupCode } from "../../api/catalogue";
import { ApiError } from "../../api/http";
import { readBarcode } from "../../lib/barcode/reader";
import { searchCatalogue } from "../../lib/catalogue/search";
import { type CatalogueSuggestion, phoneCatalogueQuery } from "../../lib/catalogue/useCatalogueSearch";
import { sessionAtom } from "../../lib/session";
import type { PhotoScan, ScanClient } from "../../ml/client";
import type { AnalyseResult, CatalogueProduct, DeviceGuess } from "../../ml/protocol";
import { postScan, type ScanUpload } from "./api";
import { type DeviceResult, type FoundBy, IDLE, NO_CATALOGUE_ADVICE, SCAN_ERRORS, scanReducer } from "./flow";
import { catalogueSizesOf, matchFromCatalogue, matchFromGuess, matchFromLookup } from "./found";
import { knownStock, rememberStock, withKnownStock } from "./lastStock";

/** The page's scan client, created (with its Web Worker, and so TF.js) only when a scan screen needs it. */
async function loadClient(): Promise<ScanClient> {
  const { scanClient } = await import("../../ml/client");
  return scanClient();
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : null);

/** How long the scan waits for the server before the phone's own results stand in. */
export const SCAN_SERVER_TIMEOUT_MS = 15_000;

/** No answer from the server (no connection, timeout, 5xx): the phone's own results stand in. */
export function serverUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.kind === "network" || error.status >= 500 || error.status === 408;
  // fetch's own failures (TypeError) and an abort after the timeout
  return error instanceof TypeError || (error instanceof Error && /abort|timeout/i.test(error.name));
}

/** Why the phone's results are shown, for the seller. */
const unreachableReason = (error: unknown) =>
  error instanceof ApiError && error.kind === "http"
    ? `El servidor no respondió (${error.status})`
    : "Sin conexión con el servidor";

/** postScan, given up after SCAN_SERVER_TIMEOUT_MS. */
function postScanWithin(upload: ScanUpload) {
  const abort = new AbortController();
  const timer = setTimeout(
    () => abort.abort(new DOMException("Tiempo de espera agotado", "TimeoutError")),
    SCAN_SERVER_TIMEOUT_MS,
  );
  return postScan(upload, abort.signal).finally(() => clearTimeout(timer));
}

/**
 * Runs one scan: the photo's analysis in the Web Worker (footwear verdict, embedding, on-device guess),
 * then POST /api/v1/classify/scan. `run` resolves when the on-device part is done (the camera's
 * 'Analizando con IA...' waits for it); the server's answer arrives in the state.
 */
export function useScan() {
  const user = useAtomValue(sessionAtom);
  const [state, dispatch] = useReducer(scanReducer, IDLE);
  const runId = useRef(0);
  const catalogue = useRef<Promise<unknown> | null>(null);
  const token = user?.token ?? null;
  const scope = user ? `${user.id}` : "anon";
  const queries = useQueryClient();
  // read when needed: a refreshed session must not restart a scan in progress (run depends on findByCode)
  const userRef = useRef(user);
  userRef.current = user;
  /** The last photo's upload, for the on-device results' retry. */
  const lastUpload = useRef<ScanUpload | null>(null);

  /** The stock of what the server answered, kept for offline (web/src/features/scan/lastStock.ts). */
  const keep = useCallback((matches: Parameters<typeof rememberStock>[1]) => {
    const id = userRef.current?.id;
    if (id !== undefined) rememberStock(id, matches);
  }, []);

  /** A product of the phone's catalogue, offline: its price, and the stock last received for it if any. */
  const offlineDetails = useCallback((product: CatalogueProduct, base = matchFromCatalogue(product)) => {
    const stock = knownStock(userRef.current?.id, product.product_id);
    return {
      match: withKnownStock(base, stock),
      offline: true,
      stockAt: stock?.receivedAt ?? null,
      catalogueSizes: catalogueSizesOf(product),
    };
  }, []);

  // The model and the company catalogue start loading as soon as the scan screen opens.
  useEffect(() => {
    let live = true;
    loadClient()
      .then((client) => {
        if (!live) return;
        void client.init().catch(() => undefined);
        catalogue.current = client.syncCatalogue(token, scope).catch(() => null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [token, scope]);

  /**
   * Starts the on-device analysis of a camera frame at the shutter, before the photo is confirmed: the
   * first candidate is then ready about when the JPEG is (bench:scan, shutter to first candidate).
   */
  const preAnalyse = useCallback((frame: ImageBitmap): Promise<AnalyseResult> => {
    const pending = loadClient().then((client) => client.analyse(frame));
    pending.catch(() => undefined); // run() then analyses the photo itself
    return pending;
  }, []);

  /** A box code (read by the camera or in a photo): straight to its product, with that size chosen. */
  const findByCode = useCallback(
    async (code: string, via: FoundBy["via"] = "barcode"): Promise<void> => {
      const id = ++runId.current;
      const current = () => id === runId.current;
      dispatch({ type: "code" });
      try {
        const found = await lookupCode(code);
        const match = matchFromLookup(found);
        keep([match]);
        if (current()) dispatch({ type: "found", match, found: { via, code, size: found.size } });
      } catch (error) {
        if (!current()) return;
        // no connection: the phone's copy of the catalogue knows its codes (product, price, sizes)
        if (error instanceof ApiError && (error.kind === "network" || error.status >= 500)) {
          const phone = await queries.fetchQuery(phoneCatalogueQuery(userRef.current)).catch(() => null);
          const [known] = phone ? searchCatalogue(phone.index, code, 1) : [];
          if (!current()) return;
          if (known?.exact) {
            const chosen = { via, code, size: known.size };
            dispatch({ type: "found", found: chosen, ...offlineDetails(known.product) });
            return;
          }
        }
        const missing = error instanceof ApiError && error.status === 404;
        dispatch({
          type: "failed",
          message: missing ? SCAN_ERRORS.codeNotFound : SCAN_ERRORS.unknown,
          detail: missing ? `Código ${code}` : messageOf(error),
        });
      }
    },
    [queries, keep, offlineDetails],
  );

  /**
   * Asks the server to rank the photo; when it cannot be reached the phone's candidates (its cached
   * catalogue) stand in, with their last-known stock. Only without a catalogue on the phone is it an error.
   */
  const askServer = useCallback(
    (upload: ScanUpload, client: ScanClient, device: DeviceResult, current: () => boolean) => {
      lastUpload.current = upload;
      postScanWithin(upload).then(
        (response) => {
          if (response.success) keep(response.results.matches);
          if (current()) dispatch({ type: "response", response });
        },
        async (error: unknown) => {
          if (!current()) return;
          if (!serverUnreachable(error)) {
            dispatch({
              type: "failed",
              message: SCAN_ERRORS.unknown,
              detail: error instanceof ApiError ? error.message : messageOf(error),
            });
            return;
          }
          let guesses: DeviceGuess[] = device.guesses;
          let hasCatalogue = guesses.length > 0;
          if (!hasCatalogue) {
            // the catalogue may still be loading from the phone's cache: guess once it is there
            const synced = catalogue.current ? await catalogue.current : null;
            hasCatalogue = synced !== null && synced !== undefined;
            if (hasCatalogue) guesses = await client.guess(upload.embedding, upload.colour ?? null).catch(() => []);
          }
          if (!current()) return;
          if (!hasCatalogue) {
            dispatch({ type: "failed", message: SCAN_ERRORS.noCatalogue, detail: NO_CATALOGUE_ADVICE });
            return;
          }
          dispatch({ type: "offline", device: { ...device, guesses }, reason: unreachableReason(error) });
        },
      );
    },
    [keep],
  );

  /** The on-device results' 'Reintentar': the same photo to the server again. */
  const retryServer = useCallback(async () => {
    const upload = lastUpload.current;
    if (!upload || state.stage !== "device") return;
    const id = ++runId.current;
    const device = state.device;
    dispatch({ type: "retrying" });
    const client = await loadClient();
    askServer(upload, client, device, () => id === runId.current);
  }, [askServer, state]);

  /** An on-device candidate chosen offline: its details with the stock last received for it. */
  const chooseGuess = useCallback(
    (guess: DeviceGuess, device: DeviceResult) => {
      if (!guess.product) return;
      ++runId.current;
      dispatch({
        type: "found",
        device,
        ...offlineDetails(guess.product, matchFromGuess(guess.product, guess.similarity)),
      });
    },
    [offlineDetails],
  );

  /**
   * `early`: the same photo's analysis started from its camera frame (preAnalyse), when there is one.
   * `begun`: this photo's scan, started where it was chosen ('Vender Producto').
   * `onPhoto`: the photo as it is sent and shown (a camera app's 12 MP photo becomes a JPEG of at most
   * 1280 px, made in the worker after the on-device candidate).
   */
  const run = useCallback(
    async (
      file: Blob,
      fileName: string,
      {
        early = null,
        begun = null,
        onPhoto,
      }: {
        early?: Promise<AnalyseResult> | null;
        begun?: Promise<PhotoScan> | null;
        onPhoto?: (photo: Blob) => void;
      } = {},
    ) => {
      const id = ++runId.current;
      const current = () => id === runId.current;
      dispatch({ type: "start" });
      const loading = loadClient();
      const scan = early ? null : (begun ?? loading.then((client) => client.scanPhoto(file)));
      const small: Promise<Blob> = scan ? scan.then((s) => s.upload).catch(() => file) : Promise.resolve(file);
      void small.then((photo) => current() && onPhoto?.(photo));
      // a photo of the box's label names the product exactly: read it (in the small photo) beside the
      // AI's analysis, and go to its product as soon as it is read (a code beats a guess)
      const boxCode = small.then((photo) => readBarcode(photo)).catch(() => null);
      void boxCode.then((read) => {
        if (read && current()) void findByCode(read.code);
      });
      let client: ScanClient;
      let analysed: AnalyseResult;
      try {
        client = await loading;
        const fromPhoto = () => client.analyse(file);
        analysed = scan ? await (await scan).analysis : early ? await early.catch(fromPhoto) : await fromPhoto();
      } catch (error) {
        // without the model (not downloaded, no WASM) a photo of a box's label still finds its product
        const read = await boxCode;
        if (current() && !read) dispatch({ type: "failed", detail: messageOf(error) });
        return;
      }
      if (!current()) return;
      const { embedding, colour, footwear, ms, backend, guesses } = analysed;
      dispatch({ type: "device", device: { footwear, guesses, ms, backend } });
      if (guesses.length === 0 && catalogue.current) {
        // the catalogue was still downloading: guess as soon as it is there
        void catalogue.current
          .then(() => client.guess(embedding, colour))
          .then((late) => current() && late.length > 0 && dispatch({ type: "guesses", guesses: late }))
          .catch(() => undefined);
      }
      const image = await small;
      if (!current()) return;
      const upload = {
        image,
        // the small photo is a JPEG whatever the camera gave (HEIC, PNG)
        fileName: image === file ? fileName : `${fileName.replace(/\.[^.]*$/, "") || "escaneo"}.jpg`,
        embedding,
        colour,
        modelId: client.modelId,
        isFootwear: footwear.is_footwear,
      };
      // a code read in the photo takes over whenever it comes (findByCode starts a new run)
      askServer(upload, client, { footwear, guesses, ms, backend }, current);
    },
    [findByCode, askServer],
  );

  /**
   * A product chosen in the search: its stock everywhere from the code lookup; without a connection,
   * the product and its price from the phone's catalogue. Resolves when the details are shown.
   */
  const find = useCallback(
    async (suggestion: CatalogueSuggestion): Promise<void> => {
      const id = ++runId.current;
      const { product, size } = suggestion;
      try {
        const found = await lookupCode(product.reference_code);
        const chosen = { via: "search" as const, code: product.reference_code, size: found.size ?? size };
        const match = matchFromLookup(found);
        keep([match]);
        if (id === runId.current) dispatch({ type: "found", match, found: chosen });
      } catch (error) {
        if (id !== runId.current) return;
        if (error instanceof ApiError && (error.kind === "network" || error.status >= 500)) {
          const chosen = { via: "search" as const, code: product.reference_code, size };
          dispatch({ type: "found", found: chosen, ...offlineDetails(product) });
        } else {
          dispatch({ type: "failed", message: SCAN_ERRORS.details, detail: messageOf(error) });
        }
      }
    },
    [keep, offlineDetails],
  );

  return { state, dispatch, run, preAnalyse, find, findByCode, retryServer, chooseGuess };
}
