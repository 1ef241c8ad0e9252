import { ApiError } from "../../api/http";

/** How a failed sale is reported (spec 1 §8). */
export type SaleFailure =
  | { kind: "inventory"; detail: string }
  | { kind: "network"; message: string }
  | { kind: "error"; message: string };

export const SALE_NETWORK_ERROR =
  "No hay conexión con el servidor y no sabemos si la venta llegó. Revisa tu conexión y pulsa de nuevo 'Confirmar Venta': si ya se había registrado no se duplicará.";

/** Stock and unknown-reference answers raise the inventory alert; anything else the generic error. */
export function saleFailure(error: unknown): SaleFailure {
  if (error instanceof ApiError && error.kind === "network") return { kind: "network", message: SALE_NETWORK_ERROR };
  const message = error instanceof Error && error.message ? error.message : "Error desconocido";
  if (message.includes("Stock insuficiente") || message.includes("no existe en")) {
    return { kind: "inventory", detail: message };
  }
  return { kind: "error", message: `❌ Error al registrar la venta: ${message}` };
}
