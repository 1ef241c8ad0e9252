// Purchase orders (worker/routes/purchasing/purchase-orders.ts, domain/purchasing/): created as a draft or
// sent, received in parts with each reception a ledger row carrying its cost, the product's weighted
// average cost moved at each reception and taken by the next sale's line, closed short or cancelled.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { productPriceChanges, products, saleItems, stockMovements } from "../../../worker/db/schema";
import { weightedAverageCost } from "../../../worker/domain/purchasing/average-cost";
import { api, byId, client, db, expectDenied, expectError, ok } from "../support/helpers";
import {
  admin,
  centro,
  companyId,
  count,
  P,
  post,
  principal,
  productId,
  raceData,
  seller,
  unique,
} from "../support/race-fixtures";

vi.setConfig({ testTimeout: 60_000 });

const BASE = `${P}/admin/admin/purchase-orders`;
const REF = "VANSAUTH-01";
let supplierId = 0;
let product = 0;

beforeAll(async () => {
  await raceData();
  product = await productId(REF);
  const made = await post(`${P}/admin/admin/suppliers`, await admin(), {
    name: "Distribuidora Andina",
    nit: "900123456-8",
    lead_time_days: 10,
  });
  expect(made.status, await made.clone().text()).toBe(201);
  supplierId = ((await made.json()) as { supplier: { id: number } }).supplier.id;
});

const orders = async () => client(await admin()).admin.admin["purchase-orders"];

/** The product's pairs on hand in the company as the average cost counts them. */
async function onHand(id: number) {
  const [row] = await db().all<{ n: number }>(
    sql`SELECT COALESCE(SUM(pairs + exhibition + (left_feet + right_feet) / 2.0), 0) AS n FROM inventory WHERE company_id = ${companyId} AND product_id = ${id}`,
  );
  return Number(row?.n ?? 0);
}
const costOf = async (id: number) =>
  (await db().select({ cost: products.costPrice }).from(products).where(eq(products.id, id)))[0]?.cost ?? null;

async function sentOrder(lines: { size: string; quantity: number; unit_cost: number }[], locationId = principal) {
  const made = await ok(
    (await orders()).$post({
      json: {
        supplier_id: supplierId,
        location_id: locationId,
        send: true,
        lines: lines.map((l) => ({ product_id: product, ...l })),
      },
    }),
    201,
  );
  return made.order;
}

describe("purchase orders", () => {
  it("received in two parts: stock and ledger with the cost, the weighted average cost, recibida at the end", async () => {
    const order = await sentOrder([
      { size: "40", quantity: 6, unit_cost: 150_000 },
      { size: "41", quantity: 4, unit_cost: 160_000 },
    ]);
    expect(order).toMatchObject({ status: "enviada", total_pairs: 10, received_pairs: 0, total_cost: 1_540_000 });
    // expected from the supplier's lead time
    expect(order.expected_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [l40, l41] = order.lines;
    if (!l40 || !l41) throw new Error("lines");

    const before = { onHand: await onHand(product), cost: await costOf(product) };
    const first = await ok(
      (await orders())[":id"].receptions.$post({
        param: byId(order.id),
        json: { lines: [{ line_id: l40.id, quantity: 4 }], notes: "Primera entrega" },
      }),
      201,
    );
    expect(first.order).toMatchObject({ status: "parcial", received_pairs: 4 });
    const expected = weightedAverageCost(before.onHand, before.cost, [{ quantity: 4, unitCost: 15_000_000 }]);
    expect(await costOf(product)).toBe(expected);
    // and the product's price history says so: old → new
    const changes = await db()
      .select()
      .from(productPriceChanges)
      .where(and(eq(productPriceChanges.productId, product), eq(productPriceChanges.field, "cost_price")));
    expect(changes.at(-1)).toMatchObject({ oldValue: before.cost, newValue: expected });
    expect(changes.at(-1)?.userId).toBeGreaterThan(0);
    // the ledger row says what the pairs cost
    const ledger = await db()
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product), eq(stockMovements.reason, "purchase")));
    expect(ledger).toEqual([
      expect.objectContaining({ locationId: principal, size: "40", deltaPairs: 4, unitCost: 15_000_000 }),
    ]);

    const mid = { onHand: await onHand(product), cost: await costOf(product) };
    const second = await ok(
      (await orders())[":id"].receptions.$post({
        param: byId(order.id),
        json: {
          lines: [
            { line_id: l40.id, quantity: 2 },
            { line_id: l41.id, quantity: 4 },
          ],
        },
      }),
      201,
    );
    expect(second.order).toMatchObject({ status: "recibida", received_pairs: 10 });
    expect(await costOf(product)).toBe(
      weightedAverageCost(mid.onHand, mid.cost, [
        { quantity: 2, unitCost: 15_000_000 },
        { quantity: 4, unitCost: 16_000_000 },
      ]),
    );
    expect(second.order.lines.every((l) => l.pending === 0)).toBe(true);
    // the catalogue shows the average
    expect(second.order.lines[0]?.average_cost).toBe(((await costOf(product)) ?? 0) / 100);

    // nothing more to receive
    await expectError(
      await post(`${BASE}/${order.id}/receptions`, await admin(), { lines: [{ line_id: l40.id, quantity: 1 }] }),
      409,
      "Solo se recibe una orden enviada o recibida en parte",
    );
  });

  it("a sale after the reception costs its line at the average, and its return brings that cost back", async () => {
    const order = await sentOrder([{ size: "38", quantity: 3, unit_cost: 170_000 }], centro);
    await ok(
      (await orders())[":id"].receptions.$post({
        param: byId(order.id),
        json: { lines: [{ line_id: order.lines[0]?.id ?? 0, quantity: 3 }] },
      }),
      201,
    );
    const average = await costOf(product);
    const sold = await post(
      `${P}/sales/create`,
      await seller(),
      {
        items: [{ sneaker_reference_code: REF, size: "38", quantity: 1, unit_price: 289_900 }],
        payment_methods: [{ payment_type: "efectivo", amount: 289_900 }],
        total_amount: 289_900,
      },
      { "Idempotency-Key": unique("compra-venta") },
    );
    const text = await sold.text();
    expect(sold.status, text).toBe(201);
    const saleId = (JSON.parse(text) as { sale_id: number }).sale_id;
    const [line] = await db().select().from(saleItems).where(eq(saleItems.saleId, saleId));
    expect(line?.unitCost).toBe(average);
  });

  it("a receiving more than ordered is 409; a line of another order 422; nothing half written", async () => {
    const order = await sentOrder([{ size: "42", quantity: 2, unit_cost: 100_000 }]);
    const other = await sentOrder([{ size: "43", quantity: 2, unit_cost: 100_000 }]);
    const token = await admin();
    const cost = await costOf(product);
    await expectError(
      await post(`${BASE}/${order.id}/receptions`, token, { lines: [{ line_id: order.lines[0]?.id, quantity: 3 }] }),
      409,
      "Se recibirían más pares de los pedidos en una línea",
    );
    await expectError(
      await post(`${BASE}/${order.id}/receptions`, token, { lines: [{ line_id: other.lines[0]?.id, quantity: 1 }] }),
      422,
    );
    await expectError(
      await post(`${BASE}/${order.id}/receptions`, token, { lines: [{ line_id: order.lines[0]?.id, quantity: 0 }] }),
      422,
      "Lo recibido debe ser al menos 1 par",
    );
    expect(await costOf(product)).toBe(cost);
    expect(
      await count(sql`SELECT COUNT(*) AS n FROM purchase_receptions WHERE order_id IN (${order.id}, ${other.id})`),
    ).toBe(0);
  });

  it("a draft is sent once, cancelled only before a reception; a partial order is closed short", async () => {
    const token = await admin();
    const draft = await ok(
      (await orders()).$post({
        json: {
          supplier_id: supplierId,
          location_id: principal,
          lines: [{ product_id: product, size: "44", quantity: 1, unit_cost: 120_000 }],
        },
      }),
      201,
    );
    expect(draft.order.status).toBe("borrador");
    // a draft is not received
    await expectError(
      await post(`${BASE}/${draft.order.id}/receptions`, token, {
        lines: [{ line_id: draft.order.lines[0]?.id, quantity: 1 }],
      }),
      409,
    );
    const sent = await ok((await orders())[":id"].send.$post({ param: byId(draft.order.id) }));
    expect(sent.order.status).toBe("enviada");
    expect(sent.order.sent_at).toBeTruthy();
    await expectError(
      await post(`${BASE}/${draft.order.id}/send`, token, {}),
      409,
      "Solo se envía una orden en borrador",
    );
    const cancelled = await ok((await orders())[":id"].cancel.$post({ param: byId(draft.order.id) }));
    expect(cancelled.order.status).toBe("cancelada");

    const partial = await sentOrder([{ size: "45", quantity: 5, unit_cost: 90_000 }]);
    await expectError(await post(`${BASE}/${partial.id}/close`, token, {}), 409);
    await ok(
      (await orders())[":id"].receptions.$post({
        param: byId(partial.id),
        json: { lines: [{ line_id: partial.lines[0]?.id ?? 0, quantity: 2 }] },
      }),
      201,
    );
    await expectError(await post(`${BASE}/${partial.id}/cancel`, token, {}), 409);
    const closed = await ok((await orders())[":id"].close.$post({ param: byId(partial.id) }));
    expect(closed.order).toMatchObject({ status: "cerrada", received_pairs: 2 });
    const listed = await ok((await orders()).$get({ query: { status: "cerrada" } }));
    expect(listed.orders.map((o) => o.id)).toContain(partial.id);
    expect(listed.orders.every((o) => o.status === "cerrada")).toBe(true);
  });

  it("an order of 150 lines is created and received whole, within D1's 100 values a statement", async () => {
    const sizes = Array.from({ length: 150 }, (_, i) => `${20 + Math.floor(i / 10)}.${i % 10}`);
    const order = await sentOrder(sizes.map((size) => ({ size, quantity: 1, unit_cost: 50_000 })));
    expect(order.lines).toHaveLength(150);
    const received = await ok(
      (await orders())[":id"].receptions.$post({
        param: byId(order.id),
        json: { lines: order.lines.map((l) => ({ line_id: l.id, quantity: 1 })) },
      }),
      201,
    );
    expect(received.order).toMatchObject({ status: "recibida", received_pairs: 150 });
  }, 60_000);

  it("refuses bad orders (422), unknown ids (404), and other roles (403)", async () => {
    const token = await admin();
    const line = { product_id: product, size: "40", quantity: 1, unit_cost: 100 };
    const body = { supplier_id: supplierId, location_id: principal, lines: [line] };
    await expectError(await post(BASE, token, { ...body, lines: [] }), 422, "La orden necesita al menos una línea");
    await expectError(await post(BASE, token, { ...body, lines: [line, line] }), 422);
    await expectError(
      await post(BASE, token, { ...body, lines: [{ ...line, unit_cost: -5 }] }),
      422,
      "El costo unitario no puede ser negativo",
    );
    await expectError(await post(BASE, token, { ...body, supplier_id: 999_999_999 }), 404, "Proveedor no encontrado");
    await expectError(await post(BASE, token, { ...body, lines: [{ ...line, product_id: 999_999_999 }] }), 404);
    await expectError(await api(`${BASE}/999999999`, { token }), 404, "Orden de compra no encontrada");
    await expectDenied(["seller", "bodeguero", "corredor"], (t) => api(BASE, { token: t }));
    await expectDenied(["seller", "bodeguero"], (t) => api(BASE, { method: "POST", token: t, json: body }));
  });
});
