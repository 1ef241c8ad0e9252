import { type Answer, api, type Body, byId, call, withKey, withSignal } from "./http";

/** Customers (worker/routes/sales/customers.ts), as the Worker types them. */
export type CustomerList = Answer<typeof api.customers.$get>;
export type Customer = CustomerList["customers"][number];
export type CustomerDetail = Answer<(typeof api.customers)[":id"]["$get"]>;
export type CustomerPurchase = CustomerDetail["purchases"][number];
export type NewCustomer = Omit<Body<typeof api.customers.$post>, "idempotency_key">;

/**
 * GET /api/v1/customers?q=: by document, phone or name; without q the newest. A page of 30 from
 * `offset`, with `total`, how many match in all.
 */
export function searchCustomers(q: string, signal?: AbortSignal, offset = 0) {
  const query = { ...(q === "" ? {} : { q }), ...(offset ? { offset: String(offset) } : {}) };
  return call(api.customers.$get({ query }, withSignal(signal)));
}

/** POST /api/v1/customers: registers a customer with their consent; a retry with the key answers the first result. */
export function createCustomer(customer: NewCustomer, idempotencyKey: string) {
  return call(api.customers.$post({ json: customer }, withKey(idempotencyKey)));
}

/** GET /api/v1/customers/:id: the customer with their purchases (administrador, boss). */
export function fetchCustomer(id: number, signal?: AbortSignal) {
  return call(api.customers[":id"].$get({ param: byId(id) }, withSignal(signal)));
}
