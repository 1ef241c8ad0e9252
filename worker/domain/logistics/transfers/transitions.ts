// The transfer and return state machine (spec 3 §4, design §6). Pure: every allowed transition with
// the role that may perform it, the pickup types and purposes it applies to, and its stock effect.
// Anything not listed is forbidden (409).
//
// transfers/: types, transitions (this table), plan (the transition for an action, or why not),
// describe (how the screens describe a transfer), courier-pay, reception.

import { PICKUP_TYPES } from "../../../../shared/constants";
import type { Transition } from "./types";

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
