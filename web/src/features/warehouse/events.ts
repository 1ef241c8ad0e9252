import type { TransferEvent, WarehouseBoard } from "../../api/transfers-schemas";
import { applyEvent } from "../../lib/logistics/applyEvent";
import type { NotificationType } from "../../lib/logistics/notifications";

/** Patches the keeper's queues with one pushed transition. */
export function applyToWarehouse(board: WarehouseBoard, event: TransferEvent): WarehouseBoard {
  return {
    ...board,
    pending: { ...board.pending, pending_requests: applyEvent(board.pending.pending_requests, event) },
    accepted: { ...board.accepted, accepted_requests: applyEvent(board.accepted.accepted_requests, event) },
    returns: { ...board.returns, returns: applyEvent(board.returns.returns, event) },
  };
}

type Notice = { type: NotificationType; title: string; message: string };

/** What the keeper is told of a transition made by someone else (their own actions have their toast). */
export function warehouseNotice(event: TransferEvent): Notice | null {
  const n = event.transfer_id;
  const isReturn = event.request_type === "return";
  if (event.type === "transfer.created") {
    return isReturn
      ? { type: "info", title: "Nueva devolución", message: `Devolución #${n} solicitada por un vendedor` }
      : { type: "info", title: "Nueva solicitud", message: `Solicitud #${n} recibida` };
  }
  switch (event.action) {
    case "courier_accept":
      return {
        type: "info",
        title: "Corredor asignado",
        message: `Un corredor tomó ${isReturn ? "la devolución" : "la solicitud"} #${n}`,
      };
    case "confirm_pickup":
      return {
        type: "info",
        title: "Recogida confirmada",
        message: `El corredor recogió ${isReturn ? "la devolución" : "la solicitud"} #${n}`,
      };
    case "confirm_delivery":
    case "deliver_return_to_warehouse":
      return isReturn
        ? {
            type: "warning",
            title: "Devolución entregada",
            message: `La devolución #${n} llegó a la bodega: confirma la recepción`,
          }
        : { type: "info", title: "Entregada en el local", message: `La solicitud #${n} fue entregada al vendedor` };
    case "cancel":
      return {
        type: "warning",
        title: isReturn ? "Devolución cancelada" : "Solicitud cancelada",
        message: `El vendedor canceló ${isReturn ? "la devolución" : "la solicitud"} #${n}`,
      };
    case "keeper_cancel":
      return {
        type: "warning",
        title: isReturn ? "Devolución cancelada" : "Solicitud cancelada",
        message: `${isReturn ? "La devolución" : "La solicitud"} #${n} fue cancelada; sus unidades reservadas quedaron libres`,
      };
    case "confirm_reception":
      return { type: "success", title: "Transferencia completada", message: `El vendedor recibió la solicitud #${n}` };
    case "expire_reservation":
      return { type: "warning", title: "Reserva vencida", message: `La solicitud #${n} volvió a pendientes` };
    case "report_failed_delivery":
      return {
        type: "warning",
        title: "Entrega fallida",
        message: `El corredor no pudo entregar ${isReturn ? "la devolución" : "la solicitud"} #${n}: mira el motivo en su tarjeta`,
      };
    case "return_to_origin":
      return { type: "warning", title: "Vuelve al origen", message: `El corredor trae de vuelta la solicitud #${n}` };
    case "confirm_origin_return":
      return {
        type: "info",
        title: "De vuelta en el origen",
        message: `El producto de la solicitud #${n} volvió al inventario`,
      };
    default:
      return null;
  }
}
