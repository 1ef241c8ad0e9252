// The storefront's reservations and WhatsApp orders (issue 32 §6): which stores have a cart's sizes and
// the reservation itself (public), and the web reservations as a store's staff handle them.
import { type Answer, api, type Body, byId, call, withKey, withSignal } from "./http";
import { storedCopyOf } from "./stored";

export type StoreStock = Answer<typeof api.public.stock.$get>["stock"][number];
export type ReservationInput = Body<typeof api.public.reservations.$post>;
export type PublicReservation = Answer<typeof api.public.reservations.$post>["reservation"];

const staff = api["store-reservations"];
export type WebReservations = Answer<typeof staff.$get>;
export type WebReservation = WebReservations["reservations"][number];
export type ReservationFilter = "open" | "all";
export const WebReservationsSchema = storedCopyOf<WebReservations>("reservations", "total", "pending");

/** GET /api/v1/public/stock: free pairs per store and size of a cart's products. */
export function fetchStoreStock(productIds: readonly number[], signal?: AbortSignal) {
  return call(api.public.stock.$get({ query: { ids: [...new Set(productIds)].join(",") } }, withSignal(signal)));
}

/** POST /api/v1/public/reservations: holds the cart's pairs at a store; a retry with the same key keeps one. */
export function reserveAtStore(input: ReservationInput, idempotencyKey: string) {
  return call(api.public.reservations.$post({ json: input }, withKey(idempotencyKey)));
}

/** A page of the web reservations the caller handles (50 from `offset`), newest first. */
export function fetchWebReservations(
  filters: { status: ReservationFilter; location_id?: number | null },
  signal?: AbortSignal,
  offset = 0,
) {
  const query = {
    status: filters.status,
    ...(filters.location_id ? { location_id: String(filters.location_id) } : {}),
    ...(offset ? { offset: String(offset) } : {}),
  };
  return call(staff.$get({ query }, withSignal(signal)));
}

export function confirmWebReservation(id: number) {
  return call(staff[":id"].confirm.$post({ param: byId(id) }));
}

export function completeWebReservation(id: number) {
  return call(staff[":id"].complete.$post({ param: byId(id) }));
}

export function cancelWebReservation(id: number, reason: string) {
  return call(staff[":id"].cancel.$post({ param: byId(id), json: { reason } }));
}
