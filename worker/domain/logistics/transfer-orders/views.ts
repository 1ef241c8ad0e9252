// How restock orders are shown: the order with its places and people, and each line as the pick list
// and the reception read it (its box's codes, what was received).
import { and, asc, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { scopeLocation } from "../../../auth/scope";
import type { Db } from "../../../db/client";
import type { TransferStatus } from "../../../db/schema";
import { locations, products, productVariants, transferOrders, transferRequests, users } from "../../../db/schema";
import type { Actor } from "../transfer-ops/types";
import { unitsText } from "../transfers/describe";
import { orderOpen, orderStatus } from "./status";

const source = alias(locations, "source");
const destination = alias(locations, "destination");

export const ORDER_STATUS_LABEL: Record<TransferStatus, string> = {
  pending: "Pendiente de aceptar",
  accepted: "Aceptado: por alistar",
  courier_assigned: "Corredor asignado",
  in_transit: "En camino",
  returning_to_origin: "Volviendo al origen",
  delivered: "Entregado: por recibir",
  completed: "Recibido",
  cancelled: "Cancelado",
};

/** Which orders a caller sees: the administrador all; a keeper or a store its own; a courier those open to couriers or theirs. */
export function ordersVisibleTo(actor: Actor): SQL {
  const company = eq(transferOrders.companyId, actor.companyId);
  if (actor.role === "administrador" || actor.role === "superuser") return company;
  if (actor.role === "corredor") {
    const takeable = sql`EXISTS (SELECT 1 FROM ${transferRequests} l WHERE l.order_id = ${transferOrders.id} AND ((l.status = 'accepted' AND l.courier_id IS NULL) OR l.courier_id = ${actor.id}))`;
    return and(company, eq(transferOrders.pickupType, "corredor"), takeable) as SQL;
  }
  const own = scopeLocation(actor) ?? 0;
  if (actor.role === "bodeguero") return and(company, eq(transferOrders.sourceLocationId, own)) as SQL;
  return and(
    company,
    or(eq(transferOrders.sourceLocationId, own), eq(transferOrders.destinationLocationId, own)),
  ) as SQL;
}

/** Open: some line still on its way; closed: every line received or cancelled. */
export function orderStateFilter(state: "open" | "closed" | "all"): SQL | undefined {
  if (state === "all") return undefined;
  const open = sql`EXISTS (SELECT 1 FROM ${transferRequests} l WHERE l.order_id = ${transferOrders.id} AND l.status NOT IN ('completed', 'cancelled'))`;
  return state === "open" ? open : sql`NOT ${open}`;
}

type LineRow = {
  t: typeof transferRequests.$inferSelect;
  barcode: string | null;
  sku: string | null;
  imageKey: string | null;
};

function lineView({ t, barcode, sku, imageKey }: LineRow) {
  return {
    id: t.id,
    status: t.status,
    sneaker_reference_code: t.sneakerReferenceCode,
    brand: t.brand,
    model: t.model,
    color: t.color,
    size: t.size,
    quantity: t.quantity,
    foot_side: t.footSide,
    units_label: unitsText(t),
    barcode,
    sku,
    image_url: imageKey ? `/api/v1/files/${imageKey}` : null,
    picked: t.pickedAt !== null,
    picked_at: t.pickedAt,
    received_quantity: t.receivedQuantity,
    cancellation_reason: t.cancellationReason,
  };
}

export type OrderLineView = ReturnType<typeof lineView>;

/** The orders `where` selects (newest first, one page) with their lines: two reads in one batch. */
export async function loadOrders(db: Db, where: SQL, page: { limit: number; offset: number }) {
  const requester = alias(users, "requester");
  const courier = alias(users, "courier");
  const onPage = db
    .select({ id: transferOrders.id })
    .from(transferOrders)
    .where(where)
    .orderBy(desc(transferOrders.createdAt), desc(transferOrders.id))
    .limit(page.limit)
    .offset(page.offset);
  // the page's orders and their lines in one round trip: the lines select the same page by subquery
  const [orders, lines] = await db.batch([
    db
      .select({
        o: transferOrders,
        sourceName: source.name,
        destinationName: destination.name,
        requesterFirst: requester.firstName,
        requesterLast: requester.lastName,
      })
      .from(transferOrders)
      .innerJoin(source, eq(source.id, transferOrders.sourceLocationId))
      .innerJoin(destination, eq(destination.id, transferOrders.destinationLocationId))
      .innerJoin(requester, eq(requester.id, transferOrders.requesterId))
      .where(inArray(transferOrders.id, onPage))
      .orderBy(desc(transferOrders.createdAt), desc(transferOrders.id)),
    db
      .select({
        t: transferRequests,
        barcode: productVariants.barcode,
        sku: productVariants.sku,
        imageKey: products.imageKey,
        courierFirst: courier.firstName,
        courierLast: courier.lastName,
      })
      .from(transferRequests)
      .leftJoin(products, eq(products.id, transferRequests.productId))
      .leftJoin(
        productVariants,
        and(eq(productVariants.productId, transferRequests.productId), eq(productVariants.size, transferRequests.size)),
      )
      .leftJoin(courier, eq(courier.id, transferRequests.courierId))
      .where(inArray(transferRequests.orderId, onPage))
      .orderBy(asc(transferRequests.id)),
  ]);
  return orders.map(({ o, sourceName, destinationName, requesterFirst, requesterLast }) => {
    const own = lines.filter((l) => l.t.orderId === o.id);
    const status = orderStatus(own.map((l) => l.t));
    const live = own.filter((l) => l.t.status !== "cancelled");
    const carrier = own.find((l) => l.courierFirst !== null);
    return {
      id: o.id,
      status,
      status_label: ORDER_STATUS_LABEL[status],
      open: orderOpen(own.map((l) => l.t)),
      source_location_id: o.sourceLocationId,
      source_location_name: sourceName,
      destination_location_id: o.destinationLocationId,
      destination_location_name: destinationName,
      requester_id: o.requesterId,
      requester_name: `${requesterFirst} ${requesterLast}`,
      courier_name: carrier ? `${carrier.courierFirst} ${carrier.courierLast}` : null,
      pickup_type: o.pickupType,
      notes: o.notes,
      created_at: o.createdAt,
      updated_at: o.updatedAt,
      lines_count: live.length,
      units: live.reduce((n, l) => n + l.t.quantity, 0),
      picked_count: live.filter((l) => l.t.pickedAt !== null).length,
      lines: own.map(lineView),
    };
  });
}

export type OrderView = Awaited<ReturnType<typeof loadOrders>>[number];

export async function loadOrder(db: Db, companyId: number, id: number): Promise<OrderView | null> {
  const [view] = await loadOrders(db, and(eq(transferOrders.companyId, companyId), eq(transferOrders.id, id)) as SQL, {
    limit: 1,
    offset: 0,
  });
  return view ?? null;
}

/** How many orders `where` selects (the list's total). */
export async function countOrders(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: sql<number>`COUNT(*)` }).from(transferOrders).where(where);
  return Number(row?.n ?? 0);
}
