// Reading reservations: the shopper's page by code, and the store's list.
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { scopeLocation } from "../../../auth/scope";
import type { Db } from "../../../db/client";
import { locations, type Role, webReservations } from "../../../db/schema";
import { type Page, pageInfo } from "../../../lib/paging";
import { toPesos } from "../../shared/money";

import { HOLDING } from "./stock";
import { expireWebReservations } from "./transitions";

type ItemRow = {
  product_id: number;
  reference_code: string;
  brand: string;
  model: string;
  color: string | null;
  size: string;
  quantity: number;
  unit_price: number;
};

export async function linesOf(db: Db, companyId: number, reservationIds: number[]) {
  const byReservation = new Map<number, ReturnType<typeof lineView>[]>();
  if (reservationIds.length === 0) return byReservation;
  const rows = await db.all<ItemRow & { reservation_id: number }>(sql`
    SELECT it.reservation_id, it.product_id, p.reference_code, p.brand, p.model, p.color, it.size, it.quantity,
           it.unit_price
    FROM web_reservation_items it JOIN products p ON p.id = it.product_id
    WHERE it.company_id = ${companyId}
      AND it.reservation_id IN (SELECT value FROM json_each(${JSON.stringify(reservationIds)}))
    ORDER BY it.reservation_id, it.id`);
  for (const row of rows) {
    const list = byReservation.get(Number(row.reservation_id)) ?? [];
    list.push(lineView(row));
    byReservation.set(Number(row.reservation_id), list);
  }
  return byReservation;
}

function lineView(row: ItemRow) {
  return {
    product_id: Number(row.product_id),
    reference_code: row.reference_code,
    brand: row.brand,
    model: row.model,
    color: row.color,
    size: row.size,
    quantity: Number(row.quantity),
    unit_price: toPesos(Number(row.unit_price)),
  };
}

/** What the shopper is told: the code, where, until when, and what is held. */
export async function publicReservation(db: Db, companyId: number, code: string) {
  const [row] = await db
    .select({
      id: webReservations.id,
      code: webReservations.code,
      status: webReservations.status,
      customer_name: webReservations.customerName,
      total: webReservations.totalAmount,
      held_until: webReservations.heldUntil,
      created_at: webReservations.createdAt,
      store_id: locations.id,
      store_name: locations.name,
      address: locations.address,
      phone: locations.phone,
      opening_hours: locations.openingHours,
      whatsapp: locations.whatsapp,
    })
    .from(webReservations)
    .innerJoin(locations, eq(locations.id, webReservations.locationId))
    .where(and(eq(webReservations.companyId, companyId), eq(webReservations.code, code)))
    .limit(1);
  if (!row) throw new Error(`reservation ${code} not kept`);
  const lines = (await linesOf(db, companyId, [row.id])).get(row.id) ?? [];
  return {
    code: row.code,
    status: row.status,
    customer_name: row.customer_name,
    held_until: row.held_until,
    created_at: row.created_at,
    store: {
      id: row.store_id,
      name: row.store_name,
      address: row.address,
      phone: row.phone,
      opening_hours: row.opening_hours,
      whatsapp: row.whatsapp,
    },
    lines,
    total_amount: toPesos(row.total),
  };
}

// ---------------------------------------------------------------- the store's staff

export interface ReservationActor {
  id: number;
  role: Role;
  companyId: number;
  locationId: number | null;
}

const who = (column: string) =>
  sql<
    string | null
  >`(SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = ${sql.raw(`web_reservations.${column}`)})`;

/** A reservation's columns as the staff read it (names of who acted, by subquery: batches key rows by name). */
export function staffColumns() {
  const r = webReservations;
  return {
    id: r.id,
    code: r.code,
    status: r.status,
    location_id: r.locationId,
    location_name: sql<string>`(SELECT l.name FROM locations l WHERE l.id = web_reservations.location_id)`,
    customer_name: r.customerName,
    customer_phone: r.customerPhone,
    customer_email: r.customerEmail,
    total: r.totalAmount,
    held_until: r.heldUntil,
    created_at: r.createdAt,
    confirmed_at: r.confirmedAt,
    confirmed_by: who("confirmed_by"),
    completed_at: r.completedAt,
    completed_by: who("completed_by"),
    cancelled_at: r.cancelledAt,
    cancelled_by: who("cancelled_by"),
    cancellation_reason: r.cancellationReason,
    expired_at: r.expiredAt,
  };
}

export const RESERVATION_FILTERS = [
  "open",
  "pending",
  "confirmed",
  "completed",
  "cancelled",
  "expired",
  "all",
] as const;

export type ReservationFilter = (typeof RESERVATION_FILTERS)[number];

function statusCondition(filter: ReservationFilter): SQL | undefined {
  if (filter === "all") return undefined;
  if (filter === "open") return inArray(webReservations.status, HOLDING);
  return eq(webReservations.status, filter);
}

/**
 * A page of the web reservations the caller handles, newest first: a seller's own store only; the
 * administrador, the boss and the superuser any store of the company (or the one named). With how many
 * there are and how many wait to be confirmed in that scope.
 */
export async function listWebReservations(
  db: Db,
  actor: ReservationActor,
  filters: { status: ReservationFilter; location_id?: number | undefined },
  page: Page,
  now: Date,
) {
  await expireWebReservations(db, now, { companyId: actor.companyId });
  const own = scopeLocation(actor);
  const locationId = own ?? filters.location_id ?? null;
  const r = webReservations;
  const scope = and(eq(r.companyId, actor.companyId), locationId === null ? undefined : eq(r.locationId, locationId));
  const [rows, [count]] = await db.batch([
    db
      .select(staffColumns())
      .from(r)
      .where(and(scope, statusCondition(filters.status)))
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        n: sql<number>`COALESCE(SUM(${statusCondition(filters.status) ?? sql`1`}), 0)`,
        pending: sql<number>`COALESCE(SUM(${r.status} = 'pending'), 0)`,
      })
      .from(r)
      .where(scope),
  ]);
  const lines = await linesOf(
    db,
    actor.companyId,
    rows.map((x) => x.id),
  );
  const reservations = rows.map(({ total, ...x }) => ({
    ...x,
    total_amount: toPesos(total),
    lines: lines.get(x.id) ?? [],
  }));
  return {
    reservations,
    pending: Number(count?.pending ?? 0),
    ...pageInfo(page, Number(count?.n ?? 0)),
  };
}
