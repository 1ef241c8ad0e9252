// Web reservations (issue 32 §6): a storefront shopper holds pairs of published products at one store
// for HOLD_HOURS; the store's staff confirm (they called the customer), complete (the customer came: the
// hold is released and the seller sells as usual) or cancel it, and the scheduled job expires the ones
// past their time. Pairs are held through the cells' reserved_pairs, never the stock itself, so the
// ledger does not move. Every change is ONE D1 batch: the reservation, its lines and the guarded UPDATEs
// that hold each line's pairs (only where the cell still has them free), so two shoppers can never hold
// the same last pair; each transition is an UPDATE from the statuses that allow it followed by
// requireChanged, with the release behind that guard, so every hold is released exactly once.
import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { plural, pluralWord } from "../../shared/plural";
import {
  CANCEL_REASON_REQUIRED,
  HOLD_HOURS,
  HOLDING_STATUSES,
  MAX_RESERVATIONS_PER_PHONE,
  MAX_RESERVATIONS_PER_SENDER,
  RESERVATION_NOT_FOUND,
  RESERVATION_PRODUCT_UNKNOWN,
  RESERVATION_STORE_UNKNOWN,
  RESERVATION_WINDOW_MS,
  reservationStateConflict,
} from "../../shared/reservations";
import { scopeLocation } from "../auth/scope";
import type { Db } from "../db/client";
import { errorText, isGuardFailure, requireChanged } from "../db/guards";
import {
  inventory,
  locations,
  products,
  type Role,
  type WebReservationStatus,
  webReservationItems,
  webReservations,
} from "../db/schema";
import { ApiError, conflict, notFound, unprocessable } from "../lib/errors";
import { type Page, pageInfo } from "../lib/paging";
import { activeLocationsOf } from "./active-locations";
import { KEY_REUSED } from "./idempotency";
import { toPesos } from "./money";

export type ReservationLine = { product_id: number; size: string; quantity: number };

export type ReservationInput = {
  location_id: number;
  name: string;
  /** digits only */
  phone: string;
  email: string | null;
  items: ReservationLine[];
};

export type ReservationSend = {
  key: string | null;
  fingerprint: string | null;
  senderHash: string | null;
  now: Date;
};

const HOLDING = [...HOLDING_STATUSES] as WebReservationStatus[];
const isoNow = (now: Date) => now.toISOString();

// ---------------------------------------------------------------- what the storefront shows

/** The storefront's products: published and active, of the showcase company. */
export function publishedCondition(companyId: number): SQL {
  return and(eq(products.companyId, companyId), eq(products.isActive, true), eq(products.isPublished, true)) as SQL;
}

/** Free pairs (pairs − reserved pairs) per cell of the company's open stores, for the products named. */
function freeCellsSql(companyId: number, productIds: number[]) {
  return sql`
    SELECT i.product_id AS product_id, i.location_id AS location_id, i.size AS size,
           i.pairs - i.reserved_pairs AS available
    FROM inventory i JOIN locations l ON l.id = i.location_id
    WHERE i.company_id = ${companyId} AND l.company_id = ${companyId} AND l.type = 'local' AND l.is_active = 1
      AND i.product_id IN (SELECT value FROM json_each(${JSON.stringify(productIds)}))
      AND i.pairs - i.reserved_pairs > 0`;
}

type FreeCell = { product_id: number; location_id: number; size: string; available: number };

/** Sizes with pairs free in the company's open stores, per product (summed over the stores). */
export async function storefrontSizes(db: Db, companyId: number, productIds: number[]) {
  const bySize = new Map<number, Map<string, number>>();
  if (productIds.length === 0) return bySize;
  const cells = await db.all<FreeCell>(freeCellsSql(companyId, productIds));
  for (const cell of cells) {
    const sizes = bySize.get(cell.product_id) ?? new Map<string, number>();
    sizes.set(cell.size, (sizes.get(cell.size) ?? 0) + Number(cell.available));
    bySize.set(cell.product_id, sizes);
  }
  return bySize;
}

/**
 * Free pairs per store and size of published products: what the cart needs to offer the stores that
 * have every line. Products that are not published (or not the company's) answer nothing.
 */
export async function storefrontStock(db: Db, companyId: number, productIds: number[]) {
  if (productIds.length === 0) return [];
  const cells = await db.all<FreeCell>(sql`
    SELECT c.* FROM (${freeCellsSql(companyId, productIds)}) c
    JOIN products p ON p.id = c.product_id
    WHERE p.company_id = ${companyId} AND p.is_active = 1 AND p.is_published = 1
    ORDER BY c.location_id, c.product_id, c.size`);
  return cells.map((c) => ({
    product_id: Number(c.product_id),
    location_id: Number(c.location_id),
    size: c.size,
    available: Number(c.available),
  }));
}

// ---------------------------------------------------------------- the shopper's reservation

const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** "RW-7K3Q9P": six characters nobody confuses (no 0/O, 1/I/L), 31⁶ ≈ 887 million codes. */
export function newReservationCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `RW-${[...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("")}`;
}

export const tooManyReservations = (seconds: number) =>
  `Ya hiciste varias reservas en la última hora. Intenta de nuevo en ${plural(Math.max(1, Math.ceil(seconds / 60)), "minuto", "minutos")} o escríbenos por WhatsApp a la tienda.`;

/** Lines of the same product and size become one. */
function mergeLines(items: ReservationLine[]): ReservationLine[] {
  const merged = new Map<string, ReservationLine>();
  for (const line of items) {
    const key = `${line.product_id}\u0000${line.size}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()];
}

const cellOf = (companyId: number, locationId: number, line: ReservationLine) =>
  and(
    eq(inventory.companyId, companyId),
    eq(inventory.productId, line.product_id),
    eq(inventory.locationId, locationId),
    eq(inventory.size, line.size),
  );
const touched = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** The UPDATE that holds a line's pairs where the cell still has them free (changes no row otherwise). */
function holdStatement(db: Db, companyId: number, locationId: number, line: ReservationLine) {
  return db
    .update(inventory)
    .set({ reservedPairs: sql`${inventory.reservedPairs} + ${line.quantity}`, updatedAt: touched })
    .where(
      and(
        cellOf(companyId, locationId, line),
        sql`${inventory.pairs} - ${inventory.reservedPairs} >= ${line.quantity}`,
      ),
    );
}

/** The UPDATE that gives a line's held pairs back (run only behind a transition's guard). */
function releaseStatement(db: Db, companyId: number, locationId: number, line: ReservationLine) {
  return db
    .update(inventory)
    .set({ reservedPairs: sql`${inventory.reservedPairs} - ${line.quantity}`, updatedAt: touched })
    .where(cellOf(companyId, locationId, line));
}

/** `INSERT INTO table SELECT …` naming every column (drizzle lists them all, in the table's order). */
function selectRow<T extends Record<string, SQL>>(table: Parameters<typeof getTableColumns>[0], row: T, tail: SQL) {
  const columns = Object.keys(getTableColumns(table)) as (keyof T)[];
  return sql`SELECT ${sql.join(
    columns.map((column) => {
      const value = row[column];
      if (!value) throw new Error(`column ${String(column)} not given`);
      return value;
    }),
    sql`, `,
  )} ${tail}`;
}

/**
 * Holds the pairs of a shopper's cart at one store: "created", or "replayed" when the same key already
 * brought the same reservation; with the reservation as the shopper sees it. 422 for a store or product
 * that is not offered (or a key reused with other data), 409 when a line's pairs are not free at that
 * store any more (naming them), 429 with Retry-After when the phone or the address reserved too often.
 */
export async function createWebReservation(db: Db, companyId: number, input: ReservationInput, send: ReservationSend) {
  await expireWebReservations(db, send.now, { companyId });
  const lines = mergeLines(input.items);
  const catalogue = await db
    .select({ id: products.id, unitPrice: products.unitPrice })
    .from(products)
    .where(
      and(
        publishedCondition(companyId),
        inArray(
          products.id,
          lines.map((l) => l.product_id),
        ),
      ),
    );
  const priceOf = new Map(catalogue.map((p) => [p.id, p.unitPrice]));
  if (lines.some((l) => !priceOf.has(l.product_id))) {
    // a replay of a reservation whose product was unpublished since still answers what it made
    const replay = await replayOf(db, companyId, send);
    if (replay) return replay;
    throw unprocessable(RESERVATION_PRODUCT_UNKNOWN);
  }
  const total = lines.reduce((sum, l) => sum + (priceOf.get(l.product_id) ?? 0) * l.quantity, 0);
  const heldUntil = new Date(send.now.getTime() + HOLD_HOURS * 3_600_000).toISOString();
  const since = new Date(send.now.getTime() - RESERVATION_WINDOW_MS).toISOString();

  for (let attempt = 0; attempt < 3; attempt++) {
    const code = newReservationCode();
    // one statement: the limits and the store are checked by the insert that keeps the reservation
    const reservationRow: Record<keyof typeof webReservations.$inferInsert, SQL> = {
      id: sql`NULL`,
      companyId: sql`${companyId}`,
      locationId: sql`${input.location_id}`,
      code: sql`${code}`,
      status: sql`'pending'`,
      customerName: sql`${input.name}`,
      customerPhone: sql`${input.phone}`,
      customerEmail: sql`${input.email}`,
      totalAmount: sql`${total}`,
      heldUntil: sql`${heldUntil}`,
      idempotencyKey: sql`${send.key}`,
      fingerprint: sql`${send.fingerprint}`,
      senderHash: sql`${send.senderHash}`,
      confirmedAt: sql`NULL`,
      confirmedBy: sql`NULL`,
      completedAt: sql`NULL`,
      completedBy: sql`NULL`,
      cancelledAt: sql`NULL`,
      cancelledBy: sql`NULL`,
      cancellationReason: sql`NULL`,
      expiredAt: sql`NULL`,
      createdAt: sql`${isoNow(send.now)}`,
    };
    // one statement: the limits and the store are checked by the insert that keeps the reservation
    const insert = db
      .insert(webReservations)
      .select(
        selectRow(
          webReservations,
          reservationRow,
          sql`WHERE (SELECT COUNT(*) FROM web_reservations WHERE company_id = ${companyId}
              AND customer_phone = ${input.phone} AND created_at > ${since}) < ${MAX_RESERVATIONS_PER_PHONE}
            AND (${send.senderHash} IS NULL OR (SELECT COUNT(*) FROM web_reservations WHERE company_id = ${companyId}
              AND sender_hash = ${send.senderHash} AND created_at > ${since}) < ${MAX_RESERVATIONS_PER_SENDER})
            AND EXISTS (SELECT 1 FROM locations WHERE id = ${input.location_id} AND company_id = ${companyId}
              AND type = 'local' AND is_active = 1)`,
        ),
      )
      .onConflictDoNothing({ target: [webReservations.companyId, webReservations.idempotencyKey] });
    const statements: BatchItem<"sqlite">[] = [insert, requireChanged(db, "web_reservation_kept")];
    for (const line of lines) {
      const itemRow: Record<keyof typeof webReservationItems.$inferInsert, SQL> = {
        id: sql`NULL`,
        companyId: sql.raw("company_id"),
        reservationId: sql.raw("id"),
        productId: sql`${line.product_id}`,
        size: sql`${line.size}`,
        quantity: sql`${line.quantity}`,
        unitPrice: sql`${priceOf.get(line.product_id) ?? 0}`,
      };
      statements.push(
        db
          .insert(webReservationItems)
          .select(
            selectRow(
              webReservationItems,
              itemRow,
              sql`FROM web_reservations WHERE company_id = ${companyId} AND code = ${code}`,
            ),
          ),
        holdStatement(db, companyId, input.location_id, line),
        requireChanged(db, "web_reservation_pairs_free"),
      );
    }
    try {
      const [first, ...rest] = statements;
      if (first) await db.batch([first, ...rest]);
      return { outcome: "created" as const, reservation: await publicReservation(db, companyId, code) };
    } catch (err) {
      if (errorText(err).includes("web_reservations.code")) continue;
      if (!isGuardFailure(err)) throw err;
    }
    // nothing kept: a key seen before, a store that is not one, too many reservations, or pairs gone
    const replay = await replayOf(db, companyId, send);
    if (replay) return replay;
    const store = (await activeLocationsOf(db, companyId)).find(
      (l) => l.id === input.location_id && l.type === "local",
    );
    if (!store) throw unprocessable(RESERVATION_STORE_UNKNOWN);
    const seconds = await secondsUntilRoom(db, companyId, input.phone, send.senderHash, since, send.now);
    if (seconds !== null) throw new ApiError(429, tooManyReservations(seconds), { "Retry-After": String(seconds) });
    throw conflict(await shortLinesMessage(db, companyId, store, lines));
  }
  throw conflict("No se pudo guardar la reserva; vuelve a intentarlo");
}

/** The reservation a key already made: replayed when the data is the same, 422 otherwise; null when none. */
async function replayOf(db: Db, companyId: number, send: ReservationSend) {
  if (send.key === null) return null;
  const [held] = await db
    .select({ code: webReservations.code, fingerprint: webReservations.fingerprint })
    .from(webReservations)
    .where(and(eq(webReservations.companyId, companyId), eq(webReservations.idempotencyKey, send.key)))
    .limit(1);
  if (!held) return null;
  if (held.fingerprint !== send.fingerprint) throw unprocessable(KEY_REUSED);
  return { outcome: "replayed" as const, reservation: await publicReservation(db, companyId, held.code) };
}

/** Seconds until the phone or the address may reserve again; null when neither is at its limit. */
async function secondsUntilRoom(
  db: Db,
  companyId: number,
  phone: string,
  senderHash: string | null,
  since: string,
  now: Date,
): Promise<number | null> {
  const [row] = await db.all<{
    by_phone: number | null;
    first_phone: string | null;
    by_sender: number | null;
    first_sender: string | null;
  }>(sql`
    SELECT SUM(customer_phone = ${phone}) AS by_phone,
           MIN(CASE WHEN customer_phone = ${phone} THEN created_at END) AS first_phone,
           SUM(sender_hash IS NOT NULL AND sender_hash = ${senderHash}) AS by_sender,
           MIN(CASE WHEN sender_hash = ${senderHash} THEN created_at END) AS first_sender
      FROM web_reservations WHERE company_id = ${companyId} AND created_at > ${since}`);
  const wait = (first: string | null) =>
    first ? Math.ceil((Date.parse(first) + RESERVATION_WINDOW_MS - now.getTime()) / 1000) : 1;
  const waits: number[] = [];
  if (Number(row?.by_phone ?? 0) >= MAX_RESERVATIONS_PER_PHONE) waits.push(wait(row?.first_phone ?? null));
  if (Number(row?.by_sender ?? 0) >= MAX_RESERVATIONS_PER_SENDER) waits.push(wait(row?.first_sender ?? null));
  return waits.length === 0 ? null : Math.max(1, ...waits);
}

/** "Local Centro ya no tiene libre: Nike Cortez talla 40 (queda 1 par; pediste 2)". */
async function shortLinesMessage(
  db: Db,
  companyId: number,
  store: { id: number; name: string },
  lines: ReservationLine[],
): Promise<string> {
  const cells = await db.all<FreeCell>(freeCellsSql(companyId, [...new Set(lines.map((l) => l.product_id))]));
  const names = await db
    .select({ id: products.id, brand: products.brand, model: products.model })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        inArray(
          products.id,
          lines.map((l) => l.product_id),
        ),
      ),
    );
  const nameOf = new Map(names.map((p) => [p.id, `${p.brand} ${p.model}`]));
  const short = lines.flatMap((line) => {
    const free = Number(
      cells.find((c) => c.product_id === line.product_id && c.location_id === store.id && c.size === line.size)
        ?.available ?? 0,
    );
    if (free >= line.quantity) return [];
    const what = `${nameOf.get(line.product_id) ?? "Producto"} talla ${line.size}`;
    return [
      free <= 0
        ? `${what} (agotado)`
        : `${what} (${pluralWord(free, "queda", "quedan")} ${plural(free, "par", "pares")}; pediste ${plural(line.quantity, "par", "pares")})`,
    ];
  });
  if (short.length === 0) return "Otra persona reservó al mismo tiempo; vuelve a intentarlo";
  return `${store.name} ya no tiene libre: ${short.join(", ")}. Elige otra tienda o cambia tu carrito.`;
}

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

async function linesOf(db: Db, companyId: number, reservationIds: number[]) {
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
function staffColumns() {
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

export type ReservationAction = "confirm" | "complete" | "cancel";

const FROM: Record<ReservationAction | "expire", WebReservationStatus[]> = {
  confirm: ["pending"],
  complete: HOLDING,
  cancel: HOLDING,
  expire: HOLDING,
};
const TO = { confirm: "confirmed", complete: "completed", cancel: "cancelled", expire: "expired" } as const;

type Held = { id: number; companyId: number; locationId: number; status: WebReservationStatus };

async function heldLines(db: Db, held: Held): Promise<ReservationLine[]> {
  const rows = await db
    .select({
      product_id: webReservationItems.productId,
      size: webReservationItems.size,
      quantity: webReservationItems.quantity,
    })
    .from(webReservationItems)
    .where(and(eq(webReservationItems.companyId, held.companyId), eq(webReservationItems.reservationId, held.id)))
    .orderBy(asc(webReservationItems.id));
  return rows;
}

/** The batch of one transition: the guarded status change, then (when it releases) each line's hold. */
async function transitionBatch(
  db: Db,
  held: Held,
  action: ReservationAction | "expire",
  set: Partial<typeof webReservations.$inferInsert>,
  extraGuard?: SQL,
) {
  const release = action !== "confirm";
  const lines = release ? await heldLines(db, held) : [];
  const update = db
    .update(webReservations)
    .set({ ...set, status: TO[action] })
    .where(
      and(
        eq(webReservations.companyId, held.companyId),
        eq(webReservations.id, held.id),
        inArray(webReservations.status, FROM[action]),
        extraGuard,
      ),
    );
  await db.batch([
    update,
    requireChanged(db, `web_reservation_${action}`),
    ...lines.map((line) => releaseStatement(db, held.companyId, held.locationId, line)),
  ]);
}

/**
 * Confirms (the staff called the customer), completes (the customer came; the hold is released and the
 * sale is made as any other) or cancels (with a reason) a web reservation. A seller handles only their
 * store's (another's is 404, as another company's); a transition from a status that does not allow it
 * is 409, whatever raced it.
 */
export async function actOnWebReservation(
  db: Db,
  actor: ReservationActor,
  id: number,
  action: ReservationAction,
  reason: string | null,
  now: Date,
) {
  if (action === "cancel" && !reason) throw unprocessable(CANCEL_REASON_REQUIRED);
  const own = scopeLocation(actor);
  // a hold past its time is expired first, so no transition happens on a lapsed reservation
  await expireWebReservations(db, now, { companyId: actor.companyId, id });
  const [row] = await db
    .select({
      id: webReservations.id,
      companyId: webReservations.companyId,
      locationId: webReservations.locationId,
      status: webReservations.status,
    })
    .from(webReservations)
    .where(and(eq(webReservations.companyId, actor.companyId), eq(webReservations.id, id)))
    .limit(1);
  if (!row || (own !== null && row.locationId !== own)) throw notFound(RESERVATION_NOT_FOUND);
  if (!FROM[action].includes(row.status)) throw conflict(reservationStateConflict(row.status));
  const at = isoNow(now);
  const set: Partial<typeof webReservations.$inferInsert> =
    action === "confirm"
      ? { confirmedAt: at, confirmedBy: actor.id }
      : action === "complete"
        ? { completedAt: at, completedBy: actor.id }
        : { cancelledAt: at, cancelledBy: actor.id, cancellationReason: reason };
  try {
    await transitionBatch(db, row, action, set);
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    const [now2] = await db
      .select({ status: webReservations.status })
      .from(webReservations)
      .where(eq(webReservations.id, id))
      .limit(1);
    throw conflict(reservationStateConflict(now2?.status ?? "pending"));
  }
  return reservationById(db, actor.companyId, id);
}

/** One reservation as the staff list shows it (404 when it is not the company's). */
async function reservationById(db: Db, companyId: number, id: number) {
  const r = webReservations;
  const [row] = await db
    .select(staffColumns())
    .from(r)
    .where(and(eq(r.companyId, companyId), eq(r.id, id)))
    .limit(1);
  if (!row) throw notFound(RESERVATION_NOT_FOUND);
  const lines = await linesOf(db, companyId, [id]);
  const { total, ...rest } = row;
  return { ...rest, total_amount: toPesos(total), lines: lines.get(id) ?? [] };
}

/**
 * Releases the holds of reservations past their time (status → expired), each exactly once: the
 * scheduled job runs it for every company; the storefront and the staff screens for theirs (and one
 * reservation) before they read or change, so a lapsed hold never blocks a pair. Answers how many expired.
 */
export async function expireWebReservations(
  db: Db,
  now: Date,
  scope: { companyId?: number; id?: number } = {},
): Promise<number> {
  const at = isoNow(now);
  const due = await db
    .select({
      id: webReservations.id,
      companyId: webReservations.companyId,
      locationId: webReservations.locationId,
      status: webReservations.status,
    })
    .from(webReservations)
    .where(
      and(
        inArray(webReservations.status, HOLDING),
        sql`${webReservations.heldUntil} <= ${at}`,
        scope.companyId === undefined ? undefined : eq(webReservations.companyId, scope.companyId),
        scope.id === undefined ? undefined : eq(webReservations.id, scope.id),
      ),
    )
    .orderBy(asc(webReservations.heldUntil))
    .limit(200);
  let expired = 0;
  for (const held of due) {
    try {
      await transitionBatch(db, held, "expire", { expiredAt: at }, sql`${webReservations.heldUntil} <= ${at}`);
      expired++;
    } catch (err) {
      // completed, cancelled or expired by another call meanwhile: its hold was released there, once
      if (!isGuardFailure(err)) throw err;
    }
  }
  return expired;
}
