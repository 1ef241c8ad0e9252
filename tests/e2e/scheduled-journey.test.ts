// The daily job run the documented way (docs/setup.md) against the local server (`npm start` runs `wrangler dev
// --test-scheduled`): GET /__scheduled dispatches the Cron Trigger, and a subscription change whose date
// has come is applied. Before, the assets router answered the path with the SPA and nothing ran.
import { execFileSync } from "node:child_process";
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("e2eBaseUrl");
const state = inject("e2eState");

async function json<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.body) headers.set("Content-Type", "application/json");
  const res = await fetch(`${baseUrl}${path}`, { ...init, headers });
  const text = await res.text();
  expect(res.ok, `${path}: ${res.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

describe.skipIf(!baseUrl)("the daily job, run locally", () => {
  it("GET /__scheduled applies a subscription change whose date has come", { timeout: 120_000 }, async () => {
    const login = await json<{ access_token: string }>("/api/v1/auth/auth/login-json", {
      method: "POST",
      body: JSON.stringify({ email: "super@horma.co", password: "Horma#2026" }),
    });
    const token = login.access_token;
    const { companies } = await json<{ companies: { id: number; subdomain: string; subscription_plan: string }[] }>(
      "/api/v1/superadmin/companies",
      { token },
    );
    const otra = companies.find((c) => c.subdomain === "otra");
    if (!otra) throw new Error("la empresa 'otra' no está en los datos de demostración");
    const plan = otra.subscription_plan === "enterprise" ? "professional" : "enterprise";
    const tomorrow = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
    const scheduled = await json<{ scheduled: boolean; change: { id: number } }>(
      "/api/v1/superadmin/subscriptions/change",
      {
        method: "POST",
        token,
        headers: { "Idempotency-Key": `cron-local-${Date.now()}` },
        body: JSON.stringify({
          company_id: otra.id,
          new_plan: plan,
          new_max_locations: 20,
          new_max_employees: 60,
          new_price_per_location: 150_000,
          effective_date: tomorrow,
          reason: "Prueba del trabajo diario local",
        }),
      },
    );
    expect(scheduled.scheduled).toBe(true);
    // its date comes: moved to a day already past, straight in the server's local D1
    execFileSync(
      "npx",
      [
        "wrangler",
        "d1",
        "execute",
        "PLATFORM",
        "--local",
        "--persist-to",
        state,
        "--command",
        `UPDATE subscription_changes SET effective_date = '2000-01-01' WHERE id = ${scheduled.change.id}`,
      ],
      { stdio: "pipe" },
    );
    const ran = await fetch(`${baseUrl}/__scheduled?cron=0+5+*+*+*`);
    expect(ran.status).toBe(200);
    expect(await ran.text()).toBe("Ran scheduled event");
    const after = await json<{ companies: { id: number; subscription_plan: string }[] }>(
      "/api/v1/superadmin/companies",
      { token },
    );
    expect(after.companies.find((c) => c.id === otra.id)?.subscription_plan).toBe(plan);
  });
});
