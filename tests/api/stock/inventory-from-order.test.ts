// The inventory entry by video from a purchase order (POST /inventory/video-entry-distributed with
// purchase_order_id and product_id; worker/domain/purchasing/order-entry.ts, docs/purchasing.md): the
// pairs enter as a reception of the order (average cost, ledger `purchase` rows with their cost, the order
// parcial or recibida), the product takes the video, photo and fingerprints, all in one batch.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { productEmbeddings, products, stockMovements } from "../../../worker/db/schema";
import { weightedAverageCost } from "../../../worker/domain/purchasing/average-cost";
import { ORDER_COST_FIXED, ORDER_IN_PAIRS } from "../../../worker/domain/purchasing/order-entry";
import { ledgerMismatches } from "../../../worker/domain/stock/ledger";
import { api, db, expectDenied, expectError, form, jpeg } from "../support/helpers";
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
  unique,
} from "../support/race-fixtures";

vi.setConfig({ testTimeout: 60_000 });

const ENTRY = `${P}/admin/admin/inventory/video-entry-distributed`;
const REF = "NIKECORT-01";
let supplierId = 0;
let product = 0;

function webm(): File {
  const data = new Uint8Array(4096);
  data.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
  return new File([data], "producto.webm", { type: "video/webm" });
}

beforeAll(async () => {
  await raceData();
  product = await productId(REF);
  const made = await post(`${P}/admin/admin/suppliers`, await admin(), {
    name: "Calzado del Valle",
    nit: "900765432-6",
  });
  expect(made.status, await made.clone().text()).toBe(201);
  supplierId = ((await made.json()) as { supplier: { id: number } }).supplier.id;
});

type Order = { id: number; status: string; lines: { id: number; size: string; pending: number }[] };

async function sentOrder(lines: { size: string; quantity: number; unit_cost: number }[], send = true) {
  const res = await post(`${P}/admin/admin/purchase-orders`, await admin(), {
    supplier_id: supplierId,
    location_id: principal,
    send,
    lines: lines.map((l) => ({ product_id: product, ...l })),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { order: Order }).order;
}

/** The entry's form: the order's product at `sizes` pairs (at the order's destination unless told). */
function entryForm(
  orderId: number,
  sizes: Record<string, number>,
  extra: Record<string, string | Blob> = {},
  locationId = principal,
) {
  return form({
    product_brand: "Nike",
    product_model: "Air Force 1",
    unit_price: "459900",
    purchase_order_id: String(orderId),
    product_id: String(product),
    sizes_distribution_json: JSON.stringify(
      Object.entries(sizes).map(([size, quantity]) => ({ size, pairs: [{ location_id: locationId, quantity }] })),
    ),
    video_file: webm(),
    ...extra,
  });
}

const send = async (body: FormData, token?: string, key = unique("ingreso-orden")) =>
  api(ENTRY, { method: "POST", token: token ?? (await admin()), headers: { "Idempotency-Key": key }, body });

async function onHand(id: number) {
  const [row] = await db().all<{ n: number }>(
    sql`SELECT COALESCE(SUM(pairs + exhibition + (left_feet + right_feet) / 2.0), 0) AS n FROM inventory WHERE company_id = ${companyId} AND product_id = ${id}`,
  );
  return Number(row?.n ?? 0);
}
const productRow = async () => (await db().select().from(products).where(eq(products.id, product)))[0];
const cellPairs = (size: string) =>
  count(
    sql`SELECT COALESCE(SUM(pairs), 0) AS n FROM inventory WHERE product_id = ${product} AND location_id = ${principal} AND size = ${size}`,
  );
const orderStatus = (id: number) =>
  db()
    .all<{ status: string }>(sql`SELECT status FROM purchase_orders WHERE id = ${id}`)
    .then((r) => r[0]?.status);

describe("inventory entry by video from a purchase order", () => {
  it("receives the pairs on the order: average cost, purchase ledger rows with their cost, parcial then recibida, media and fingerprints", async () => {
    const order = await sentOrder([
      { size: "40", quantity: 5, unit_cost: 200_000 },
      { size: "41", quantity: 2, unit_cost: 210_000 },
    ]);
    const before = { onHand: await onHand(product), cost: (await productRow())?.costPrice ?? null };
    const pairs40 = await cellPairs("40");
    const res = await send(
      entryForm(
        order.id,
        { "40": 3 },
        {
          reference_image: jpeg(),
          embeddings_json: JSON.stringify({
            model_id: "mobilenet_v1_0.75_224",
            vectors: [Array.from({ length: 768 }, (_, i) => (i % 5) / 100)],
          }),
        },
      ),
    );
    const text = await res.text();
    expect(res.status, text).toBe(201);
    const body = JSON.parse(text) as {
      message: string;
      product_id: number;
      created: boolean;
      total_pairs: number;
      purchase_order: { id: number; status: string; reception_id: number } | null;
      video_url: string;
      image_url: string | null;
      embeddings_stored: number;
    };
    expect(body).toMatchObject({
      message: `Pares recibidos de la orden de compra #${order.id}`,
      product_id: product,
      created: false,
      total_pairs: 3,
      purchase_order: { id: order.id, status: "parcial" },
      embeddings_stored: 1,
    });
    expect(body.purchase_order?.reception_id).toBeGreaterThan(0);
    expect(await cellPairs("40")).toBe(pairs40 + 3);
    // the average cost moved as a reception moves it
    expect((await productRow())?.costPrice).toBe(
      weightedAverageCost(before.onHand, before.cost, [{ quantity: 3, unitCost: 20_000_000 }]),
    );
    // the ledger: a purchase row with the pairs' cost, no plain entry row
    const ledger = await db()
      .select()
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.productId, product),
          eq(stockMovements.notes, `Orden de compra #${order.id} (ingreso con video)`),
        ),
      );
    expect(ledger).toEqual([
      expect.objectContaining({
        reason: "purchase",
        locationId: principal,
        size: "40",
        deltaPairs: 3,
        unitCost: 20_000_000,
      }),
    ]);
    expect(await ledgerMismatches(db())).toEqual([]);
    // the reception and the line counted
    expect(
      await count(
        sql`SELECT COUNT(*) AS n FROM purchase_receptions WHERE order_id = ${order.id} AND id = ${body.purchase_order?.reception_id ?? 0}`,
      ),
    ).toBe(1);
    expect(await count(sql`SELECT received AS n FROM purchase_order_lines WHERE id = ${order.lines[0]?.id ?? 0}`)).toBe(
      3,
    );
    // the product took the video, the photo and the fingerprint
    const saved = await productRow();
    expect(body.video_url).toBe(`/api/v1/files/${saved?.videoKey}`);
    expect(body.image_url).toBe(`/api/v1/files/${saved?.imageKey}`);
    expect(saved?.unitPrice).toBe(45_990_000);
    expect(
      await count(
        sql`SELECT COUNT(*) AS n FROM product_embeddings WHERE product_id = ${product} AND model_id = 'mobilenet_v1_0.75_224'`,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await db().select().from(productEmbeddings).where(eq(productEmbeddings.productId, product)),
    ).not.toHaveLength(0);

    // the rest of the order, both sizes at once: recibida
    const rest = await send(entryForm(order.id, { "40": 2, "41": 2 }));
    expect(rest.status, await rest.clone().text()).toBe(201);
    expect(((await rest.json()) as { purchase_order: { status: string } }).purchase_order.status).toBe("recibida");
    expect(await orderStatus(order.id)).toBe("recibida");

    // nothing is left: the order is not open any more
    await expectError(
      await send(entryForm(order.id, { "40": 1 })),
      409,
      "Solo se recibe una orden enviada o recibida en parte",
    );
  });

  it("the same Idempotency-Key sent twice receives once", async () => {
    const order = await sentOrder([{ size: "42", quantity: 4, unit_cost: 150_000 }]);
    const key = unique("mismo-ingreso");
    const body = () => entryForm(order.id, { "42": 1 });
    const first = await send(body(), undefined, key);
    expect(first.status, await first.clone().text()).toBe(201);
    const again = await send(body(), undefined, key);
    expect(again.status).toBe(201);
    expect(await count(sql`SELECT COUNT(*) AS n FROM purchase_receptions WHERE order_id = ${order.id}`)).toBe(1);
  });

  it("refuses what a purchase order cannot take (422), more than pending (409), a draft (409), nothing written", async () => {
    const order = await sentOrder([{ size: "43", quantity: 2, unit_cost: 180_000 }]);
    const cost = (await productRow())?.costPrice;
    // single feet
    await expectError(
      await send(
        form({
          product_brand: "Nike",
          product_model: "Air Force 1",
          unit_price: "459900",
          purchase_order_id: String(order.id),
          product_id: String(product),
          sizes_distribution_json: JSON.stringify([
            {
              size: "43",
              left_feet: [{ location_id: principal, quantity: 1 }],
              right_feet: [{ location_id: principal, quantity: 1 }],
            },
          ]),
          video_file: webm(),
        }),
      ),
      422,
      ORDER_IN_PAIRS,
    );
    // another location than the order's destination
    await expectError(await send(entryForm(order.id, { "43": 1 }, {}, centro)), 422, /entran en su destino/);
    // a size the order does not have, a cost of its own, the order without its product
    await expectError(
      await send(entryForm(order.id, { "39": 1 })),
      422,
      "La talla 39 de este producto no está en la orden",
    );
    await expectError(await send(entryForm(order.id, { "43": 1 }, { cost_price: "1000" })), 422, ORDER_COST_FIXED);
    await expectError(
      await send(
        form({
          product_brand: "Nike",
          product_model: "Air Force 1",
          unit_price: "459900",
          purchase_order_id: String(order.id),
          sizes_distribution_json: JSON.stringify([{ size: "43", pairs: [{ location_id: principal, quantity: 1 }] }]),
          video_file: webm(),
        }),
      ),
      422,
      "Indica el producto de la orden de compra que ingresa",
    );
    await expectError(
      await send(entryForm(order.id, { "43": 1 }, { product_id: String(await productId("REEBOKCL-01")) })),
      422,
      "El producto no está en esta orden de compra",
    );
    await expectError(
      await send(entryForm(order.id, { "43": 1 }, { reference_code: "OTRA-REF" })),
      422,
      "El código de referencia no es el del producto de la orden",
    );
    // over what is pending
    await expectError(
      await send(entryForm(order.id, { "43": 3 })),
      409,
      "Talla 43: entrarían 3 pares y la orden tiene 2 pendientes",
    );
    // a draft is not open
    const draft = await sentOrder([{ size: "43", quantity: 2, unit_cost: 180_000 }], false);
    await expectError(
      await send(entryForm(draft.id, { "43": 1 })),
      409,
      "Solo se recibe una orden enviada o recibida en parte",
    );
    // an order that does not exist
    await expectError(await send(entryForm(9_999_999, { "43": 1 })), 404, "Orden de compra no encontrada");
    expect(
      await count(sql`SELECT COUNT(*) AS n FROM purchase_receptions WHERE order_id IN (${order.id}, ${draft.id})`),
    ).toBe(0);
    expect((await productRow())?.costPrice).toBe(cost);
  });

  it("only the administrador enters inventory from an order (403)", async () => {
    const order = await sentOrder([{ size: "44", quantity: 1, unit_cost: 100_000 }]);
    await expectDenied(["seller", "bodeguero", "boss"], (token) => send(entryForm(order.id, { "44": 1 }), token));
    expect(await count(sql`SELECT COUNT(*) AS n FROM purchase_receptions WHERE order_id = ${order.id}`)).toBe(0);
  });

  it("two entries at once that together pass what is pending: one enters, the other is refused, the stock counted once", async () => {
    const order = await sentOrder([{ size: "45", quantity: 3, unit_cost: 120_000 }]);
    const pairs = await cellPairs("45");
    const token = await admin();
    const answers = await Promise.all([
      send(entryForm(order.id, { "45": 2 }), token),
      send(entryForm(order.id, { "45": 2 }), token),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    expect(await cellPairs("45")).toBe(pairs + 2);
    expect(await count(sql`SELECT received AS n FROM purchase_order_lines WHERE id = ${order.lines[0]?.id ?? 0}`)).toBe(
      2,
    );
    expect(await count(sql`SELECT COUNT(*) AS n FROM purchase_receptions WHERE order_id = ${order.id}`)).toBe(1);
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});
