import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accessFor } from "../../worker/auth/policy";
import app from "../../worker/index";
import { api, DEMO, db, detailOf, login } from "./support/helpers";

const ROUTES = [
  ...new Map(
    app.routes
      .filter((r) => ["GET", "POST", "PUT", "DELETE"].includes(r.method))
      .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
  ).values(),
].filter((r) => !r.path.endsWith("/transfers/live") && !r.path.endsWith("/first-superadmin"));

const EMAIL_FOR_ROLE = {
  superuser: DEMO.superuser,
  administrador: DEMO.administrador,
  boss: DEMO.boss,
  bodeguero: DEMO.bodeguero,
  seller: DEMO.seller,
  corredor: DEMO.corredor,
} as const;

/** Row counts of every table: an error answer must leave all of them as they were. */
async function dump() {
  const tables = await db().all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' AND name <> 'login_attempts'`,
  );
  // one SELECT of scalar subqueries (D1 caps compound SELECTs)
  const parts = tables.map(
    (t) => `(SELECT COUNT(*) || ':' || COALESCE(SUM(rowid), 0) FROM "${t.name}") AS "${t.name}"`,
  );
  return JSON.stringify(await db().all(sql.raw(`SELECT ${parts.join(", ")}`)));
}

const ENGLISH = /\b(Invalid|undefined|TypeError|Cannot read|is not a function|Unexpected token|SQLITE|D1_ERROR)\b/;

const pathId = fc.oneof(
  fc.constantFrom("0", "-1", "1.5", "abc", "99999999999999", "%00", "1;DROP", "999999"),
  fc.string({ maxLength: 12 }),
);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({
    email: fc.string(),
    password: fc.string(),
    amount: fc.oneof(fc.double(), fc.string()),
    items: fc.jsonValue({ maxDepth: 2 }),
  }),
  fc.string({ maxLength: 50 }),
);
const query = fc.dictionary(
  fc.constantFrom(
    "start_date",
    "end_date",
    "limit",
    "skip",
    "status",
    "role",
    "company_id",
    "location_id",
    "year",
    "month",
    "since",
    "category",
    "purpose",
    "target_date",
  ),
  fc.string({ maxLength: 12 }),
  { maxKeys: 3 },
);

describe("random and malformed input on every route", () => {
  it("never answers 500, always a Spanish detail, and an error leaves the database unchanged", {
    timeout: 240_000,
  }, async () => {
    const tokens = new Map<string, string>();
    for (const [role, email] of Object.entries(EMAIL_FOR_ROLE)) tokens.set(role, await login(email));
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        pathId,
        body,
        query,
        fc.boolean(),
        async (route, id, payload, q, rawString) => {
          const access = accessFor(route.path, route.method);
          const role =
            access === "public" || access === "authenticated" || access === null
              ? "seller"
              : (access.find((r) => r !== "superuser") ?? "superuser");
          const token = tokens.get(role);
          const path = route.path
            .replace(/:[A-Za-z]+/g, encodeURIComponent(id))
            .replace(/\*$/, `company/1/${encodeURIComponent(id)}`);
          const search = new URLSearchParams(q).toString();
          const url = `${path}${search ? `?${search}` : ""}`;
          const before = await dump();
          const init =
            route.method === "GET" || route.method === "DELETE"
              ? { method: route.method, token }
              : rawString
                ? {
                    method: route.method,
                    token,
                    body: typeof payload === "string" ? payload : JSON.stringify(payload).slice(0, -1),
                    headers: { "Content-Type": "application/json" },
                  }
                : { method: route.method, token, json: payload };
          const res = await api(url, init);
          const text = await res.text();
          const label = `${route.method} ${url} → ${res.status} ${text.slice(0, 120)}`;
          if (res.status >= 500) failures.push(label);
          if (res.status >= 400) {
            let detail: unknown;
            try {
              detail = detailOf(JSON.parse(text));
            } catch {
              detail = undefined;
            }
            if (typeof detail !== "string" || detail.length === 0 || ENGLISH.test(detail))
              failures.push(`sin detalle en español: ${label}`);
            if (res.status !== 429 && (await dump()) !== before) failures.push(`cambió la base de datos: ${label}`);
          }
          return true;
        },
      ),
      { numRuns: 500, seed: 20261122 },
    );
    expect(failures).toEqual([]);
  });
});
