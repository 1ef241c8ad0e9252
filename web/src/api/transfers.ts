import { api, type Body, byId, call, withKey, withSignal } from "./http";
import type { CourierBoard, SellerBoard, TransferEvent, WarehouseBoard } from "./transfers-schemas";

/** Typed calls of the transfer and return logistics (spec 3 §7.4–7.7). Errors surface as ApiError. */

// ---------------------------------------------------------------- live feed

/** GET /api/v1/transfers/events?since=: the events a reconnecting screen missed. */
export async function fetchEventsSince(seq: number, signal?: AbortSignal): Promise<{ events: TransferEvent[] }> {
  return call(api.transfers.events.$get({ query: { since: String(seq) } }, withSignal(signal)));
}

/** ws(s)://…/api/v1/transfers/live?token=: browsers cannot send headers on a WebSocket. */
export function liveUrl(token: string, origin: { protocol: string; host: string } = window.location): string {
  const scheme = origin.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${origin.host}/api/v1/transfers/live?${new URLSearchParams({ token })}`;
}

// ---------------------------------------------------------------- warehouse

/** The keeper's pending, in-preparation and return queues plus the stats, in one refresh. */
export async function fetchWarehouseBoard(signal?: AbortSignal): Promise<WarehouseBoard> {
  const [pending, accepted, returns, stats] = await Promise.all([
    call(api.warehouse["pending-requests"].$get(undefined, withSignal(signal))),
    call(api.warehouse["accepted-requests"].$get(undefined, withSignal(signal))),
    call(api.warehouse.returns.$get(undefined, withSignal(signal))),
    call(api.warehouse.stats.$get({ query: {} }, withSignal(signal))),
  ]);
  return { pending, accepted, returns, stats };
}

/** Who keeps the units: a warehouse keeper (/warehouse) or the seller of the store asked for them (/vendor). */
export type KeeperArea = "warehouse" | "vendor";

/** The keeper's actions: one router mounted under both areas (worker/routes/logistics/keeper-actions.ts). */
const keeper = (area: KeeperArea) => (area === "warehouse" ? api.warehouse : api.vendor);

/** POST /api/v1/{area}/accept-request. */
export function acceptWarehouseRequest(
  transferId: number,
  preparationMinutes: number,
  notes?: string,
  area: KeeperArea = "warehouse",
) {
  const json = {
    transfer_request_id: transferId,
    accepted: true,
    estimated_preparation_time: preparationMinutes,
    ...(notes ? { warehouse_notes: notes } : {}),
  };
  return call(keeper(area)["accept-request"].$post({ json }));
}

/** POST accept-request with accepted: false: the request ends cancelled and the requester sees the reason. */
export function declineRequest(transferId: number, reason: string, area: KeeperArea = "warehouse") {
  const json = { transfer_request_id: transferId, accepted: false, reason: reason.trim() };
  return call(keeper(area)["accept-request"].$post({ json }));
}

/** POST /api/v1/{area}/cancel-accepted/{id}: an accepted request not handed over yet ends cancelled; its units are freed. */
export function cancelAcceptedRequest(transferId: number, reason: string, area: KeeperArea = "warehouse") {
  const json = { reason: reason.trim() };
  return call(keeper(area)["cancel-accepted"][":id"].$post({ param: byId(transferId), json }));
}

/** POST /api/v1/{area}/deliver-to-courier (the assigned courier; 'No hay corredor asignado…' otherwise). */
export function deliverToCourier(
  transferId: number,
  courierId: number | null,
  notes?: string,
  area: KeeperArea = "warehouse",
) {
  const json = { transfer_request_id: transferId, courier_id: courierId, ...(notes ? { delivery_notes: notes } : {}) };
  return call(keeper(area)["deliver-to-courier"].$post({ json }));
}

/** POST /api/v1/{area}/deliver-to-vendor/{id}. */
export function deliverToVendor(transferId: number, notes?: string, area: KeeperArea = "warehouse") {
  const json = { delivered: true, ...(notes ? { delivery_notes: notes } : {}) };
  return call(keeper(area)["deliver-to-vendor"][":id"].$post({ param: { id: String(transferId) }, json }));
}

type ReceptionBody = Body<ReturnType<typeof keeper>["confirm-return-reception"][":id"]["$post"]>;

/** What the keeper reports; whether the quality check passed follows from the condition. */
export type ReturnReception = {
  received_quantity: number;
  product_condition: NonNullable<ReceptionBody["product_condition"]>;
  return_to_inventory: boolean;
  notes: string;
};

/** POST /api/v1/{area}/confirm-return-reception/{id}. */
export function confirmReturnReception(transferId: number, reception: ReturnReception, area: KeeperArea = "warehouse") {
  const json = {
    received_quantity: reception.received_quantity,
    product_condition: reception.product_condition,
    return_to_inventory: reception.return_to_inventory,
    quality_check_passed: reception.product_condition === "good",
    ...(reception.notes.trim() ? { notes: reception.notes.trim() } : {}),
  } satisfies ReceptionBody;
  return call(keeper(area)["confirm-return-reception"][":id"].$post({ param: { id: String(transferId) }, json }));
}

/** GET /api/v1/inventory/warehouse-keeper/inventory/all?location_id= ("all" or an id). */
export function fetchWarehouseInventory(locationId: number | "all", signal?: AbortSignal) {
  return call(
    api.inventory["warehouse-keeper"].inventory.all.$get(
      { query: { location_id: String(locationId) } },
      withSignal(signal),
    ),
  );
}

// ---------------------------------------------------------------- courier

export type CourierFilter = "all" | "cliente" | "restock";

/** GET /api/v1/courier/available-requests?purpose=. */
export function fetchAvailableRequests(purpose: CourierFilter, signal?: AbortSignal) {
  return call(api.courier["available-requests"].$get({ query: { purpose } }, withSignal(signal)));
}

/** GET my-transports and my-deliveries together. */
export async function fetchCourierBoard(signal?: AbortSignal): Promise<CourierBoard> {
  const [transports, deliveries] = await Promise.all([
    call(api.courier["my-transports"].$get(undefined, withSignal(signal))),
    fetchMyDeliveries(0, signal),
  ]);
  return { transports, deliveries };
}

/** GET /api/v1/courier/my-deliveries: a page of the history from `offset`, with the last 30 days' earnings. */
export function fetchMyDeliveries(offset: number, signal?: AbortSignal) {
  return call(api.courier["my-deliveries"].$get({ query: { offset: String(offset) } }, withSignal(signal)));
}

/** POST accept-request/{id} (accept-return/{id} for returns) with the ETA of spec 3 §9. */
export function courierAccept(transferId: number, isReturn: boolean, etaMinutes: number, notes?: string) {
  const route = isReturn ? api.courier["accept-return"][":id"] : api.courier["accept-request"][":id"];
  const json = { estimated_pickup_time: etaMinutes, ...(notes ? { notes } : {}) };
  return call(route.$post({ param: byId(transferId), json }));
}

/** POST confirm-pickup/{id} (confirm-return-pickup/{id} for returns). */
export function courierConfirmPickup(transferId: number, isReturn: boolean, notes?: string) {
  const route = isReturn ? api.courier["confirm-return-pickup"][":id"] : api.courier["confirm-pickup"][":id"];
  return call(route.$post({ param: byId(transferId), json: notes ? { pickup_notes: notes } : {} }));
}

/** POST confirm-delivery/{id}?delivery_successful&notes (confirm-return-delivery/{id} for returns). */
export function courierConfirmDelivery(transferId: number, isReturn: boolean, successful = true, notes?: string) {
  const route = isReturn ? api.courier["confirm-return-delivery"][":id"] : api.courier["confirm-delivery"][":id"];
  const query = { delivery_successful: String(successful), ...(notes ? { notes } : {}) };
  return call(route.$post({ param: byId(transferId), query }));
}

export type FailureReason = Body<(typeof api.courier)["report-failed-delivery"][":id"]["$post"]>["reason"];

/**
 * POST /api/v1/courier/report-failed-delivery/{id}: one failed attempt (reason and note) on a transfer
 * or a return in transit; the units stay with the courier. The key makes a retry the same attempt.
 */
export function courierReportFailed(transferId: number, reason: FailureReason, notes: string, idempotencyKey: string) {
  const json = { reason, ...(notes.trim() ? { notes: notes.trim() } : {}) };
  return call(
    api.courier["report-failed-delivery"][":id"].$post({ param: byId(transferId), json }, withKey(idempotencyKey)),
  );
}

/** POST /api/v1/courier/return-to-origin/{id}: after a failed attempt, the transfer goes back to its source. */
export function courierReturnToOrigin(transferId: number) {
  return call(api.courier["return-to-origin"][":id"].$post({ param: byId(transferId), json: {} }));
}

/** POST /api/v1/courier/confirm-origin-return/{id}: the units are back at the source; its stock takes them back. */
export function courierConfirmOriginReturn(transferId: number, notes?: string) {
  const json = notes?.trim() ? { notes: notes.trim() } : {};
  return call(api.courier["confirm-origin-return"][":id"].$post({ param: byId(transferId), json }));
}

// ---------------------------------------------------------------- seller

/** GET pending-transfers, completed-transfers and the requests made to this store, together. */
export async function fetchSellerBoard(signal?: AbortSignal): Promise<SellerBoard> {
  const [pending, completed, incoming] = await Promise.all([
    call(api.vendor["pending-transfers"].$get(undefined, withSignal(signal))),
    call(api.vendor["completed-transfers"].$get(undefined, withSignal(signal))),
    call(api.vendor["incoming-requests"].$get(undefined, withSignal(signal))),
  ]);
  return { pending, completed, incoming };
}

/**
 * POST /api/v1/vendor/confirm-reception/{id}?received_quantity&condition_ok&damaged_quantity&notes. Units
 * short or damaged are held as a discrepancy for the administrador.
 */
export function confirmReception(
  transferId: number,
  receivedQuantity: number,
  conditionOk: boolean,
  notes: string,
  damagedQuantity?: number,
) {
  const query = {
    received_quantity: String(receivedQuantity),
    condition_ok: String(conditionOk),
    ...(conditionOk || damagedQuantity === undefined ? {} : { damaged_quantity: String(damagedQuantity) }),
    ...(notes.trim() ? { notes: notes.trim() } : {}),
  };
  return call(api.vendor["confirm-reception"][":id"].$post({ param: byId(transferId), query }));
}

/** POST /api/v1/vendor/cancel-transfer/{id}. */
export function cancelTransfer(transferId: number, reason: string) {
  const json = { cancellation_reason: reason };
  return call(api.vendor["cancel-transfer"][":id"].$post({ param: byId(transferId), json }));
}

/** POST /api/v1/vendor/deliver-return-to-warehouse/{id}. */
export function deliverReturnToWarehouse(transferId: number, notes?: string) {
  const json = notes ? { delivery_notes: notes } : {};
  return call(api.vendor["deliver-return-to-warehouse"][":id"].$post({ param: byId(transferId), json }));
}

/** GET /api/v1/vendor/transfer-details/{id}. */
export function fetchTransferDetails(transferId: number, signal?: AbortSignal) {
  return call(api.vendor["transfer-details"][":id"].$get({ param: byId(transferId) }, withSignal(signal)));
}

/** GET /api/v1/locations: the company's active locations. */
export function fetchLocations(signal?: AbortSignal) {
  return call(api.locations.$get(undefined, withSignal(signal)));
}

/** Transfer request payload (spec 3 §3). */
export type TransferRequestPayload = Body<typeof api.transfers.request.$post>;

/** POST /api/v1/transfers/request (pairs); a retry with the same key answers the request already made. */
export function requestTransfer(payload: TransferRequestPayload, idempotencyKey: string) {
  return call(api.transfers.request.$post({ json: payload }, withKey(idempotencyKey)));
}

export type SingleFootPayload = Body<(typeof api.transfers)["request-single-foot"]["$post"]>;

/** POST /api/v1/transfers/request-single-foot. */
export function requestSingleFoot(payload: SingleFootPayload, idempotencyKey: string) {
  return call(api.transfers["request-single-foot"].$post({ json: payload }, withKey(idempotencyKey)));
}

/** The purpose is added when sent. */
export type ReturnPayload = Omit<Body<(typeof api.transfers)["create-return"]["$post"]>, "purpose">;

/** POST /api/v1/transfers/create-return (with purpose 'return', as the spec's create-return call carries). */
export function createReturn(payload: ReturnPayload, idempotencyKey: string) {
  const json = { ...payload, purpose: "return", notes: payload.notes?.trim() || undefined };
  return call(api.transfers["create-return"].$post({ json }, withKey(idempotencyKey)));
}

export type SaleFromTransfer = Omit<Body<(typeof api.sales)["create-from-transfer"]["$post"]>, "idempotency_key">;

/**
 * POST /api/v1/sales/create-from-transfer: sells what a completed transfer brought. The same
 * idempotency key on a retry returns the sale already recorded.
 */
export function createSaleFromTransfer(sale: SaleFromTransfer, idempotencyKey: string) {
  const json = { ...sale, notes: sale.notes?.trim() || undefined };
  return call(api.sales["create-from-transfer"].$post({ json, query: {} }, withKey(idempotencyKey)));
}
