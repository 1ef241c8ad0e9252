// The scanner screen's stages (spec 1 §4): processing → options (or none found) → details, plus the
// error card. The on-device guess arrives first and is shown while the server answers.
import type { FootwearVerdict } from "../../ml/footwear";
import type { DeviceGuess } from "../../ml/protocol";
import type { ScanMatch, ScanResponse } from "./api";

export const SCAN_ERRORS = {
  apiFailed: "La API no pudo procesar la imagen",
  unknown: "Error desconocido al procesar la imagen",
  noMatches: "No se encontraron productos",
  details: "Error al cargar detalles del producto",
  codeNotFound: "Código no encontrado en el catálogo",
} as const;
export const NO_MATCHES_ADVICE =
  "Intenta con una imagen más clara, con buena luz y el zapato completo, o tómala desde otro ángulo.";

export type DeviceResult = {
  footwear: FootwearVerdict;
  guesses: DeviceGuess[];
  ms: number;
  backend: string;
};

/** How a product was found without the photo's ranking: its box code read by the camera, or the search. */
export type FoundBy = { via: "barcode" | "search"; code: string; size: string | null };

export type ScanState =
  | { stage: "idle" }
  | { stage: "processing"; step: "device" | "server" | "code"; device: DeviceResult | null }
  | { stage: "options"; response: ScanResponse; device: DeviceResult | null }
  | { stage: "none"; response: ScanResponse; device: DeviceResult | null }
  | {
      stage: "details";
      /** null: the product was found by its box code or chosen in the search, not photographed */
      response: ScanResponse | null;
      device: DeviceResult | null;
      match: ScanMatch;
      /** how it was found when not photographed (the size its box code named) */
      found?: FoundBy;
      /** searched without a connection: the product and its price, no stock */
      offline?: boolean;
    }
  | { stage: "error"; message: string; detail: string | null };

export type ScanAction =
  | { type: "start" }
  /** a box code is being looked up */
  | { type: "code" }
  | { type: "device"; device: DeviceResult }
  | { type: "guesses"; guesses: DeviceGuess[] }
  | { type: "response"; response: ScanResponse }
  | { type: "failed"; message?: string; detail?: string | null }
  | { type: "choose"; productId: number }
  /** a product chosen in the search (its stock from the code lookup, or none offline) */
  | { type: "found"; match: ScanMatch; found: FoundBy; offline?: boolean }
  | { type: "back" }
  | { type: "reset" };

export const IDLE: ScanState = { stage: "idle" };

export function scanReducer(state: ScanState, action: ScanAction): ScanState {
  switch (action.type) {
    case "start":
      return { stage: "processing", step: "device", device: null };
    case "code":
      return { stage: "processing", step: "code", device: null };
    case "device":
      return state.stage === "processing" ? { stage: "processing", step: "server", device: action.device } : state;
    case "guesses": {
      // the catalogue may arrive after the photo's analysis: the guess is filled in then
      if (!("device" in state) || !state.device || state.device.guesses.length > 0) return state;
      return { ...state, device: { ...state.device, guesses: action.guesses } } as ScanState;
    }
    case "response": {
      const device = "device" in state ? state.device : null;
      if (!action.response.success) return { stage: "error", message: SCAN_ERRORS.apiFailed, detail: null };
      return action.response.results.matches.length === 0
        ? { stage: "none", response: action.response, device }
        : { stage: "options", response: action.response, device };
    }
    case "failed":
      return { stage: "error", message: action.message ?? SCAN_ERRORS.unknown, detail: action.detail ?? null };
    case "choose": {
      if (state.stage !== "options" && state.stage !== "details") return state;
      if (state.response === null) return state;
      const match = state.response.results.matches.find((m) => m.product.product_id === action.productId);
      if (!match) return { stage: "error", message: SCAN_ERRORS.details, detail: null };
      return { stage: "details", response: state.response, device: state.device, match };
    }
    case "found":
      // a photo being analysed is not replaced by a search choice (a code looked up is)
      return state.stage === "processing" && state.step !== "code"
        ? state
        : {
            stage: "details",
            response: null,
            device: null,
            match: action.match,
            found: action.found,
            offline: action.offline ?? false,
          };
    case "back":
      if (state.stage !== "details") return state;
      // from a searched product back to the search; from a scan's match back to its options
      return state.response === null ? IDLE : { stage: "options", response: state.response, device: state.device };
    case "reset":
      return IDLE;
  }
}
