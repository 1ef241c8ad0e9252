// The idempotency store: a create call made with an Idempotency-Key is run once per user and key; a
// retry with the same body gets the first answer back, a retry with another body is refused, and a
// retry while the first is still running waits for it. Only successful answers are kept: a refused
// call changed nothing (its batch rolled back), so running it again is safe and lets the client fix it.
import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema";

export const KEY_TTL_MS = 24 * 60 * 60_000;
/** How long a running first call holds its key; after that a retry may take it over. */
export const LOCK_MS = 60_000;

export const KEY_REUSED = "La clave de idempotencia ya se usó con otros datos";
export const KEY_IN_PROGRESS =
  "Una solicitud con esta clave de idempotencia todavía está en proceso. Intenta de nuevo en unos segundos.";
export const KEY_INVALID = "La clave de idempotencia no es válida (de 8 a 100 caracteres)";

export function isValidKey(key: string): boolean {
  return key.length >= 8 && key.length <= 100 && /^[\x21-\x7e]+$/.test(key);
}

export type StoredKey = typeof idempotencyKeys.$inferSelect;

export const KEY_OUTCOME_UNKNOWN =
  "La operación con esta clave ya se registró, pero su respuesta se perdió. Revisa el resultado antes de repetirla.";

export type Decision =
  | { kind: "replay"; status: number; body: string }
  | { kind: "reused" }
  | { kind: "wait" }
  | { kind: "take" }
  | { kind: "lost" };

/** What a request does with a key someone already holds (the row as read, or null when it is gone). */
export function decide(row: StoredKey | null, fingerprint: string, now: Date): Decision {
  if (!row || Date.parse(row.expiresAt) <= now.getTime()) return { kind: "take" };
  if (row.fingerprint !== fingerprint) return { kind: "reused" };
  if (row.state === "done") return { kind: "replay", status: row.status ?? 200, body: row.body ?? "{}" };
  if (Date.parse(row.lockedUntil) > now.getTime()) return { kind: "wait" };
  // The holder stopped without an answer: nothing was written if it is still pending, so the call may
  // run again; if its write went in, running it again would do it twice.
  return row.state === "pending" ? { kind: "take" } : { kind: "lost" };
}

/**
 * A stable text of a request's content: JSON with its object keys sorted, form fields sorted by name
 * (files by their name, type and bytes' hash), the client's own `idempotency_key` field left out. A
 * retry of the same form builds a new multipart boundary, so raw bytes would not compare.
 */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([k, v]) => k !== "idempotency_key" && v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export async function sha256Hex(data: string | ArrayBuffer): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The fingerprint of a call: method, path with its query, and the canonical body. */
export function fingerprintOf(method: string, pathWithQuery: string, canonicalBody: string): Promise<string> {
  return sha256Hex(`${method.toUpperCase()} ${pathWithQuery}\n${canonicalBody}`);
}

/**
 * Takes the key for this request if nobody holds it (or its holder expired or stalled), in one
 * statement so two first uses at once cannot both win. Returns the owner token when taken, else null.
 */
export async function takeKey(db: Db, userId: number, key: string, fingerprint: string, now: Date) {
  const owner = crypto.randomUUID();
  const at = now.toISOString();
  const row = {
    userId,
    key,
    fingerprint,
    owner,
    state: "pending" as const,
    status: null,
    body: null,
    createdAt: at,
    lockedUntil: new Date(now.getTime() + LOCK_MS).toISOString(),
    expiresAt: new Date(now.getTime() + KEY_TTL_MS).toISOString(),
  };
  const taken = await db
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        fingerprint,
        owner,
        state: "pending",
        status: null,
        body: null,
        createdAt: at,
        lockedUntil: row.lockedUntil,
        expiresAt: row.expiresAt,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= ${at} OR (${idempotencyKeys.state} = 'pending' AND ${idempotencyKeys.lockedUntil} <= ${at})`,
    })
    .returning({ owner: idempotencyKeys.owner });
  return taken[0]?.owner === owner ? owner : null;
}

export async function readKey(db: Db, userId: number, key: string): Promise<StoredKey | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row ?? null;
}

/** Keeps the answer of the call that took the key, and drops this user's expired keys (off the answer's path). */
export async function finishKey(db: Db, userId: number, key: string, owner: string, status: number, body: string) {
  await db.batch([
    db
      .update(idempotencyKeys)
      .set({ state: "done", status, body })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.owner, owner))),
    db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), lte(idempotencyKeys.expiresAt, new Date().toISOString()))),
  ]);
}

/** Lets the key go after a refused call, so a retry runs again (not once something was written). */
export async function releaseKey(db: Db, userId: number, key: string, owner: string) {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.owner, owner),
        eq(idempotencyKeys.state, "pending"),
      ),
    );
}
