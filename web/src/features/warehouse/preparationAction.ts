import { NO_COURIER_ASSIGNED } from "../../../../shared/messages";
import type { Transfer } from "../../api/transfers-schemas";

export const NO_COURIER = NO_COURIER_ASSIGNED;
/** What the keeper can do with an accepted request, by request type, pickup type and status. */
export type PreparationAction =
  | { kind: "deliver_courier"; courierId: number | null }
  | { kind: "no_courier" }
  | { kind: "deliver_vendor" }
  | { kind: "confirm_return" }
  | { kind: "wait"; text: string };

export function preparationAction(t: Transfer): PreparationAction {
  if (t.request_type === "return") {
    if (t.status === "delivered") return { kind: "confirm_return" };
    if (t.pickup_type === "vendedor") return { kind: "wait", text: "Esperando que vendedor entregue" };
    if (t.status === "accepted") return { kind: "wait", text: "Esperando corredor" };
    if (t.status === "courier_assigned")
      return { kind: "wait", text: "El corredor recogerá la devolución en el local" };
    return { kind: "wait", text: "Devolución en camino a la bodega" };
  }
  if (t.pickup_type === "vendedor") {
    if (t.status === "accepted") return { kind: "deliver_vendor" };
    return { kind: "wait", text: "Esperando confirmación del vendedor" };
  }
  if (t.status === "accepted") return { kind: "no_courier" };
  if (t.status === "courier_assigned") {
    return t.courier_info.assigned ? { kind: "deliver_courier", courierId: t.courier_info.id } : { kind: "no_courier" };
  }
  if (t.status === "in_transit") return { kind: "wait", text: "En camino al local del vendedor" };
  if (t.status === "returning_to_origin")
    return { kind: "wait", text: "No se pudo entregar: el corredor trae el producto de vuelta" };
  return { kind: "wait", text: "Esperando confirmación del vendedor" };
}

/**
 * What happens next on the seller's side of an accepted request, as the keeper reads it on the
 * 'Preparación' card: who comes for the units (the courier or the seller, by pickup type), or what the
 * seller still has to do once they left. Null when nothing is left to the seller.
 */
export function sellerNextStep(t: Pick<Transfer, "request_type" | "pickup_type" | "status">): string | null {
  const courier = t.pickup_type === "corredor";
  if (t.request_type === "return") {
    switch (t.status) {
      case "accepted":
        return courier
          ? "El vendedor espera al corredor para entregarle la devolución"
          : "El vendedor traerá la devolución a la bodega";
      case "courier_assigned":
        return "El vendedor entregará la devolución al corredor";
      case "in_transit":
        return "El vendedor ya entregó la devolución: viene con el corredor";
      case "delivered":
        return "El vendedor espera que confirmes la recepción";
      default:
        return null;
    }
  }
  switch (t.status) {
    case "accepted":
      return courier ? "El vendedor espera al corredor" : "El vendedor recogerá el producto aquí";
    case "courier_assigned":
      return "El vendedor espera al corredor, que viene a recoger el producto";
    case "in_transit":
      return "El vendedor espera la entrega del corredor";
    case "returning_to_origin":
      return "El vendedor no lo recibió: el corredor trae el producto de vuelta";
    case "delivered":
      return "El vendedor debe confirmar la recepción";
    default:
      return null;
  }
}
