// Transfers between locations, delivery attempts and discrepancies.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DELIVERY_FAILURE_REASONS, PICKUP_TYPES, TRANSFER_STATUSES } from "../../../shared/constants";
import { locations, users } from "./accounts";
import { products } from "./catalogue";
import { bool, nowIso, ref, updatedAt } from "./columns";
import { companyRow } from "./platform";

/**
 * A restock order (issue 37): many lines (each a transfer request: product × size × pairs or feet) from one
 * location to another, prepared as a pick list and handed over as one package. Its status is read from
 * its lines (transfer-orders/status.ts); the lines change through the TransferHub as single transfers do.
 */
export const transferOrders = sqliteTable(
  "transfer_orders",
  {
    ...companyRow(),
    requesterId: ref("requester_id", () => users.id),
    sourceLocationId: ref("source_location_id", () => locations.id),
    destinationLocationId: ref("destination_location_id", () => locations.id),
    pickupType: text("pickup_type", { enum: PICKUP_TYPES }).notNull().default("corredor"),
    notes: text("notes"),
    createdAt: text("created_at").notNull().default(nowIso),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("transfer_orders_source_idx").on(t.companyId, t.sourceLocationId),
    index("transfer_orders_destination_idx").on(t.companyId, t.destinationLocationId),
  ],
);

export const transferRequests = sqliteTable(
  "transfer_requests",
  {
    ...companyRow(),
    requesterId: ref("requester_id", () => users.id),
    sourceLocationId: ref("source_location_id", () => locations.id),
    destinationLocationId: ref("destination_location_id", () => locations.id),
    productId: integer("product_id").references(() => products.id),
    sneakerReferenceCode: text("sneaker_reference_code").notNull(),
    brand: text("brand").notNull(),
    model: text("model").notNull(),
    color: text("color"),
    size: text("size").notNull(),
    quantity: integer("quantity").notNull().default(1),
    transferType: text("transfer_type", { enum: ["pair", "single_foot"] })
      .notNull()
      .default("pair"),
    footSide: text("foot_side", { enum: ["left", "right"] }),
    inventoryType: text("inventory_type", { enum: ["pair", "left_only", "right_only", "both_feet"] })
      .notNull()
      .default("pair"),
    purpose: text("purpose", { enum: ["cliente", "restock", "pair_formation", "return"] })
      .notNull()
      .default("cliente"),
    requestType: text("request_type", { enum: ["transfer", "return"] })
      .notNull()
      .default("transfer"),
    pickupType: text("pickup_type", { enum: PICKUP_TYPES }).notNull().default("corredor"),
    destinationType: text("destination_type", { enum: ["exhibicion", "bodega"] })
      .notNull()
      .default("exhibicion"),
    priority: text("priority", { enum: ["high", "normal"] })
      .notNull()
      .default("normal"),
    status: text("status", { enum: TRANSFER_STATUSES }).notNull().default("pending"),
    notes: text("notes"),
    // returns
    originalTransferId: integer("original_transfer_id"),
    returnReason: text("return_reason", {
      enum: ["no_sale", "damaged", "wrong_product", "customer_return", "other"],
    }),
    productCondition: text("product_condition", { enum: ["good", "damaged", "unusable"] }),
    // actors and timeline
    warehouseKeeperId: integer("warehouse_keeper_id"),
    courierId: integer("courier_id"),
    requestedAt: text("requested_at").notNull().default(nowIso),
    acceptedAt: text("accepted_at"),
    estimatedPreparationTime: integer("estimated_preparation_time"),
    warehouseNotes: text("warehouse_notes"),
    reservedUntil: text("reserved_until"),
    courierAcceptedAt: text("courier_accepted_at"),
    estimatedPickupTime: integer("estimated_pickup_time"),
    courierNotes: text("courier_notes"),
    pickedUpAt: text("picked_up_at"),
    pickupNotes: text("pickup_notes"),
    deliveredAt: text("delivered_at"),
    deliveryNotes: text("delivery_notes"),
    deliverySuccessful: bool("delivery_successful"),
    completedAt: text("completed_at"),
    receivedQuantity: integer("received_quantity"),
    conditionOk: bool("condition_ok"),
    receptionNotes: text("reception_notes"),
    cancelledAt: text("cancelled_at"),
    cancelledBy: integer("cancelled_by"),
    cancellationReason: text("cancellation_reason"),
    // set when the keeper (not the requester) refused the request; cancellation_reason holds why
    declinedAt: text("declined_at"),
    // the last time an acceptance lapsed (45 minutes without a courier or a hand-over): back to pending
    reservationExpiredAt: text("reservation_expired_at"),
    // a line of a restock order (null: a single transfer, a one-line order of the spec's calls)
    orderId: integer("order_id"),
    // the order's pick list: when and by whom the keeper put this line in the package
    pickedAt: text("picked_at"),
    pickedBy: integer("picked_by"),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("transfer_requests_company_status_idx").on(t.companyId, t.status),
    index("transfer_requests_requester_idx").on(t.requesterId, t.status),
    index("transfer_requests_courier_idx").on(t.courierId, t.status),
    // a transfer's returns: the guard that one transfer is returned (or sold) once reads it in every return
    index("transfer_requests_original_idx").on(t.originalTransferId, t.status),
    index("transfer_requests_order_idx").on(t.orderId),
    check("transfer_quantity_ck", sql`${t.quantity} >= 1`),
    check("transfer_single_foot_ck", sql`(${t.transferType} = 'single_foot') = (${t.footSide} IS NOT NULL)`),
  ],
);

/**
 * Every delivery attempt of a courier, failed (with its reason) or successful: appended, never changed
 * or deleted (triggers in migration 0023), so a later delivery does not erase the failures before it.
 */
export const deliveryAttempts = sqliteTable(
  "delivery_attempts",
  {
    ...companyRow(),
    transferId: ref("transfer_id", () => transferRequests.id),
    courierId: integer("courier_id").references(() => users.id),
    outcome: text("outcome", { enum: ["failed", "delivered"] }).notNull(),
    /** why it failed (failed attempts only) */
    reason: text("reason", { enum: DELIVERY_FAILURE_REASONS }),
    notes: text("notes"),
    attemptedAt: text("attempted_at").notNull().default(nowIso),
  },
  (t) => [
    index("delivery_attempts_transfer_idx").on(t.transferId, t.id),
    check("delivery_attempts_outcome_ck", sql`${t.outcome} IN ('failed', 'delivered')`),
    check("delivery_attempts_reason_ck", sql`(${t.outcome} = 'failed') = (${t.reason} IS NOT NULL)`),
  ],
);

/**
 * Units a reception did not add up to: sent but not received (short) or received damaged. They stay
 * here, accounted for, until the administrador writes them off or finds them (back to stock).
 */
export const stockDiscrepancies = sqliteTable(
  "stock_discrepancies",
  {
    ...companyRow(),
    transferId: ref("transfer_id", () => transferRequests.id),
    productId: ref("product_id", () => products.id),
    // where the units should have arrived
    locationId: ref("location_id", () => locations.id),
    size: text("size").notNull(),
    unit: text("unit", { enum: ["pair", "left", "right"] }).notNull(),
    kind: text("kind", { enum: ["short", "damaged"] }).notNull(),
    quantity: integer("quantity").notNull(),
    status: text("status", { enum: ["open", "found", "written_off"] })
      .notNull()
      .default("open"),
    reportedBy: integer("reported_by").notNull(),
    reportedAt: text("reported_at").notNull().default(nowIso),
    notes: text("notes"),
    resolvedBy: integer("resolved_by"),
    resolvedAt: text("resolved_at"),
    resolutionReason: text("resolution_reason"),
  },
  (t) => [
    uniqueIndex("stock_discrepancies_transfer_kind_uq").on(t.transferId, t.kind),
    index("stock_discrepancies_company_status_idx").on(t.companyId, t.status),
    check("stock_discrepancies_quantity_ck", sql`${t.quantity} >= 1`),
  ],
);
