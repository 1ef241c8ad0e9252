// Tenant isolation of the till routes: each route's cases (a company-B user aims at company A's objects),
// or why it needs none. The tenant-isolation suite of this folder runs them; tests/api/route-coverage.test.ts
// checks that the contexts' tables together classify every route of the app, and nothing else.
import { A, atB, CREATED, type Entry, foreign, get, OK, P, post, scoped } from "../support/tenant-cases";

export const TENANT_ROUTES: Record<string, Entry> = {
  "GET /api/v1/cash-sessions/current": [
    scoped("reads its own store's till", (actor) => get(`${P}/cash-sessions/current${atB(actor)}`)),
  ],
  "POST /api/v1/cash-sessions/open": [
    // a seller always acts at their own store: the A location named is ignored, the till opened is B's
    foreign(
      "opens the till of an A store",
      () => post(`${P}/cash-sessions/open?location_id=${A.centro}`, { opening_float: 1 }),
      { statusFor: { seller: [201, 409] } },
    ),
  ],
  "POST /api/v1/cash-sessions/:id/movements": [
    foreign("takes cash out of an A till", (actor) =>
      post(`${P}/cash-sessions/${A.till}/movements${atB(actor)}`, { kind: "out", amount: 1, reason: "x" }),
    ),
  ],
  "POST /api/v1/cash-sessions/:id/close": [
    foreign("closes an A till", (actor) =>
      post(`${P}/cash-sessions/${A.till}/close${atB(actor)}`, { counted_cash: 0, note: "x" }),
    ),
  ],
  "GET /api/v1/cash-sessions": [
    scoped("lists its own tills", () => get(`${P}/cash-sessions`)),
    scoped("filters by an A store", () => get(`${P}/cash-sessions?location_id=${A.centro}`)),
  ],
  "GET /api/v1/cash-sessions/:id": [foreign("reads an A till", () => get(`${P}/cash-sessions/${A.till}`))],
  "POST /api/v1/expenses/create": [
    scoped("records its own expense", () => post(`${P}/expenses/create`, { concept: "Cinta", amount: 1200 }), CREATED),
    scoped(
      "replays A's idempotency key",
      () => ({
        ...post(`${P}/expenses/create`, { concept: "Cinta", amount: 1300 }),
        headers: { "Idempotency-Key": A.expenseKey },
      }),
      [200, 201, 409],
    ),
  ],
  "GET /api/v1/expenses/today": [scoped("lists its expenses", () => get(`${P}/expenses/today`), OK, "expenses")],
};
