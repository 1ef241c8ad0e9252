// The idempotency store: a call made with an Idempotency-Key has its effect once per user and key. The
// key's row is written by the call's first D1 write, in the same transaction (db/commit-mark.ts), so
// no round trip is added before the effect. A retry with the same body gets the first answer back, a
// retry with another body is refused, a retry while the first is still running waits for it. Only
// writes keep a key: a refused call changed nothing (its batch rolled back), so it may run again.
import { and, eq, lte } from "drizzle-orm";
import { KEY_IN_PROGRESS, KEY_OUTCOME_UNKNOWN } from "../../../shared/messages";
import type { Db } from "../../db/client";
import type { KeyHolder } from "../../db/commit-mark";
import { idempotencyKeys } from "../../db/schema";

export { KEY_IN_PROGRESS, KEY_OUTCOME_UNKNOWN };

export const KEY_TTL_MS = 24 * 60 * 60_000;
/** How long a running first call holds its key; after that a retry may take it over. */
export const LOCK_MS = 60_000;

export const KEY_REUSED = "La clave de idempotencia ya se usó con otros datos";
export const KEY_INVALID = "La clave de idempotencia no es válida (de 8 a 100 caracteres)";

/**
 * A key the server derives from a client's key (an exchange's new sale from its return's key). It holds a
 * space, which no client key may hold (isValidKey), so it can never collide with one.
 */
export function derivedKey(purpose: string, clientKey: string): string {
  return `${purpose} ${clientKey}`;
}

export function isValidKey(key: string): boolean {
  return key.length >= 8 && key.length <= 100 && /^[\x21-\x7e]+$/.test(key);
}

export type StoredKey = typeof idempotencyKeys.$inferSelect;

export type Decision =
  | { kind: "replay"; status: number; body: string }
  | { kind: "reused" }
  | { kind: "wait" }
  | { kind: "free" }
  | { kind: "lost" };

/**
 * What a call does about its key after its own attempt did not write it (the row as read now, or null).
 * free: nobody holds the key (expired, or never written), so the call's own answer stands.
 */
export function decide(row: StoredKey | null, fingerprint: string, now: Date): Decision {
  if (!row || Date.parse(row.expiresAt) <= now.getTime()) return { kind: "free" };
  if (row.fingerprint !== fingerprint) return { kind: "reused" };
  if (row.state === "done") return { kind: "replay", status: row.status ?? 200, body: row.body ?? "{}" };
  if (Date.parse(row.lockedUntil) > now.getTime()) return { kind: "wait" };
  // its holder wrote and stopped without an answer: running it again would do it twice
  return { kind: "lost" };
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

/** What a call with a key carries to its first write (worker/db/commit-mark.ts). */
export function keyHolder(userId: number, key: string, fingerprint: string, now: Date): KeyHolder {
  return {
    userId,
    key,
    fingerprint,
    owner: crypto.randomUUID(),
    createdAt: now.toISOString(),
    lockedUntil: new Date(now.getTime() + LOCK_MS).toISOString(),
    expiresAt: new Date(now.getTime() + KEY_TTL_MS).toISOString(),
  };
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
