// Races of the sales routes: the generated cases of this folder's race-routes.ts (ten requests at once,
// with one Idempotency-Key and without), and the conflicts written by hand. What the race suites check,
// and how: tests/api/support/race-cases.ts.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { confirmSale } from "../../../worker/domain/sales/index";
import { brokenInvariants } from "../../../worker/domain/shared/invariants";
import { db } from "../support/helpers";
import { writesAfter } from "../support/interleave";
import { describeRaces, invariantsHold, oneWins, pair, refused, sellerActor } from "../support/race-cases";
import {
  addStock,
  admin,
  centro,
  count,
  discountRequest,
  P,
  post,
  REF,
  raceData,
  returnBody,
  sale,
  seller,
  soldLine,
  unique,
} from "../support/race-fixtures";
import { RACE_ROUTES } from "./race-routes";

// each case walks objects through several calls and checks every invariant after it
vi.setConfig({ testTimeout: 60_000 });

beforeAll(raceData);

describeRaces(RACE_ROUTES);

describe("conflicting transitions of one object, at the same moment", () => {
  it("a refund and an exchange of a sale's last pair: one wins; the pair comes back once", async () => {
    for (let round = 0; round < 4; round++) {
      const line = await soldLine();
      await addStock(REF, centro, "45", 1);
      const token = await seller();
      oneWins(
        await pair(
          () => post(`${P}/sale-returns`, token, returnBody(line), { "Idempotency-Key": unique("devolucion") }),
          () =>
            post(
              `${P}/sale-returns`,
              token,
              returnBody(line, { exchange: { items: [{ sneaker_reference_code: REF, size: "45", quantity: 1 }] } }),
              { "Idempotency-Key": unique("cambio") },
            ),
        ),
      );
      expect(await count(sql`SELECT returned_quantity AS n FROM sale_items WHERE id = ${line.item}`)).toBe(1);
      expect(await brokenInvariants(db())).toEqual({});
    }
  });

  it("confirm and reject of one pending sale: one wins; a confirmed sale keeps its stock out and its rollups", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await sale({ requires_confirmation: true });
      const token = await seller();
      const winner = oneWins(
        await pair(
          () => post(`${P}/sales/confirm`, token, { sale_id: id, confirmed: true }),
          () => post(`${P}/sales/confirm`, token, { sale_id: id, confirmed: false }),
        ),
      );
      const [row] = await db().all<{ status: string; confirmed: number }>(
        sql`SELECT status, confirmed FROM sales WHERE id = ${id}`,
      );
      expect(row).toEqual(winner === 0 ? { status: "completed", confirmed: 1 } : { status: "rejected", confirmed: 0 });
      await invariantsHold();
    }
  });

  it("approve and reject one discount request: one decision", async () => {
    const id = await discountRequest();
    const token = await admin();
    oneWins(
      await pair(
        () => post(`${P}/admin/admin/discount-requests/approve`, token, { discount_request_id: id, approved: true }),
        () => post(`${P}/admin/admin/discount-requests/approve`, token, { discount_request_id: id, approved: false }),
      ),
    );
    await invariantsHold();
  });
});

/**
 * Over HTTP the losing request only sometimes reads before the winner writes; here it always does:
 * the other request runs completely between this one's checks and its write (interleave.ts).
 */
describe("another request gets in between the checks and the write", () => {
  it("a rejection whose sale was confirmed meanwhile puts nothing back and unrolls nothing", async () => {
    const id = await sale({ requires_confirmation: true });
    const actor = await sellerActor();
    const status = await refused(
      confirmSale(
        writesAfter(db(), () => confirmSale(db(), actor, { saleId: id, confirmed: true, notes: null })),
        actor,
        { saleId: id, confirmed: false, notes: null },
      ),
    );
    expect(status).toBe(409);
    await invariantsHold();
  });
});
