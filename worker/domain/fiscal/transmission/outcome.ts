// An electronic document's transmission state, moved by what the provider answered. Pure: the outbox row
// (columns status, reason, provider_ref, attempts, next_attempt_at, accepted_at) goes in, the row to write
// comes out.
//
//   pendiente ── received ──▶ enviado ── accepted ──▶ aceptado (final: nothing moves it)
//       │ └──── accepted ─────────────────────────────▶ aceptado
//       ├────── rejected ──▶ rechazado ◀── rejected ── enviado
//       └ retry: stays, called again later            rechazado ── the administrador re-sends ──▶ pendiente
//
// Answers arrive late, twice or out of order (a send that timed out and a repeat, two drainers): an answer
// that would move a document backwards is ignored, and a repeated one changes nothing but the count.
import { plural } from "../../../../shared/plural";
import { conflict } from "../../shared/errors";
import { isUnanswered, nextAttemptAt } from "./backoff";
import type { SendOutcome, StatusOutcome } from "./provider";

export type TransmissionStatus = "pendiente" | "enviado" | "aceptado" | "rechazado";

export interface Transmission {
  status: TransmissionStatus;
  /** Why DIAN rejected it, or what the last fruitless call met; null when there is nothing to tell. */
  reason: string | null;
  providerRef: string | null;
  /**
   * Calls in this status that settled nothing (sends while pendiente, status look-ups while enviado):
   * they set the backoff and, at MAX_ATTEMPTS, flag the document for the administrador.
   */
  attempts: number;
  /** When the drainer calls the provider next (send when pendiente, look up when enviado); null: never. */
  nextAttemptAt: string | null;
  /** When DIAN accepted it (ISO). */
  acceptedAt: string | null;
}

export interface Step {
  next: Transmission;
  /** False when the answer changes nothing (a late or repeated one): nothing to write. */
  changed: boolean;
}

export const ONLY_REJECTED_RESENT = "Solo se puede reenviar un documento que DIAN rechazó.";

/** A document just issued: to be sent now. */
export function newTransmission(now: Date): Transmission {
  return {
    status: "pendiente",
    reason: null,
    providerRef: null,
    attempts: 0,
    nextAttemptAt: now.toISOString(),
    acceptedAt: null,
  };
}

/** The state after a send's or a look-up's answer. `random` picks the backoff's jitter. */
export function applyOutcome(
  current: Transmission,
  outcome: StatusOutcome,
  now: Date,
  random: () => number = Math.random,
): Step {
  const same: Step = { next: current, changed: false };
  const to = (next: Transmission): Step => ({ next, changed: true });

  if (current.status === "aceptado") return same; // DIAN's acceptance is final: a late rejection changes nothing
  if (current.status === "rechazado") {
    // It waits for the administrador. Only an acceptance moves it: DIAN's acceptance stands over whatever
    // was heard before, and the document is valid at DIAN whatever Horma believed.
    return outcome.kind === "accepted" ? to(accepted(current, outcome)) : same;
  }

  switch (outcome.kind) {
    case "accepted":
      return to(accepted(current, outcome));
    case "rejected":
      return to({ ...current, status: "rechazado", reason: outcome.reason, attempts: 0, nextAttemptAt: null });
    case "received":
      if (current.status === "pendiente") {
        // The provider has it: from now on it is looked up, first soon (DIAN usually answers in seconds).
        return to({
          ...current,
          status: "enviado",
          reason: null,
          providerRef: outcome.providerRef ?? current.providerRef,
          attempts: 0,
          nextAttemptAt: nextAttemptAt(1, now, random),
        });
      }
      return to(
        fruitless(current, "El proveedor tiene el documento; DIAN aún no responde.", now, random, outcome.providerRef),
      );
    case "retry":
      return to(fruitless(current, outcome.reason, now, random, null));
    case "unknown":
      if (current.status === "pendiente") return same; // never received: still to be sent, as it was
      // The provider lost what it had taken: send it again now (the same CUDE, so nothing doubles).
      return to({
        ...current,
        status: "pendiente",
        reason: "El proveedor no encuentra el documento que había recibido; se enviará de nuevo.",
        attempts: 0,
        nextAttemptAt: now.toISOString(),
      });
  }
}

/**
 * The administrador sends a rejected document again after fixing its data. The outbox rebuilds its XML, and
 * its CUDE when a field of the CUDE changed, before the next send.
 */
export function resend(current: Transmission, now: Date): Transmission {
  if (current.status !== "rechazado") throw conflict(ONLY_REJECTED_RESENT);
  return { ...newTransmission(now), providerRef: current.providerRef };
}

/** What the administrador must look at: a rejection to fix, or a provider silent for MAX_ATTEMPTS calls. */
export function needsAttention(t: Transmission): boolean {
  if (t.status === "rechazado") return true;
  return (t.status === "pendiente" || t.status === "enviado") && isUnanswered(t.attempts);
}

function accepted(current: Transmission, outcome: Extract<SendOutcome, { kind: "accepted" }>): Transmission {
  return {
    status: "aceptado",
    reason: null,
    providerRef: outcome.providerRef ?? current.providerRef,
    attempts: 0,
    nextAttemptAt: null,
    acceptedAt: outcome.at,
  };
}

/** One more call that settled nothing: called again after the backoff, flagged past MAX_ATTEMPTS. */
function fruitless(
  current: Transmission,
  reason: string,
  now: Date,
  random: () => number,
  providerRef: string | null,
): Transmission {
  const attempts = current.attempts + 1;
  return {
    ...current,
    providerRef: providerRef ?? current.providerRef,
    attempts,
    reason: isUnanswered(attempts)
      ? `Sin respuesta del proveedor tras ${plural(attempts, "intento", "intentos")}. ${reason}`
      : reason,
    nextAttemptAt: nextAttemptAt(attempts, now, random),
  };
}
