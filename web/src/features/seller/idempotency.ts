/**
 * A fresh Idempotency-Key. crypto.randomUUID exists only in secure contexts (https, localhost); a
 * phone opening the dev server by LAN address is not one, so fall back to random bytes.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
