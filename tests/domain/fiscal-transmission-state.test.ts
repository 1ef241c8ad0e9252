// The transmission's state machine and its backoff (worker/domain/fiscal/transmission/outcome.ts, backoff.ts):
// every transition, late and repeated answers, and when the administrador is told.
import { describe, expect, it } from "vitest";
import {
  BASE_DELAY_MS,
  backoffBoundsMs,
  isUnanswered,
  JITTER,
  MAX_ATTEMPTS,
  MAX_DELAY_MS,
  nextAttemptAt,
} from "../../worker/domain/fiscal/transmission/backoff";
import {
  applyOutcome,
  needsAttention,
  newTransmission,
  ONLY_REJECTED_RESENT,
  resend,
  type Transmission,
} from "../../worker/domain/fiscal/transmission/outcome";
import type { StatusOutcome } from "../../worker/domain/fiscal/transmission/provider";

const NOW = new Date("2026-03-01T21:41:00.000Z");
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const LATEST = () => 0; // the jitter's choice: the whole delay
const MINUTE = 60_000;

const ACCEPTED: StatusOutcome = { kind: "accepted", providerRef: "P-1", at: "2026-03-01T21:40:05.000Z" };
const RECEIVED: StatusOutcome = { kind: "received", providerRef: "P-1" };
const REJECTED: StatusOutcome = { kind: "rejected", reason: "Documento rechazado: Regla FAD06" };
const RETRY: StatusOutcome = { kind: "retry", reason: "El proveedor no está disponible (HTTP 503); se reintentará." };
const UNKNOWN: StatusOutcome = { kind: "unknown" };
const ALL = [ACCEPTED, RECEIVED, REJECTED, RETRY, UNKNOWN];

const pending: Transmission = newTransmission(NOW);
const sentDoc: Transmission = { ...pending, status: "enviado", providerRef: "P-1", nextAttemptAt: at(MINUTE) };
const acceptedDoc: Transmission = {
  status: "aceptado",
  reason: null,
  providerRef: "P-1",
  attempts: 0,
  nextAttemptAt: null,
  acceptedAt: "2026-03-01T21:40:05.000Z",
};
const rejectedDoc: Transmission = { ...pending, status: "rechazado", reason: REJECTED.reason, nextAttemptAt: null };

const step = (from: Transmission, outcome: StatusOutcome) => applyOutcome(from, outcome, NOW, LATEST);

describe("backoff", () => {
  it("doubles from one minute and stops at six hours", () => {
    const maxima = [1, 2, 3, 4, 9, 10, 11, 50, 10_000].map((n) => backoffBoundsMs(n).maxMs / MINUTE);
    expect(maxima).toEqual([1, 2, 4, 8, 256, 360, 360, 360, 360]);
    expect(backoffBoundsMs(0)).toEqual(backoffBoundsMs(1)); // nothing tried yet: the first delay
  });

  it("jitter only shortens a delay, by at most JITTER, and the given random picks the point", () => {
    expect(backoffBoundsMs(3)).toEqual({ minMs: 4 * MINUTE * (1 - JITTER), maxMs: 4 * MINUTE });
    expect(nextAttemptAt(3, NOW, () => 0)).toBe(at(4 * MINUTE));
    expect(nextAttemptAt(3, NOW, () => 0.5)).toBe(at(4 * MINUTE * (1 - JITTER / 2)));
    for (let i = 0; i < 200; i++) {
      const attempts = 1 + (i % 12);
      const { minMs, maxMs } = backoffBoundsMs(attempts);
      const delay = Date.parse(nextAttemptAt(attempts, NOW)) - NOW.getTime();
      expect(delay).toBeGreaterThanOrEqual(minMs);
      expect(delay).toBeLessThanOrEqual(maxMs);
    }
  });

  it("flags a document at MAX_ATTEMPTS, the same working day as its first call", () => {
    expect([isUnanswered(MAX_ATTEMPTS - 1), isUnanswered(MAX_ATTEMPTS)]).toEqual([false, true]);
    const waitedMs = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => backoffBoundsMs(i + 1).maxMs).reduce(
      (sum, ms) => sum + ms,
      0,
    );
    expect(waitedMs).toBeLessThanOrEqual(9 * 60 * MINUTE);
    expect(BASE_DELAY_MS).toBe(MINUTE);
    expect(MAX_DELAY_MS).toBe(360 * MINUTE);
  });
});

describe("pendiente", () => {
  it("a new document is to be sent now", () => {
    expect(pending).toEqual({
      status: "pendiente",
      reason: null,
      providerRef: null,
      attempts: 0,
      nextAttemptAt: NOW.toISOString(),
      acceptedAt: null,
    });
  });

  it("→ aceptado when DIAN accepted it", () => {
    expect(step({ ...pending, attempts: 3, reason: RETRY.reason }, ACCEPTED)).toEqual({
      next: acceptedDoc,
      changed: true,
    });
  });

  it("→ enviado when the provider has it, looked up a minute later", () => {
    expect(step(pending, RECEIVED)).toEqual({
      next: { ...pending, status: "enviado", providerRef: "P-1", attempts: 0, nextAttemptAt: at(MINUTE) },
      changed: true,
    });
  });

  it("→ rechazado with the reason, and nothing due", () => {
    expect(step({ ...pending, attempts: 2 }, REJECTED)).toEqual({ next: rejectedDoc, changed: true });
  });

  it("stays on a retry: one attempt more, the reason, and the backoff's next time", () => {
    expect(step({ ...pending, attempts: 2 }, RETRY)).toEqual({
      next: { ...pending, attempts: 3, reason: RETRY.reason, nextAttemptAt: at(4 * MINUTE) },
      changed: true,
    });
  });

  it("after MAX_ATTEMPTS fruitless sends it stays pendiente, flagged 'sin respuesta del proveedor', still tried", () => {
    const before = { ...pending, attempts: MAX_ATTEMPTS - 2 };
    const almost = step(before, RETRY).next;
    expect(needsAttention(almost)).toBe(false);
    const flagged = step(almost, RETRY).next;
    expect(flagged).toMatchObject({ status: "pendiente", attempts: MAX_ATTEMPTS, nextAttemptAt: at(MAX_DELAY_MS) });
    expect(flagged.reason).toBe(`Sin respuesta del proveedor tras ${MAX_ATTEMPTS} intentos. ${RETRY.reason}`);
    expect(needsAttention(flagged)).toBe(true);
    expect(step(flagged, ACCEPTED).next).toEqual(acceptedDoc); // a provider that comes back settles it
  });

  it("an unknown document is still to be sent, as it was", () => {
    expect(step(pending, UNKNOWN)).toEqual({ next: pending, changed: false });
  });

  it("a send that timed out, then a duplicate answered with the first send's acceptance → aceptado", () => {
    const timedOut = step(pending, { kind: "retry", reason: "El proveedor no respondió en 10 s" }).next;
    expect(step(timedOut, ACCEPTED).next).toEqual(acceptedDoc);
  });
});

describe("enviado", () => {
  it("→ aceptado when the look-up says accepted", () => {
    expect(step({ ...sentDoc, attempts: 4 }, ACCEPTED)).toEqual({ next: acceptedDoc, changed: true });
  });

  it("→ rechazado when the look-up says rejected", () => {
    expect(step(sentDoc, REJECTED).next).toEqual({ ...rejectedDoc, providerRef: "P-1" });
  });

  it("stays while DIAN has not answered: one look-up more, backoff, the provider's reference kept", () => {
    expect(step({ ...sentDoc, attempts: 1 }, { kind: "received", providerRef: null })).toEqual({
      next: {
        ...sentDoc,
        attempts: 2,
        reason: "El proveedor tiene el documento; DIAN aún no responde.",
        nextAttemptAt: at(2 * MINUTE),
      },
      changed: true,
    });
  });

  it("stays on a failed look-up, and is flagged after MAX_ATTEMPTS of them", () => {
    expect(step(sentDoc, RETRY).next).toMatchObject({ status: "enviado", attempts: 1, reason: RETRY.reason });
    const flagged = step({ ...sentDoc, attempts: MAX_ATTEMPTS - 1 }, RECEIVED).next;
    expect(flagged.status).toBe("enviado");
    expect(flagged.reason).toMatch(/^Sin respuesta del proveedor tras 10 intentos\./);
    expect(needsAttention(flagged)).toBe(true);
  });

  it("→ pendiente, due now, when the provider no longer knows the document (re-sent with the same CUDE)", () => {
    expect(step({ ...sentDoc, attempts: 3 }, UNKNOWN)).toEqual({
      next: {
        ...sentDoc,
        status: "pendiente",
        attempts: 0,
        reason: "El proveedor no encuentra el documento que había recibido; se enviará de nuevo.",
        nextAttemptAt: NOW.toISOString(),
      },
      changed: true,
    });
  });
});

describe("aceptado is final", () => {
  it.each(ALL.map((outcome) => [outcome.kind, outcome] as const))("a late '%s' changes nothing", (_, outcome) => {
    expect(step(acceptedDoc, outcome)).toEqual({ next: acceptedDoc, changed: false });
  });

  it("a duplicate acceptance keeps the first date and reference", () => {
    const duplicate: StatusOutcome = { kind: "accepted", providerRef: null, at: "2026-03-02T10:00:00.000Z" };
    expect(step(acceptedDoc, duplicate)).toEqual({ next: acceptedDoc, changed: false });
  });
});

describe("rechazado waits for the administrador", () => {
  it.each([RECEIVED, REJECTED, RETRY, UNKNOWN].map((o) => [o.kind, o] as const))("a '%s' changes nothing", (_, o) => {
    expect(step(rejectedDoc, o)).toEqual({ next: rejectedDoc, changed: false });
  });

  it("an acceptance stands over it: DIAN holds the document valid", () => {
    expect(step(rejectedDoc, ACCEPTED)).toEqual({ next: acceptedDoc, changed: true });
  });

  it("needs the administrador's attention", () => {
    expect([needsAttention(rejectedDoc), needsAttention(pending), needsAttention(acceptedDoc)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("the administrador's re-send after fixing the data → pendiente, due now, attempts from zero", () => {
    const later = new Date("2026-03-02T14:00:00.000Z");
    expect(resend({ ...rejectedDoc, providerRef: "P-1", attempts: 2 }, later)).toEqual({
      ...newTransmission(later),
      providerRef: "P-1",
    });
  });

  it.each([pending, sentDoc, acceptedDoc].map((t) => [t.status, t] as const))(
    "a '%s' one cannot be re-sent",
    (_, t) => {
      expect(() => resend(t, NOW)).toThrow(
        expect.objectContaining({ name: "DomainError", kind: "conflict", detail: ONLY_REJECTED_RESENT }),
      );
    },
  );
});
