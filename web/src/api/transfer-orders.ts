// Restock orders (many lines between two locations) through the typed client.
import { type Answer, api, byId, call, type Input, withKey, withSignal } from "./http";

const orders = api["transfer-orders"];

export type RestockOrdersList = Answer<typeof orders.$get>;
export type RestockOrder = RestockOrdersList["orders"][number];
export type RestockLine = RestockOrder["lines"][number];
export type NewRestockOrder = Input<typeof orders.$post>["json"];
export type RestockAction = Input<(typeof orders)[":id"]["actions"]["$post"]>["json"];
export type OrdersState = "open" | "closed" | "all";

/** A page of the orders the caller sees (30 from `offset`), newest first. */
export function fetchRestockOrders(state: OrdersState, signal?: AbortSignal, offset = 0) {
  return call(orders.$get({ query: { state, ...(offset ? { offset: String(offset) } : {}) } }, withSignal(signal)));
}

export function createRestockOrder(body: NewRestockOrder, idempotencyKey: string) {
  return call(orders.$post({ json: body }, withKey(idempotencyKey)));
}

export function actOnRestockOrder(id: number, body: RestockAction, idempotencyKey: string) {
  return call(orders[":id"].actions.$post({ param: byId(id), json: body }, withKey(idempotencyKey)));
}

export function pickRestockLine(id: number, lineId: number, picked: boolean, code: string | null) {
  return call(
    orders[":id"].lines[":lineId"].pick.$post({
      param: { id: String(id), lineId: String(lineId) },
      json: { picked, code },
    }),
  );
}
