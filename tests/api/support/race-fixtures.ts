// The race suites' company fixtures (tests/api/<context>/races.test.ts): the demo company's ids, set by
// raceData() in each suite's beforeAll, and the objects a case walks to the stage it races at.
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { assert, expect } from "vitest";
import { inventory, locations, products, transferRequests, users } from "../../../worker/db/schema";
import { stockChangeStatements } from "../../../worker/domain/stock/ledger";
import { api, client, DEMO, db, login, ok, platform, priceOf } from "./helpers";

export const P = "/api/v1";

// ---------------------------------------------------------------- the company's fixtures

export let companyId = 0;
export let principal = 0;
export let centro = 0;
export let chapinero = 0;
export const REF = "REEBOKCL-01";
export const SIZE = "46";
/** REEBOKCL-01's catalogue price (sales are priced from the catalogue; checked in beforeAll). */
export const PRICE = 399900;

export const seller = () => login(DEMO.seller);
// the seller of Local Chapinero: keeps the pairs other stores ask that store for
export const storeSeller = () => login("vendedor2@demo.horma.co");
export const keeper = () => login(DEMO.bodeguero);
export const courier = () => login(DEMO.corredor);
export const admin = () => login(DEMO.administrador);

export let seq = 0;
/** The next number of the suite's sequence (unique names and sizes). */
export const nextSeq = (): number => ++seq;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${nextSeq()}`;

export async function count(query: ReturnType<typeof sql>, on = db()): Promise<number> {
  const [row] = await on.all<{ n: number }>(query);
  return Number(row?.n ?? 0);
}

/** A count on the platform database (companies, subscription changes, invoices, the account directory). */
export const platformCount = (query: ReturnType<typeof sql>) => count(query, platform());

export async function productId(ref: string) {
  const [p] = await db().select({ id: products.id }).from(products).where(eq(products.referenceCode, ref));
  if (!p) throw new Error(ref);
  return p.id;
}

/** Puts `pairs` more pairs in a cell through the ledger. */
export async function addStock(ref: string, locationId: number, size: string, pairs: number) {
  await db().batch(
    stockChangeStatements(db(), {
      companyId,
      productId: await productId(ref),
      locationId,
      size,
      delta: { pairs },
      reason: "adjustment",
    }),
  );
}

export async function availablePairs(ref: string, locationId: number, size: string) {
  const [row] = await db()
    .select({ pairs: inventory.pairs, reserved: inventory.reservedPairs })
    .from(inventory)
    .where(
      and(
        eq(inventory.productId, await productId(ref)),
        eq(inventory.locationId, locationId),
        eq(inventory.size, size),
      ),
    );
  return (row?.pairs ?? 0) - (row?.reserved ?? 0);
}

export async function post(path: string, token: string, json?: unknown, headers: Record<string, string> = {}) {
  return api(path, { method: "POST", token, headers, ...(json === undefined ? {} : { json }) });
}

/** A step that must succeed (any 2xx); what it answers is not read. */
export async function succeeds(res: Response) {
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
}

export const transferBody = (pickup: "corredor" | "vendedor") => ({
  source_location_id: principal,
  sneaker_reference_code: REF,
  size: SIZE,
  quantity: 1,
  purpose: "restock" as const,
  pickup_type: pickup,
});

export type Stage = "pending" | "accepted" | "courier_assigned" | "in_transit" | "delivered" | "completed";
export const COURIER_STAGES: Stage[] = [
  "pending",
  "accepted",
  "courier_assigned",
  "in_transit",
  "delivered",
  "completed",
];

/**
 * A transfer of one pair to Local Centro, walked through the API to `stage`: from Bodega Principal
 * (its keeper acts), or from Local Chapinero (its seller acts as the keeper, under /vendor).
 */
export async function transferAt(
  stage: Stage,
  pickup: "corredor" | "vendedor" = "corredor",
  from: "warehouse" | "store" = "warehouse",
): Promise<number> {
  const store = from === "store";
  if (store) await addStock(REF, chapinero, SIZE, 1);
  const body = { ...transferBody(pickup), source_location_id: store ? chapinero : principal };
  const created = await ok(client(await seller()).transfers.request.$post({ json: body }), 201);
  const id = created.transfer_request_id;
  const holder = store ? storeSeller : keeper;
  const area = store ? "vendor" : "warehouse";
  const steps: Record<Stage, () => Promise<unknown>> = {
    pending: async () => undefined,
    accepted: async () =>
      succeeds(await post(`${P}/${area}/accept-request`, await holder(), { transfer_request_id: id, accepted: true })),
    courier_assigned: async () => succeeds(await post(`${P}/courier/accept-request/${id}`, await courier(), {})),
    in_transit: async () =>
      succeeds(await post(`${P}/${area}/deliver-to-courier`, await holder(), { transfer_request_id: id })),
    delivered: async () =>
      pickup === "corredor"
        ? succeeds(await post(`${P}/courier/confirm-delivery/${id}`, await courier()))
        : succeeds(await post(`${P}/${area}/deliver-to-vendor/${id}`, await holder(), {})),
    completed: async () =>
      succeeds(await post(`${P}/vendor/confirm-reception/${id}?received_quantity=1`, await seller())),
  };
  const path = pickup === "corredor" ? COURIER_STAGES : (["pending", "accepted", "delivered", "completed"] as Stage[]);
  for (const step of path.slice(1, path.indexOf(stage) + 1)) await steps[step]();
  return id;
}

export type ReturnStage = "pending" | "accepted" | "courier_assigned" | "in_transit" | "delivered";

/** A return of a completed transfer, walked to `stage` (back to Local Chapinero when it came from there). */
export async function returnAt(
  stage: ReturnStage,
  pickup: "corredor" | "vendedor" = "corredor",
  from: "warehouse" | "store" = "warehouse",
): Promise<number> {
  const original = await transferAt("completed", "corredor", from);
  const created = await ok(
    client(await seller()).returns.request.$post({ json: { original_transfer_id: original, pickup_type: pickup } }),
    201,
  );
  const id = created.return_id;
  const holder = from === "store" ? storeSeller : keeper;
  const accept = async () =>
    post(`${P}/${from === "store" ? "vendor" : "warehouse"}/accept-request`, await holder(), {
      transfer_request_id: id,
    });
  const walk: [ReturnStage, () => Promise<Response>][] =
    pickup === "corredor"
      ? [
          ["accepted", accept],
          ["courier_assigned", async () => post(`${P}/courier/accept-return/${id}`, await courier(), {})],
          ["in_transit", async () => post(`${P}/courier/confirm-return-pickup/${id}`, await courier(), {})],
          ["delivered", async () => post(`${P}/courier/confirm-return-delivery/${id}`, await courier())],
        ]
      : [
          ["accepted", accept],
          ["delivered", async () => post(`${P}/vendor/deliver-return-to-warehouse/${id}`, await seller(), {})],
        ];
  for (const [name, step] of walk) {
    if (stage === "pending") break;
    await succeeds(await step());
    if (name === stage) break;
  }
  return id;
}

/** An open discrepancy: a transfer delivered to Local Centro whose one pair never arrived. */
export async function discrepancy(): Promise<number> {
  const transfer = await transferAt("delivered");
  await succeeds(await post(`${P}/vendor/confirm-reception/${transfer}?received_quantity=0`, await seller()));
  return count(sql`SELECT id AS n FROM stock_discrepancies WHERE transfer_id = ${transfer} AND status = 'open'`);
}

export async function statusOf(id: number) {
  const [row] = await db()
    .select({ status: transferRequests.status, ok: transferRequests.deliverySuccessful })
    .from(transferRequests)
    .where(eq(transferRequests.id, id));
  return row;
}

/**
 * A transfer the courier could not deliver: in transit with a failed attempt, or already on its way
 * back to Bodega Principal.
 */
export async function undelivered(stage: "failed" | "returning"): Promise<number> {
  const id = await transferAt("in_transit");
  await succeeds(await post(`${P}/courier/report-failed-delivery/${id}`, await courier(), { reason: "local_cerrado" }));
  if (stage === "returning") await succeeds(await post(`${P}/courier/return-to-origin/${id}`, await courier(), {}));
  return id;
}

export const attemptsOf = (id: number) =>
  count(sql`SELECT COUNT(*) AS n FROM delivery_attempts WHERE transfer_id = ${id}`);

export const movements = (transferId: number, reasons: string) =>
  count(
    sql`SELECT COUNT(*) AS n FROM stock_movements WHERE transfer_id = ${transferId} AND reason IN (${sql.raw(reasons)})`,
  );

/** An empty store of the demo company (no stock, no transfers), active or closed, straight in D1. */
export async function emptyStore(active: boolean): Promise<number> {
  const [row] = await db()
    .insert(locations)
    .values({ companyId, name: unique("Local carrera"), type: "local", isActive: active })
    .returning({ id: locations.id });
  return row?.id ?? 0;
}

export const productIdOf = (ref: string) =>
  count(sql`SELECT id AS n FROM products WHERE company_id = ${companyId} AND reference_code = ${ref}`);

export const isStatus = (id: number, status: string) =>
  count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE id = ${id} AND status = ${status}`);

export const saleBody = (extra: Record<string, unknown> = {}) => ({
  items: [{ sneaker_reference_code: REF, size: SIZE, quantity: 1, unit_price: PRICE }],
  payment_methods: [{ payment_type: "efectivo" as const, amount: PRICE }],
  total_amount: PRICE,
  ...extra,
});

export async function sale(extra: { requires_confirmation?: boolean } = {}) {
  await addStock(REF, centro, SIZE, 1);
  return (await ok(client(await seller()).sales.create.$post({ json: saleBody(extra) }), 201)).sale_id;
}

/** A sale of one pair at Local Centro and its one line, to be brought back. */
export async function soldLine() {
  const id = await sale();
  const item = await count(sql`SELECT id AS n FROM sale_items WHERE sale_id = ${id}`);
  return { id, item };
}

export const returnBody = (line: { id: number; item: number }, extra: Record<string, unknown> = {}) => ({
  sale_id: line.id,
  lines: [{ sale_item_id: line.item, quantity: 1 }],
  reason: "talla",
  refund_method: "efectivo",
  ...extra,
});

export async function discountRequest() {
  const json = { amount: 5000, reason: "Cliente fiel" };
  const { discount_id } = await ok(client(await seller()).discounts.request.$post({ json }), 201);
  assert(discount_id, "the request's id");
  return discount_id;
}

export async function cost() {
  const body = await ok(
    client(await admin()).admin.admin.costs.$post({
      json: {
        location_id: centro,
        cost_type: "Arriendo",
        amount: 1_000_000,
        frequency: "mensual",
        description: unique("Arriendo"),
        end_date: "2026-11-30",
      },
    }),
    201,
  );
  return { id: body.id, due: body.end_date ?? "2026-11-30" };
}

/** A cost with one payment (of its due date 2026-11-30) in its log. */
export async function paidCost() {
  const c = await cost();
  const res = await post(`${P}/admin/admin/costs/${c.id}/pay`, await admin(), {
    due_date: c.due,
    payment_method: "efectivo",
  });
  const body = (await res.json()) as { payment: { id: number } };
  expect(res.status).toBe(200);
  return { ...c, payment: body.payment.id };
}

export async function wholesaleProduct(boxes: number) {
  const json = { modelo: unique("Bota"), cantidad_cajas_disponibles: boxes, pares_por_caja: 12, precio: 1_200_000 };
  return (await ok(client(await admin()).mayoreo.productos.crear.$post({ json }), 201)).id;
}

export const wholesaleBoxes = (id: number) =>
  count(sql`SELECT cantidad_cajas_disponibles AS n FROM wholesale_products WHERE id = ${id}`);

export async function newCompany() {
  const subdomain = unique("empresa").replace(/[^a-z0-9]/g, "");
  const json = { name: "Empresa Carrera", subdomain, email: "empresa@horma.co" };
  return (await ok(client(await login(DEMO.superuser)).superadmin.companies.$post({ json }), 201)).company.id;
}

/** Closes the open till of a location straight in D1 (one may be open at a time). */
export async function closeTills(locationId: number) {
  await db().run(
    sql`UPDATE cash_sessions SET status = 'closed', closed_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE location_id = ${locationId} AND status = 'open'`,
  );
}

/** A till of Local Centro opened with no float; its id. */
export async function openTill(): Promise<number> {
  await closeTills(centro);
  const res = await post(`${P}/cash-sessions/open`, await seller(), { opening_float: 0 });
  expect(res.status).toBe(201);
  return ((await res.json()) as { session: { id: number } }).session.id;
}

/** Ends the open counts of a location (one may be open at a time). */
export async function closeCounts(locationId: number) {
  await db().run(
    sql`UPDATE stock_counts SET status = 'cancelled' WHERE location_id = ${locationId} AND status = 'open'`,
  );
}

/** An open count of Bodega Principal with one line counted one pair above the ledger. */
export async function countWithLine(): Promise<number> {
  await closeCounts(principal);
  const counts = client(await admin()).inventory.counts;
  const id = (await ok(counts.$post({ json: { location_id: principal } }), 201)).count.id;
  const held = await count(
    sql`SELECT COALESCE((SELECT pairs FROM inventory WHERE location_id = ${principal} AND size = '47' AND product_id = (SELECT id FROM products WHERE company_id = ${companyId} AND reference_code = ${REF})), 0) AS n`,
  );
  await ok(counts[":id"].lines.$put({ param: { id: String(id) }, json: { code: REF, size: "47", pairs: held + 1 } }));
  return id;
}

/** Tiny files that pass the magic-byte checks. */
export const webm = () =>
  new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0])], "v.webm", { type: "video/webm" });

/** REEBOKCL-01 published in the storefront (a photo and the flag), once. */
export let published = 0;
export async function publishedProduct() {
  if (published) return published;
  const id = await productId(REF);
  const key = `company/${companyId}/products/${id}/photo.jpg`;
  await env.FILES.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), { httpMetadata: { contentType: "image/jpeg" } });
  await db().update(products).set({ imageKey: key, isPublished: true }).where(eq(products.id, id));
  published = id;
  return id;
}

/** A shopper's pending reservation of one pair at Local Centro (a size of its own), by id. */
export async function webReservation(): Promise<number> {
  const size = `W${nextSeq()}`;
  await addStock(REF, centro, size, 1);
  const res = await post(`${P}/public/reservations`, "", {
    location_id: centro,
    name: "Compradora",
    phone: `32${String(10_000_000 + seq * 7919).slice(-8)}`,
    items: [{ product_id: await publishedProduct(), size, quantity: 1 }],
  });
  const body = await res.text();
  expect(res.status, body).toBe(201);
  const code = (JSON.parse(body) as { reservation: { code: string } }).reservation.code;
  return count(sql`SELECT id AS n FROM web_reservations WHERE code = ${code}`);
}

/** The demo company's ids, and REF's stock at the warehouse: the beforeAll of every race suite. */
export async function raceData() {
  companyId = (await db().select().from(users).where(eq(users.email, DEMO.seller)))[0]?.companyId ?? 0;
  principal = (await db().select().from(locations).where(eq(locations.name, "Bodega Principal")))[0]?.id ?? 0;
  centro = (await db().select().from(locations).where(eq(locations.name, "Local Centro")))[0]?.id ?? 0;
  chapinero = (await db().select().from(locations).where(eq(locations.name, "Local Chapinero")))[0]?.id ?? 0;
  await addStock(REF, principal, SIZE, 400);
  // single left feet for the single-foot requests (a request never asks for more than the source has)
  await db().batch(
    stockChangeStatements(db(), {
      companyId,
      productId: await productId(REF),
      locationId: principal,
      size: SIZE,
      delta: { left: 20 },
      reason: "adjustment",
    }),
  );
  expect(await priceOf(REF)).toBe(PRICE);
}

export type OrderStage = "pending" | "accepted" | "picked" | "courier_assigned" | "in_transit" | "delivered";

/** A restock order of two lines (REF sizes SIZE and 45) from Bodega Principal to Local Centro, walked to `stage`. */
export async function orderAt(stage: OrderStage, pickup: "corredor" | "vendedor" = "corredor"): Promise<number> {
  await addStock(REF, principal, SIZE, 1);
  await addStock(REF, principal, "45", 1);
  const created = await post(`${P}/transfer-orders`, await admin(), {
    source_location_id: principal,
    destination_location_id: centro,
    pickup_type: pickup,
    lines: [
      { sneaker_reference_code: REF, size: SIZE, quantity: 1 },
      { sneaker_reference_code: REF, size: "45", quantity: 1 },
    ],
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { order } = (await created.json()) as { order: { id: number; lines: { id: number }[] } };
  const act = async (who: () => Promise<string>, action: string) =>
    succeeds(await post(`${P}/transfer-orders/${order.id}/actions`, await who(), { action }));
  const steps: Record<OrderStage, () => Promise<unknown>> = {
    pending: async () => undefined,
    accepted: () => act(keeper, "accept"),
    picked: async () => {
      for (const line of order.lines)
        await succeeds(await post(`${P}/transfer-orders/${order.id}/lines/${line.id}/pick`, await keeper(), {}));
    },
    courier_assigned: () => act(courier, "courier_accept"),
    in_transit: () => act(keeper, "deliver_to_courier"),
    delivered: () => act(courier, "confirm_delivery"),
  };
  const path: OrderStage[] =
    pickup === "corredor"
      ? ["pending", "accepted", "picked", "courier_assigned", "in_transit", "delivered"]
      : ["pending", "accepted", "picked"];
  for (const step of path.slice(1, path.indexOf(stage) + 1)) await steps[step]();
  return order.id;
}

/** The lines of an order in `status` (an order's action moves all of them, or none). */
export const orderLinesIn = (orderId: number, status: string) =>
  count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE order_id = ${orderId} AND status = ${status}`);

/** The first line of an order. */
export const firstLineOf = (orderId: number) =>
  count(sql`SELECT MIN(id) AS n FROM transfer_requests WHERE order_id = ${orderId}`);
