// Login rate limit: at most MAX_FAILURES failed attempts for one e-mail inside WINDOW_MS; then the
// e-mail is locked for LOCK_MS. Concurrent guesses cannot outrun the count: an attempt needs one of
// MAX_FAILURES slots (failures so far + attempts being checked) BEFORE its password is checked, taken
// by one atomic statement. A burst of wrong passwords therefore gets five checks and then 429; a burst
// of right ones waits for free slots (each success frees its slot and clears the failures).
import { eq, sql } from "drizzle-orm";
import { plural } from "../../../shared/plural";
import type { Db } from "../../db/client";
import { loginAttempts } from "../../db/schema";

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
/** How long an attempt waits for a slot held by attempts being checked (about 3 s in all). */
const SLOT_WAITS_MS = [50, 100, 150, 200, 250, 300, 400, 500, 500, 600];

export interface AttemptState {
  failures: number;
  windowStart: string;
  lockedUntil: string | null;
}

/** Milliseconds the e-mail must still wait, or 0 when it may try. */
export function lockRemainingMs(state: AttemptState | null, now: Date): number {
  if (!state?.lockedUntil) return 0;
  return Math.max(0, Date.parse(state.lockedUntil) - now.getTime());
}

/**
 * Asks for a slot to check one password, in one statement (SQLite evaluates every SET expression
 * against the row as it was). A lapsed window or lock starts afresh (attempts of a crashed request
 * are forgotten with it). Answers whether the slot was given and the record after the statement.
 */
async function askSlot(db: Db, email: string, now: Date) {
  const at = now.toISOString();
  const grant = crypto.randomUUID();
  const windowOpenedAfter = new Date(now.getTime() - WINDOW_MS).toISOString();
  const t = loginAttempts;
  const locked = sql`(${t.lockedUntil} IS NOT NULL AND ${t.lockedUntil} > ${at})`;
  const fresh = sql`(${t.windowStart} <= ${windowOpenedAfter} OR (${t.lockedUntil} IS NOT NULL AND ${t.lockedUntil} <= ${at}))`;
  const granted = sql`(${fresh} OR (NOT ${locked} AND ${t.failures} + ${t.inflight} < ${MAX_FAILURES}))`;
  const [row] = await db
    .insert(t)
    .values({ email, failures: 0, inflight: 1, lastGrant: grant, windowStart: at, lockedUntil: null })
    .onConflictDoUpdate({
      target: t.email,
      set: {
        failures: sql`CASE WHEN ${fresh} THEN 0 ELSE ${t.failures} END`,
        inflight: sql`CASE WHEN ${fresh} THEN 1 WHEN ${granted} THEN ${t.inflight} + 1 ELSE ${t.inflight} END`,
        lastGrant: sql`CASE WHEN ${granted} THEN ${grant} ELSE ${t.lastGrant} END`,
        windowStart: sql`CASE WHEN ${fresh} THEN ${at} ELSE ${t.windowStart} END`,
        lockedUntil: sql`CASE WHEN ${fresh} THEN NULL ELSE ${t.lockedUntil} END`,
      },
    })
    .returning();
  if (!row) throw new Error("login attempt not counted");
  return { granted: row.lastGrant === grant, state: row };
}

/**
 * Waits for a slot to check a password. Answers null when one was given, or the state that refuses
 * the attempt (locked, or slots still busy after the wait: 429 with the lock's or a short wait).
 */
export async function acquireAttempt(db: Db, email: string, now = () => new Date()) {
  let refusal = { retryAfterMs: 1000 };
  for (let i = 0; i <= SLOT_WAITS_MS.length; i++) {
    const at = now();
    const { granted, state } = await askSlot(db, email, at);
    if (granted) return null;
    const lockedFor = lockRemainingMs(state, at);
    refusal = { retryAfterMs: Math.max(lockedFor, 1000) };
    const wait = SLOT_WAITS_MS[i];
    if (lockedFor > 0 || state.failures >= MAX_FAILURES || wait === undefined) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return refusal;
}

/** The checked password was wrong: one more failure (the fifth locks), the slot is freed. */
export async function attemptFailed(db: Db, email: string, now: Date) {
  const lockEnds = new Date(now.getTime() + LOCK_MS).toISOString();
  const t = loginAttempts;
  await db
    .update(t)
    .set({
      failures: sql`${t.failures} + 1`,
      inflight: sql`MAX(${t.inflight} - 1, 0)`,
      lockedUntil: sql`CASE WHEN ${t.failures} + 1 >= ${MAX_FAILURES} THEN ${lockEnds} ELSE ${t.lockedUntil} END`,
    })
    .where(eq(t.email, email));
}

/** The checked password was right: the failures are cleared and the slot freed. */
export async function attemptSucceeded(db: Db, email: string) {
  const t = loginAttempts;
  await db
    .update(t)
    .set({ failures: 0, inflight: sql`MAX(${t.inflight} - 1, 0)`, lockedUntil: null })
    .where(eq(t.email, email));
}

export function tooManyAttemptsMessage(remainingMs: number): string {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  return `Demasiados intentos fallidos. Intenta nuevamente en ${plural(minutes, "minuto", "minutos")}.`;
}
