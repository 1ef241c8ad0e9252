import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { sign } from "hono/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEEPER_WITHOUT_WAREHOUSE, SELLER_WITHOUT_STORE } from "../../shared/messages";
import { SUSPENDED_COMPANY } from "../../worker/auth/accounts";
import { accessFor, CREDENTIAL_FAILURES, type CredentialFailure } from "../../worker/auth/policy";
import { companies, ROLES } from "../../worker/db/schema";
import app from "../../worker/index";
import {
  accountRow,
  api,
  client,
  DEMO,
  detailOf,
  legacyUser,
  locationNamed,
  login,
  ok,
  platform,
} from "./support/helpers";

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
    const missing = ROUTES.filter((r) => accessFor(r.path, r.method) === null).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    expect(ROUTES.length).toBeGreaterThan(100);
  });

  it("answers 401 without a token on every protected route", async () => {
    for (const route of ROUTES) {
      const access = accessFor(route.path, route.method);
      if (access === "public" || route.path.endsWith("/transfers/live")) continue;
      const res = await api(concrete(route.path), {
        method: route.method,
        json: route.method === "GET" ? undefined : {},
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  for (const role of ROLES) {
    it(`enforces the policy for ${role}`, { timeout: 240_000 }, async () => {
      const token = await login(LOGIN_OF[role]);
      for (const route of ROUTES) {
        const access = accessFor(route.path, route.method);
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
            expect(detailOf(JSON.parse(text)), label).not.toBe("No tienes permiso para realizar esta acción.");
          }
          expect(res.status, label).toBeLessThan(500);
        } else {
          expect(res.status, label).toBe(403);
        }
      }
    });
  }
});

/**
 * The app's own fetch, for the ~500 calls below: each call through the test harness's `exports.default`
 * costs more than the one before it (in this workerd test runner), so these would add minutes to the file.
 * It is the same Hono app with every middleware; none of these answers reaches a waitUntil.
 */
function direct(path: string, init: { method: string; token?: string; json?: unknown }): Promise<Response> {
  const headers = new Headers();
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  return Promise.resolve(
    app.fetch(
      new Request(`http://horma.test${path}`, { method: init.method, headers, body }),
      env,
      createExecutionContext(),
    ),
  );
}

const NO_SESSION = "Sesión inválida o expirada. Inicia sesión nuevamente.";
const DETAIL: Record<CredentialFailure, string> = {
  expired: NO_SESSION,
  forged: NO_SESSION,
  inactive: NO_SESSION,
  suspended: SUSPENDED_COMPANY,
};

describe("credentials that cannot be used, on every protected route", () => {
  const tokens = {} as Record<CredentialFailure, string>;
  let otraId = 0;

  beforeAll(async () => {
    const now = Math.floor(Date.now() / 1000);
    const admin = await accountRow(DEMO.administrador);
    const superuser = await accountRow(DEMO.superuser);
    const [otra] = await platform().select().from(companies).where(eq(companies.subdomain, "otra"));
    otraId = otra?.id ?? 0;
    // signed with the real secret, but its time is over
    tokens.expired = await sign(
      { sub: admin?.id, role: "administrador", cid: admin?.companyId, iat: now - 7200, exp: now - 60 },
      env.JWT_SECRET,
      "HS256",
    );
    // claims to be the superuser, signed with another secret
    tokens.forged = await sign(
      { sub: superuser?.id, role: "superuser", cid: null, iat: now, exp: now + 600 },
      "not-the-secret-0123456789abcdef0123456789",
      "HS256",
    );

    // a real session of a user the administrador then deactivates (through the API, which forgets the cached account)
    const adminToken = await login(DEMO.administrador);
    const leaving = await ok(
      client(adminToken).admin.admin.users.$post({
        json: {
          email: "se.va@demo.horma.co",
          password: "secreto1",
          first_name: "Se",
          last_name: "Va",
          role: "vendedor",
          location_id: (await locationNamed("Local Centro")).id,
        },
      }),
      201,
    );
    tokens.inactive = await login("se.va@demo.horma.co", "secreto1");
    // the account is in the middleware's cache now
    expect((await api("/api/v1/auth/auth/me", { token: tokens.inactive })).status).toBe(200);
    const off = await api(`/api/v1/admin/admin/users/${leaving.id}`, {
      method: "PUT",
      token: adminToken,
      json: { is_active: false },
    });
    expect(off.status).toBe(200);

    // a real session of a user whose company the platform then suspends (the API forgets the company's accounts)
    tokens.suspended = await login(DEMO.otherAdmin);
    expect((await api("/api/v1/auth/auth/me", { token: tokens.suspended })).status).toBe(200);
    const suspended = await api(`/api/v1/superadmin/companies/${otraId}/suspend`, {
      method: "POST",
      token: await login(DEMO.superuser),
      json: { reason: "Prueba de la matriz de roles" },
    });
    expect(suspended.status).toBe(200);
  });

  afterAll(async () => {
    const res = await api(`/api/v1/superadmin/companies/${otraId}/activate`, {
      method: "POST",
      token: await login(DEMO.superuser),
    });
    expect(res.status).toBe(200);
  });

  for (const failure of CREDENTIAL_FAILURES) {
    it(`${failure.label}: ${failure.status} on every protected route`, { timeout: 240_000 }, async () => {
      const token = tokens[failure.key];
      const wrong: string[] = [];
      let checked = 0;
      for (const route of ROUTES) {
        const access = accessFor(route.path, route.method);
        if (access === "public" || access === null) continue;
        // the live feed takes its token in the query string (browsers cannot set WebSocket headers)
        const live = route.path.endsWith("/transfers/live");
        const res = await direct(`${concrete(route.path)}${live ? `?token=${encodeURIComponent(token)}` : ""}`, {
          method: route.method,
          ...(live ? {} : { token }),
          json: route.method === "GET" ? undefined : {},
        });
        const text = await res.text();
        let detail: unknown;
        try {
          detail = detailOf(JSON.parse(text));
        } catch {
          detail = undefined;
        }
        if (res.status !== failure.status || detail !== DETAIL[failure.key])
          wrong.push(`${route.method} ${route.path} → ${res.status} ${text.slice(0, 120)}`);
        checked++;
      }
      expect(wrong).toEqual([]);
      expect(checked).toBeGreaterThan(100);
    });
  }
});

/**
 * Issue 32 §1: a bodeguero works in one warehouse and a seller in one store. Users from before the rule
 * (no location, or one of the other kind) are refused on every route that is not open to any session,
 * with a detail that says why, never served the whole company.
 */
describe("a bodeguero or a seller without a location of their own, on every route", () => {
  const CASES = [
    { label: "bodeguero sin ubicación", role: "bodeguero", at: null, detail: KEEPER_WITHOUT_WAREHOUSE },
    { label: "vendedor sin ubicación", role: "seller", at: null, detail: SELLER_WITHOUT_STORE },
    { label: "bodeguero en un local", role: "bodeguero", at: "Local Centro", detail: KEEPER_WITHOUT_WAREHOUSE },
    { label: "vendedor en una bodega", role: "seller", at: "Bodega Principal", detail: SELLER_WITHOUT_STORE },
  ] as const;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    for (const [i, c] of CASES.entries())
      tokens.set(c.label, await legacyUser(`sin.alcance.${i}@demo.horma.co`, c.role, c.at));
  });

  for (const c of CASES) {
    it(`${c.label}: 403 on every role-guarded route, its own area saying why`, { timeout: 240_000 }, async () => {
      const token = tokens.get(c.label) ?? "";
      const wrong: string[] = [];
      let scoped = 0;
      for (const route of ROUTES) {
        const access = accessFor(route.path, route.method);
        if (access === "public" || access === "authenticated" || access === null) continue;
        if (route.path.endsWith("/first-superadmin")) continue;
        const res = await direct(concrete(route.path), {
          method: route.method,
          token,
          json: route.method === "GET" ? undefined : {},
        });
        const text = await res.text();
        const mine = access.includes(c.role);
        if (mine) scoped++;
        let detail: unknown;
        try {
          detail = detailOf(JSON.parse(text));
        } catch {
          detail = undefined;
        }
        if (res.status !== 403 || (mine && detail !== c.detail))
          wrong.push(`${route.method} ${route.path} → ${res.status} ${text.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
      expect(scoped).toBeGreaterThan(10);
      // the session itself stays: the SPA can say who they are and why they cannot work
      expect((await direct("/api/v1/auth/auth/me", { method: "GET", token })).status).toBe(200);
      // and the live feed refuses them too
      const live = await direct(`/api/v1/transfers/live?token=${encodeURIComponent(token)}`, { method: "GET" });
      expect(live.status).toBe(403);
      expect(detailOf(await live.json())).toBe(c.detail);
    });
  }
});
