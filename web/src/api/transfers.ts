import * as v from "valibot";
import { apiRequest } from "./http";
import type { NewSalePayment } from "./seller";
import { SaleCreatedSchema } from "./seller-schemas";
import {
  ActionResultSchema,
  AvailableRequestsSchema,
  type CourierBoard,
  CourierStatsSchema,
  CourierTransportSchema,
  DeliveryItemSchema,
  EventsSinceSchema,
  InventoryResponseSchema,
  LocationsSchema,
  ReturnCreatedSchema,
  type SellerBoard,
  TransferCreatedSchema,
  TransferSchema,
  VendorCompletedSchema,
  VendorIncomingSchema,
  VendorPendingSchema,
  WarehouseAcceptedSchema,
  type WarehouseBoard,
  WarehousePendingSchema,
  WarehouseReturnsSchema,
  WarehouseStatsSchema,
} from "./transfers-schemas";

/** Typed calls of the transfer and return logistics (spec 3 §7.4–7.7). Errors surface as ApiError. */

function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

// ---------------------------------------------------------------- live feed

/** GET /api/v1/transfers/events?since=: the events a reconnecting screen missed. */
export function fetchEventsSince(seq: number, signal?: AbortSignal) {
  return apiRequest(`/api/v1/transfers/events${query({ since: seq })}`, EventsSinceSchema, { signal });
}

/** ws(s)://…/api/v1/transfers/live?token=: browsers cannot send headers on a WebSocket. */
export function liveUrl(token: string, origin: { protocol: string; host: string } = window.location): string {
  const scheme = origin.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${origin.host}/api/v1/transfers/live${query({ token })}`;
}

// ---------------------------------------------------------------- warehouse

/** The keeper's pending, in-preparation and return queues plus the stats, in one refresh. */
export async function fetchWarehouseBoard(signal?: AbortSignal): Promise<WarehouseBoard> {
  const [pending, accepted, returns, stats] = await Promise.all([
    apiRequest("/api/v1/warehouse/pending-requests", WarehousePendingSchema, { signal }),
    apiRequest("/api/v1/warehouse/accepted-requests", WarehouseAcceptedSchema, { signal }),
    apiRequest("/api/v1/warehouse/returns", WarehouseReturnsSchema, { signal }),
    apiRequest("/api/v1/warehouse/stats", WarehouseStatsSchema, { signal }),
  ]);
  return { pending, accepted, returns, stats };
}

/** POST /api/v1/warehouse/accept-request. */
/** Who keeps the units: a warehouse keeper (/warehouse) or the seller of the store asked for them (/vendor). */
export type KeeperArea = "warehouse" | "vendor";

export function acceptWarehouseRequest(
  transferId: number,
  preparationMinutes: number,
  notes?: string,
  area: KeeperArea = "warehouse",
) {
  return apiRequest(`/api/v1/${area}/accept-request`, ActionResultSchema, {
    method: "POST",
    body: {
      transfer_request_id: transferId,
      accepted: true,
      estimated_preparation_time: preparationMinutes,
      ...(notes ? { warehouse_notes: notes } : {}),
    },
  });
}

/** POST accept-request with accepted: false: the request ends cancelled and the requester sees the reason. */
export function declineRequest(transferId: number, reason: string, area: KeeperArea = "warehouse") {
  return apiRequest(`/api/v1/${area}/accept-request`, ActionResultSchema, {
    method: "POST",
    body: { transfer_request_id: transferId, accepted: false, reason: reason.trim() },
  });
}

/** POST /api/v1/warehouse/deliver-to-courier (the assigned courier; 'No hay corredor asignado…' otherwise). */
export function deliverToCourier(
  transferId: number,
  courierId: number | null,
  notes?: string,
  area: KeeperArea = "warehouse",
) {
  return apiRequest(`/api/v1/${area}/deliver-to-courier`, ActionResultSchema, {
    method: "POST",
    body: { transfer_request_id: transferId, courier_id: courierId, ...(notes ? { delivery_notes: notes } : {}) },
  });
}

/** POST /api/v1/warehouse/deliver-to-vendor/{id}. */
export function deliverToVendor(transferId: number, notes?: string, area: KeeperArea = "warehouse") {
  return apiRequest(`/api/v1/${area}/deliver-to-vendor/${transferId}`, ActionResultSchema, {
    method: "POST",
    body: { delivered: true, ...(notes ? { delivery_notes: notes } : {}) },
  });
}

export type ReturnReception = {
  received_quantity: number;
  product_condition: "good" | "damaged" | "unusable";
  return_to_inventory: boolean;
  notes: string;
};

/** POST /api/v1/warehouse/confirm-return-reception/{id}. */
export function confirmReturnReception(transferId: number, reception: ReturnReception, area: KeeperArea = "warehouse") {
  return apiRequest(`/api/v1/${area}/confirm-return-reception/${transferId}`, ActionResultSchema, {
    method: "POST",
    body: {
      received_quantity: reception.received_quantity,
      product_condition: reception.product_condition,
      return_to_inventory: reception.return_to_inventory,
      quality_check_passed: reception.product_condition === "good",
      ...(reception.notes.trim() ? { notes: reception.notes.trim() } : {}),
    },
  });
}

/** GET /api/v1/inventory/warehouse-keeper/inventory/all?location_id= ("all" or an id). */
export function fetchWarehouseInventory(locationId: number | "all", signal?: AbortSignal) {
  return apiRequest(
    `/api/v1/inventory/warehouse-keeper/inventory/all${query({ location_id: locationId })}`,
    InventoryResponseSchema,
    { signal },
  );
}

// ---------------------------------------------------------------- courier

export type CourierFilter = "all" | "cliente" | "restock";

/** GET /api/v1/courier/available-requests?purpose=. */
export function fetchAvailableRequests(purpose: CourierFilter, signal?: AbortSignal) {
  return apiRequest(`/api/v1/courier/available-requests${query({ purpose })}`, AvailableRequestsSchema, { signal });
}

const MyTransportsSchema = v.object({
  my_transports: v.array(CourierTransportSchema),
  courier_stats: CourierStatsSchema,
});
const MyDeliveriesSchema = v.object({
  recent_deliveries: v.array(DeliveryItemSchema),
  total_estimated_earnings: v.optional(v.number(), 0),
});

/** GET my-transports and my-deliveries together. */
export async function fetchCourierBoard(signal?: AbortSignal): Promise<CourierBoard> {
  const [transports, deliveries] = await Promise.all([
    apiRequest("/api/v1/courier/my-transports", MyTransportsSchema, { signal }),
    apiRequest("/api/v1/courier/my-deliveries", MyDeliveriesSchema, { signal }),
  ]);
  return { transports, deliveries };
}

/** POST accept-request/{id} (accept-return/{id} for returns) with the ETA of spec 3 §9. */
export function courierAccept(transferId: number, isReturn: boolean, etaMinutes: number, notes?: string) {
  return apiRequest(
    `/api/v1/courier/${isReturn ? "accept-return" : "accept-request"}/${transferId}`,
    ActionResultSchema,
    { method: "POST", body: { estimated_pickup_time: etaMinutes, ...(notes ? { notes } : {}) } },
  );
}

/** POST confirm-pickup/{id} (confirm-return-pickup/{id} for returns). */
export function courierConfirmPickup(transferId: number, isReturn: boolean, notes?: string) {
  return apiRequest(
    `/api/v1/courier/${isReturn ? "confirm-return-pickup" : "confirm-pickup"}/${transferId}`,
    ActionResultSchema,
    { method: "POST", body: notes ? { pickup_notes: notes } : {} },
  );
}

/** POST confirm-delivery/{id}?delivery_successful&notes (confirm-return-delivery/{id} for returns). */
export function courierConfirmDelivery(transferId: number, isReturn: boolean, successful = true, notes?: string) {
  const path = isReturn ? "confirm-return-delivery" : "confirm-delivery";
  return apiRequest(
    `/api/v1/courier/${path}/${transferId}${query({ delivery_successful: successful, notes })}`,
    ActionResultSchema,
    { method: "POST" },
  );
}

// ---------------------------------------------------------------- seller

/** GET pending-transfers and completed-transfers together. */
export async function fetchSellerBoard(signal?: AbortSignal): Promise<SellerBoard> {
  const [pending, completed, incoming] = await Promise.all([
    apiRequest("/api/v1/vendor/pending-transfers", VendorPendingSchema, { signal }),
    apiRequest("/api/v1/vendor/completed-transfers", VendorCompletedSchema, { signal }),
    apiRequest("/api/v1/vendor/incoming-requests", VendorIncomingSchema, { signal }),
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
  return apiRequest(
    `/api/v1/vendor/confirm-reception/${transferId}${query({
      received_quantity: receivedQuantity,
      condition_ok: conditionOk,
      ...(conditionOk || damagedQuantity === undefined ? {} : { damaged_quantity: damagedQuantity }),
      notes: notes.trim(),
    })}`,
    ActionResultSchema,
    { method: "POST" },
  );
}

/** POST /api/v1/vendor/cancel-transfer/{id}. */
export function cancelTransfer(transferId: number, reason: string) {
  return apiRequest(`/api/v1/vendor/cancel-transfer/${transferId}`, ActionResultSchema, {
    method: "POST",
    body: { cancellation_reason: reason },
  });
}

/** POST /api/v1/vendor/deliver-return-to-warehouse/{id}. */
export function deliverReturnToWarehouse(transferId: number, notes?: string) {
  return apiRequest(`/api/v1/vendor/deliver-return-to-warehouse/${transferId}`, ActionResultSchema, {
    method: "POST",
    body: notes ? { delivery_notes: notes } : {},
  });
}

/** GET /api/v1/vendor/transfer-details/{id}. */
export function fetchTransferDetails(transferId: number, signal?: AbortSignal) {
  return apiRequest(`/api/v1/vendor/transfer-details/${transferId}`, TransferSchema, { signal });
}

/** GET /api/v1/locations: the company's active locations. */
export function fetchLocations(signal?: AbortSignal) {
  return apiRequest("/api/v1/locations", LocationsSchema, { signal });
}

/** Transfer request payload (spec 3 §3). */
export type TransferRequestPayload = {
  source_location_id: number;
  destination_location_id: number | null;
  sneaker_reference_code: string;
  brand: string;
  model: string;
  size: string;
  quantity: number;
  purpose: "cliente" | "restock";
  pickup_type: "corredor" | "vendedor";
  destination_type: "exhibicion";
  notes: string;
  transfer_type: "pair";
};

/** POST /api/v1/transfers/request (pairs); a retry with the same key answers the request already made. */
export function requestTransfer(payload: TransferRequestPayload, idempotencyKey: string) {
  return apiRequest("/api/v1/transfers/request", TransferCreatedSchema, {
    method: "POST",
    body: payload,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export type SingleFootPayload = {
  source_location_id: number;
  destination_location_id: number | null;
  sneaker_reference_code: string;
  size: string;
  foot_side: "left" | "right";
  quantity: number;
  purpose: "pair_formation";
  pickup_type: "corredor" | "vendedor";
  notes: string;
};

/** POST /api/v1/transfers/request-single-foot. */
export function requestSingleFoot(payload: SingleFootPayload, idempotencyKey: string) {
  return apiRequest("/api/v1/transfers/request-single-foot", TransferCreatedSchema, {
    method: "POST",
    body: payload,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export type ReturnPayload = {
  original_transfer_id: number;
  reason: "no_sale" | "damaged" | "wrong_product" | "customer_return" | "other";
  quantity_to_return: number;
  product_condition: "good" | "damaged" | "unusable";
  pickup_type: "corredor" | "vendedor";
  notes: string;
};

/** POST /api/v1/transfers/create-return (with purpose 'return', as the spec's create-return call carries). */
export function createReturn(payload: ReturnPayload, idempotencyKey: string) {
  return apiRequest("/api/v1/transfers/create-return", ReturnCreatedSchema, {
    method: "POST",
    body: { ...payload, purpose: "return", notes: payload.notes.trim() || undefined },
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export type SaleFromTransfer = {
  transfer_id: number;
  total_amount: number;
  payment_methods: NewSalePayment[];
  notes: string;
};

/**
 * POST /api/v1/sales/create-from-transfer: sells what a completed transfer brought. The same
 * idempotency key on a retry returns the sale already recorded.
 */
export function createSaleFromTransfer(sale: SaleFromTransfer, idempotencyKey: string) {
  return apiRequest("/api/v1/sales/create-from-transfer", SaleCreatedSchema, {
    method: "POST",
    body: { ...sale, notes: sale.notes.trim() || undefined },
    headers: { "Idempotency-Key": idempotencyKey },
  });
}
