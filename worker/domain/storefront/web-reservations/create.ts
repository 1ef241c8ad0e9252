// A shopper's reservation: checked, then written with the hold of every line in one D1 batch.
import { and, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { plural, pluralWord } from "../../../../shared/plural";
import {
  HOLD_HOURS,
  MAX_RESERVATIONS_PER_PHONE,
  MAX_RESERVATIONS_PER_SENDER,
  RESERVATION_PRODUCT_UNKNOWN,
  RESERVATION_STORE_UNKNOWN,
  RESERVATION_WINDOW_MS,
} from "../../../../shared/reservations";
import type { Db } from "../../../db/client";
import { errorText, isGuardFailure, requireChanged } from "../../../db/guards";
import { products, webReservationItems, webReservations } from "../../../db/schema";
import { alertNoticeStatements, lowStockAlertStatement } from "../../alerts/enqueue";
import { activeLocationsOf } from "../../company/active-locations";
import { conflict, invalid, tooMany } from "../../shared/errors";
import { KEY_REUSED } from "../../shared/idempotency";

import { waitsUntilRoom } from "../send-limits";
import { publicReservation } from "./read";
import { type FreeCell, freeCellsSql, holdStatement, isoNow, publishedCondition } from "./stock";
import { expireWebReservations } from "./transitions";

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
    throw invalid(RESERVATION_PRODUCT_UNKNOWN);
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
        // held pairs leave the store's available stock: its minimum may be crossed (issue 37)
        lowStockAlertStatement(db, companyId, input.location_id, line.product_id, line.quantity, `web:${code}`),
      );
    }
    statements.push(...alertNoticeStatements(db, companyId));
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
    if (!store) throw invalid(RESERVATION_STORE_UNKNOWN);
    const seconds = await secondsUntilRoom(db, companyId, input.phone, send.senderHash, since, send.now);
    if (seconds !== null) throw tooMany(tooManyReservations(seconds), seconds);
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
  if (held.fingerprint !== send.fingerprint) throw invalid(KEY_REUSED);
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
  const limit = {
    table: "web_reservations",
    keyColumn: "customer_phone",
    key: phone,
    maxByKey: MAX_RESERVATIONS_PER_PHONE,
    maxBySender: MAX_RESERVATIONS_PER_SENDER,
    windowMs: RESERVATION_WINDOW_MS,
  } as const;
  const waits = await waitsUntilRoom(db, companyId, limit, senderHash, since, now);
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
