// The race cases of the platform routes that change state, or why a route needs none. The race suite of this
// folder runs them (races.test.ts); tests/api/route-coverage.test.ts checks that the contexts' tables
// together name every state-changing route of the app, and nothing else.
import { sql } from "drizzle-orm";
import { assert, expect } from "vitest";
import { client, DEMO, login, ok } from "../support/helpers";
import { type Entry, transition } from "../support/race-cases";
import { companyId, newCompany, P, platformCount, post, unique } from "../support/race-fixtures";

export const RACE_ROUTES: Record<string, Entry> = {
  "POST /api/v1/superadmin/setup/first-superadmin": {
    exempt: "refuses once any superuser exists; tests/api/platform/setup-first-superadmin.test.ts",
  },
  "POST /api/v1/superadmin/companies": {
    withoutKey: "once",
    prepare: async () => {
      const subdomain = unique("carrera").replace(/[^a-z0-9]/g, "");
      return {
        send: async (h) =>
          post(
            `${P}/superadmin/companies`,
            await login(DEMO.superuser),
            { name: "Carrera SAS", subdomain, email: "carrera@horma.co", plan_code: "basic" },
            h,
          ),
        effect: () => platformCount(sql`SELECT COUNT(*) AS n FROM companies WHERE subdomain = ${subdomain}`),
      };
    },
  },
  "PUT /api/v1/superadmin/companies/:id": {
    exempt: "sets the fields it is given: ten identical updates leave the same row as one",
  },
  "DELETE /api/v1/superadmin/companies/:id": { exempt: "marks deleted_at; deleting a deleted company is 404" },
  "POST /api/v1/superadmin/companies/:id/suspend": { exempt: "sets the status; a repeat leaves it suspended" },
  "POST /api/v1/superadmin/companies/:id/activate": { exempt: "sets the status; a repeat leaves it active" },
  "POST /api/v1/superadmin/companies/:id/boss": {
    exempt: "sets the company's one boss (creates or updates by e-mail); a repeat leaves the same boss",
  },
  "POST /api/v1/superadmin/companies/:id/administradores": {
    withoutKey: "once",
    prepare: async () => {
      const email = `${unique("primer-admin")}@horma.co`;
      return {
        send: async (h) =>
          post(
            `${P}/superadmin/companies/${companyId}/administradores`,
            await login(DEMO.superuser),
            { email, password: "Clave123", first_name: "Ada", last_name: "Ríos" },
            h,
          ),
        effect: () => platformCount(sql`SELECT COUNT(*) AS n FROM user_directory WHERE email = ${email}`),
      };
    },
  },
  "PUT /api/v1/superadmin/users/:id/password": {
    exempt: "sets the password to the value given: ten identical calls leave the same password as one",
  },
  "PUT /api/v1/superadmin/users/:id/active": {
    exempt:
      "sets the flag it is given (a repeat answers the same account); the last two administradores deactivated at once is its own case in tests/api/accounts/races.test.ts",
  },
  "POST /api/v1/superadmin/users/:id/unlock": {
    exempt: "clears the account's login-lock row; a repeat finds nothing left to clear",
  },
  "POST /api/v1/superadmin/plans": {
    exempt: "plan_code is UNIQUE: a repeat is 409 and nothing doubles",
  },
  // a change that reads the plan it replaces: changes at once are applied one after the other (each
  // records the plan before it) or refused with 409, never two from the same old plan
  "POST /api/v1/superadmin/subscriptions/change": {
    withoutKey: "each",
    prepare: async () => {
      const id = await newCompany();
      return {
        send: async (h) =>
          post(
            `${P}/superadmin/subscriptions/change`,
            await login(DEMO.superuser),
            {
              company_id: id,
              new_plan: "professional",
              new_max_locations: 8,
              new_max_employees: 40,
              new_price_per_location: 90000,
            },
            h,
          ),
        effect: async () => {
          const fromBasic = await platformCount(
            sql`SELECT COUNT(*) AS n FROM subscription_changes WHERE company_id = ${id} AND old_plan = 'basic'`,
          );
          expect(fromBasic).toBeLessThanOrEqual(1);
          return platformCount(sql`SELECT COUNT(*) AS n FROM subscription_changes WHERE company_id = ${id}`);
        },
      };
    },
  },
  // cancelling a scheduled change is a guarded UPDATE from 'scheduled': it happens once
  "POST /api/v1/superadmin/subscriptions/changes/:id/cancel": transition(
    async () => {
      const company = await newCompany();
      const body = await ok(
        client(await login(DEMO.superuser)).superadmin.subscriptions.change.$post({
          json: {
            company_id: company,
            new_plan: "professional",
            new_max_locations: 8,
            new_max_employees: 40,
            new_price_per_location: 90000,
            effective_date: "2099-01-01",
          },
        }),
      );
      assert(body.scheduled, "a change for 2099 is scheduled");
      return body.change.id;
    },
    async (id, h) =>
      post(`${P}/superadmin/subscriptions/changes/${id}/cancel`, await login(DEMO.superuser), undefined, h),
    (id) =>
      platformCount(sql`SELECT COUNT(*) AS n FROM subscription_changes WHERE id = ${id} AND status = 'cancelled'`),
  ),
  "POST /api/v1/superadmin/invoices/generate/:id": transition(
    () => newCompany(),
    async (id, h) => post(`${P}/superadmin/invoices/generate/${id}`, await login(DEMO.superuser), undefined, h),
    (id) => platformCount(sql`SELECT COUNT(*) AS n FROM invoices WHERE company_id = ${id}`),
  ),
  "POST /api/v1/superadmin/invoices/:id/mark-paid": {
    exempt: "a guarded UPDATE from pending: a repeat is 409 'La factura ya está pagada'",
  },
};
