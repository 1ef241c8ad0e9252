import type { Transfer } from "../../api/transfers-schemas";

export const WAITING_NEXT = "Esperando siguiente acción...";

/** The courier's next step on an assigned transport (spec 3 §4 'Courier actions'). */
export type TransportAction = { kind: "pickup"; label: string } | { kind: "deliver"; label: string } | { kind: "wait" };

export function transportAction(t: Pick<Transfer, "status" | "request_type">): TransportAction {
  const isReturn = t.request_type === "return";
  if (t.status === "courier_assigned")
    return { kind: "pickup", label: isReturn ? "Recibir de Vendedor" : "Confirmar Recolección" };
  if (t.status === "in_transit")
    return { kind: "deliver", label: isReturn ? "Entregar a Bodeguero" : "Confirmar Entrega" };
  return { kind: "wait" };
}

/** ETA sent on accept (spec 3 §9): 15 minutes for cliente, else 20. */
export function courierEtaMinutes(purpose: string): number {
  return purpose === "cliente" ? 15 : 20;
}
