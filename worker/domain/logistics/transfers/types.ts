// The transfer and return state machine: its actions, pickups, kinds and transitions (transitions.ts lists them).

import type { Role, TransferStatus } from "../../../db/schema";

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
