import type { Transfer } from "../../api/transfers-schemas";

export const WAITING_NEXT = "Esperando siguiente acción...";

export const FAILED_LABEL = "No se pudo entregar";
export const TAKE_BACK_LABEL = "Devolver al origen";
export const BACK_AT_ORIGIN_LABEL = "Entregado en el origen";

/**
 * The courier's next step on an assigned transport (spec 3 §4 'Courier actions'). In transit, the
 * courier delivers or reports a failed attempt; after a failed attempt a transfer (not a return) may
 * be taken back to its origin, where the courier then leaves it.
 */
export type TransportAction =
  | { kind: "pickup"; label: string }
  | { kind: "deliver"; label: string; takeBack: boolean }
  | { kind: "origin_return"; label: string }
  | { kind: "wait" };

export function transportAction(
  t: Pick<Transfer, "status" | "request_type"> & Partial<Pick<Transfer, "failed_attempts">>,
): TransportAction {
  const isReturn = t.request_type === "return";
  if (t.status === "courier_assigned")
    return { kind: "pickup", label: isReturn ? "Recibir de Vendedor" : "Confirmar Recolección" };
  if (t.status === "in_transit")
    return {
      kind: "deliver",
      label: isReturn ? "Entregar a Bodeguero" : "Confirmar Entrega",
      takeBack: !isReturn && (t.failed_attempts ?? 0) > 0,
    };
  if (t.status === "returning_to_origin") return { kind: "origin_return", label: BACK_AT_ORIGIN_LABEL };
  return { kind: "wait" };
}

/** ETA sent on accept (spec 3 §9): 15 minutes for cliente, else 20. */
export function courierEtaMinutes(purpose: string): number {
  return purpose === "cliente" ? 15 : 20;
}
