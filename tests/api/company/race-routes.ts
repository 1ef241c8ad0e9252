// The race cases of the company routes that change state, or why a route needs none. The race suite of this
// folder runs them (races.test.ts); tests/api/route-coverage.test.ts checks that the contexts' tables
// together name every state-changing route of the app, and nothing else.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { create, type Entry, transition } from "../support/race-cases";
import { admin, centro, companyId, cost, count, emptyStore, P, paidCost, post } from "../support/race-fixtures";

export const RACE_ROUTES: Record<string, Entry> = {
  "PUT /api/v1/admin/admin/settings": {
    exempt: "sets the receipt data it is given: ten identical edits leave the same row as one",
  },
  "PUT /api/v1/admin/admin/alert-settings": {
    exempt:
      "an upsert of the settings it is given on the company's one row (UNIQUE company_id): ten identical edits leave the same row as one",
  },
  "PUT /api/v1/admin/admin/locations/:id": {
    exempt: "sets the details it is given: ten identical edits leave the same row as one",
  },
  "POST /api/v1/admin/admin/locations/:id/deactivate": transition(
    () => emptyStore(true),
    async (id, h) => post(`${P}/admin/admin/locations/${id}/deactivate`, await admin(), {}, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM locations WHERE id = ${id} AND is_active = 0`),
  ),
  "POST /api/v1/admin/admin/locations/:id/reactivate": transition(
    () => emptyStore(false),
    async (id, h) => post(`${P}/admin/admin/locations/${id}/reactivate`, await admin(), {}, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM locations WHERE id = ${id} AND is_active = 1`),
  ),
  "POST /api/v1/admin/admin/costs": create(
    async (h) =>
      post(
        `${P}/admin/admin/costs`,
        await admin(),
        { location_id: centro, cost_type: "Servicios", amount: 50000, frequency: "mensual", description: "Internet" },
        h,
      ),
    () => count(sql`SELECT COUNT(*) AS n FROM operating_costs WHERE company_id = ${companyId}`),
  ),
  // the due date moves and the payment is logged in one guarded batch: once, and logged once
  "POST /api/v1/admin/admin/costs/:id/pay": {
    withoutKey: "once",
    prepare: async () => {
      const c = await cost();
      return {
        send: async (h) =>
          post(`${P}/admin/admin/costs/${c.id}/pay`, await admin(), { due_date: c.due, payment_method: "pse" }, h),
        effect: async () => {
          const moved = await count(
            sql`SELECT COUNT(*) AS n FROM operating_costs WHERE id = ${c.id} AND end_date <> ${c.due}`,
          );
          const logged = await count(sql`SELECT COUNT(*) AS n FROM cost_payments WHERE cost_id = ${c.id}`);
          expect(logged).toBe(moved);
          return logged;
        },
      };
    },
  },
  // undoing is a guarded batch from a live payment whose cost is still as it left it: once
  "POST /api/v1/admin/admin/costs/:id/payments/:paymentId/undo": {
    withoutKey: "once",
    prepare: async () => {
      const c = await paidCost();
      return {
        send: async (h) =>
          post(`${P}/admin/admin/costs/${c.id}/payments/${c.payment}/undo`, await admin(), { reason: "Error" }, h),
        effect: async () => {
          const undone = await count(
            sql`SELECT COUNT(*) AS n FROM cost_payments WHERE id = ${c.payment} AND undone_at IS NOT NULL`,
          );
          const back = await count(
            sql`SELECT COUNT(*) AS n FROM operating_costs WHERE id = ${c.id} AND end_date = ${c.due}`,
          );
          expect(back).toBe(undone);
          return undone;
        },
      };
    },
  },
};
