import { describe, expect, it } from "vitest";
import { LOCK_MS, lockRemainingMs, tooManyAttemptsMessage } from "../../worker/domain/accounts/login-throttle";

// The counting itself is one SQL statement (countAttempt); tests/api/accounts/auth.test.ts and the race suite
// run it against D1: five attempts then 429, a lapsed window, and a concurrent burst.
const t0 = new Date("2026-11-22T10:00:00.000Z");

describe("login throttle", () => {
  it("says how long a lock still lasts, and nothing once it lapsed or when there is none", () => {
    const state = {
      failures: 6,
      windowStart: t0.toISOString(),
      lockedUntil: new Date(t0.getTime() + LOCK_MS).toISOString(),
    };
    expect(lockRemainingMs(state, t0)).toBe(LOCK_MS);
    expect(lockRemainingMs(state, new Date(t0.getTime() + LOCK_MS + 1))).toBe(0);
    expect(lockRemainingMs({ ...state, lockedUntil: null }, t0)).toBe(0);
    expect(lockRemainingMs(null, t0)).toBe(0);
  });

  it("writes the wait in Spanish, singular and plural", () => {
    expect(tooManyAttemptsMessage(30_000)).toBe("Demasiados intentos fallidos. Intenta nuevamente en 1 minuto.");
    expect(tooManyAttemptsMessage(14 * 60_000 + 1)).toBe(
      "Demasiados intentos fallidos. Intenta nuevamente en 15 minutos.",
    );
  });
});
