// Calls the journeys make to the API beside the browser (to set stock up, or to check what a screen did).
import { DEMO_PASSWORD } from "./browser";

/** GET without a body, POST with one (and a fresh Idempotency-Key); a failed call throws with its answer. */
export function apiAt(baseUrl: string) {
  async function call<T>(path: string, token: string | null, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path} → ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }
  /** A demo user's session token. */
  const token = async (email: string) =>
    (await call<{ access_token: string }>("/api/v1/auth/auth/login-json", null, { email, password: DEMO_PASSWORD }))
      .access_token;
  return { call, token };
}

/** A NIT of nine digits from `base` + `seed`, with DIAN's check digit (a supplier of its own per run). */
export function dianNit(base: number, seed: number): string {
  const digits = String(base + (seed % 89_999_999));
  const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41];
  const sum = [...digits].reverse().reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  const r = sum % 11;
  return `${digits}-${r > 1 ? 11 - r : r}`;
}
