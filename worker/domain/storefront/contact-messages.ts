// The storefront's contact form (issue 32 §6): a visitor's message kept for the showcase company, and
// what the administrador reads of them. Public calls have no user, so the general Idempotency-Key store
// (per user) does not apply: a message keeps the key it was sent with, and a retry of the same form
// finds it instead of writing a second one. A sender is limited to a few messages an hour, counted in
// the insert itself, so a burst cannot outrun the count.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { CONTACT_STORE_UNKNOWN } from "../../../shared/contact";
import { plural } from "../../../shared/plural";
import type { Db } from "../../db/client";
import { contactMessages, locations } from "../../db/schema";
import { type Page, pageInfo } from "../../lib/paging";
import { activeLocationsOf } from "../company/active-locations";
import { invalid, notFound, tooMany } from "../shared/errors";
import { KEY_REUSED, sha256Hex } from "../shared/idempotency";
import { normalizeEmail } from "./newsletter";
import { waitsUntilRoom } from "./send-limits";

export const CONTACT_WINDOW_MS = 60 * 60_000;
/** Messages one e-mail address may leave in the window. */
export const MAX_PER_EMAIL = 5;
/** Messages one network address may leave in the window (several people may share one). */
export const MAX_PER_SENDER = 20;

export const tooManyMessages = (seconds: number) =>
  `Recibimos varios mensajes tuyos en la última hora. Intenta de nuevo en ${plural(Math.max(1, Math.ceil(seconds / 60)), "minuto", "minutos")} o escríbenos por WhatsApp a una de nuestras tiendas.`;

export type ContactInput = {
  name: string;
  email: string;
  phone: string | null;
  message: string;
  location_id: number | null;
};

export type ContactSend = {
  /** the client's Idempotency-Key, when it sent one */
  key: string | null;
  /** SHA-256 of the canonical body (compared when the key comes again) */
  fingerprint: string | null;
  /** keyed hash of the sender's network address (null when unknown: no per-address limit) */
  senderHash: string | null;
  now: Date;
};

/** A network address as stored: a keyed hash, so the table never holds the address itself. */
export function senderHashOf(secret: string, address: string | null | undefined): Promise<string | null> {
  const ip = address?.trim();
  return ip ? sha256Hex(`contact-sender\n${secret}\n${ip}`) : Promise.resolve(null);
}

/**
 * Keeps a visitor's message for the company: "created", or "replayed" when the same key already brought
 * the same message. 422 when the key came with other data or the store addressed is not one of the
 * company's open stores; 429 (with Retry-After) when the e-mail or the address sent too many this hour.
 */
export async function leaveContactMessage(
  db: Db,
  companyId: number,
  input: ContactInput,
  send: ContactSend,
): Promise<"created" | "replayed"> {
  const email = normalizeEmail(input.email);
  const at = send.now.toISOString();
  const since = new Date(send.now.getTime() - CONTACT_WINDOW_MS).toISOString();
  const m = contactMessages;
  // one statement: the limits and the store are checked by the insert that keeps the message
  const inserted = await db.all<{ id: number }>(sql`
    INSERT INTO contact_messages
      (company_id, location_id, name, email, phone, message, idempotency_key, fingerprint, sender_hash, created_at)
    SELECT ${companyId}, ${input.location_id}, ${input.name}, ${email}, ${input.phone}, ${input.message},
           ${send.key}, ${send.fingerprint}, ${send.senderHash}, ${at}
    WHERE (SELECT COUNT(*) FROM contact_messages
            WHERE company_id = ${companyId} AND email = ${email} AND created_at > ${since}) < ${MAX_PER_EMAIL}
      AND (${send.senderHash} IS NULL OR (SELECT COUNT(*) FROM contact_messages
            WHERE company_id = ${companyId} AND sender_hash = ${send.senderHash} AND created_at > ${since}) < ${MAX_PER_SENDER})
      AND (${input.location_id} IS NULL OR EXISTS (SELECT 1 FROM locations
            WHERE id = ${input.location_id} AND company_id = ${companyId} AND type = 'local' AND is_active = 1))
    ON CONFLICT (company_id, idempotency_key) DO NOTHING
    RETURNING id`);
  if (inserted.length > 0) return "created";

  // nothing kept: a key seen before, a store that is not one, or too many messages
  if (send.key !== null) {
    const [held] = await db
      .select({ fingerprint: m.fingerprint })
      .from(m)
      .where(and(eq(m.companyId, companyId), eq(m.idempotencyKey, send.key)))
      .limit(1);
    if (held) {
      if (held.fingerprint !== send.fingerprint) throw invalid(KEY_REUSED);
      return "replayed";
    }
  }
  if (input.location_id !== null) {
    const store = (await activeLocationsOf(db, companyId)).find(
      (l) => l.id === input.location_id && l.type === "local",
    );
    if (!store) throw invalid(CONTACT_STORE_UNKNOWN);
  }
  const seconds = await secondsUntilRoom(db, companyId, email, send.senderHash, since, send.now);
  throw tooMany(tooManyMessages(seconds), seconds);
}

/** Seconds until the oldest counted message of a full window leaves it. */
async function secondsUntilRoom(
  db: Db,
  companyId: number,
  email: string,
  senderHash: string | null,
  since: string,
  now: Date,
): Promise<number> {
  const limit = {
    table: "contact_messages",
    keyColumn: "email",
    key: email,
    maxByKey: MAX_PER_EMAIL,
    maxBySender: MAX_PER_SENDER,
    windowMs: CONTACT_WINDOW_MS,
  } as const;
  return Math.max(1, ...(await waitsUntilRoom(db, companyId, limit, senderHash, since, now)));
}

const messageColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  phone: contactMessages.phone,
  message: contactMessages.message,
  location_id: contactMessages.locationId,
  // a subquery, not a join: D1's batch answers rows keyed by column name, and both tables have a name
  location_name: sql<string | null>`(SELECT l.name FROM locations l WHERE l.id = contact_messages.location_id)`,
  read_at: contactMessages.readAt,
  created_at: contactMessages.createdAt,
};

/** A page of the company's messages, newest first, with how many there are and how many are unread. */
export async function contactMessagesOf(db: Db, companyId: number, page: Page) {
  const m = contactMessages;
  const [rows, [count]] = await db.batch([
    db
      .select(messageColumns)
      .from(m)
      .where(eq(m.companyId, companyId))
      .orderBy(desc(m.createdAt), desc(m.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`COUNT(*)`, unread: sql<number>`COALESCE(SUM(${m.readAt} IS NULL), 0)` })
      .from(m)
      .where(eq(m.companyId, companyId)),
  ]);
  return {
    messages: rows,
    unread: Number(count?.unread ?? 0),
    ...pageInfo(page, Number(count?.n ?? 0)),
  };
}

/**
 * Marks a message read (keeping when it was first read) or unread again; 404 for a message of
 * another company or none.
 */
export async function markContactMessage(db: Db, companyId: number, id: number, read: boolean, now: Date) {
  const m = contactMessages;
  const mine = and(eq(m.companyId, companyId), eq(m.id, id));
  const [, rows] = await db.batch([
    db
      .update(m)
      .set({ readAt: read ? sql`COALESCE(${m.readAt}, ${now.toISOString()})` : null })
      .where(mine),
    db.select(messageColumns).from(m).where(mine).limit(1),
  ]);
  const message = rows[0];
  if (!message) throw notFound("Mensaje no encontrado");
  return message;
}

/** The company's open stores as the storefront's contact page lists them (warehouses are not shops). */
export async function publicStoresOf(db: Db, companyId: number) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      address: locations.address,
      phone: locations.phone,
      opening_hours: locations.openingHours,
      whatsapp: locations.whatsapp,
    })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.type, "local"), eq(locations.isActive, true)))
    .orderBy(asc(locations.name), asc(locations.id));
}
