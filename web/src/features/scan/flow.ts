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
  noCatalogue: "Sin conexión y sin catálogo en este teléfono",
} as const;
/** Offline with no catalogue kept on the phone: why the photo cannot be recognised, and what to do. */
export const NO_CATALOGUE_ADVICE =
  "El reconocimiento sin conexión usa el catálogo guardado en el teléfono, y aún no se ha descargado. Conéctate una vez para descargarlo; mientras tanto usa Venta manual.";
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
  /**
   * The server could not be reached (offline, timeout, 5xx): the phone's own candidates from its cached
   * catalogue, with the stock last received for each, and a retry of the server
   */
  | { stage: "device"; device: DeviceResult; reason: string | null }
  | {
      stage: "details";
      /** null: the product was found by its box code or chosen in the search, not photographed */
      response: ScanResponse | null;
      device: DeviceResult | null;
      match: ScanMatch;
      /** how it was found when not photographed (the size its box code named) */
      found?: FoundBy;
      /** without a connection: the product and its price from the phone, its stock as last received (if ever) */
      offline?: boolean;
      /** when the stock shown offline was received; null: none kept on this phone */
      stockAt?: string | null;
      /** the sizes the phone's catalogue lists for the product (offline, when no stock is kept) */
      catalogueSizes?: string[];
    }
  | { stage: "error"; message: string; detail: string | null };

export type ScanAction =
  | { type: "start" }
  /** a box code is being looked up */
  | { type: "code" }
  | { type: "device"; device: DeviceResult }
  | { type: "guesses"; guesses: DeviceGuess[] }
  | { type: "response"; response: ScanResponse }
  /** the server could not be reached: the on-device candidates stand in */
  | { type: "offline"; device: DeviceResult; reason: string | null }
  /** the on-device results' retry: the server is asked again */
  | { type: "retrying" }
  | { type: "failed"; message?: string; detail?: string | null }
  | { type: "choose"; productId: number }
  /** a product chosen in the search (its stock from the code lookup, or none offline) */
  | {
      type: "found";
      match: ScanMatch;
      /** how it was found; absent for an on-device candidate chosen offline */
      found?: FoundBy;
      offline?: boolean;
      stockAt?: string | null;
      catalogueSizes?: string[];
      /** an on-device candidate's results, for 'back' */
      device?: DeviceResult;
    }
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
    case "offline":
      // only while this scan still waits for the server (a code or a search may have taken over)
      return state.stage === "processing" ? { stage: "device", device: action.device, reason: action.reason } : state;
    case "retrying":
      return state.stage === "device" ? { stage: "processing", step: "server", device: state.device } : state;
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
            device: action.device ?? null,
            match: action.match,
            ...(action.found ? { found: action.found } : {}),
            offline: action.offline ?? false,
            stockAt: action.stockAt ?? null,
            ...(action.catalogueSizes ? { catalogueSizes: action.catalogueSizes } : {}),
          };
    case "back":
      if (state.stage !== "details") return state;
      // an on-device candidate: back to the phone's results
      if (state.response === null && !state.found && state.device) {
        return { stage: "device", device: state.device, reason: null };
      }
      // from a searched product back to the search; from a scan's match back to its options
      return state.response === null ? IDLE : { stage: "options", response: state.response, device: state.device };
    case "reset":
      return IDLE;
  }
}
