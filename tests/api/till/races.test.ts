// Races of the till routes: the generated cases of this folder's race-routes.ts (ten requests at once,
// with one Idempotency-Key and without), and the conflicts written by hand. What the race suites check,
// and how: tests/api/support/race-cases.ts.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { cashSessions } from "../../../worker/db/schema";
import { createSale } from "../../../worker/domain/sales/index";
import { closeSession } from "../../../worker/domain/till/cash-sessions/close";
import { closingExpectations, expectedCashSql } from "../../../worker/domain/till/cash-sessions/figures";
import { db } from "../support/helpers";
import { writesAfter } from "../support/interleave";
import { burst, describeRaces, invariantsHold, N, sellerActor } from "../support/race-cases";
import {
  addStock,
  centro,
  openTill,
  P,
  PRICE,
  post,
  REF,
  raceData,
  SIZE,
  sale,
  saleBody,
  seller,
  succeeds,
  unique,
} from "../support/race-fixtures";
import { RACE_ROUTES } from "./race-routes";

// each case walks objects through several calls and checks every invariant after it
vi.setConfig({ testTimeout: 60_000 });

beforeAll(raceData);

describeRaces(RACE_ROUTES);

/**
 * Over HTTP the losing request only sometimes reads before the winner writes; here it always does:
 * the other request runs completely between this one's checks and its write (interleave.ts).
 */
describe("another request gets in between the checks and the write", () => {
  /** A closed till's expected figures as its close wrote them, and as its records give them now. */
  async function zReport(sessionId: number) {
    const now = closingExpectations(sessionId);
    const [row] = await db().all<Record<string, number | string>>(
      sql`SELECT expected_cash, expected_card, expected_transfer, ${now.expectedCash} AS cash_now,
        ${now.expectedCard} AS card_now, ${now.expectedTransfer} AS transfer_now, closed_at
        FROM cash_sessions WHERE id = ${sessionId} AND status = 'closed'`,
    );
    if (!row) throw new Error("till not closed");
    return {
      recorded: [row.expected_cash, row.expected_card, row.expected_transfer],
      now: [row.cash_now, row.card_now, row.transfer_now],
      closedAt: String(row.closed_at),
    };
  }

  it("a sale made offline while the till was open, sent as it closes: dated after the closing, the Z report holds", async () => {
    const till = await openTill();
    await sale(); // a cash sale the close counts
    const [opened] = await db().select().from(cashSessions).where(eq(cashSessions.id, till));
    const actor = await sellerActor();
    await addStock(REF, centro, SIZE, 1);
    // the sale reads the tills (still open: its sold_at is inside the window), then the till closes
    // before its write batch runs
    const answer = await createSale(
      writesAfter(db(), () =>
        closeSession(db(), actor, till, { counted_cash: 0, note: "Cierre mientras llega una venta" }),
      ),
      actor,
      {
        items: [{ sneaker_reference_code: REF, size: SIZE, quantity: 1, unit_price: PRICE }],
        payments: [{ payment_type: "efectivo", amount: PRICE }],
        totalAmount: PRICE,
        notes: null,
        requiresConfirmation: false,
        discountRequestId: null,
        idempotencyKey: unique("venta-offline"),
        receipt: null,
        customerId: null,
        soldAt: opened?.openedAt ?? "",
      },
    );
    const z = await zReport(till);
    expect(z.now).toEqual(z.recorded);
    expect(answer.sale_date > z.closedAt).toBe(true);
    expect(answer.sale_date).toBe(new Date(Date.parse(z.closedAt) + 1).toISOString());
    await invariantsHold();
  });

  it("sales made offline while the till was open, sent in a burst with its close: each in or after it, the Z report holds", async () => {
    const till = await openTill();
    const [opened] = await db().select().from(cashSessions).where(eq(cashSessions.id, till));
    const soldAt = opened?.openedAt ?? "";
    await addStock(REF, centro, SIZE, N);
    const token = await seller();
    const [close, ...sold] = await Promise.all([
      post(`${P}/cash-sessions/${till}/close`, token, { counted_cash: 0, note: "Cierre en ráfaga" }),
      ...Array.from({ length: N }, () => post(`${P}/sales/create`, token, saleBody({ sold_at: soldAt }))),
    ]);
    expect(close?.status).toBe(200);
    const z = await zReport(till);
    expect(z.now).toEqual(z.recorded);
    for (const res of sold) {
      const text = await res.text();
      expect(res.status, text).toBe(201);
      const date = (JSON.parse(text) as { sale_timestamp: string }).sale_timestamp;
      // counted by the close (dated at its sold_at, before it) or dated after it
      expect(date === soldAt || date > z.closedAt, date).toBe(true);
    }
    await invariantsHold();
  });
});

describe("cash exits under a burst", () => {
  it("ten expenses at once against a drawer that pays three: three 201, seven 409, the drawer at or above zero", async () => {
    const till = await openTill();
    const token = await seller();
    await succeeds(
      await post(`${P}/cash-sessions/${till}/movements`, token, { kind: "in", amount: 30_000, reason: "Base" }),
    );
    const answers = await burst(N, () =>
      post(
        `${P}/expenses/create`,
        token,
        { concept: "Domicilio", amount: 10_000 },
        { "Idempotency-Key": unique("gasto") },
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(N - 3);
    const [drawer] = await db().all<{ expected: number }>(sql`SELECT ${expectedCashSql(till)} AS expected`);
    expect(drawer?.expected).toBe(0);
    await invariantsHold();
  });
});
