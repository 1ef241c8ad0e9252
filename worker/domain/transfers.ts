// The transfer and return state machine (spec 3 §4, design §6). Pure: every allowed transition with
// the role that may perform it, the pickup types and purposes it applies to, and its stock effect.
// Anything not listed is forbidden (409).

import { PICKUP_TYPES } from "../../shared/constants";
import type { Role, TransferStatus } from "../db/schema";

export type Action =
  | "accept" // keeper accepts the request; reserves the units at the source
  | "courier_accept" // courier takes an accepted courier-pickup request
  | "deliver_to_courier" // keeper hands the units to the assigned courier; stock leaves the source
  | "confirm_pickup" // courier confirms the pickup (same effect as the keeper's hand-over)
  | "confirm_delivery" // courier leaves the units at the destination
  | "report_failed_delivery" // courier could not deliver: an attempt with its reason; the units stay with them, in transit
  | "return_to_origin" // after a failed attempt, the courier takes a transfer's units back to its source
  | "confirm_origin_return" // the units are back at the source: stock re-enters it, the transfer ends cancelled
  | "deliver_to_vendor" // keeper hands the units to the seller who came for them
  | "deliver_return_to_warehouse" // seller brings a return to the warehouse
  | "confirm_reception" // seller confirms a transfer arrived; stock enters the destination
  | "confirm_return_reception" // keeper confirms a return arrived; stock re-enters by condition
  | "cancel" // the requester cancels: while pending, or (with a reason) once accepted, releasing the reservation
  | "decline" // the keeper (or the source store's staff) declines a pending request, with a reason
  | "keeper_cancel" // the keeper (or the source store's staff) cancels an accepted request not yet handed over, with a reason
  | "expire_reservation"; // 45 minutes after acceptance with no courier and no hand-over: back to pending

export type Pickup = "corredor" | "vendedor";
export type Kind = "transfer" | "return";

/**
 * What a transition does to stock: reserve/release at the source, move out of the source, move into the
 * destination, or bring what left the source back into it.
 */
export type StockEffect = "reserve" | "release" | "out" | "in" | "back" | "none";

export interface Transition {
  from: TransferStatus;
  action: Action;
  to: TransferStatus;
  roles: readonly Role[];
  pickup: readonly Pickup[];
  kinds: readonly Kind[];
  stock: StockEffect;
}

const BOTH_PICKUPS = PICKUP_TYPES;
// a store can be the source of a request too: its sellers then act as its keepers (assertParticipant
// in transfer-ops/ holds them to requests of their own location)
const KEEPER = ["bodeguero", "seller", "administrador", "superuser"] as const;
const COURIER = ["corredor", "administrador", "superuser"] as const;
const SELLER = ["seller", "administrador", "superuser"] as const;
const SYSTEM = [] as const;

export const TRANSITIONS: readonly Transition[] = [
  {
    from: "pending",
    action: "accept",
    to: "accepted",
    roles: KEEPER,
    pickup: BOTH_PICKUPS,
    kinds: ["transfer", "return"],
    stock: "reserve",
  },
  {
    from: "pending",
    action: "cancel",
    to: "cancelled",
    roles: SELLER,
    pickup: BOTH_PICKUPS,
    kinds: ["transfer", "return"],
    stock: "none",
  },
  {
    from: "pending",
    action: "decline",
    to: "cancelled",
    roles: KEEPER,
    pickup: BOTH_PICKUPS,
    kinds: ["transfer", "return"],
    stock: "none",
  },
  // an accepted request not handed over yet can be called off by either end, with a reason (checked in
  // transfer-ops/): the reservation is released at once, as its expiry would after 45 minutes. Once
  // the units left the source (in_transit, or delivered to the seller) it can no longer be cancelled.
  {
    from: "accepted",
    action: "cancel",
    to: "cancelled",
    roles: SELLER,
    pickup: BOTH_PICKUPS,
    kinds: ["transfer", "return"],
    stock: "release",
  },
  {
    from: "courier_assigned",
    action: "cancel",
    to: "cancelled",
    roles: SELLER,
    pickup: ["corredor"],
    kinds: ["transfer", "return"],
    stock: "release",
  },
  {
    from: "accepted",
    action: "keeper_cancel",
    to: "cancelled",
    roles: KEEPER,
    pickup: BOTH_PICKUPS,
    kinds: ["transfer", "return"],
    stock: "release",
  },
  {
    from: "courier_assigned",
    action: "keeper_cancel",
    to: "cancelled",
    roles: KEEPER,
    pickup: ["corredor"],
    kinds: ["transfer", "return"],
    stock: "release",
  },
  // courier pickup
  {
    from: "accepted",
    action: "courier_accept",
    to: "courier_assigned",
    roles: COURIER,
    pickup: ["corredor"],
    kinds: ["transfer", "return"],
    stock: "none",
  },
  {
    from: "courier_assigned",
    action: "deliver_to_courier",
    to: "in_transit",
    roles: KEEPER,
    pickup: ["corredor"],
    kinds: ["transfer"],
    stock: "out",
  },
  {
    from: "courier_assigned",
    action: "confirm_pickup",
    to: "in_transit",
    roles: COURIER,
    pickup: ["corredor"],
    kinds: ["transfer", "return"],
    stock: "out",
  },
  {
    from: "in_transit",
    action: "confirm_delivery",
    to: "delivered",
    roles: COURIER,
    pickup: ["corredor"],
    kinds: ["transfer", "return"],
    stock: "none",
  },
  {
    from: "in_transit",
    action: "report_failed_delivery",
    to: "in_transit",
    roles: COURIER,
    pickup: ["corredor"],
    kinds: ["transfer", "return"],
    stock: "none",
  },
  // a transfer that could not be delivered goes back where it came from (after a failed attempt,
  // checked in transfer-ops/apply.ts): the units ride back with the courier, then re-enter the source through
  // the ledger and the transfer ends cancelled. A return (to a warehouse) keeps being attempted.
  {
    from: "in_transit",
    action: "return_to_origin",
    to: "returning_to_origin",
    roles: COURIER,
    pickup: ["corredor"],
    kinds: ["transfer"],
    stock: "none",
  },
  {
    from: "returning_to_origin",
    action: "confirm_origin_return",
    to: "cancelled",
    roles: COURIER,
    pickup: ["corredor"],
    kinds: ["transfer"],
    stock: "back",
  },
  // seller pickup
  {
    from: "accepted",
    action: "deliver_to_vendor",
    to: "delivered",
    roles: KEEPER,
    pickup: ["vendedor"],
    kinds: ["transfer"],
    stock: "out",
  },
  {
    from: "accepted",
    action: "deliver_return_to_warehouse",
    to: "delivered",
    roles: SELLER,
    pickup: ["vendedor"],
    kinds: ["return"],
    stock: "out",
  },
  // reception
  {
    from: "delivered",
    action: "confirm_reception",
    to: "completed",
    roles: SELLER,
    pickup: BOTH_PICKUPS,
    kinds: ["transfer"],
    stock: "in",
  },
  {
    from: "delivered",
    action: "confirm_return_reception",
    to: "completed",
    roles: KEEPER,
    pickup: BOTH_PICKUPS,
    kinds: ["return"],
    stock: "in",
  },
  // reservations that nobody came for go back to the queue. The clock stops once a courier accepts the
  // transport (courier_assigned has no expiry): a courier on the way never loses the job under them.
  {
    from: "accepted",
    action: "expire_reservation",
    to: "pending",
    roles: SYSTEM,
    pickup: BOTH_PICKUPS,
    kinds: ["transfer", "return"],
    stock: "release",
  },
];

/** Minutes an accepted request stays reserved while no courier has taken it (and nobody collected it). */
export const RESERVATION_MINUTES = 45;

export class TransitionError extends Error {
  constructor(
    readonly status: 403 | 409,
    message: string,
  ) {
    super(message);
  }
}

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
  if (candidates.length > 0)
    throw new TransitionError(403, "Tu rol no puede realizar esta acción sobre la transferencia");
  throw new TransitionError(409, refusal(action, from));
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

// ---------------------------------------------------------------- how the screens describe a transfer

const COURIER_PROGRESS: Partial<Record<TransferStatus, number>> = {
  pending: 16,
  accepted: 33,
  courier_assigned: 50,
  in_transit: 67,
  // on the way back: as far as the units got, never forward
  returning_to_origin: 67,
  delivered: 83,
  completed: 100,
};
const SELLER_PROGRESS: Partial<Record<TransferStatus, number>> = {
  pending: 25,
  accepted: 50,
  delivered: 75,
  completed: 100,
};

/** Spec 3 §4: progress 16/33/50/67/83/100 (courier) or 25/50/75/100 (seller pickup); unknown → 0. */
export function progressOf(status: string, pickup: Pickup): { progress: number; known: boolean } {
  const table = pickup === "corredor" ? COURIER_PROGRESS : SELLER_PROGRESS;
  const value = table[status as TransferStatus];
  return value === undefined ? { progress: 0, known: false } : { progress: value, known: true };
}

export function statusInfo(status: string, pickup: Pickup, kind: Kind) {
  const { progress, known } = progressOf(status, pickup);
  if (!known)
    return {
      title: "Estado desconocido",
      description: "Estado desconocido",
      progress: 0,
      next_step: "Esperando siguiente acción...",
    };
  const isReturn = kind === "return";
  const texts: Record<string, [string, string, string]> = {
    // a transfer's source may be a store: "el origen"; a return always goes back to a warehouse
    pending: isReturn
      ? ["Pendiente", "Esperando aprobación del bodeguero", "El bodeguero debe aceptar la solicitud"]
      : ["Pendiente", "Esperando aprobación del origen", "El origen debe aceptar la solicitud"],
    accepted:
      pickup === "corredor"
        ? ["Aceptada", "Esperando corredor", "Un corredor debe aceptar el transporte"]
        : isReturn
          ? ["Aceptada", "Esperando que vendedor entregue", "El vendedor debe llevar el producto a bodega"]
          : ["Aceptada", "Esperando vendedor", "El vendedor debe recoger el producto en el origen"],
    courier_assigned: [
      "Corredor asignado",
      "El corredor va en camino a recoger",
      isReturn ? "Recibir de Vendedor" : "Recoger en el origen",
    ],
    in_transit: ["En tránsito", "El producto va en camino", isReturn ? "Entregar a Bodeguero" : "Entregar en el local"],
    returning_to_origin: [
      "Volviendo al origen",
      "El corredor no pudo entregar y lleva el producto de vuelta al origen",
      "El corredor debe devolver el producto en el origen",
    ],
    delivered: [
      "Entregada",
      isReturn ? "Esperando confirmación del bodeguero" : "Esperando confirmación del vendedor",
      isReturn ? "El bodeguero debe confirmar la recepción" : "Confirma la recepción del producto",
    ],
    completed: ["Completada", "Transferencia completada", "Puedes vender el producto o generar una devolución"],
  };
  const [title, description, next] = texts[status] ?? ["", "", ""];
  return { title, description, progress, next_step: next };
}

/** Warehouse labels (spec 3 §4). */
export function warehouseLabel(status: string, pickup: Pickup, kind: Kind): string {
  // once handed over, every pickup type reads the same
  if (status === "delivered") return "Entregado";
  if (status === "completed") return "Completada";
  if (status === "cancelled") return "Cancelada";
  if (pickup === "corredor") {
    if (status === "courier_assigned") return "Corredor asignado";
    if (status === "in_transit") return "En tránsito";
    if (status === "returning_to_origin") return "Volviendo al origen";
    return "Esperando corredor";
  }
  if (status === "accepted") return kind === "return" ? "Esperando que vendedor entregue" : "Esperando vendedor";
  return "Listo para entrega";
}

/** Progress bar colour: below 30 error, below 60 warning, below 90 primary, else success. */
export function progressColour(progress: number): "error" | "warning" | "primary" | "success" {
  if (progress < 30) return "error";
  if (progress < 60) return "warning";
  if (progress < 90) return "primary";
  return "success";
}

/** Minutes under 60, otherwise hours and minutes (spec 1 §9). */
export function elapsedText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Preparation time on acceptance: 10 minutes for high priority, else 15 (returns 15). */
export function preparationMinutes(priority: "high" | "normal", kind: Kind): number {
  return kind === "return" ? 15 : priority === "high" ? 10 : 15;
}

/** Courier ETA on accept: 15 minutes for cliente, else 20. */
export function courierEtaMinutes(purpose: string): number {
  return purpose === "cliente" ? 15 : 20;
}

export const DEFAULT_DISTANCE_KM = 3.5;

/** Great-circle distance in km between two coordinates. */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (x: number) => (x * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Courier earning: km × 5000 COP, × 1.5 for cliente (urgent), rounded; distance from coordinates when both are known. */
export function courierEarning(
  from: { lat: number | null; lng: number | null },
  to: { lat: number | null; lng: number | null },
  purpose: string,
): { distance_km: number; earning: number } {
  const known = from.lat !== null && from.lng !== null && to.lat !== null && to.lng !== null;
  const km = known
    ? Math.round(haversineKm({ lat: from.lat ?? 0, lng: from.lng ?? 0 }, { lat: to.lat ?? 0, lng: to.lng ?? 0 }) * 10) /
      10
    : DEFAULT_DISTANCE_KM;
  return { distance_km: km, earning: Math.round(km * 5000 * (purpose === "cliente" ? 1.5 : 1)) };
}

/** What a reception says happened to the units sent: every one of them is sellable, short or damaged. */
export interface ReceptionOutcome {
  received: number;
  sellable: number;
  short: number;
  damaged: number;
}

/**
 * Splits the units of a reception. A transfer's received units are sellable unless reported damaged
 * (all of them when the condition is not ok and no count is given); a return's come back sellable only
 * when the keeper puts them back into inventory. Units not received are short. Nothing disappears:
 * sellable + short + damaged = sent.
 */
export function receptionOutcome(
  kind: Kind,
  sent: number,
  report: {
    receivedQuantity?: number | null;
    conditionOk?: boolean | null;
    damagedQuantity?: number | null;
    returnToInventory?: boolean | null;
    productCondition?: "good" | "damaged" | "unusable" | null;
  },
): ReceptionOutcome {
  const received = report.receivedQuantity ?? sent;
  if (!Number.isInteger(received) || received < 0 || received > sent)
    throw new RangeError(`La cantidad recibida debe estar entre 0 y ${sent}`);
  let damaged: number;
  if (kind === "return" && (report.returnToInventory === false || report.productCondition === "unusable")) {
    damaged = received;
  } else if (report.damagedQuantity != null) {
    damaged = report.damagedQuantity;
  } else {
    damaged = report.conditionOk === false ? received : 0;
  }
  if (!Number.isInteger(damaged) || damaged < 0 || damaged > received)
    throw new RangeError(`Las unidades dañadas deben estar entre 0 y ${received}`);
  return { received, sellable: received - damaged, short: sent - received, damaged };
}
