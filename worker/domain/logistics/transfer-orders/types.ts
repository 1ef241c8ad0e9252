// Restock orders (issue 37): what a new order carries and what an action on it may say per line.
import type { PickupType } from "../../../../shared/constants";
import type { Action } from "../transfers/types";

/** The most lines one order takes (a warehouse run for a store, not a catalogue import). */
export const MAX_ORDER_LINES = 100;

export interface NewOrderLine {
  referenceCode: string;
  size: string;
  quantity: number;
  footSide: "left" | "right" | null;
}

export interface NewOrder {
  sourceLocationId: number;
  destinationLocationId: number;
  pickupType: PickupType;
  notes: string | null;
  lines: NewOrderLine[];
}

/** The actions one call applies to every line of an order that is in the status the action starts from. */
export const ORDER_ACTIONS = [
  "accept",
  "decline",
  "cancel",
  "keeper_cancel",
  "courier_accept",
  "deliver_to_courier",
  "confirm_pickup",
  "deliver_to_vendor",
  "confirm_delivery",
  "confirm_reception",
] as const satisfies readonly Action[];
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The hand-overs: the package leaves the source, so every line in it must be on the pick list. */
export const HAND_OVER_ACTIONS: ReadonlySet<OrderAction> = new Set([
  "deliver_to_courier",
  "confirm_pickup",
  "deliver_to_vendor",
]);

/** What the receiver counted of one line (lines not named arrived whole). */
export interface LineReception {
  transferId: number;
  receivedQuantity: number;
  damagedQuantity: number | null;
  notes: string | null;
}
