import { type Answer, api, type Body, byId, call, query, withKey, withSignal } from "./http";
import { storedCopyOf } from "./stored";

/** Suppliers and purchase orders (worker/routes/purchasing/, docs/purchasing.md). */
const suppliers = api.admin.admin.suppliers;
const orders = api.admin.admin["purchase-orders"];

export type Suppliers = Answer<typeof suppliers.$get>;
export type Supplier = Suppliers["suppliers"][number];
export type NewSupplier = Body<typeof suppliers.$post>;
export type SupplierChanges = Body<(typeof suppliers)[":id"]["$patch"]>;

export type PurchaseOrders = Answer<typeof orders.$get>;
export type PurchaseOrderRow = PurchaseOrders["orders"][number];
export type PurchaseOrderState = PurchaseOrderRow["status"];
export type PurchaseOrder = Answer<(typeof orders)[":id"]["$get"]>["order"];
export type PurchaseOrderLine = PurchaseOrder["lines"][number];
export type NewPurchaseOrder = Body<typeof orders.$post>;
export type Reception = Body<(typeof orders)[":id"]["receptions"]["$post"]>;
export type OrderAction = "send" | "cancel" | "close";

/** The last-data copies (lib/lastData.ts). */
export const SuppliersSchema = storedCopyOf<Suppliers>("suppliers", "total");
export const PurchaseOrdersSchema = storedCopyOf<PurchaseOrders>("orders");

/** GET /suppliers (the inactive ones too with `includeInactive`). */
export function fetchSuppliers(includeInactive: boolean, signal?: AbortSignal) {
  return call(suppliers.$get({ query: query({ include_inactive: includeInactive ? "1" : null }) }, withSignal(signal)));
}

/** POST /suppliers: 409 when another has the NIT, 422 with the reason. */
export function createSupplier(supplier: NewSupplier, idempotencyKey: string) {
  return call(suppliers.$post({ json: supplier }, withKey(idempotencyKey)));
}

/** PATCH /suppliers/{id}: the fields sent (is_active switches it off or on). */
export function updateSupplier(id: number, changes: SupplierChanges) {
  return call(suppliers[":id"].$patch({ param: byId(id), json: changes }));
}

/** GET /purchase-orders: newest first, one state's (null: every state). */
export function fetchPurchaseOrders(status: PurchaseOrderState | null, signal?: AbortSignal) {
  return call(orders.$get({ query: query({ status }) }, withSignal(signal)));
}

/** GET /purchase-orders/{id}: with its lines, received and pending. */
export function fetchPurchaseOrder(id: number, signal?: AbortSignal) {
  return call(orders[":id"].$get({ param: byId(id) }, withSignal(signal)));
}

/** POST /purchase-orders: a draft, or sent at once with `send`. */
export function createPurchaseOrder(order: NewPurchaseOrder, idempotencyKey: string) {
  return call(orders.$post({ json: order }, withKey(idempotencyKey)));
}

/** POST /purchase-orders/{id}/receptions: the pairs that arrived per line; 409 over what was ordered. */
export function receivePurchaseOrder(id: number, reception: Reception, idempotencyKey: string) {
  return call(orders[":id"].receptions.$post({ param: byId(id), json: reception }, withKey(idempotencyKey)));
}

/** POST /purchase-orders/{id}/{send,cancel,close}. */
export function changePurchaseOrder(id: number, action: OrderAction) {
  return call(orders[":id"][action].$post({ param: byId(id) }));
}
