// Login rate limit: at most MAX_FAILURES attempts for one e-mail inside WINDOW_MS; the next one locks
// the e-mail for LOCK_MS. Each attempt is counted BEFORE its password is checked, by one atomic
// statement, so a burst of concurrent guesses cannot all read the same count: the (MAX_FAILURES + 1)th
// is refused however many arrive at once. A right password clears the record.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginAttempts } from "../db/schema";

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

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
 * Counts one attempt for `email` and returns the record after it (SQLite evaluates every SET
 * expression against the row before the update). While locked nothing changes; a lapsed window or
 * lock starts a new count at 1; going over MAX_FAILURES sets the lock.
 */
export async function countAttempt(db: Db, email: string, now: Date): Promise<AttemptState> {
  const at = now.toISOString();
  const windowOpenedAfter = new Date(now.getTime() - WINDOW_MS).toISOString();
  const lockEnds = new Date(now.getTime() + LOCK_MS).toISOString();
  const locked = sql`(${loginAttempts.lockedUntil} IS NOT NULL AND ${loginAttempts.lockedUntil} > ${at})`;
  const fresh = sql`(${loginAttempts.windowStart} <= ${windowOpenedAfter} OR (${loginAttempts.lockedUntil} IS NOT NULL AND ${loginAttempts.lockedUntil} <= ${at}))`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ email, failures: 1, windowStart: at, lockedUntil: null })
    .onConflictDoUpdate({
      target: loginAttempts.email,
      set: {
        failures: sql`CASE WHEN ${locked} THEN ${loginAttempts.failures} WHEN ${fresh} THEN 1 ELSE ${loginAttempts.failures} + 1 END`,
        windowStart: sql`CASE WHEN ${locked} THEN ${loginAttempts.windowStart} WHEN ${fresh} THEN ${at} ELSE ${loginAttempts.windowStart} END`,
        lockedUntil: sql`CASE WHEN ${locked} THEN ${loginAttempts.lockedUntil} WHEN ${fresh} THEN NULL WHEN ${loginAttempts.failures} + 1 > ${MAX_FAILURES} THEN ${lockEnds} ELSE NULL END`,
      },
    })
    .returning();
  if (!row) throw new Error("login attempt not counted");
  return row;
}

export function tooManyAttemptsMessage(remainingMs: number): string {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  return `Demasiados intentos fallidos. Intenta nuevamente en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}
