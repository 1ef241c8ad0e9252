// When the outbox's drainer calls the provider again after a call that settled nothing (a timeout, a 5xx, a
// document DIAN has not answered yet): 1 minute, 2, 4 … doubling up to 6 hours. A provider that is down
// is not hammered, one that blinked is tried again soon.

export const BASE_DELAY_MS = 60_000;
export const MAX_DELAY_MS = 6 * 60 * 60_000;
/** Share of a delay the jitter may take off, so documents that failed together do not come back together. */
export const JITTER = 0.2;
/**
 * Fruitless calls after which a document is flagged for the administrador ("sin respuesta del proveedor").
 * The tenth comes some 7 to 8½ hours after the first: the administrador hears of it the same working day. The
 * document stays pendiente (or enviado) and is still tried every 6 hours: the flag asks for a look, and
 * a provider that comes back settles it by itself.
 */
export const MAX_ATTEMPTS = 10;

/** The delay after `attempts` fruitless calls (1 → 1 min), before jitter: [min, max] of what it can be. */
export function backoffBoundsMs(attempts: number): { minMs: number; maxMs: number } {
  const exponent = Math.max(0, Math.floor(attempts) - 1);
  const maxMs = Math.min(BASE_DELAY_MS * 2 ** exponent, MAX_DELAY_MS);
  return { minMs: Math.round(maxMs * (1 - JITTER)), maxMs };
}

/**
 * When to call again after `attempts` fruitless calls, as an ISO instant. `random` (in [0, 1)) picks the
 * point inside the bounds; pass a fixed one to get a fixed answer.
 */
export function nextAttemptAt(attempts: number, now: Date, random: () => number = Math.random): string {
  const { minMs, maxMs } = backoffBoundsMs(attempts);
  const share = Math.min(Math.max(random(), 0), 1);
  return new Date(now.getTime() + Math.round(maxMs - (maxMs - minMs) * share)).toISOString();
}

/** A document the provider has left without an answer for too long. */
export function isUnanswered(attempts: number): boolean {
  return attempts >= MAX_ATTEMPTS;
}
