import { type Answer, api, type Body, byId, call, withKey, withSignal } from "./http";

/** Returns and exchanges of a sale (worker/routes/sales/sale-returns.ts), as the Worker types them. */
const returns = api["sale-returns"];

export type ReturnableSale = Answer<typeof returns.sale.$get>;
export type CustomerSalesPage = Answer<typeof returns.sales.$get>;
export type CustomerSales = CustomerSalesPage["sales"];
export type ReturnSale = ReturnableSale["sale"];
export type ReturnSaleItem = ReturnSale["items"][number];
export type PastReturn = ReturnableSale["returns"][number];
export type NewReturn = Omit<Body<typeof returns.$post>, "idempotency_key">;
export type ReturnCreated = Answer<typeof returns.$post>;
export type SaleReturn = ReturnCreated["sale_return"];
export type ReturnReason = NewReturn["reason"];
export type ReturnDestination = NonNullable<NewReturn["lines"][number]["destination"]>;

/** GET /api/v1/sale-returns/sale?code=: a sale by its number, its receipt code or link, with its returns so far. */
export function findReturnableSale(code: string, signal?: AbortSignal) {
  return call(returns.sale.$get({ query: { code } }, withSignal(signal)));
}

/**
 * GET /api/v1/sale-returns/sales?customer_id=: a page of a customer's completed sales at the seller's
 * store (the 20 latest from `offset`), with `total`, how many there are in all.
 */
export function fetchCustomerSales(customerId: number, signal?: AbortSignal, offset = 0) {
  const query = { customer_id: String(customerId), ...(offset ? { offset: String(offset) } : {}) };
  return call(returns.sales.$get({ query }, withSignal(signal)));
}

/** POST /api/v1/sale-returns: a return or an exchange; a retry with the same key answers the first one. */
export function createSaleReturn(body: NewReturn, idempotencyKey: string) {
  return call(returns.$post({ json: body }, withKey(idempotencyKey)));
}

/** GET /api/v1/sale-returns/:id: one return or exchange with its lines and the exchange's sale. */
export function fetchReturn(id: number, signal?: AbortSignal) {
  return call(returns[":id"].$get({ param: byId(id) }, withSignal(signal)));
}
