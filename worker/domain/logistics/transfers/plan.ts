// The transfer state machine: the transition an action takes from a status, or the refusal in the screens' words.

import type { Role, TransferStatus } from "../../../db/schema";
import { conflict, forbidden } from "../../shared/errors";
import { TRANSITIONS } from "./transitions";
import type { Action, Kind, Pickup, Transition } from "./types";

/** Minutes an accepted request stays reserved while no courier has taken it (and nobody collected it). */
export const RESERVATION_MINUTES = 45;

const STATUS_TEXT: Record<TransferStatus, string> = {
  pending: "pendiente",
  accepted: "aceptada",
  courier_assigned: "asignada a un corredor",
  in_transit: "en tránsito",
  returning_to_origin: "volviendo al origen",
  delivered: "entregada",
  completed: "completada",
  cancelled: "cancelada",
};

/**
 * Why an action is refused from a status, in the words the screens show. Each names the status the
 * request really is in (a cancelled one is never "ya fue aceptada"), and none says "bodega": the source
 * of a request may be a store.
 */
export function refusal(action: Action, from: TransferStatus): string {
  if (from === "cancelled") return "Esta solicitud ya fue cancelada";
  if (action === "courier_accept") {
    if (from === "pending") return "El origen aún no ha aceptado esta solicitud";
    // accepted, yet no courier transition: the requester picks it up
    if (from === "accepted") return "Esta solicitud no lleva corredor: la recoge quien la pidió";
    if (from === "courier_assigned") return "Esta solicitud ya fue aceptada por otro corredor";
    return `Esta solicitud ya no espera corredor: está ${STATUS_TEXT[from]}`;
  }
  if (action === "accept" && from !== "pending")
    return `Esta solicitud ya no está pendiente: está ${STATUS_TEXT[from]}`;
  if (action === "cancel" || action === "keeper_cancel") {
    if (action === "keeper_cancel" && from === "pending")
      return "Esta solicitud aún no fue aceptada: recházala con un motivo";
    return from === "completed"
      ? "Ya no se puede cancelar: la transferencia ya fue completada"
      : `Ya no se puede cancelar: la transferencia ya salió del origen (está ${STATUS_TEXT[from]})`;
  }
  if (action === "decline") return `Solo se puede rechazar una solicitud pendiente: esta ya está ${STATUS_TEXT[from]}`;
  if (action === "confirm_reception" || action === "confirm_return_reception") {
    return from === "completed" ? "La recepción ya fue confirmada" : "La transferencia aún no ha sido entregada";
  }
  return `No se puede realizar esta acción: la transferencia está ${STATUS_TEXT[from]}`;
}

/**
 * The transition for this action, or a TransitionError: 409 when the status does not allow it,
 * 403 when the status allows it but not for this role.
 */
export function plan(
  from: TransferStatus,
  action: Action,
  role: Role | "system",
  pickup: Pickup,
  kind: Kind,
): Transition {
  const candidates = TRANSITIONS.filter(
    (t) => t.from === from && t.action === action && t.pickup.includes(pickup) && t.kinds.includes(kind),
  );
  const match = candidates.find((t) =>
    role === "system" ? t.roles.length === 0 : (t.roles as readonly string[]).includes(role),
  );
  if (match) return match;
  if (candidates.length > 0) throw forbidden("Tu rol no puede realizar esta acción sobre la transferencia");
  throw conflict(refusal(action, from));
}

/** Stock units one transfer moves: pairs, or single left/right feet. */
export function unitsOf(t: {
  transferType: "pair" | "single_foot";
  footSide: "left" | "right" | null;
  quantity: number;
}) {
  if (t.transferType === "single_foot") return t.footSide === "left" ? { left: t.quantity } : { right: t.quantity };
  return { pairs: t.quantity };
}
