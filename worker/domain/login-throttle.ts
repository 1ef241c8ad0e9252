// Login rate limit: after MAX_FAILURES failed attempts for one e-mail inside WINDOW_MS,
// that e-mail is locked for LOCK_MS. A success clears the record.
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

/** State after one more failure. */
export function afterFailure(state: AttemptState | null, now: Date): AttemptState {
  const windowExpired = !state || now.getTime() - Date.parse(state.windowStart) > WINDOW_MS;
  const failures = windowExpired ? 1 : state.failures + 1;
  const windowStart = windowExpired ? now.toISOString() : state.windowStart;
  const lockedUntil = failures >= MAX_FAILURES ? new Date(now.getTime() + LOCK_MS).toISOString() : null;
  return { failures, windowStart, lockedUntil };
}

export function tooManyAttemptsMessage(remainingMs: number): string {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  return `Demasiados intentos fallidos. Intenta nuevamente en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}
