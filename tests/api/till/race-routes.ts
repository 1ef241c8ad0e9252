// The race cases of the till routes that change state, or why a route needs none. The race suite of this
// folder runs them (races.test.ts); tests/api/route-coverage.test.ts checks that the contexts' tables
// together name every state-changing route of the app, and nothing else.
import { sql } from "drizzle-orm";
import { create, type Entry, transition } from "../support/race-cases";
import { centro, closeTills, companyId, count, openTill, P, post, seller } from "../support/race-fixtures";

export const RACE_ROUTES: Record<string, Entry> = {
  "POST /api/v1/cash-sessions/open": {
    withoutKey: "once",
    prepare: async () => {
      await closeTills(centro);
      return {
        send: async (h) => post(`${P}/cash-sessions/open`, await seller(), { opening_float: 50_000 }, h),
        effect: () =>
          count(sql`SELECT COUNT(*) AS n FROM cash_sessions WHERE location_id = ${centro} AND status = 'open'`),
      };
    },
  },
  "POST /api/v1/cash-sessions/:id/movements": {
    withoutKey: "each",
    prepare: async () => {
      const id = await openTill();
      return {
        send: async (h) =>
          post(
            `${P}/cash-sessions/${id}/movements`,
            await seller(),
            { kind: "in", amount: 1_000, reason: "Sencillo" },
            h,
          ),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM cash_movements WHERE session_id = ${id}`),
      };
    },
  },
  "POST /api/v1/cash-sessions/:id/close": transition(
    () => openTill(),
    async (id, h) =>
      post(`${P}/cash-sessions/${id}/close`, await seller(), { counted_cash: 0, note: "Cierre de prueba" }, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM cash_sessions WHERE id = ${id} AND status = 'closed'`),
  ),
  "POST /api/v1/expenses/create": create(
    async (h) => post(`${P}/expenses/create`, await seller(), { concept: "Taxi", amount: 12000 }, h),
    () => count(sql`SELECT COUNT(*) AS n FROM expenses WHERE company_id = ${companyId}`),
  ),
};
