import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { lookupCode } from "../../api/catalogue";
import { ApiError } from "../../api/http";
import { readBarcode } from "../../lib/barcode/reader";
import { searchCatalogue } from "../../lib/catalogue/search";
import { type CatalogueSuggestion, phoneCatalogueQuery } from "../../lib/catalogue/useCatalogueSearch";
import { sessionAtom } from "../../lib/session";
import type { ScanClient } from "../../ml/client";
import type { AnalyseResult } from "../../ml/protocol";
import { postScan } from "./api";
import { type FoundBy, IDLE, SCAN_ERRORS, scanReducer } from "./flow";
import { matchFromCatalogue, matchFromLookup } from "./found";

/** The page's scan client, created (with its Web Worker, and so TF.js) only when a scan screen needs it. */
async function loadClient(): Promise<ScanClient> {
  const { scanClient } = await import("../../ml/client");
  return scanClient();
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : null);

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
        if (current())
          dispatch({ type: "found", match: matchFromLookup(found), found: { via, code, size: found.size } });
      } catch (error) {
        if (!current()) return;
        // no connection: the phone's copy of the catalogue knows its codes (product, price, sizes)
        if (error instanceof ApiError && (error.kind === "network" || error.status >= 500)) {
          const phone = await queries.fetchQuery(phoneCatalogueQuery(userRef.current)).catch(() => null);
          const [known] = phone ? searchCatalogue(phone.index, code, 1) : [];
          if (!current()) return;
          if (known?.exact) {
            const chosen = { via, code, size: known.size };
            dispatch({ type: "found", match: matchFromCatalogue(known.product), found: chosen, offline: true });
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
    [queries],
  );

  /** `early`: the same photo's analysis started from its camera frame (preAnalyse), when there is one. */
  const run = useCallback(
    async (file: Blob, fileName: string, early: Promise<AnalyseResult> | null = null) => {
      const id = ++runId.current;
      const current = () => id === runId.current;
      dispatch({ type: "start" });
      // a photo of the box's label names the product exactly: read it alongside the AI's analysis, and
      // go to its product as soon as it is read (the model may still be loading; a code beats a guess)
      const boxCode = readBarcode(file).catch(() => null);
      void boxCode.then((read) => {
        if (read && current()) void findByCode(read.code);
      });
      let client: ScanClient;
      let analysed: Awaited<ReturnType<ScanClient["analyse"]>>;
      try {
        client = await loadClient();
        const fromPhoto = () => client.analyse(file);
        analysed = early ? await early.catch(fromPhoto) : await fromPhoto();
      } catch (error) {
        // without the model (not downloaded, no WASM) a photo of a box's label still finds its product
        const read = await boxCode;
        if (current() && !read) dispatch({ type: "failed", detail: messageOf(error) });
        return;
      }
      if (!current()) return;
      const { embedding, colour, footwear, ms, backend, guesses } = analysed;
      dispatch({ type: "device", device: { footwear, guesses, ms, backend } });
      // a code read in the photo has taken over (findByCode)
      if (await boxCode) return;
      if (!current()) return;
      if (guesses.length === 0 && catalogue.current) {
        // the catalogue was still downloading: guess as soon as it is there
        void catalogue.current
          .then(() => client.guess(embedding, colour))
          .then((late) => current() && late.length > 0 && dispatch({ type: "guesses", guesses: late }))
          .catch(() => undefined);
      }
      postScan({
        image: file,
        fileName,
        embedding,
        colour,
        modelId: client.modelId,
        isFootwear: footwear.is_footwear,
      }).then(
        (response) => current() && dispatch({ type: "response", response }),
        (error: unknown) => {
          if (!current()) return;
          dispatch({
            type: "failed",
            message: SCAN_ERRORS.unknown,
            detail: error instanceof ApiError ? error.message : messageOf(error),
          });
        },
      );
    },
    [findByCode],
  );

  /**
   * A product chosen in the search: its stock everywhere from the code lookup; without a connection,
   * the product and its price from the phone's catalogue. Resolves when the details are shown.
   */
  const find = useCallback(async (suggestion: CatalogueSuggestion): Promise<void> => {
    const id = ++runId.current;
    const { product, size } = suggestion;
    try {
      const found = await lookupCode(product.reference_code);
      const chosen = { via: "search" as const, code: product.reference_code, size: found.size ?? size };
      if (id === runId.current) dispatch({ type: "found", match: matchFromLookup(found), found: chosen });
    } catch (error) {
      if (id !== runId.current) return;
      if (error instanceof ApiError && (error.kind === "network" || error.status >= 500)) {
        const chosen = { via: "search" as const, code: product.reference_code, size };
        dispatch({ type: "found", match: matchFromCatalogue(product), found: chosen, offline: true });
      } else {
        dispatch({ type: "failed", message: SCAN_ERRORS.details, detail: messageOf(error) });
      }
    }
  }, []);

  return { state, dispatch, run, preAnalyse, find, findByCode };
}
