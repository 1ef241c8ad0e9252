import { describe, expect, it } from "vitest";
import {
  canonical,
  decide,
  fingerprintOf,
  isValidKey,
  KEY_TTL_MS,
  keyHolder,
  LOCK_MS,
  type StoredKey,
} from "../../worker/domain/shared/idempotency";

const t0 = new Date("2026-11-23T10:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

function stored(changes: Partial<StoredKey> = {}): StoredKey {
  return {
    userId: 7,
    key: "clave-0001",
    fingerprint: "f1",
    owner: "o1",
    state: "committed",
    status: null,
    body: null,
    createdAt: t0.toISOString(),
    lockedUntil: at(LOCK_MS).toISOString(),
    expiresAt: at(KEY_TTL_MS).toISOString(),
    ...changes,
  };
}

describe("idempotency decisions (for a call whose own write did not take the key)", () => {
  it("replays a finished call with the same body, with its status and body", () => {
    expect(decide(stored({ state: "done", status: 201, body: '{"id":1}' }), "f1", at(1000))).toEqual({
      kind: "replay",
      status: 201,
      body: '{"id":1}',
    });
  });

  it("refuses the same key with another body, finished or still running", () => {
    expect(decide(stored({ state: "done", status: 201, body: "{}" }), "f2", at(1000))).toEqual({ kind: "reused" });
    expect(decide(stored(), "f2", at(1000))).toEqual({ kind: "reused" });
  });

  it("waits while the first call has written but not answered yet", () => {
    expect(decide(stored(), "f1", at(LOCK_MS - 1))).toEqual({ kind: "wait" });
  });

  it("never runs again a call whose write went in without an answer: its outcome is lost", () => {
    expect(decide(stored(), "f1", at(LOCK_MS))).toEqual({ kind: "lost" });
  });

  it("forgets a key after 24 hours: any body may use it again", () => {
    const done = stored({ state: "done", status: 201, body: "{}" });
    expect(decide(done, "f2", at(KEY_TTL_MS - 1))).toEqual({ kind: "reused" });
    expect(decide(done, "f2", at(KEY_TTL_MS))).toEqual({ kind: "free" });
  });

  it("leaves the call's own answer when nobody wrote the key (it wrote nothing, or failed)", () => {
    expect(decide(null, "f1", t0)).toEqual({ kind: "free" });
  });
});

describe("key holders", () => {
  it("carry a fresh owner, a one-minute lock and a 24-hour life", () => {
    const a = keyHolder(7, "clave-0001", "f1", t0);
    const b = keyHolder(7, "clave-0001", "f1", t0);
    expect(a.owner).not.toBe(b.owner);
    expect(a).toMatchObject({
      createdAt: t0.toISOString(),
      lockedUntil: at(LOCK_MS).toISOString(),
      expiresAt: at(KEY_TTL_MS).toISOString(),
    });
  });
});

describe("fingerprints", () => {
  it("do not depend on key order, and leave the idempotency_key field out", () => {
    expect(canonical({ b: 1, a: [{ y: 2, x: 1 }], idempotency_key: "k1" })).toBe(
      canonical({ a: [{ x: 1, y: 2 }], b: 1, idempotency_key: "k2" }),
    );
  });

  it("tell apart what differs: values, arrays' order, types", () => {
    expect(canonical({ a: 1 })).not.toBe(canonical({ a: 2 }));
    expect(canonical({ a: [1, 2] })).not.toBe(canonical({ a: [2, 1] }));
    expect(canonical({ a: "1" })).not.toBe(canonical({ a: 1 }));
  });

  it("include the method and the path with its query", async () => {
    const body = canonical({ a: 1 });
    const base = await fingerprintOf("POST", "/api/v1/sales/create", body);
    expect(await fingerprintOf("post", "/api/v1/sales/create", body)).toBe(base);
    expect(await fingerprintOf("POST", "/api/v1/sales/create?location_id=2", body)).not.toBe(base);
    expect(await fingerprintOf("PUT", "/api/v1/sales/create", body)).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("keys", () => {
  it("are 8 to 100 printable characters", () => {
    expect(isValidKey("1234567")).toBe(false);
    expect(isValidKey("12345678")).toBe(true);
    expect(isValidKey("x".repeat(100))).toBe(true);
    expect(isValidKey("x".repeat(101))).toBe(false);
    expect(isValidKey("clave con espacios")).toBe(false);
    expect(isValidKey(crypto.randomUUID())).toBe(true);
  });
});
