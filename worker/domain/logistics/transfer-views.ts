// How transfers are shown to warehouse keepers, couriers and sellers (spec 3 §3): one loader with the
// names of everyone involved and both locations, and one DTO with every field the screens read.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  DELIVERY_FAILURE_LABELS,
  DELIVERY_FAILURE_REASONS,
  type DeliveryFailureReason,
} from "../../../shared/constants";
import type { Db } from "../../db/client";
import { locations, products, transferRequests, users } from "../../db/schema";
import { toPesos } from "../shared/money";
import { minutesBetween } from "../shared/time";
import { courierEarning } from "./transfers/courier-pay";
import { elapsedText, progressColour, statusInfo, unitsText, warehouseLabel } from "./transfers/describe";
import type { Kind, Pickup } from "./transfers/types";

const requester = alias(users, "requester");
const keeper = alias(users, "keeper");
const courier = alias(users, "courier");
const source = alias(locations, "source");
const destination = alias(locations, "destination");

/**
 * Which rows of a transfer list: every one (the open queues, bounded by their states), or one page of a
 * history (`limit`/`offset`, whose route also answers the total). `newestDelivery` orders a courier's
 * deliveries by when they were delivered; otherwise the newest request comes first.
 */
export type TransferSlice = { limit: number; offset?: number; order?: "newestDelivery" };

function transferRows(db: Db, where: SQL, slice: TransferSlice | undefined) {
  const query = db
    .select({
      t: transferRequests,
      requesterFirst: requester.firstName,
      requesterLast: requester.lastName,
      keeperFirst: keeper.firstName,
      keeperLast: keeper.lastName,
      courierFirst: courier.firstName,
      courierLast: courier.lastName,
      source,
      destination,
      imageKey: products.imageKey,
      unitPrice: products.unitPrice,
      boxPrice: products.boxPrice,
      description: products.description,
      // what became of the units a completed transfer brought: sold, or on their way back
      soldUnits: sql<number>`(SELECT COALESCE(SUM(si.quantity), 0) FROM sale_items si JOIN sales s ON s.id = si.sale_id WHERE s.transfer_id = ${transferRequests.id} AND s.status <> 'rejected')`,
      damaged: sql<number>`(SELECT COALESCE(SUM(d.quantity), 0) FROM stock_discrepancies d WHERE d.transfer_id = ${transferRequests.id} AND d.kind = 'damaged')`,
      returned: sql<number>`EXISTS (SELECT 1 FROM transfer_requests r WHERE r.original_transfer_id = ${transferRequests.id} AND r.status <> 'cancelled')`,
      // every delivery attempt, failed or not, with who made it (JSON: one round trip for the whole list)
      attempts: sql<
        string | null
      >`(SELECT json_group_array(json_object('id', a.id, 'outcome', a.outcome, 'reason', a.reason, 'notes', a.notes, 'attempted_at', a.attempted_at, 'courier_name', CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END)) FROM delivery_attempts a LEFT JOIN users u ON u.id = a.courier_id WHERE a.transfer_id = ${transferRequests.id})`,
    })
    .from(transferRequests)
    .innerJoin(requester, eq(requester.id, transferRequests.requesterId))
    .leftJoin(keeper, eq(keeper.id, transferRequests.warehouseKeeperId))
    .leftJoin(courier, eq(courier.id, transferRequests.courierId))
    .innerJoin(source, eq(source.id, transferRequests.sourceLocationId))
    .innerJoin(destination, eq(destination.id, transferRequests.destinationLocationId))
    .leftJoin(products, eq(products.id, transferRequests.productId))
    .where(where)
    .orderBy(
      ...(slice?.order === "newestDelivery" ? [desc(transferRequests.deliveredAt)] : []),
      desc(transferRequests.requestedAt),
      desc(transferRequests.id),
    );
  return slice ? query.limit(slice.limit).offset(slice.offset ?? 0) : query;
}

type Row = Awaited<ReturnType<typeof transferRows>>[number];

/** The transfers `where` selects, as the screens read them: all of them unless a page is asked for. */
export async function loadTransfers(db: Db, where: SQL, slice?: TransferSlice) {
  const rows = await transferRows(db, where, slice);
  return rows.map((row) => toTransferView(row));
}

export async function loadTransfer(db: Db, companyId: number, id: number) {
  const [view] = await loadTransfers(
    db,
    and(eq(transferRequests.companyId, companyId), eq(transferRequests.id, id)) as SQL,
    { limit: 1 },
  );
  return view ?? null;
}

const INVENTORY_LABEL: Record<string, string> = {
  pair: "Par completo",
  left_only: "Solo pie izquierdo",
  right_only: "Solo pie derecho",
  both_feet: "Ambos pies",
};

/** One delivery attempt as the screens read it, oldest first. */
export interface DeliveryAttemptView {
  id: number;
  outcome: "failed" | "delivered";
  successful: boolean;
  reason: DeliveryFailureReason | null;
  reason_label: string | null;
  notes: string | null;
  attempted_at: string;
  courier_name: string | null;
}

const isReason = (x: unknown): x is DeliveryFailureReason =>
  typeof x === "string" && (DELIVERY_FAILURE_REASONS as readonly string[]).includes(x);

function attemptsOf(json: string | null): DeliveryAttemptView[] {
  if (!json) return [];
  const rows = JSON.parse(json) as Record<string, unknown>[];
  return rows
    .map((a) => {
      const reason = isReason(a.reason) ? a.reason : null;
      const outcome = a.outcome === "delivered" ? "delivered" : "failed";
      return {
        id: Number(a.id),
        outcome,
        successful: outcome === "delivered",
        reason,
        reason_label: reason ? DELIVERY_FAILURE_LABELS[reason] : null,
        notes: typeof a.notes === "string" ? a.notes : null,
        attempted_at: String(a.attempted_at),
        courier_name: typeof a.courier_name === "string" ? a.courier_name : null,
      } satisfies DeliveryAttemptView;
    })
    .sort((x, y) => x.id - y.id);
}

const PURPOSE_LABEL: Record<string, string> = {
  cliente: "Cliente",
  restock: "Restock",
  pair_formation: "Formar Par",
  return: "Devolución",
};

export function toTransferView(r: Row, now = new Date()) {
  const t = r.t;
  const pickup = t.pickupType as Pickup;
  const kind: Kind = t.requestType === "return" ? "return" : "transfer";
  const declined = t.declinedAt !== null;
  // a cancelled transfer whose units had left: the courier could not deliver and brought them back
  const returnedToOrigin = t.status === "cancelled" && t.pickedUpAt !== null;
  const attempts = attemptsOf(r.attempts);
  const info =
    t.status === "cancelled"
      ? {
          title: declined ? "Rechazada" : returnedToOrigin ? "Devuelta al origen" : "Cancelada",
          description: declined
            ? `Rechazada por ${r.source.name}: ${t.cancellationReason ?? "sin motivo"}`
            : (t.cancellationReason ?? "Cancelada"),
          progress: 0,
          next_step:
            declined || returnedToOrigin
              ? "Puedes pedir el producto de nuevo o a otra ubicación"
              : "Sin acciones pendientes",
        }
      : statusInfo(t.status, pickup, kind);
  const soldQuantity = Number(r.soldUnits ?? 0);
  const returned = Boolean(r.returned);
  // units that arrived sellable (damaged ones are held as a discrepancy, not in the store)
  const sellableQuantity = t.status === "completed" ? (t.receivedQuantity ?? t.quantity) - Number(r.damaged ?? 0) : 0;
  // a transfer of several pairs can be sold in several sales: what is left of it
  const leftToSell = returned ? 0 : Math.max(0, sellableQuantity - soldQuantity);
  const sold = soldQuantity > 0 && leftToSell === 0 && !returned;
  const open = t.status === "completed" && kind === "transfer" && leftToSell > 0;
  const elapsed = minutesBetween(t.requestedAt, now);
  const sinceAccepted = t.acceptedAt ? minutesBetween(t.acceptedAt, now) : null;
  const requesterName = `${r.requesterFirst} ${r.requesterLast}`;
  const courierName = r.courierFirst ? `${r.courierFirst} ${r.courierLast}` : null;
  const keeperName = r.keeperFirst ? `${r.keeperFirst} ${r.keeperLast}` : null;
  const units = unitsText(t);
  const imageUrl = r.imageKey ? `/api/v1/files/${r.imageKey}` : null;
  const place = (l: typeof locations.$inferSelect) => ({
    id: l.id,
    name: l.name,
    type: l.type,
    address: l.address,
    phone: l.phone,
    contact: l.managerName,
  });
  const durationMinutes = t.completedAt ? minutesBetween(t.requestedAt, new Date(t.completedAt)) : null;
  const earning = courierEarning(
    { lat: r.source.latitude, lng: r.source.longitude },
    { lat: r.destination.latitude, lng: r.destination.longitude },
    t.purpose,
  );
  return {
    id: t.id,
    status: t.status,
    request_type: t.requestType,
    // the restock order this transfer is a line of (null: a single transfer)
    order_id: t.orderId,
    purpose: t.purpose,
    purpose_label: PURPOSE_LABEL[t.purpose] ?? t.purpose,
    priority: t.priority,
    priority_level: t.priority === "high" ? "URGENT" : "normal",
    pickup_type: t.pickupType,
    destination_type: t.destinationType,
    transfer_type: t.transferType,
    foot_side: t.footSide,
    inventory_type: t.inventoryType,
    inventory_type_label: INVENTORY_LABEL[t.inventoryType] ?? t.inventoryType,
    transfer_type_display: INVENTORY_LABEL[t.inventoryType] ?? t.inventoryType,
    what_to_deliver: `${units} de ${t.brand} ${t.model} talla ${t.size}`,
    preparation_instruction:
      t.transferType === "single_foot"
        ? `Preparar ${units} (${t.footSide === "left" ? "izquierdo" : "derecho"}) para formar par`
        : `Preparar ${units} en su caja`,
    urgent_action: t.priority === "high" && t.status === "pending" ? "Cliente esperando: atender de inmediato" : null,
    product_id: t.productId,
    sneaker_reference_code: t.sneakerReferenceCode,
    brand: t.brand,
    model: t.model,
    product_color: t.color,
    size: t.size,
    quantity: t.quantity,
    notes: t.notes,
    product_image: imageUrl,
    product_info: {
      image_url: imageUrl,
      image: imageUrl,
      unit_price: r.unitPrice === null ? null : toPesos(r.unitPrice),
      box_price: r.boxPrice === null ? null : toPesos(r.boxPrice),
      description: r.description,
    },
    requester_id: t.requesterId,
    requester_name: requesterName,
    requester_first_name: r.requesterFirst,
    requester_last_name: r.requesterLast,
    warehouse_keeper_name: keeperName ?? "Sin asignar",
    courier_name: courierName ?? "Sin asignar",
    courier_info: { assigned: t.courierId !== null, id: t.courierId, name: courierName },
    source_location_id: t.sourceLocationId,
    destination_location_id: t.destinationLocationId,
    source_location_name: r.source.name,
    destination_location_name: r.destination.name,
    location_info: { source: place(r.source), destination: place(r.destination) },
    source_location: place(r.source),
    destination_location: place(r.destination),
    transport_info: { pickup_location: place(r.source), delivery_location: place(r.destination) },
    status_info: { ...info, colour: progressColour(info.progress) },
    progress: info.progress,
    next_action: sold ? "Vendida" : returned ? "Devuelta a bodega" : info.next_step,
    warehouse_status_label: warehouseLabel(t.status, pickup, kind),
    time_elapsed: elapsedText(elapsed),
    time_elapsed_minutes: elapsed,
    time_since_accepted: sinceAccepted === null ? null : elapsedText(sinceAccepted),
    requested_at: t.requestedAt,
    accepted_at: t.acceptedAt,
    estimated_preparation_time: t.estimatedPreparationTime,
    reserved_until: t.reservedUntil,
    courier_accepted_at: t.courierAcceptedAt,
    estimated_pickup_time: t.estimatedPickupTime,
    courier_notes: t.courierNotes,
    picked_up_at: t.pickedUpAt,
    pickup_notes: t.pickupNotes,
    delivered_at: t.deliveredAt,
    delivery_notes: t.deliveryNotes,
    delivery_successful: t.deliverySuccessful,
    // every attempt the courier recorded, oldest first; a later delivery never erases a failure
    delivery_attempts: attempts,
    failed_attempts: attempts.filter((a) => !a.successful).length,
    returned_to_origin: returnedToOrigin,
    // when an acceptance last lapsed (nobody took or collected it in 45 minutes) and it went back to pending
    reservation_expired_at: t.reservationExpiredAt,
    completed_at: t.completedAt,
    received_quantity: t.receivedQuantity,
    condition_ok: t.conditionOk,
    cancelled_at: t.cancelledAt,
    cancellation_reason: t.cancellationReason,
    declined,
    declined_at: t.declinedAt,
    decline_reason: declined ? t.cancellationReason : null,
    sold,
    returned,
    sellable_quantity: sellableQuantity,
    sold_quantity: soldQuantity,
    left_to_sell: kind === "transfer" ? leftToSell : 0,
    // what the seller may still do with a completed transfer's units
    can_sell: open,
    can_return: open,
    duration_minutes: durationMinutes,
    duration: durationMinutes === null ? null : elapsedText(durationMinutes),
    original_transfer_id: t.originalTransferId,
    return_reason: t.returnReason,
    product_condition: t.productCondition,
    cargo_description: `${t.brand} ${t.model} · talla ${t.size} · ${units}`,
    urgency: t.priority === "high" ? "Urgente" : "Normal",
    distance_km: earning.distance_km,
    estimated_earning: earning.earning,
  };
}

export type TransferView = ReturnType<typeof toTransferView>;
