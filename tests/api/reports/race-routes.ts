// The race cases of the reports routes that change state, or why a route needs none. The race suite of this
// folder runs them (races.test.ts); tests/api/route-coverage.test.ts checks that the contexts' tables
// together name every state-changing route of the app, and nothing else.
import { sql } from "drizzle-orm";
import { DEMO, login } from "../support/helpers";
import { create, type Entry } from "../support/race-cases";
import { centro, companyId, count, P, post, unique } from "../support/race-fixtures";

export const RACE_ROUTES: Record<string, Entry> = {
  "POST /api/v1/admin/admin/reports/sales": { exempt: "reads only (a report with its filters in the body)" },
  "POST /api/v1/boss/boss/locations": create(
    async (h) => post(`${P}/boss/boss/locations`, await login(DEMO.boss), { name: "Local Carrera", type: "local" }, h),
    () => count(sql`SELECT COUNT(*) AS n FROM locations WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/boss/boss/reports/sales/consolidated": { exempt: "reads only (a report with its filters in the body)" },
  "POST /api/v1/boss/boss/administradores": {
    withoutKey: "once",
    prepare: async () => {
      const email = `${unique("jefa-admin")}@demo.horma.co`;
      return {
        send: async (h) =>
          post(
            `${P}/boss/boss/administradores`,
            await login(DEMO.boss),
            { email, password: "Clave123", first_name: "Ada", last_name: "Ríos", location_id: centro },
            h,
          ),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM users WHERE email = ${email}`),
      };
    },
  },
  "PUT /api/v1/boss/boss/administradores/:id/password": {
    exempt: "sets the password to the value given: ten identical calls leave the same password as one",
  },
  "PUT /api/v1/boss/boss/administradores/:id/active": {
    exempt:
      "sets the flag it is given (a repeat answers the same account); the last two administradores deactivated at once is its own case in tests/api/accounts/races.test.ts",
  },
  "POST /api/v1/boss/boss/administradores/:id/unlock": {
    exempt: "clears the account's login-lock row; a repeat finds nothing left to clear",
  },
};
