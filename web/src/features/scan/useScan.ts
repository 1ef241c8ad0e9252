import { useAtomValue } from "jotai";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { ApiError } from "../../api/http";
import { sessionAtom } from "../../lib/session";
import type { ScanClient } from "../../ml/client";
import type { AnalyseResult } from "../../ml/protocol";
import { postScan } from "./api";
import { IDLE, SCAN_ERRORS, scanReducer } from "./flow";

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

  /** `early`: the same photo's analysis started from its camera frame (preAnalyse), when there is one. */
  const run = useCallback(async (file: Blob, fileName: string, early: Promise<AnalyseResult> | null = null) => {
    const id = ++runId.current;
    const current = () => id === runId.current;
    dispatch({ type: "start" });
    let client: ScanClient;
    let analysed: Awaited<ReturnType<ScanClient["analyse"]>>;
    try {
      client = await loadClient();
      const fromPhoto = () => client.analyse(file);
      analysed = early ? await early.catch(fromPhoto) : await fromPhoto();
    } catch (error) {
      if (current()) dispatch({ type: "failed", detail: messageOf(error) });
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
  }, []);

  return { state, dispatch, run, preAnalyse };
}
