// Restock orders (issue 37): many lines from a warehouse to a store, picked, handed over as one package and
// received line by line, each line a transfer with its reservation and ledger rows.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { locations, stockDiscrepancies, transferRequests, users } from "../../../worker/db/schema";
import { ledgerMismatches } from "../../../worker/domain/stock/ledger";
import {
  api,
  client,
  DEMO,
  db,
  expectDenied,
  expectError,
  inventoryCell,
  login,
  ok,
  setPairs,
} from "../support/helpers";

let principal = 0;
let centro = 0;
let companyId = 0;
const REF = "CONVERSE-01";
const SIZES = ["36", "37", "38", "39", "40"];

const orders = (token: string) => client(token)["transfer-orders"];

async function act(token: string, id: number, json: Record<string, unknown>) {
  return api(`/api/v1/transfer-orders/${id}/actions`, { method: "POST", token, json });
}
async function pick(token: string, id: number, lineId: number, json: Record<string, unknown> = {}) {
  return api(`/api/v1/transfer-orders/${id}/lines/${lineId}/pick`, { method: "POST", token, json });
}

beforeAll(async () => {
  principal = (await db().select().from(locations).where(eq(locations.name, "Bodega Principal")))[0]?.id ?? 0;
  centro = (await db().select().from(locations).where(eq(locations.name, "Local Centro")))[0]?.id ?? 0;
  companyId = (await db().select().from(users).where(eq(users.email, DEMO.seller)))[0]?.companyId ?? 0;
});

/** Five lines of one reference, two pairs each, with the warehouse holding three free pairs of each size. */
async function fiveLineOrder(pickup: "corredor" | "vendedor" = "corredor") {
  for (const size of SIZES) {
    const { reservedPairs } = await inventoryCell(REF, principal, size);
    await setPairs(companyId, REF, principal, size, reservedPairs + 3);
  }
  const admin = await login(DEMO.administrador);
  return ok(
    orders(admin).$post({
      json: {
        source_location_id: principal,
        destination_location_id: centro,
        pickup_type: pickup,
        notes: "Reposición semanal",
        lines: SIZES.map((size) => ({ sneaker_reference_code: REF, size, quantity: 2 })),
      },
    }),
    201,
  );
}

describe("a restock order of five lines, prepared and received with one line short", () => {
  it("reserves, picks, hands over as one package and receives line by line through the ledger", async () => {
    const created = await fiveLineOrder();
    const id = created.order.id;
    expect(created.order).toMatchObject({ status: "pending", lines_count: 5, units: 10, picked_count: 0 });
    const storeBefore = await Promise.all(SIZES.map((s) => inventoryCell(REF, centro, s)));

    const keeper = await login(DEMO.bodeguero);
    const accepted = await act(keeper, id, { action: "accept" });
    expect(accepted.status).toBe(200);
    for (const size of SIZES)
      expect(await inventoryCell(REF, principal, size)).toMatchObject({ pairs: 3, reservedPairs: 2 });

    const courier = await login(DEMO.corredor);
    expect((await act(courier, id, { action: "courier_accept" })).status).toBe(200);

    // the package leaves only when every line is in it
    await expectError(await act(keeper, id, { action: "deliver_to_courier" }), 409, /Falta alistar/);
    const lines = created.order.lines;
    await expectError(await pick(keeper, id, lines[0]?.id ?? 0, { code: "NO-ES-ESTE" }), 422, /no es de/);
    for (const line of lines) expect((await pick(keeper, id, line.id)).status).toBe(200);
    await expectError(await pick(keeper, id, lines[0]?.id ?? 0), 409, "Esta línea ya está alistada");

    expect((await act(keeper, id, { action: "deliver_to_courier" })).status).toBe(200);
    for (const size of SIZES)
      expect(await inventoryCell(REF, principal, size)).toMatchObject({ pairs: 1, reservedPairs: 0 });
    expect((await act(courier, id, { action: "confirm_delivery" })).status).toBe(200);

    const seller = await login(DEMO.seller);
    const short = lines[2]?.id ?? 0;
    const received = await act(seller, id, {
      action: "confirm_reception",
      lines: [{ transfer_id: short, received_quantity: 1 }],
    });
    expect(received.status).toBe(200);
    const { order } = (await received.json()) as {
      order: { status: string; lines: { id: number; received_quantity: number }[] };
    };
    expect(order.status).toBe("completed");
    expect(order.lines.find((l) => l.id === short)?.received_quantity).toBe(1);
    const storeAfter = await Promise.all(SIZES.map((s) => inventoryCell(REF, centro, s)));
    expect(storeAfter.map((c, i) => c.pairs - (storeBefore[i]?.pairs ?? 0))).toEqual([2, 2, 1, 2, 2]);
    const held = await db().select().from(stockDiscrepancies).where(eq(stockDiscrepancies.transferId, short));
    expect(held).toMatchObject([{ kind: "short", quantity: 1 }]);
    expect(await ledgerMismatches(db())).toEqual([]);

    // one package is one delivery in the courier's pay, however many lines it carried
    const [trip] = await db().all<{ n: number }>(
      sql`SELECT COUNT(DISTINCT COALESCE('o' || order_id, 't' || id)) AS n FROM transfer_requests WHERE order_id = ${id}`,
    );
    expect(trip?.n).toBe(1);
  });

  it("a seller who comes for the package takes it and receives it; a line the keeper cannot find is cancelled apart", async () => {
    const created = await fiveLineOrder("vendedor");
    const id = created.order.id;
    const keeper = await login(DEMO.bodeguero);
    expect((await act(keeper, id, { action: "accept" })).status).toBe(200);
    const [missing, ...rest] = created.order.lines;
    // the spec's single-transfer call works on a line: the keeper calls one off with a reason
    const off = await api(`/api/v1/warehouse/cancel-accepted/${missing?.id}`, {
      method: "POST",
      token: keeper,
      json: { reason: "No aparece en la estantería" },
    });
    expect(off.status).toBe(200);
    for (const line of rest) expect((await pick(keeper, id, line.id)).status).toBe(200);
    expect((await act(keeper, id, { action: "deliver_to_vendor" })).status).toBe(200);
    const seller = await login(DEMO.seller);
    const answer = await ok(orders(seller)[":id"].$get({ param: { id: String(id) } }));
    expect(answer.order).toMatchObject({ status: "delivered", lines_count: 4 });
    expect((await act(seller, id, { action: "confirm_reception" })).status).toBe(200);
    expect(await inventoryCell(REF, principal, SIZES[0] ?? "")).toMatchObject({ pairs: 3, reservedPairs: 0 });
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});

describe("creating an order", () => {
  it("refuses an order the source cannot serve, naming each short line, and writes nothing", async () => {
    await setPairs(companyId, REF, principal, "41", 1);
    const admin = await login(DEMO.administrador);
    const before = await db().all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM transfer_orders`);
    const res = await api("/api/v1/transfer-orders", {
      method: "POST",
      token: admin,
      json: {
        source_location_id: principal,
        destination_location_id: centro,
        lines: [
          { sneaker_reference_code: REF, size: "41", quantity: 3 },
          { sneaker_reference_code: REF, size: "36", quantity: 1 },
        ],
      },
    });
    await expectError(res, 409, /talla 41; pediste 3 pares/);
    const after = await db().all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM transfer_orders`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it("merges lines of one size asked twice, and a seller's order goes to their own store", async () => {
    await setPairs(companyId, REF, principal, "42", 4);
    const seller = await login(DEMO.seller);
    const answer = await ok(
      orders(seller).$post({
        json: {
          source_location_id: principal,
          lines: [
            { sneaker_reference_code: REF, size: "42", quantity: 1 },
            { sneaker_reference_code: REF, size: 42, quantity: 2 },
          ],
        },
      }),
      201,
    );
    expect(answer.order).toMatchObject({ destination_location_id: centro, lines_count: 1, units: 3 });
  });

  it("answers 422 for no lines, an unknown reference, or the same source and destination", async () => {
    const admin = await login(DEMO.administrador);
    const post = (json: unknown) => api("/api/v1/transfer-orders", { method: "POST", token: admin, json });
    await expectError(
      await post({ source_location_id: principal, destination_location_id: centro, lines: [] }),
      422,
      "El pedido necesita al menos una línea",
    );
    await expectError(
      await post({
        source_location_id: principal,
        destination_location_id: centro,
        lines: [{ sneaker_reference_code: "NO-EXISTE", size: "40", quantity: 1 }],
      }),
      422,
      /no existe en el catálogo/,
    );
    await expectError(
      await post({
        source_location_id: centro,
        destination_location_id: centro,
        lines: [{ sneaker_reference_code: REF, size: "40", quantity: 1 }],
      }),
      422,
    );
  });

  it("refuses roles that do not order: a courier and the boss; a seller toward another store", async () => {
    const body = {
      source_location_id: principal,
      lines: [{ sneaker_reference_code: REF, size: "40", quantity: 1 }],
    };
    await expectDenied(["corredor", "boss"], (token) =>
      api("/api/v1/transfer-orders", { method: "POST", token, json: body }),
    );
    const chapinero = (await db().select().from(locations).where(eq(locations.name, "Local Chapinero")))[0]?.id ?? 0;
    await expectError(
      await api("/api/v1/transfer-orders", {
        method: "POST",
        token: await login(DEMO.seller),
        json: { ...body, destination_location_id: chapinero },
      }),
      403,
    );
  });
});

describe("acting on an order", () => {
  it("answers 422 for an unknown action or a decline without a reason, 409 when no line admits the action", async () => {
    const { order } = await fiveLineOrder();
    const keeper = await login(DEMO.bodeguero);
    await expectError(await act(keeper, order.id, { action: "volar" }), 422);
    await expectError(await act(keeper, order.id, { action: "decline" }), 422, "Indica el motivo del rechazo");
    await expectError(await act(keeper, order.id, { action: "deliver_to_courier" }), 409);
    expect((await act(keeper, order.id, { action: "decline", reason: "Sin personal hoy" })).status).toBe(200);
    const after = await ok(orders(keeper)[":id"].$get({ param: { id: String(order.id) } }));
    expect(after.order).toMatchObject({ status: "cancelled", open: false });
  });

  it("a courier cannot accept for the keeper, and a seller of another store does not see the order", async () => {
    const { order } = await fiveLineOrder();
    const courier = await login(DEMO.corredor);
    // a courier sees an order once the keeper accepted it, and never acts for the keeper
    await expectError(await act(courier, order.id, { action: "accept" }), 404);
    expect((await act(await login(DEMO.bodeguero), order.id, { action: "accept" })).status).toBe(200);
    await expectError(await act(await login(DEMO.bodeguero), order.id, { action: "courier_accept" }), 403);
    await expectDenied(["boss"], (token) => act(token, order.id, { action: "accept" }));
    const other = await login("vendedor2@demo.horma.co");
    await expectError(await api(`/api/v1/transfer-orders/${order.id}`, { token: other }), 404);
    await expectError(await act(other, order.id, { action: "cancel", reason: "no" }), 404);
  });

  it("a reception cannot count more than was sent, nor name a line of another order", async () => {
    const first = await fiveLineOrder("vendedor");
    const keeper = await login(DEMO.bodeguero);
    expect((await act(keeper, first.order.id, { action: "accept" })).status).toBe(200);
    for (const line of first.order.lines) expect((await pick(keeper, first.order.id, line.id)).status).toBe(200);
    expect((await act(keeper, first.order.id, { action: "deliver_to_vendor" })).status).toBe(200);
    const seller = await login(DEMO.seller);
    const line = first.order.lines[0]?.id ?? 0;
    await expectError(
      await act(seller, first.order.id, {
        action: "confirm_reception",
        lines: [{ transfer_id: line, received_quantity: 3 }],
      }),
      422,
      "La cantidad recibida debe estar entre 0 y 2",
    );
    await expectError(
      await act(seller, first.order.id, {
        action: "confirm_reception",
        lines: [{ transfer_id: 999_999, received_quantity: 1 }],
      }),
      422,
    );
    expect((await act(seller, first.order.id, { action: "confirm_reception" })).status).toBe(200);
  });

  it("lists the caller's open orders, newest first", async () => {
    const { order } = await fiveLineOrder();
    const keeper = await login(DEMO.bodeguero);
    const list = await ok(orders(keeper).$get({ query: { state: "open" } }));
    expect(list.orders[0]?.id).toBe(order.id);
    expect(list.total).toBeGreaterThan(0);
    await expectError(await api("/api/v1/transfer-orders?state=raro", { token: keeper }), 422);
    await expectDenied(["boss"], (token) => api("/api/v1/transfer-orders", { token }));
  });

  it("a reservation that lapses sends its line back to pending, out of the package, and frees its pairs", async () => {
    const { order } = await fiveLineOrder("vendedor");
    const keeper = await login(DEMO.bodeguero);
    expect((await act(keeper, order.id, { action: "accept" })).status).toBe(200);
    const line = order.lines[0]?.id ?? 0;
    expect((await pick(keeper, order.id, line)).status).toBe(200);
    const held = (await inventoryCell(REF, principal, SIZES[0] ?? "")).reservedPairs;
    await db()
      .update(transferRequests)
      .set({ reservedUntil: new Date(Date.now() - 1000).toISOString() })
      .where(eq(transferRequests.orderId, order.id));
    const hub = env.TRANSFER_HUB.get(env.TRANSFER_HUB.idFromName(`company:${companyId}`));
    expect(await runDurableObjectAlarm(hub)).toBe(true);
    const after = await ok(orders(keeper)[":id"].$get({ param: { id: String(order.id) } }));
    expect(after.order).toMatchObject({ status: "pending", picked_count: 0 });
    expect(after.order.lines.find((l) => l.id === line)).toMatchObject({ status: "pending", picked: false });
    expect(await inventoryCell(REF, principal, SIZES[0] ?? "")).toMatchObject({ reservedPairs: held - 2 });
    // accepted again, the package is prepared from the start
    expect((await act(keeper, order.id, { action: "accept" })).status).toBe(200);
    await expectError(await act(keeper, order.id, { action: "deliver_to_vendor" }), 409, /Falta alistar/);
  });

  it("an order of 60 lines: refused whole when short, then served whole, within D1's limits per statement", async () => {
    const refs = ["CONVERSE-02", "NIKEAIRM-01", "REEBOKCL-02"];
    const sizes = Array.from({ length: 20 }, (_, i) => String(30 + i));
    for (const ref of refs) for (const size of sizes) await setPairs(companyId, ref, principal, size, 1);
    const lines = refs.flatMap((ref) => sizes.map((size) => ({ sneaker_reference_code: ref, size, quantity: 1 })));
    const admin = await login(DEMO.administrador);
    const body = { source_location_id: principal, destination_location_id: centro, pickup_type: "vendedor" as const };
    const short = await api("/api/v1/transfer-orders", {
      method: "POST",
      token: admin,
      json: { ...body, lines: lines.map((l) => ({ ...l, quantity: 2 })) },
    });
    const detail = await expectError(short, 409);
    expect(detail.split(" · ")).toHaveLength(60);
    const { order } = await ok(orders(admin).$post({ json: { ...body, lines } }), 201);
    expect(order.lines_count).toBe(60);
    const keeper = await login(DEMO.bodeguero);
    expect((await act(keeper, order.id, { action: "accept" })).status).toBe(200);
    for (const line of order.lines) expect((await pick(keeper, order.id, line.id)).status).toBe(200);
    expect((await act(keeper, order.id, { action: "deliver_to_vendor" })).status).toBe(200);
    const seller = await login(DEMO.seller);
    expect((await act(seller, order.id, { action: "confirm_reception" })).status).toBe(200);
    expect(await ledgerMismatches(db())).toEqual([]);
  }, 60_000);
});
