import { describe, expect, it } from "vitest";
import { accessFor } from "../../worker/auth/policy";
import { ROLES } from "../../worker/db/schema";
import app from "../../worker/index";
import { api, DEMO, login } from "./helpers";

const LOGIN_OF = {
  superuser: DEMO.superuser,
  administrador: DEMO.administrador,
  boss: DEMO.boss,
  bodeguero: DEMO.bodeguero,
  seller: DEMO.seller,
  corredor: DEMO.corredor,
} as const;

/** Every handler of the real route table (middleware entries are method ALL). */
const ROUTES = [
  ...new Map(
    app.routes
      .filter((r) => ["GET", "POST", "PUT", "DELETE"].includes(r.method))
      .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
  ).values(),
];

// ids that do not exist: allowed roles get 404/422, never a change to the demo data
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, "999999").replace(/\*$/, "company/1/x.jpg");

describe("role matrix over the real route table", () => {
  it("every route has an access policy", () => {
    const missing = ROUTES.filter((r) => accessFor(r.path) === null).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    expect(ROUTES.length).toBeGreaterThan(100);
  });

  it("answers 401 without a token on every protected route", async () => {
    for (const route of ROUTES) {
      const access = accessFor(route.path);
      if (access === "public" || route.path.endsWith("/transfers/live")) continue;
      const res = await api(concrete(route.path), {
        method: route.method,
        json: route.method === "GET" ? undefined : {},
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  for (const role of ROLES) {
    it(`enforces the policy for ${role}`, { timeout: 60_000 }, async () => {
      const token = await login(LOGIN_OF[role]);
      for (const route of ROUTES) {
        const access = accessFor(route.path);
        if (access === "public" || access === "authenticated" || access === null) continue;
        if (route.path.endsWith("/first-superadmin")) continue;
        const res = await api(concrete(route.path), {
          method: route.method,
          token,
          json: route.method === "GET" ? undefined : {},
        });
        const label = `${role} ${route.method} ${route.path} → ${res.status}`;
        // always read the body: unread responses keep their streams open in the runtime
        const text = await res.text();
        if (access.includes(role)) {
          expect(res.status, label).not.toBe(401);
          // allowed roles may still be refused by the resource (another keeper's warehouse, another courier's transport)
          if (res.status === 403) {
            const body = JSON.parse(text) as { detail: string };
            expect(body.detail, label).not.toBe("No tienes permiso para realizar esta acción.");
          }
          expect(res.status, label).toBeLessThan(500);
        } else {
          expect(res.status, label).toBe(403);
        }
      }
    });
  }
});
