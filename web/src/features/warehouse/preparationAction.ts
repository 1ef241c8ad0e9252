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
  return { kind: "wait", text: "Esperando confirmación del vendedor" };
}
