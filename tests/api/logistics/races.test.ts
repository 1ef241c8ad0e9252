// Races of the logistics routes: the generated cases of this folder's race-routes.ts (ten requests at once,
// with one Idempotency-Key and without), and the conflicts written by hand. What the race suites check,
// and how: tests/api/support/race-cases.ts.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createReturn } from "../../../worker/domain/logistics/transfer-ops";
import { createSaleFromTransfer } from "../../../worker/domain/sales/index";
import { db } from "../support/helpers";
import { writesAfter } from "../support/interleave";
import {
  describeRaces,
  invariantsHold,
  oneWins,
  pair,
  refused,
  returnInput,
  saleInput,
  sellerActor,
} from "../support/race-cases";
import {
  admin,
  companyId,
  count,
  courier,
  firstLineOf,
  keeper,
  movements,
  orderAt,
  orderLinesIn,
  P,
  PRICE,
  post,
  principal,
  REF,
  raceData,
  SIZE,
  seller,
  statusOf,
  succeeds,
  transferAt,
  undelivered,
} from "../support/race-fixtures";
import { RACE_ROUTES } from "./race-routes";

// each case walks objects through several calls and checks every invariant after it
vi.setConfig({ testTimeout: 60_000 });

beforeAll(raceData);

describeRaces(RACE_ROUTES);

describe("conflicting transitions of one object, at the same moment", () => {
  it("accept and decline of one pending request: one wins; a declined request reserves nothing", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await transferAt("pending");
      const token = await keeper();
      const winner = oneWins(
        await pair(
          () => post(`${P}/warehouse/accept-request`, token, { transfer_request_id: id }),
          () =>
            post(`${P}/warehouse/accept-request`, token, { transfer_request_id: id, accepted: false, reason: "No" }),
        ),
      );
      expect((await statusOf(id))?.status).toBe(winner === 0 ? "accepted" : "cancelled");
      await invariantsHold();
    }
  });

  it("two returns of one completed transfer: one return, the store's other pairs stay", async () => {
    const id = await transferAt("completed");
    const token = await seller();
    const send = () =>
      post(`${P}/transfers/create-return`, token, { original_transfer_id: id, pickup_type: "corredor" });
    oneWins(await pair(send, send));
    expect(await count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE original_transfer_id = ${id}`)).toBe(1);
    await invariantsHold();
  });

  it("sell and return the same transferred pair at once: one of them", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await transferAt("completed");
      const token = await seller();
      oneWins(
        await pair(
          () =>
            post(`${P}/sales/create-from-transfer`, token, {
              transfer_id: id,
              total_amount: PRICE,
              payment_methods: [{ payment_type: "efectivo", amount: PRICE }],
            }),
          () => post(`${P}/returns/request`, token, { original_transfer_id: id, pickup_type: "corredor" }),
        ),
      );
      await invariantsHold();
    }
  });

  it("sell, then return the same pair (and the other way round): the second is 409", async () => {
    const token = await seller();
    const sold = await transferAt("completed");
    await succeeds(
      await post(`${P}/sales/create-from-transfer`, token, {
        transfer_id: sold,
        total_amount: PRICE,
        payment_methods: [{ payment_type: "efectivo", amount: PRICE }],
      }),
    );
    const returnAfterSale = await post(`${P}/returns/request`, token, {
      original_transfer_id: sold,
      pickup_type: "corredor",
    });
    expect(returnAfterSale.status).toBe(409);
    const returned = await transferAt("completed");
    await succeeds(
      await post(`${P}/returns/request`, token, { original_transfer_id: returned, pickup_type: "corredor" }),
    );
    const saleAfterReturn = await post(`${P}/sales/create-from-transfer`, token, {
      transfer_id: returned,
      total_amount: PRICE,
      payment_methods: [{ payment_type: "efectivo", amount: PRICE }],
    });
    expect(saleAfterReturn.status).toBe(409);
    await invariantsHold();
  });

  it("the keeper accepts while the seller cancels: one wins, and a cancelled request reserves nothing", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await transferAt("pending");
      const [accept, cancel] = await pair(
        async () => post(`${P}/warehouse/accept-request`, await keeper(), { transfer_request_id: id }),
        async () => post(`${P}/vendor/cancel-transfer/${id}`, await seller(), {}),
      );
      // cancelled first: the acceptance finds it cancelled (409); accepted first: cancelling it now takes
      // a reason, which this one did not give (422), and the reservation stands
      if (accept?.status === 200) expect(cancel?.status, cancel?.body).toBe(422);
      else oneWins([accept, cancel].filter((a) => a !== undefined));
      expect((await statusOf(id))?.status).toBe(accept?.status === 200 ? "accepted" : "cancelled");
      await invariantsHold();
    }
  });

  /** Pairs of REF reserved at Bodega Principal (what accepted requests hold there). */
  const reservedAtPrincipal = () =>
    count(
      sql`SELECT reserved_pairs AS n FROM inventory WHERE location_id = ${principal} AND size = ${SIZE} AND product_id = (SELECT id FROM products WHERE company_id = ${companyId} AND reference_code = ${REF})`,
    );

  it("the keeper and the requester cancel one accepted request at once: one wins, the reservation is freed once", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await transferAt("accepted");
      const reserved = await reservedAtPrincipal();
      oneWins(
        await pair(
          async () => post(`${P}/warehouse/cancel-accepted/${id}`, await keeper(), { reason: "Sin pares" }),
          async () => post(`${P}/vendor/cancel-transfer/${id}`, await seller(), { cancellation_reason: "Ya no" }),
        ),
      );
      expect((await statusOf(id))?.status).toBe("cancelled");
      expect(await reservedAtPrincipal()).toBe(reserved - 1);
      await invariantsHold();
    }
  });

  it("a cancel while the keeper hands the pairs to the seller who came: one wins; stock leaves once or stays free", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await transferAt("accepted", "vendedor");
      const reserved = await reservedAtPrincipal();
      const winner = oneWins(
        await pair(
          async () => post(`${P}/warehouse/cancel-accepted/${id}`, await keeper(), { reason: "Sin pares" }),
          async () => post(`${P}/warehouse/deliver-to-vendor/${id}`, await keeper(), {}),
        ),
      );
      expect((await statusOf(id))?.status).toBe(winner === 0 ? "cancelled" : "delivered");
      expect(await movements(id, "'transfer_out'")).toBe(winner === 0 ? 0 : 1);
      expect(await reservedAtPrincipal()).toBe(reserved - 1);
      await invariantsHold();
    }
  });

  it("the requester cancels while the courier confirms the pickup (or the keeper hands over): one wins", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await transferAt("courier_assigned");
      const handOver =
        round % 2 === 0
          ? async () => post(`${P}/courier/confirm-pickup/${id}`, await courier(), {})
          : async () => post(`${P}/warehouse/deliver-to-courier`, await keeper(), { transfer_request_id: id });
      const reserved = await reservedAtPrincipal();
      const winner = oneWins(
        await pair(
          async () => post(`${P}/vendor/cancel-transfer/${id}`, await seller(), { cancellation_reason: "Ya no" }),
          handOver,
        ),
      );
      expect((await statusOf(id))?.status).toBe(winner === 0 ? "cancelled" : "in_transit");
      expect(await movements(id, "'transfer_out'")).toBe(winner === 0 ? 0 : 1);
      expect(await reservedAtPrincipal()).toBe(reserved - 1);
      await invariantsHold();
    }
  });

  it("the courier reports a delivery both done and failed: a failure is recorded only while in transit; a late 'failed' cannot flip a delivered transfer", async () => {
    const id = await transferAt("in_transit");
    const token = await courier();
    const [done, failed] = await pair(
      () => post(`${P}/courier/confirm-delivery/${id}?delivery_successful=true`, token),
      () => post(`${P}/courier/confirm-delivery/${id}?delivery_successful=false`, token),
    );
    // either order is a real sequence: failed then delivered (both 200), or delivered then a refused failure
    expect(done?.status, done?.body).toBe(200);
    expect([200, 409]).toContain(failed?.status);
    expect(await statusOf(id)).toEqual({ status: "delivered", ok: true });
    const delivered = await transferAt("delivered");
    const late = await post(`${P}/courier/confirm-delivery/${delivered}?delivery_successful=false`, token);
    expect(late.status).toBe(409);
    expect(await statusOf(delivered)).toEqual({ status: "delivered", ok: true });
    await invariantsHold();
  });

  it("the courier delivers and takes back one transfer at once: one of them; the pair comes back to the source at most once", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await undelivered("failed");
      const token = await courier();
      const winner = oneWins(
        await pair(
          () => post(`${P}/courier/confirm-delivery/${id}?delivery_successful=true`, token),
          () => post(`${P}/courier/return-to-origin/${id}`, token, {}),
        ),
      );
      expect((await statusOf(id))?.status).toBe(winner === 0 ? "delivered" : "returning_to_origin");
      if (winner === 1) {
        const [a, b] = await pair(
          () => post(`${P}/courier/confirm-origin-return/${id}`, token, {}),
          () => post(`${P}/courier/confirm-origin-return/${id}`, token, {}),
        );
        expect([a?.status, b?.status].sort()).toEqual([200, 409]);
      }
      expect(await movements(id, "'transfer_back'")).toBe(winner === 0 ? 0 : 1);
      // the failed attempt is kept whichever won
      expect(
        await count(sql`SELECT COUNT(*) AS n FROM delivery_attempts WHERE transfer_id = ${id} AND outcome = 'failed'`),
      ).toBe(1);
      await invariantsHold();
    }
  });
});

/**
 * Over HTTP the losing request only sometimes reads before the winner writes; here it always does:
 * the other request runs completely between this one's checks and its write (interleave.ts).
 */
describe("restock orders: two changes of one order at the same moment", () => {
  it("the keeper hands the package over while a line is taken out of it: one wins; the lines leave together or not at all", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await orderAt("picked", "vendedor");
      const line = await firstLineOf(id);
      const [handOver, unpick] = await pair(
        async () => post(`${P}/transfer-orders/${id}/actions`, await keeper(), { action: "deliver_to_vendor" }),
        async () => post(`${P}/transfer-orders/${id}/lines/${line}/pick`, await keeper(), { picked: false }),
      );
      oneWins([handOver, unpick].filter((a) => a !== undefined));
      const delivered = await orderLinesIn(id, "delivered");
      expect(delivered).toBe(handOver?.status === 200 ? 2 : 0);
      await invariantsHold();
    }
  });

  it("two couriers take one order at once: one of them carries every line", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await orderAt("picked");
      const [a, b] = await pair(
        async () => post(`${P}/transfer-orders/${id}/actions`, await courier(), { action: "courier_accept" }),
        async () => post(`${P}/transfer-orders/${id}/actions`, await admin(), { action: "courier_accept" }),
      );
      oneWins([a, b].filter((x) => x !== undefined));
      expect(
        await count(sql`SELECT COUNT(DISTINCT courier_id) AS n FROM transfer_requests WHERE order_id = ${id}`),
      ).toBe(1);
      expect(await orderLinesIn(id, "courier_assigned")).toBe(2);
      await invariantsHold();
    }
  });
});

describe("another request gets in between the checks and the write", () => {
  it("a second return of a transfer written meanwhile is refused", async () => {
    const original = await transferAt("completed");
    const actor = await sellerActor();
    const status = await refused(
      createReturn(
        writesAfter(db(), () => createReturn(db(), actor, returnInput(original))),
        actor,
        returnInput(original),
      ),
    );
    expect(status).toBe(409);
    expect(await count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE original_transfer_id = ${original}`)).toBe(
      1,
    );
    await invariantsHold();
  });

  it("a sale of a transfer returned meanwhile is refused, and a return of one sold meanwhile", async () => {
    const actor = await sellerActor();
    const first = await transferAt("completed");
    expect(
      await refused(
        createSaleFromTransfer(
          writesAfter(db(), () => createReturn(db(), actor, returnInput(first))),
          actor,
          saleInput(first),
        ),
      ),
    ).toBe(409);
    const second = await transferAt("completed");
    expect(
      await refused(
        createReturn(
          writesAfter(db(), () => createSaleFromTransfer(db(), actor, saleInput(second))),
          actor,
          returnInput(second),
        ),
      ),
    ).toBe(409);
    await invariantsHold();
  });
});
