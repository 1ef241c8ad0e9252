// The race cases of the accounts routes that change state, or why a route needs none. The race suite of this
// folder runs them (races.test.ts); tests/api/route-coverage.test.ts checks that the contexts' tables
// together name every state-changing route of the app, and nothing else.
import { sql } from "drizzle-orm";
import type { Entry } from "../support/race-cases";
import { admin, centro, count, P, post, unique } from "../support/race-fixtures";

export const RACE_ROUTES: Record<string, Entry> = {
  "PUT /api/v1/auth/auth/pin": {
    exempt:
      "sets the caller's own PIN to the value given (ten identical calls leave the same PIN); wrong passwords go through the login's atomic count",
  },
  "POST /api/v1/admin/admin/users": {
    withoutKey: "once",
    prepare: async () => {
      const email = `${unique("carrera")}@demo.horma.co`;
      return {
        send: async (h) =>
          post(
            `${P}/admin/admin/users`,
            await admin(),
            {
              email,
              password: "Clave123",
              first_name: "Ana",
              last_name: "Ríos",
              role: "vendedor",
              location_id: centro,
            },
            h,
          ),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM users WHERE email = ${email}`),
      };
    },
  },
  "PUT /api/v1/admin/admin/users/:id": {
    exempt: "sets the fields it is given: ten identical updates leave the same row as one",
  },
  "PUT /api/v1/admin/admin/users/:id/password": {
    exempt: "sets the password to the value given: ten identical calls leave the same password as one",
  },
  "POST /api/v1/admin/admin/users/:id/unlock": {
    exempt: "clears the account's login-lock row; a repeat finds nothing left to clear",
  },
  "POST /api/v1/auth/auth/login-json": {
    exempt:
      "covered by its own case in tests/api/accounts/races.test.ts: a burst of wrong passwords is counted atomically",
  },
  "PUT /api/v1/auth/auth/password": {
    exempt:
      "the caller's own password set to the value given (ten identical changes leave the same password); wrong current passwords go through the login's atomic count",
  },
};
