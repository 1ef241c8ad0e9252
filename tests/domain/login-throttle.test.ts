import { describe, expect, it } from "vitest";
import {
  afterFailure,
  LOCK_MS,
  lockRemainingMs,
  MAX_FAILURES,
  tooManyAttemptsMessage,
  WINDOW_MS,
} from "../../worker/domain/login-throttle";

const t0 = new Date("2026-11-22T10:00:00.000Z");
const later = (ms: number) => new Date(t0.getTime() + ms);

describe("login throttle", () => {
  it("locks after MAX_FAILURES failures inside the window", () => {
    let state = null;
    for (let i = 1; i < MAX_FAILURES; i++) {
      state = afterFailure(state, later(i * 1000));
      expect(state.lockedUntil).toBeNull();
      expect(lockRemainingMs(state, later(i * 1000))).toBe(0);
    }
    state = afterFailure(state, later(MAX_FAILURES * 1000));
    expect(state.failures).toBe(MAX_FAILURES);
    expect(lockRemainingMs(state, later(MAX_FAILURES * 1000))).toBe(LOCK_MS);
    expect(lockRemainingMs(state, later(MAX_FAILURES * 1000 + LOCK_MS + 1))).toBe(0);
  });

  it("starts a new window when the old one expired", () => {
    const first = afterFailure(null, t0);
    const afterWindow = afterFailure({ ...first, failures: MAX_FAILURES - 1 }, later(WINDOW_MS + 1));
    expect(afterWindow.failures).toBe(1);
    expect(afterWindow.windowStart).toBe(later(WINDOW_MS + 1).toISOString());
  });

  it("writes the wait in Spanish, singular and plural", () => {
    expect(tooManyAttemptsMessage(30_000)).toBe("Demasiados intentos fallidos. Intenta nuevamente en 1 minuto.");
    expect(tooManyAttemptsMessage(14 * 60_000 + 1)).toBe(
      "Demasiados intentos fallidos. Intenta nuevamente en 15 minutos.",
    );
  });
});
