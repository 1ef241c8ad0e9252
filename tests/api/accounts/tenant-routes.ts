// Tenant isolation of the accounts routes: each route's cases (a company-B user aims at company A's objects),
// or why it needs none. The tenant-isolation suite of this folder runs them; tests/api/route-coverage.test.ts
// checks that the contexts' tables together classify every route of the app, and nothing else.
import { A, B, type Entry, foreign, get, OK, P, post, scoped, unique } from "../support/tenant-cases";

export const TENANT_ROUTES: Record<string, Entry> = {
  "POST /api/v1/auth/auth/login-json": { exempt: "public login: answers only the account whose password is given" },
  "GET /api/v1/auth/auth/me": [scoped("reads its own account", () => get(`${P}/auth/auth/me`))],
  "PUT /api/v1/auth/auth/password": {
    exempt: "changes only the caller's own password (no id in the request), after checking the current one",
  },
  "PUT /api/v1/auth/auth/pin": {
    exempt: "sets only the caller's own authorisation PIN (no id in the request), after checking the password",
  },
  "POST /api/v1/admin/admin/users": [
    foreign("creates a user at an A location", () =>
      post(`${P}/admin/admin/users`, {
        email: `intruso-${unique()}@otra.horma.co`,
        password: "secreto1",
        first_name: "Intruso",
        last_name: "Otra",
        role: "vendedor",
        location_id: A.centro,
      }),
    ),
  ],
  "GET /api/v1/admin/admin/users": [
    scoped("lists its staff", () => get(`${P}/admin/admin/users`), OK, "users"),
    scoped(
      "filters its staff by an A location",
      () => get(`${P}/admin/admin/users?location_id=${A.centro}`),
      OK,
      "users",
    ),
  ],
  "PUT /api/v1/admin/admin/users/:id": [
    foreign("edits and deactivates an A user", () => ({
      method: "PUT",
      path: `${P}/admin/admin/users/${A.secretUser}`,
      json: { first_name: "Hackeada", is_active: false },
    })),
    foreign("moves an A user to a B location", () => ({
      method: "PUT",
      path: `${P}/admin/admin/users/${A.secretUser}`,
      json: { location_id: B.store },
    })),
    foreign("moves its own user to an A location", () => ({
      method: "PUT",
      path: `${P}/admin/admin/users/${B.seller}`,
      json: { location_id: A.centro },
    })),
  ],
  "PUT /api/v1/admin/admin/users/:id/password": [
    foreign("sets an A user's password", () => ({
      method: "PUT",
      path: `${P}/admin/admin/users/${A.secretUser}/password`,
      json: { password: "robada123" },
    })),
  ],
  "POST /api/v1/admin/admin/users/:id/unlock": [
    foreign("unlocks an A user", () => post(`${P}/admin/admin/users/${A.secretUser}/unlock`)),
  ],
};
