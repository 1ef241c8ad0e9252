import * as v from "valibot";
import type { Answer, api } from "./http";
import { storedCopyOf } from "./stored";

/**
 * Answers of the transfer and return logistics (worker/routes/logistics/{transfers,vendor-transfers,
 * warehouse,courier}.ts and stock/inventory.ts; every transfer comes from
 * worker/domain/logistics/transfer-views.ts), as the Worker types them.
 */

/** One transfer or return as every logistics screen reads it. */
export type Transfer = Answer<(typeof api.vendor)["transfer-details"][":id"]["$get"]>;
export type Place = NonNullable<Transfer["source_location"]>;

type WarehousePending = Answer<(typeof api.warehouse)["pending-requests"]["$get"]>;
type WarehouseAccepted = Answer<(typeof api.warehouse)["accepted-requests"]["$get"]>;
type WarehouseReturns = Answer<typeof api.warehouse.returns.$get>;
export type WarehouseStats = Answer<typeof api.warehouse.stats.$get>;

/** Everything the keeper's panel loads on each refresh. */
export type WarehouseBoard = {
  pending: WarehousePending;
  accepted: WarehouseAccepted;
  returns: WarehouseReturns;
  stats: WarehouseStats;
};

export type InventoryResponse = Answer<(typeof api.inventory)["warehouse-keeper"]["inventory"]["all"]["$get"]>;
export type InventoryLocation = InventoryResponse["locations"][number];
export type InventoryProduct = InventoryLocation["products"][number];

type MyTransports = Answer<(typeof api.courier)["my-transports"]["$get"]>;
type MyDeliveries = Answer<(typeof api.courier)["my-deliveries"]["$get"]>;
export type CourierTransport = MyTransports["my_transports"][number];
export type CourierStats = MyTransports["courier_stats"];
export type DeliveryItem = MyDeliveries["recent_deliveries"][number];

/** The courier's own transports and history, loaded together. */
export type CourierBoard = { transports: MyTransports; deliveries: MyDeliveries };

type VendorPending = Answer<(typeof api.vendor)["pending-transfers"]["$get"]>;
type VendorCompleted = Answer<(typeof api.vendor)["completed-transfers"]["$get"]>;
export type TodayStats = VendorCompleted["today_stats"];
/** "Solicitudes para mi local": what other locations asked this store for. */
export type VendorIncoming = Answer<(typeof api.vendor)["incoming-requests"]["$get"]>;

export type SellerBoard = { pending: VendorPending; completed: VendorCompleted; incoming: VendorIncoming };

export type LocationOption = Answer<typeof api.locations.$get>[number];

export type ActionResult = Answer<(typeof api.vendor)["cancel-transfer"][":id"]["$post"]>;
export type ReturnCreated = Answer<(typeof api.transfers)["create-return"]["$post"]>;

// ---------------------------------------------------------------- live feed

/** One transition pushed by the TransferHub: a WebSocket message, read before the screens trust it. */
export const TransferEventSchema = v.object({
  seq: v.number(),
  type: v.picklist(["transfer.created", "transfer.updated"]),
  transfer_id: v.number(),
  status: v.string(),
  action: v.string(),
  request_type: v.optional(v.string(), "transfer"),
  source_location_id: v.optional(v.number(), 0),
  destination_location_id: v.optional(v.number(), 0),
  at: v.optional(v.string(), ""),
});
export type TransferEvent = v.InferOutput<typeof TransferEventSchema>;

export const HelloSchema = v.object({ type: v.literal("hello"), seq: v.number() });

export const AvailableRequestsSchema =
  storedCopyOf<Answer<(typeof api.courier)["available-requests"]["$get"]>>("available_requests");
export const CourierBoardSchema = storedCopyOf<CourierBoard>("transports", "deliveries");
export const WarehouseBoardSchema = storedCopyOf<WarehouseBoard>("pending", "accepted", "returns", "stats");
export const SellerBoardSchema = storedCopyOf<SellerBoard>("pending", "completed", "incoming");
export const InventoryResponseSchema = storedCopyOf<InventoryResponse>("locations");
export const LocationsSchema = storedCopyOf<LocationOption[]>();
