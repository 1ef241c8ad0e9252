// Races of the company routes: the generated cases of this folder's race-routes.ts (ten requests at once,
// with one Idempotency-Key and without), and the conflicts written by hand. What the race suites check,
// and how: tests/api/support/race-cases.ts.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "../support/helpers";
import { describeRaces, invariantsHold, oneWins, pair } from "../support/race-cases";
import { admin, cost, count, P, paidCost, post, raceData } from "../support/race-fixtures";
import { RACE_ROUTES } from "./race-routes";

// each case walks objects through several calls and checks every invariant after it
vi.setConfig({ testTimeout: 60_000 });

beforeAll(raceData);

describeRaces(RACE_ROUTES);

describe("conflicting transitions of one object, at the same moment", () => {
  it("two payments of one cost period: the due date moves one period", async () => {
    const c = await cost();
    const token = await admin();
    const pay = () => post(`${P}/admin/admin/costs/${c.id}/pay`, token, { due_date: c.due, payment_method: "pse" });
    oneWins(await pair(pay, pay));
    expect(
      await count(sql`SELECT COUNT(*) AS n FROM operating_costs WHERE id = ${c.id} AND end_date = '2026-12-30'`),
    ).toBe(1);
    // a retry after a timeout (same period named) does not move it again
    expect((await pay()).status).toBe(409);
    expect(await count(sql`SELECT COUNT(*) AS n FROM cost_payments WHERE cost_id = ${c.id}`)).toBe(1);
    await invariantsHold();
  });

  it("undoing a payment while the next period is paid: one of them; the cost and its log agree", async () => {
    for (let round = 0; round < 3; round++) {
      const c = await paidCost();
      const token = await admin();
      const undo = () => post(`${P}/admin/admin/costs/${c.id}/payments/${c.payment}/undo`, token, {});
      const payNext = () =>
        post(`${P}/admin/admin/costs/${c.id}/pay`, token, { due_date: "2026-12-30", payment_method: "efectivo" });
      const winner = oneWins(await pair(undo, payNext));
      const [row] = await db().all<{ end_date: string; live: number; undone: number }>(
        sql`SELECT end_date,
              (SELECT COUNT(*) FROM cost_payments WHERE cost_id = ${c.id} AND undone_at IS NULL) AS live,
              (SELECT COUNT(*) FROM cost_payments WHERE cost_id = ${c.id} AND undone_at IS NOT NULL) AS undone
            FROM operating_costs WHERE id = ${c.id}`,
      );
      // undo won: back to the first due date, no live payment; the payment won: two periods paid, none undone
      expect(row).toEqual(
        winner === 0 ? { end_date: c.due, live: 0, undone: 1 } : { end_date: "2027-01-30", live: 2, undone: 0 },
      );
    }
    await invariantsHold();
  });
});
