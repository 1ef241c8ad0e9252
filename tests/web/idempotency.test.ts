import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createIdempotencyKeys, newIdempotencyKey, useIdempotencyKeys } from "../../web/src/lib/idempotency";

/** What the server accepts as an Idempotency-Key: 8–100 printable ASCII characters. */
const VALID_KEY = /^[\x21-\x7e]{8,100}$/;

describe("newIdempotencyKey", () => {
  it("makes a valid key, a different one each time", () => {
    const keys = Array.from({ length: 20 }, () => newIdempotencyKey());
    for (const key of keys) expect(key).toMatch(VALID_KEY);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("falls back to random bytes where crypto.randomUUID is missing (not a secure context)", () => {
    const real = globalThis.crypto;
    const getRandomValues = vi.fn((array: Uint8Array) => real.getRandomValues(array));
    vi.stubGlobal("crypto", { getRandomValues }); // vitest puts the real one back after the test
    const [a, b] = [newIdempotencyKey(), newIdempotencyKey()];
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).not.toBe(a);
    expect(getRandomValues).toHaveBeenCalledTimes(2);
  });
});

describe("idempotency keys of a form", () => {
  const counter = () => {
    let n = 0;
    return () => `key-${String(++n).padStart(4, "0")}`;
  };

  it("keeps the key while the same data is sent again (a retry, a double tap)", () => {
    const keys = createIdempotencyKeys(counter());
    const first = keys.keyFor({ amount: 5000, reason: "cliente frecuente" });
    expect(first).toBe("key-0001");
    expect(keys.keyFor({ amount: 5000, reason: "cliente frecuente" })).toBe(first);
  });

  it("gives other data its own key, and the earlier data its earlier key back", () => {
    const keys = createIdempotencyKeys(counter());
    const first = keys.keyFor({ amount: 5000, reason: "cliente" });
    const changed = keys.keyFor({ amount: 6000, reason: "cliente" });
    expect(changed).not.toBe(first);
    expect(keys.keyFor({ amount: 5000, reason: "cliente" })).toBe(first);
    expect(keys.keyFor({ amount: 6000, reason: "cliente" })).toBe(changed);
  });

  it("after a success the same data is a new submission with a new key; other data keeps its key", () => {
    const keys = createIdempotencyKeys(counter());
    const sale = { boxes: 3, price: 450000 };
    const other = { boxes: 2, price: 450000 };
    const first = keys.keyFor(sale);
    const otherKey = keys.keyFor(other);
    keys.renew(sale);
    const second = keys.keyFor(sale);
    expect(second).not.toBe(first);
    expect(keys.keyFor(sale)).toBe(second);
    expect(keys.keyFor(other)).toBe(otherKey);
  });

  it("compares nested values, null and missing fields as the JSON body would carry them", () => {
    const keys = createIdempotencyKeys(counter());
    const key = keys.keyFor({ sizes: [{ size: "40", pairs: [{ location_id: 1, quantity: 2 }] }], notes: null });
    expect(keys.keyFor({ sizes: [{ size: "40", pairs: [{ location_id: 1, quantity: 2 }] }], notes: null })).toBe(key);
    expect(keys.keyFor({ sizes: [{ size: "40", pairs: [{ location_id: 1, quantity: 3 }] }], notes: null })).not.toBe(
      key,
    );
    expect(keys.keyFor({ sizes: [{ size: "40", pairs: [{ location_id: 1, quantity: 2 }] }], notes: "" })).not.toBe(key);
    expect(keys.keyFor(undefined)).toBe(keys.keyFor(null));
  });

  it("tells files apart by which file was chosen, not by name or content", () => {
    const keys = createIdempotencyKeys(counter());
    const receipt = new File(["abc"], "recibo.jpg", { type: "image/jpeg" });
    const sameContent = new File(["abc"], "recibo.jpg", { type: "image/jpeg" });
    const key = keys.keyFor({ concept: "Bolsas", receipt });
    expect(keys.keyFor({ concept: "Bolsas", receipt })).toBe(key);
    expect(keys.keyFor({ concept: "Bolsas", receipt: sameContent })).not.toBe(key);
    expect(keys.keyFor({ concept: "Bolsas", receipt: null })).not.toBe(key);
  });
});

describe("useIdempotencyKeys", () => {
  it("keeps a form's keys across renders, and each form has its own", () => {
    const data = { transfer: 31, quantity: 2 };
    const form = renderHook(() => useIdempotencyKeys());
    const key = form.result.current.keyFor(data);
    expect(key).toMatch(VALID_KEY);
    form.rerender();
    expect(form.result.current.keyFor(data)).toBe(key);

    const otherForm = renderHook(() => useIdempotencyKeys());
    expect(otherForm.result.current.keyFor(data)).not.toBe(key);

    form.result.current.renew(data);
    form.rerender();
    const renewed = form.result.current.keyFor(data);
    expect(renewed).not.toBe(key);
    expect(renewed).toMatch(VALID_KEY);
  });
});
