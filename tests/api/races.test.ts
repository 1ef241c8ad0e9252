import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { assert, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb } from "../../worker/db/client";
import { withCommitMark } from "../../worker/db/commit-mark";
import { isGuardFailure } from "../../worker/db/guards";
import {
  cashSessions,
  idempotencyKeys,
  inventory,
  locations,
  products,
  transferRequests,
  users,
} from "../../worker/db/schema";
import { createReturn } from "../../worker/domain/logistics/transfer-ops";
import { confirmSale, createSale, createSaleFromTransfer } from "../../worker/domain/sales/index";
import { canonical, fingerprintOf, keyHolder } from "../../worker/domain/shared/idempotency";
import { brokenInvariants } from "../../worker/domain/shared/invariants";
import { stockChangeStatements } from "../../worker/domain/stock/ledger";
import { closeSession } from "../../worker/domain/till/cash-sessions/close";
import { closingExpectations, expectedCashSql } from "../../worker/domain/till/cash-sessions/figures";
import app from "../../worker/index";
import { thrownRefusal } from "../../worker/lib/http";
import {
  accountRow,
  api,
  client,
  DEMO,
  db,
  dbOf,
  expectError,
  form,
  jpeg,
  login,
  ok,
  platform,
  priceOf,
} from "./support/helpers";
import { writesAfter } from "./support/interleave";

/**
 * Every state change happens exactly once, whatever arrives at the same moment. Every state-changing
 * route of the real route table is listed here with its race cases, or exempt with its reason (a new
 * route without an entry fails the first test). Each route with cases gets, generated from its entry:
 * - ten identical requests at once with ONE Idempotency-Key: all answer the same success, and the
 *   effect happens once;
 * - ten identical requests at once without a key: a transition succeeds once (the others 409), a
 *   create creates exactly as many as succeeded;
 * and the conflicting pairs below fire two different transitions of one object together. After every
 * case the invariants of worker/domain/invariant-sql.ts hold.
 */

// each case walks objects through several calls and checks every invariant after it
vi.setConfig({ testTimeout: 60_000 });

const N = 10;
const P = "/api/v1";

// ---------------------------------------------------------------- the company's fixtures

let companyId = 0;
let principal = 0;
let centro = 0;
let chapinero = 0;
const REF = "REEBOKCL-01";
const SIZE = "46";
/** REEBOKCL-01's catalogue price (sales are priced from the catalogue; checked in beforeAll). */
const PRICE = 399900;

const seller = () => login(DEMO.seller);
// the seller of Local Chapinero: keeps the pairs other stores ask that store for
const storeSeller = () => login("vendedor2@demo.horma.co");
const keeper = () => login(DEMO.bodeguero);
const courier = () => login(DEMO.corredor);
const admin = () => login(DEMO.administrador);

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

async function count(query: ReturnType<typeof sql>, on = db()): Promise<number> {
  const [row] = await on.all<{ n: number }>(query);
  return Number(row?.n ?? 0);
}

/** A count on the platform database (companies, subscription changes, invoices, the account directory). */
const platformCount = (query: ReturnType<typeof sql>) => count(query, platform());

async function productId(ref: string) {
  const [p] = await db().select({ id: products.id }).from(products).where(eq(products.referenceCode, ref));
  if (!p) throw new Error(ref);
  return p.id;
}

/** Puts `pairs` more pairs in a cell through the ledger. */
async function addStock(ref: string, locationId: number, size: string, pairs: number) {
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

async function availablePairs(ref: string, locationId: number, size: string) {
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

async function post(path: string, token: string, json?: unknown, headers: Record<string, string> = {}) {
  return api(path, { method: "POST", token, headers, ...(json === undefined ? {} : { json }) });
}

/** A step that must succeed (any 2xx); what it answers is not read. */
async function succeeds(res: Response) {
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
}

const transferBody = (pickup: "corredor" | "vendedor") => ({
  source_location_id: principal,
  sneaker_reference_code: REF,
  size: SIZE,
  quantity: 1,
  purpose: "restock" as const,
  pickup_type: pickup,
});

type Stage = "pending" | "accepted" | "courier_assigned" | "in_transit" | "delivered" | "completed";
const COURIER_STAGES: Stage[] = ["pending", "accepted", "courier_assigned", "in_transit", "delivered", "completed"];

/**
 * A transfer of one pair to Local Centro, walked through the API to `stage`: from Bodega Principal
 * (its keeper acts), or from Local Chapinero (its seller acts as the keeper, under /vendor).
 */
async function transferAt(
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

type ReturnStage = "pending" | "accepted" | "courier_assigned" | "in_transit" | "delivered";

/** A return of a completed transfer, walked to `stage` (back to Local Chapinero when it came from there). */
async function returnAt(
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
async function discrepancy(): Promise<number> {
  const transfer = await transferAt("delivered");
  await succeeds(await post(`${P}/vendor/confirm-reception/${transfer}?received_quantity=0`, await seller()));
  return count(sql`SELECT id AS n FROM stock_discrepancies WHERE transfer_id = ${transfer} AND status = 'open'`);
}

async function statusOf(id: number) {
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
async function undelivered(stage: "failed" | "returning"): Promise<number> {
  const id = await transferAt("in_transit");
  await succeeds(await post(`${P}/courier/report-failed-delivery/${id}`, await courier(), { reason: "local_cerrado" }));
  if (stage === "returning") await succeeds(await post(`${P}/courier/return-to-origin/${id}`, await courier(), {}));
  return id;
}

const attemptsOf = (id: number) => count(sql`SELECT COUNT(*) AS n FROM delivery_attempts WHERE transfer_id = ${id}`);

const movements = (transferId: number, reasons: string) =>
  count(
    sql`SELECT COUNT(*) AS n FROM stock_movements WHERE transfer_id = ${transferId} AND reason IN (${sql.raw(reasons)})`,
  );

/** An empty store of the demo company (no stock, no transfers), active or closed, straight in D1. */
async function emptyStore(active: boolean): Promise<number> {
  const [row] = await db()
    .insert(locations)
    .values({ companyId, name: unique("Local carrera"), type: "local", isActive: active })
    .returning({ id: locations.id });
  return row?.id ?? 0;
}

const productIdOf = (ref: string) =>
  count(sql`SELECT id AS n FROM products WHERE company_id = ${companyId} AND reference_code = ${ref}`);

const isStatus = (id: number, status: string) =>
  count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE id = ${id} AND status = ${status}`);

const saleBody = (extra: Record<string, unknown> = {}) => ({
  items: [{ sneaker_reference_code: REF, size: SIZE, quantity: 1, unit_price: PRICE }],
  payment_methods: [{ payment_type: "efectivo" as const, amount: PRICE }],
  total_amount: PRICE,
  ...extra,
});

async function sale(extra: { requires_confirmation?: boolean } = {}) {
  await addStock(REF, centro, SIZE, 1);
  return (await ok(client(await seller()).sales.create.$post({ json: saleBody(extra) }), 201)).sale_id;
}

/** A sale of one pair at Local Centro and its one line, to be brought back. */
async function soldLine() {
  const id = await sale();
  const item = await count(sql`SELECT id AS n FROM sale_items WHERE sale_id = ${id}`);
  return { id, item };
}

const returnBody = (line: { id: number; item: number }, extra: Record<string, unknown> = {}) => ({
  sale_id: line.id,
  lines: [{ sale_item_id: line.item, quantity: 1 }],
  reason: "talla",
  refund_method: "efectivo",
  ...extra,
});

async function discountRequest() {
  const json = { amount: 5000, reason: "Cliente fiel" };
  const { discount_id } = await ok(client(await seller()).discounts.request.$post({ json }), 201);
  assert(discount_id, "the request's id");
  return discount_id;
}

async function cost() {
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
async function paidCost() {
  const c = await cost();
  const res = await post(`${P}/admin/admin/costs/${c.id}/pay`, await admin(), {
    due_date: c.due,
    payment_method: "efectivo",
  });
  const body = (await res.json()) as { payment: { id: number } };
  expect(res.status).toBe(200);
  return { ...c, payment: body.payment.id };
}

async function wholesaleProduct(boxes: number) {
  const json = { modelo: unique("Bota"), cantidad_cajas_disponibles: boxes, pares_por_caja: 12, precio: 1_200_000 };
  return (await ok(client(await admin()).mayoreo.productos.crear.$post({ json }), 201)).id;
}

const wholesaleBoxes = (id: number) =>
  count(sql`SELECT cantidad_cajas_disponibles AS n FROM wholesale_products WHERE id = ${id}`);

async function newCompany() {
  const subdomain = unique("empresa").replace(/[^a-z0-9]/g, "");
  const json = { name: "Empresa Carrera", subdomain, email: "empresa@horma.co" };
  return (await ok(client(await login(DEMO.superuser)).superadmin.companies.$post({ json }), 201)).company.id;
}

/** Closes the open till of a location straight in D1 (one may be open at a time). */
async function closeTills(locationId: number) {
  await db().run(
    sql`UPDATE cash_sessions SET status = 'closed', closed_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE location_id = ${locationId} AND status = 'open'`,
  );
}

/** A till of Local Centro opened with no float; its id. */
async function openTill(): Promise<number> {
  await closeTills(centro);
  const res = await post(`${P}/cash-sessions/open`, await seller(), { opening_float: 0 });
  expect(res.status).toBe(201);
  return ((await res.json()) as { session: { id: number } }).session.id;
}

/** Ends the open counts of a location (one may be open at a time). */
async function closeCounts(locationId: number) {
  await db().run(
    sql`UPDATE stock_counts SET status = 'cancelled' WHERE location_id = ${locationId} AND status = 'open'`,
  );
}

/** An open count of Bodega Principal with one line counted one pair above the ledger. */
async function countWithLine(): Promise<number> {
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
const webm = () => new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0])], "v.webm", { type: "video/webm" });

/** REEBOKCL-01 published in the storefront (a photo and the flag), once. */
let published = 0;
async function publishedProduct() {
  if (published) return published;
  const id = await productId(REF);
  const key = `company/${companyId}/products/${id}/photo.jpg`;
  await env.FILES.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), { httpMetadata: { contentType: "image/jpeg" } });
  await db().update(products).set({ imageKey: key, isPublished: true }).where(eq(products.id, id));
  published = id;
  return id;
}

/** A shopper's pending reservation of one pair at Local Centro (a size of its own), by id. */
async function webReservation(): Promise<number> {
  const size = `W${++seq}`;
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

// ---------------------------------------------------------------- what a route entry says

interface Prepared {
  /** one call of the route; `headers` carries the Idempotency-Key when the case uses one */
  send: (headers: Record<string, string>) => Promise<Response>;
  /** a number that moves by one each time the route's effect really happens */
  effect: () => Promise<number>;
}

interface Subject {
  prepare: () => Promise<Prepared>;
  /** without a key: a transition happens once (the rest 409); a create once per success */
  withoutKey: "once" | "each";
  /** statuses the losers of a "once" race may get besides 409 (e.g. a courier's 403 for a taken request) */
  losers?: number[];
}

type Entry = Subject | { exempt: string };

const transition = (
  stage: () => Promise<number>,
  call: (id: number, h: Record<string, string>) => Promise<Response>,
  effect: (id: number) => Promise<number>,
  losers?: number[],
): Subject => ({
  withoutKey: "once",
  losers,
  prepare: async () => {
    const id = await stage();
    return { send: (h) => call(id, h), effect: () => effect(id) };
  },
});

const create = (
  call: (h: Record<string, string>) => Promise<Response>,
  effect: () => Promise<number>,
  withoutKey: "once" | "each" = "each",
): Subject => ({
  withoutKey,
  prepare: async () => ({ send: call, effect }),
});

const ROUTES: Record<string, Entry> = {
  // ---------------------------------------------------------------- catalogue and stock control
  "POST /api/v1/inventory/adjustments": create(
    async (h) =>
      post(
        `${P}/inventory/adjustments`,
        await admin(),
        {
          product_id: await productIdOf(REF),
          location_id: principal,
          size: SIZE,
          unit_kind: "left",
          delta: 1,
          reason: "encontrado",
        },
        h,
      ),
    () => count(sql`SELECT COUNT(*) AS n FROM stock_adjustments WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/inventory/pairs/merge": transition(
    // a left and a right foot stored apart at a size of their own (the way data before pairing was kept)
    async () => {
      const n = ++seq;
      const [ensure, apply, ledger] = stockChangeStatements(db(), {
        companyId,
        productId: await productIdOf(REF),
        locationId: principal,
        size: `M${n}`,
        delta: { left: 1, right: 1 },
        reason: "adjustment",
      });
      await db().batch([ensure, apply, ledger]);
      return n;
    },
    async (n, h) =>
      post(
        `${P}/inventory/pairs/merge`,
        await admin(),
        { product_id: await productIdOf(REF), location_id: principal, size: `M${n}` },
        h,
      ),
    (n) => count(sql`SELECT COUNT(*) AS n FROM stock_movements WHERE size = ${`M${n}`} AND reason = 'pair_formed'`),
  ),
  "POST /api/v1/inventory/pairs/split": transition(
    // the last pair of a size of its own: one split takes it
    async () => {
      const n = ++seq;
      await addStock(REF, principal, `S${n}`, 1);
      return n;
    },
    async (n, h) =>
      post(
        `${P}/inventory/pairs/split`,
        await admin(),
        {
          product_id: await productIdOf(REF),
          location_id: principal,
          size: `S${n}`,
          write_off: "left",
          reason: "dano",
        },
        h,
      ),
    (n) => count(sql`SELECT COUNT(*) AS n FROM stock_movements WHERE size = ${`S${n}`} AND reason = 'pair_split'`),
  ),
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
  "PUT /api/v1/admin/admin/settings": {
    exempt: "sets the receipt data it is given: ten identical edits leave the same row as one",
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
  // a location has one open count (a partial UNIQUE index): of ten opens at once, one wins
  "POST /api/v1/inventory/counts": {
    withoutKey: "once",
    prepare: async () => {
      await closeCounts(chapinero);
      return {
        send: async (h) => post(`${P}/inventory/counts`, await admin(), { location_id: chapinero }, h),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM stock_counts WHERE location_id = ${chapinero}`),
      };
    },
  },
  "PUT /api/v1/inventory/counts/:id/lines": {
    exempt:
      "sets the line of a product and size to the quantities given (upsert on UNIQUE(count, product, size)): ten identical calls leave one line; a line racing the posting: tests/api/stock-counts.test.ts",
  },
  "DELETE /api/v1/inventory/counts/:id/lines/:lineId": {
    exempt: "deletes one line of an open count; a repeat finds nothing to delete (404)",
  },
  // posting flips open → posted in the batch of its adjustments: it happens once
  "POST /api/v1/inventory/counts/:id/post": transition(
    () => countWithLine(),
    async (id, h) => post(`${P}/inventory/counts/${id}/post`, await admin(), undefined, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM stock_adjustments WHERE notes = ${`Conteo #${id}`}`),
  ),
  "POST /api/v1/inventory/counts/:id/cancel": transition(
    () => countWithLine(),
    async (id, h) => post(`${P}/inventory/counts/${id}/cancel`, await admin(), undefined, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM stock_counts WHERE id = ${id} AND status = 'cancelled'`),
  ),
  "PATCH /api/v1/products/:id": {
    exempt:
      "sets the fields it is given, guarded by the prices read: ten identical edits record one price change (a price equal to the current one records nothing); concurrent different edits: tests/api/products.test.ts",
  },
  "PUT /api/v1/products/:id/photo": {
    exempt: "sets the photo it is given: ten identical uploads leave one of them as the product's photo",
  },
  "POST /api/v1/products/labels": {
    exempt:
      "hands out each missing code once, guarded by the sequence read: ten sheets at once for the same sizes print the same codes and move the sequence once; two products at once never share a code: tests/api/products.test.ts",
  },
  "PUT /api/v1/products/:id/variants": {
    exempt:
      "sets each size's codes to the values given (upsert); two products racing for one barcode: tests/api/products.test.ts; for one code in two letter cases: below",
  },
  // one customer per document and company: the UNIQUE index lets one of ten identical registrations in
  "POST /api/v1/customers": {
    withoutKey: "once",
    prepare: async () => {
      const document = String(1_000_000_000 + (Date.now() % 900_000_000) + ++seq);
      const json = { name: "Cliente Carrera", document_type: "CC", document_number: document, data_consent: true };
      return {
        send: async (h) => post(`${P}/customers`, await seller(), json, h),
        effect: () =>
          count(
            sql`SELECT COUNT(*) AS n FROM customers WHERE company_id = ${companyId} AND document_type = 'CC' AND document_number = ${document}`,
          ),
      };
    },
  },
  "PATCH /api/v1/customers/:id": {
    exempt:
      "sets the fields it is given: ten identical edits leave the same row as one; two customers racing for one document: the UNIQUE index, tests/api/customers.test.ts",
  },
  "POST /api/v1/sales/price-overrides": create(
    async (h) =>
      post(
        `${P}/sales/price-overrides`,
        await seller(),
        { sneaker_reference_code: REF, new_price: PRICE - 1000, reason: "Carrera", admin_pin: "2468" },
        h,
      ),
    () => count(sql`SELECT COUNT(*) AS n FROM price_overrides WHERE company_id = ${companyId}`),
  ),
  "PUT /api/v1/auth/auth/pin": {
    exempt:
      "sets the caller's own PIN to the value given (ten identical calls leave the same PIN); wrong passwords go through the login's atomic count",
  },
  // ---------------------------------------------------------------- seller
  "POST /api/v1/sales/create": {
    withoutKey: "each",
    prepare: async () => {
      await addStock(REF, centro, SIZE, N);
      return {
        send: async (h) => post(`${P}/sales/create`, await seller(), saleBody(), h),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM sales WHERE company_id = ${companyId}`),
      };
    },
  },
  // the one pair of a sale comes back once: every other return of it finds nothing left (409)
  "POST /api/v1/sale-returns": {
    withoutKey: "once",
    prepare: async () => {
      const line = await soldLine();
      return {
        send: async (h) => post(`${P}/sale-returns`, await seller(), returnBody(line), h),
        effect: () =>
          count(sql`SELECT COALESCE(SUM(quantity), 0) AS n FROM sale_return_items WHERE sale_item_id = ${line.item}`),
      };
    },
  },
  "POST /api/v1/sales/create-from-transfer": transition(
    () => transferAt("completed"),
    async (id, h) =>
      post(
        `${P}/sales/create-from-transfer`,
        await seller(),
        { transfer_id: id, total_amount: PRICE, payment_methods: [{ payment_type: "efectivo", amount: PRICE }] },
        h,
      ),
    (id) => count(sql`SELECT COUNT(*) AS n FROM sales WHERE transfer_id = ${id}`),
  ),
  "POST /api/v1/sales/confirm": transition(
    () => sale({ requires_confirmation: true }),
    async (id, h) => post(`${P}/sales/confirm`, await seller(), { sale_id: id, confirmed: true }, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM sales WHERE id = ${id} AND confirmed = 1`),
  ),
  "POST /api/v1/expenses/create": create(
    async (h) => post(`${P}/expenses/create`, await seller(), { concept: "Taxi", amount: 12000 }, h),
    () => count(sql`SELECT COUNT(*) AS n FROM expenses WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/discounts/request": create(
    async (h) => post(`${P}/discounts/request`, await seller(), { amount: 5000, reason: "Cliente fiel" }, h),
    () => count(sql`SELECT COUNT(*) AS n FROM discount_requests WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/transfers/request": create(
    async (h) => post(`${P}/transfers/request`, await seller(), transferBody("corredor"), h),
    () => count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/transfers/request-single-foot": create(
    async (h) =>
      post(`${P}/transfers/request-single-foot`, await seller(), { ...transferBody("corredor"), foot_side: "left" }, h),
    () => count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/transfers/create-return": transition(
    () => transferAt("completed"),
    async (id, h) =>
      post(`${P}/transfers/create-return`, await seller(), { original_transfer_id: id, pickup_type: "corredor" }, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE original_transfer_id = ${id}`),
  ),
  "POST /api/v1/returns/request": transition(
    () => transferAt("completed"),
    async (id, h) =>
      post(`${P}/returns/request`, await seller(), { original_transfer_id: id, pickup_type: "vendedor" }, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE original_transfer_id = ${id}`),
  ),
  "POST /api/v1/vendor/cancel-transfer/:id": transition(
    () => transferAt("pending"),
    async (id, h) => post(`${P}/vendor/cancel-transfer/${id}`, await seller(), {}, h),
    (id) => isStatus(id, "cancelled"),
  ),
  "POST /api/v1/vendor/confirm-reception/:id": transition(
    () => transferAt("delivered"),
    async (id, h) => post(`${P}/vendor/confirm-reception/${id}?received_quantity=1`, await seller(), undefined, h),
    (id) => movements(id, "'transfer_in'"),
  ),
  "POST /api/v1/vendor/deliver-return-to-warehouse/:id": transition(
    () => returnAt("accepted", "vendedor"),
    async (id, h) => post(`${P}/vendor/deliver-return-to-warehouse/${id}`, await seller(), {}, h),
    (id) => movements(id, "'return_out'"),
  ),
  // ---------------------------------------------------------------- a store keeping what others ask it for
  "POST /api/v1/vendor/accept-request": transition(
    () => transferAt("pending", "corredor", "store"),
    async (id, h) => post(`${P}/vendor/accept-request`, await storeSeller(), { transfer_request_id: id }, h),
    (id) => isStatus(id, "accepted"),
  ),
  "POST /api/v1/vendor/cancel-accepted/:id": transition(
    () => transferAt("accepted", "vendedor", "store"),
    async (id, h) => post(`${P}/vendor/cancel-accepted/${id}`, await storeSeller(), { reason: "Carrera" }, h),
    (id) => isStatus(id, "cancelled"),
  ),
  "POST /api/v1/vendor/deliver-to-courier": transition(
    () => transferAt("courier_assigned", "corredor", "store"),
    async (id, h) => post(`${P}/vendor/deliver-to-courier`, await storeSeller(), { transfer_request_id: id }, h),
    (id) => movements(id, "'transfer_out'"),
  ),
  "POST /api/v1/vendor/deliver-to-vendor/:id": transition(
    () => transferAt("accepted", "vendedor", "store"),
    async (id, h) => post(`${P}/vendor/deliver-to-vendor/${id}`, await storeSeller(), {}, h),
    (id) => movements(id, "'transfer_out'"),
  ),
  "POST /api/v1/vendor/confirm-return-reception/:id": transition(
    () => returnAt("delivered", "vendedor", "store"),
    async (id, h) =>
      post(`${P}/vendor/confirm-return-reception/${id}`, await storeSeller(), { received_quantity: 1 }, h),
    (id) => movements(id, "'return_in'"),
  ),
  "POST /api/v1/admin/admin/discrepancies/:id/resolve": transition(
    () => discrepancy(),
    async (id, h) =>
      post(
        `${P}/admin/admin/discrepancies/${id}/resolve`,
        await admin(),
        { resolution: "found", reason: "Apareció" },
        h,
      ),
    (id) =>
      count(
        sql`SELECT COUNT(*) AS n FROM stock_movements m JOIN stock_discrepancies d ON d.transfer_id = m.transfer_id WHERE d.id = ${id} AND m.reason = 'discrepancy_found'`,
      ),
  ),
  // ---------------------------------------------------------------- warehouse
  "POST /api/v1/warehouse/accept-request": transition(
    () => transferAt("pending"),
    async (id, h) => post(`${P}/warehouse/accept-request`, await keeper(), { transfer_request_id: id }, h),
    (id) => isStatus(id, "accepted"),
  ),
  "POST /api/v1/warehouse/cancel-accepted/:id": transition(
    () => transferAt("courier_assigned"),
    async (id, h) => post(`${P}/warehouse/cancel-accepted/${id}`, await keeper(), { reason: "Carrera" }, h),
    (id) => isStatus(id, "cancelled"),
  ),
  "POST /api/v1/warehouse/deliver-to-courier": transition(
    () => transferAt("courier_assigned"),
    async (id, h) => post(`${P}/warehouse/deliver-to-courier`, await keeper(), { transfer_request_id: id }, h),
    (id) => movements(id, "'transfer_out'"),
  ),
  "POST /api/v1/warehouse/deliver-to-vendor/:id": transition(
    () => transferAt("accepted", "vendedor"),
    async (id, h) => post(`${P}/warehouse/deliver-to-vendor/${id}`, await keeper(), {}, h),
    (id) => movements(id, "'transfer_out'"),
  ),
  "POST /api/v1/warehouse/confirm-return-reception/:id": transition(
    () => returnAt("delivered", "vendedor"),
    async (id, h) => post(`${P}/warehouse/confirm-return-reception/${id}`, await keeper(), { received_quantity: 1 }, h),
    (id) => movements(id, "'return_in'"),
  ),
  // ---------------------------------------------------------------- courier
  "POST /api/v1/courier/accept-request/:id": transition(
    () => transferAt("accepted"),
    async (id, h) => post(`${P}/courier/accept-request/${id}`, await courier(), {}, h),
    (id) => isStatus(id, "courier_assigned"),
  ),
  "POST /api/v1/courier/confirm-pickup/:id": transition(
    () => transferAt("courier_assigned"),
    async (id, h) => post(`${P}/courier/confirm-pickup/${id}`, await courier(), {}, h),
    (id) => movements(id, "'transfer_out'"),
  ),
  "POST /api/v1/courier/confirm-delivery/:id": transition(
    () => transferAt("in_transit"),
    async (id, h) => post(`${P}/courier/confirm-delivery/${id}`, await courier(), undefined, h),
    (id) => isStatus(id, "delivered"),
  ),
  "POST /api/v1/courier/accept-return/:id": transition(
    () => returnAt("accepted"),
    async (id, h) => post(`${P}/courier/accept-return/${id}`, await courier(), {}, h),
    (id) => isStatus(id, "courier_assigned"),
  ),
  "POST /api/v1/courier/confirm-return-pickup/:id": transition(
    () => returnAt("courier_assigned"),
    async (id, h) => post(`${P}/courier/confirm-return-pickup/${id}`, await courier(), {}, h),
    (id) => movements(id, "'return_out'"),
  ),
  "POST /api/v1/courier/confirm-return-delivery/:id": transition(
    () => returnAt("in_transit"),
    async (id, h) => post(`${P}/courier/confirm-return-delivery/${id}`, await courier(), undefined, h),
    (id) => isStatus(id, "delivered"),
  ),
  // each report is an attempt of its own (the transfer stays in transit): a key makes a retry one attempt
  "POST /api/v1/courier/report-failed-delivery/:id": {
    withoutKey: "each",
    prepare: async () => {
      const id = await transferAt("in_transit");
      return {
        send: async (h) =>
          post(`${P}/courier/report-failed-delivery/${id}`, await courier(), { reason: "nadie_recibe" }, h),
        effect: () => attemptsOf(id),
      };
    },
  },
  "POST /api/v1/courier/return-to-origin/:id": transition(
    () => undelivered("failed"),
    async (id, h) => post(`${P}/courier/return-to-origin/${id}`, await courier(), {}, h),
    (id) => isStatus(id, "returning_to_origin"),
  ),
  "POST /api/v1/courier/confirm-origin-return/:id": transition(
    () => undelivered("returning"),
    async (id, h) => post(`${P}/courier/confirm-origin-return/${id}`, await courier(), {}, h),
    (id) => movements(id, "'transfer_back'"),
  ),
  // ---------------------------------------------------------------- administrador
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
  "POST /api/v1/admin/admin/discount-requests/approve": transition(
    () => discountRequest(),
    async (id, h) =>
      post(`${P}/admin/admin/discount-requests/approve`, await admin(), { discount_request_id: id, approved: true }, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM discount_requests WHERE id = ${id} AND status = 'approved'`),
  ),
  "POST /api/v1/admin/admin/users": {
    withoutKey: "once",
    prepare: async () => {
      const email = `${unique("carrera")}@demo.horma.co`;
      return {
        send: async (h) =>
          post(
            `${P}/admin/admin/users`,
            await admin(),
            {
              email,
              password: "Clave123",
              first_name: "Ana",
              last_name: "Ríos",
              role: "vendedor",
              location_id: centro,
            },
            h,
          ),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM users WHERE email = ${email}`),
      };
    },
  },
  "PUT /api/v1/admin/admin/users/:id": {
    exempt: "sets the fields it is given: ten identical updates leave the same row as one",
  },
  "PUT /api/v1/admin/admin/users/:id/password": {
    exempt: "sets the password to the value given: ten identical calls leave the same password as one",
  },
  "POST /api/v1/admin/admin/users/:id/unlock": {
    exempt: "clears the account's login-lock row; a repeat finds nothing left to clear",
  },
  "POST /api/v1/admin/admin/inventory-alerts": create(
    async (h) =>
      post(`${P}/admin/admin/inventory-alerts`, await admin(), { location_id: centro, threshold_value: 3 }, h),
    () => count(sql`SELECT COUNT(*) AS n FROM inventory_alerts WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/admin/admin/inventory/video-entry-distributed": create(
    async (h) =>
      api(`${P}/admin/admin/inventory/video-entry-distributed`, {
        method: "POST",
        token: await admin(),
        headers: h,
        body: form({
          product_brand: "Carrera",
          product_model: "Modelo Único",
          unit_price: "199900",
          sizes_distribution_json: JSON.stringify([{ size: "40", pairs: [{ location_id: principal, quantity: 2 }] }]),
          video_file: webm(),
          reference_image: jpeg(),
        }),
      }),
    () =>
      count(
        sql`SELECT COALESCE(SUM(delta_pairs), 0) / 2 AS n FROM stock_movements WHERE reason = 'entry' AND company_id = ${companyId}`,
      ),
  ),
  "POST /api/v1/admin/admin/inventory/video-uploads": {
    exempt: "opens an R2 multipart upload session; an unused session expires in R2 and stores nothing",
  },
  "PUT /api/v1/admin/admin/inventory/video-uploads/parts": {
    exempt: "R2 keeps one part per number: sending a part again replaces it",
  },
  "POST /api/v1/admin/admin/inventory/video-uploads/complete": {
    exempt: "R2 completes an upload once; a second completion of the same id fails and writes nothing",
  },
  "DELETE /api/v1/admin/admin/inventory/video-uploads": {
    exempt: "aborting an aborted R2 upload changes nothing",
  },
  "POST /api/v1/admin/admin/reports/sales": { exempt: "reads only (a report with its filters in the body)" },
  "POST /api/v1/admin/create-test-data": {
    exempt: "adds sample rows to a showcase company on purpose each time it is called",
  },
  "POST /api/v1/mayoreo/productos/crear": create(
    async (h) =>
      post(
        `${P}/mayoreo/productos/crear`,
        await admin(),
        { modelo: "Bota Carrera", cantidad_cajas_disponibles: 5, pares_por_caja: 12, precio: 1_200_000 },
        h,
      ),
    () => count(sql`SELECT COUNT(*) AS n FROM wholesale_products WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/mayoreo/ventas/registrar": {
    withoutKey: "each",
    prepare: async () => {
      const id = await wholesaleProduct(100);
      return {
        send: async (h) =>
          post(`${P}/mayoreo/ventas/registrar`, await admin(), { mayoreo_id: id, cantidad_cajas_vendidas: 1 }, h),
        effect: async () => 100 - (await wholesaleBoxes(id)),
      };
    },
  },
  "PUT /api/v1/mayoreo/productos/:id/actualizar": {
    exempt: "sets the fields it is given: ten identical updates leave the same row as one",
  },
  "DELETE /api/v1/mayoreo/productos/:id/eliminar": {
    withoutKey: "once",
    losers: [404],
    prepare: async () => {
      const id = await wholesaleProduct(3);
      return {
        send: async (h) =>
          api(`${P}/mayoreo/productos/${id}/eliminar`, { method: "DELETE", token: await admin(), headers: h }),
        effect: async () => 1 - (await count(sql`SELECT COUNT(*) AS n FROM wholesale_products WHERE id = ${id}`)),
      };
    },
  },
  "POST /api/v1/notifications/returns/:id/mark-read": {
    exempt: "sets read_at only where it is still empty: marking twice keeps the first time",
  },
  // ---------------------------------------------------------------- boss
  "POST /api/v1/boss/boss/locations": create(
    async (h) => post(`${P}/boss/boss/locations`, await login(DEMO.boss), { name: "Local Carrera", type: "local" }, h),
    () => count(sql`SELECT COUNT(*) AS n FROM locations WHERE company_id = ${companyId}`),
  ),
  "POST /api/v1/boss/boss/reports/sales/consolidated": { exempt: "reads only (a report with its filters in the body)" },
  "POST /api/v1/boss/boss/administradores": {
    withoutKey: "once",
    prepare: async () => {
      const email = `${unique("jefa-admin")}@demo.horma.co`;
      return {
        send: async (h) =>
          post(
            `${P}/boss/boss/administradores`,
            await login(DEMO.boss),
            { email, password: "Clave123", first_name: "Ada", last_name: "Ríos", location_id: centro },
            h,
          ),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM users WHERE email = ${email}`),
      };
    },
  },
  "PUT /api/v1/boss/boss/administradores/:id/password": {
    exempt: "sets the password to the value given: ten identical calls leave the same password as one",
  },
  "PUT /api/v1/boss/boss/administradores/:id/active": {
    exempt:
      "sets the flag it is given (a repeat answers the same account); the last two administradores deactivated at once is its own case below",
  },
  "POST /api/v1/boss/boss/administradores/:id/unlock": {
    exempt: "clears the account's login-lock row; a repeat finds nothing left to clear",
  },
  // ---------------------------------------------------------------- scan
  "POST /api/v1/classify/scan": { exempt: "reads only: ranks the catalogue for a photo" },
  "POST /api/v1/classify/enroll/:productId": {
    exempt:
      "with replace, one batch deletes and inserts the product's references, so a repeat leaves one set; without it, it adds more views of the product on purpose",
  },
  // ---------------------------------------------------------------- platform
  "POST /api/v1/auth/auth/login-json": {
    exempt: "covered by its own case below: a burst of wrong passwords is counted atomically",
  },
  "PUT /api/v1/auth/auth/password": {
    exempt:
      "the caller's own password set to the value given (ten identical changes leave the same password); wrong current passwords go through the login's atomic count",
  },
  "POST /api/v1/public/newsletter": { exempt: "one row per address and company (UNIQUE); a repeat is a no-op" },
  // ---------------------------------------------------------------- storefront contact form (issue 32 §6)
  // public: the message keeps its own key (no user to scope the general store to); without a key each
  // call is a message, up to five an hour per e-mail (the rest 429, counted in the insert itself)
  "POST /api/v1/public/contact": {
    withoutKey: "each",
    losers: [429],
    prepare: async () => {
      const email = `${unique("contacto")}@correo.co`;
      return {
        send: (h) =>
          post(`${P}/public/contact`, "", { name: "Visitante", email, message: "¿Tienen talla 46 en algún local?" }, h),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM contact_messages WHERE email = ${email}`),
      };
    },
  },
  // ---------------------------------------------------------------- storefront reservations (issue 32 §6)
  // public: the reservation keeps its own key; without a key each call holds one pair more while the
  // store has them, up to 3 reservations an hour per phone (the rest 429; 409 once the pairs are gone)
  "POST /api/v1/public/reservations": {
    withoutKey: "each",
    losers: [429],
    prepare: async () => {
      const size = `W${++seq}`;
      const id = await publishedProduct();
      await addStock(REF, centro, size, 20);
      const phone = `31${String(10_000_000 + seq * 7919).slice(-8)}`;
      return {
        send: (h) =>
          post(
            `${P}/public/reservations`,
            "",
            {
              location_id: centro,
              name: "Compradora",
              phone,
              items: [{ product_id: id, size, quantity: 1 }],
            },
            h,
          ),
        effect: () => count(sql`SELECT COUNT(*) AS n FROM web_reservations WHERE customer_phone = ${phone}`),
      };
    },
  },
  "POST /api/v1/store-reservations/:id/confirm": transition(
    () => webReservation(),
    async (id, h) => post(`${P}/store-reservations/${id}/confirm`, await seller(), {}, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM web_reservations WHERE id = ${id} AND status = 'confirmed'`),
  ),
  "POST /api/v1/store-reservations/:id/complete": transition(
    () => webReservation(),
    async (id, h) => post(`${P}/store-reservations/${id}/complete`, await seller(), {}, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM web_reservations WHERE id = ${id} AND status = 'completed'`),
  ),
  "POST /api/v1/store-reservations/:id/cancel": transition(
    () => webReservation(),
    async (id, h) => post(`${P}/store-reservations/${id}/cancel`, await admin(), { reason: "El cliente no vendrá" }, h),
    (id) => count(sql`SELECT COUNT(*) AS n FROM web_reservations WHERE id = ${id} AND status = 'cancelled'`),
  ),
  "PUT /api/v1/admin/admin/contact-messages/:id/read": {
    exempt: "sets read_at only where it is empty (or clears it): ten identical calls leave the same row as one",
  },
  "POST /api/v1/superadmin/setup/first-superadmin": {
    exempt: "refuses once any superuser exists; tests/api/setup-first-superadmin.test.ts",
  },
  "POST /api/v1/superadmin/companies": {
    withoutKey: "once",
    prepare: async () => {
      const subdomain = unique("carrera").replace(/[^a-z0-9]/g, "");
      return {
        send: async (h) =>
          post(
            `${P}/superadmin/companies`,
            await login(DEMO.superuser),
            { name: "Carrera SAS", subdomain, email: "carrera@horma.co", plan_code: "basic" },
            h,
          ),
        effect: () => platformCount(sql`SELECT COUNT(*) AS n FROM companies WHERE subdomain = ${subdomain}`),
      };
    },
  },
  "PUT /api/v1/superadmin/companies/:id": {
    exempt: "sets the fields it is given: ten identical updates leave the same row as one",
  },
  "DELETE /api/v1/superadmin/companies/:id": { exempt: "marks deleted_at; deleting a deleted company is 404" },
  "POST /api/v1/superadmin/companies/:id/suspend": { exempt: "sets the status; a repeat leaves it suspended" },
  "POST /api/v1/superadmin/companies/:id/activate": { exempt: "sets the status; a repeat leaves it active" },
  "POST /api/v1/superadmin/companies/:id/boss": {
    exempt: "sets the company's one boss (creates or updates by e-mail); a repeat leaves the same boss",
  },
  "POST /api/v1/superadmin/companies/:id/administradores": {
    withoutKey: "once",
    prepare: async () => {
      const email = `${unique("primer-admin")}@horma.co`;
      return {
        send: async (h) =>
          post(
            `${P}/superadmin/companies/${companyId}/administradores`,
            await login(DEMO.superuser),
            { email, password: "Clave123", first_name: "Ada", last_name: "Ríos" },
            h,
          ),
        effect: () => platformCount(sql`SELECT COUNT(*) AS n FROM user_directory WHERE email = ${email}`),
      };
    },
  },
  "PUT /api/v1/superadmin/users/:id/password": {
    exempt: "sets the password to the value given: ten identical calls leave the same password as one",
  },
  "PUT /api/v1/superadmin/users/:id/active": {
    exempt:
      "sets the flag it is given (a repeat answers the same account); the last two administradores deactivated at once is its own case below",
  },
  "POST /api/v1/superadmin/users/:id/unlock": {
    exempt: "clears the account's login-lock row; a repeat finds nothing left to clear",
  },
  "POST /api/v1/superadmin/plans": {
    exempt: "plan_code is UNIQUE: a repeat is 409 and nothing doubles",
  },
  // a change that reads the plan it replaces: changes at once are applied one after the other (each
  // records the plan before it) or refused with 409, never two from the same old plan
  "POST /api/v1/superadmin/subscriptions/change": {
    withoutKey: "each",
    prepare: async () => {
      const id = await newCompany();
      return {
        send: async (h) =>
          post(
            `${P}/superadmin/subscriptions/change`,
            await login(DEMO.superuser),
            {
              company_id: id,
              new_plan: "professional",
              new_max_locations: 8,
              new_max_employees: 40,
              new_price_per_location: 90000,
            },
            h,
          ),
        effect: async () => {
          const fromBasic = await platformCount(
            sql`SELECT COUNT(*) AS n FROM subscription_changes WHERE company_id = ${id} AND old_plan = 'basic'`,
          );
          expect(fromBasic).toBeLessThanOrEqual(1);
          return platformCount(sql`SELECT COUNT(*) AS n FROM subscription_changes WHERE company_id = ${id}`);
        },
      };
    },
  },
  // cancelling a scheduled change is a guarded UPDATE from 'scheduled': it happens once
  "POST /api/v1/superadmin/subscriptions/changes/:id/cancel": transition(
    async () => {
      const company = await newCompany();
      const body = await ok(
        client(await login(DEMO.superuser)).superadmin.subscriptions.change.$post({
          json: {
            company_id: company,
            new_plan: "professional",
            new_max_locations: 8,
            new_max_employees: 40,
            new_price_per_location: 90000,
            effective_date: "2099-01-01",
          },
        }),
      );
      assert(body.scheduled, "a change for 2099 is scheduled");
      return body.change.id;
    },
    async (id, h) =>
      post(`${P}/superadmin/subscriptions/changes/${id}/cancel`, await login(DEMO.superuser), undefined, h),
    (id) =>
      platformCount(sql`SELECT COUNT(*) AS n FROM subscription_changes WHERE id = ${id} AND status = 'cancelled'`),
  ),
  "POST /api/v1/superadmin/invoices/generate/:id": transition(
    () => newCompany(),
    async (id, h) => post(`${P}/superadmin/invoices/generate/${id}`, await login(DEMO.superuser), undefined, h),
    (id) => platformCount(sql`SELECT COUNT(*) AS n FROM invoices WHERE company_id = ${id}`),
  ),
  "POST /api/v1/superadmin/invoices/:id/mark-paid": {
    exempt: "a guarded UPDATE from pending: a repeat is 409 'La factura ya está pagada'",
  },
};

// ---------------------------------------------------------------- the route table

const STATE_CHANGING = [
  ...new Set(
    app.routes.filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method)).map((r) => `${r.method} ${r.path}`),
  ),
];

async function invariantsHold() {
  expect(await brokenInvariants(db())).toEqual({});
}

async function burst(n: number, send: () => Promise<Response>) {
  const answers = await Promise.all(Array.from({ length: n }, send));
  return Promise.all(
    answers.map(async (r) => ({
      status: r.status,
      body: await r.text(),
      replayed: r.headers.get("Idempotent-Replayed"),
    })),
  );
}

beforeAll(async () => {
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
});

describe("the race suite covers the real route table", () => {
  it("lists every state-changing route with its race cases or an exemption", () => {
    const missing = STATE_CHANGING.filter((route) => !(route in ROUTES));
    const stale = Object.keys(ROUTES).filter((route) => !STATE_CHANGING.includes(route));
    expect(missing, "state-changing routes without race cases or an exemption").toEqual([]);
    expect(stale, "entries for routes the app no longer has").toEqual([]);
  });
  it("holds its invariants on the demo data", invariantsHold);
});

const SUBJECTS = Object.entries(ROUTES).filter((e): e is [string, Subject] => !("exempt" in e[1]));

describe.each(SUBJECTS)("%s", (_route, subject) => {
  it(`${N} identical requests at once with one Idempotency-Key: one effect, the same answer to all`, async () => {
    const prepared = await subject.prepare();
    const before = await prepared.effect();
    const key = unique("clave-carrera");
    const answers = await burst(N, () => prepared.send({ "Idempotency-Key": key }));
    const first = answers[0];
    expect(first?.status, first?.body).toBeLessThan(300);
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(first?.status);
      expect(answer.body).toBe(first?.body);
    }
    expect(answers.filter((a) => a.replayed === "true")).toHaveLength(N - 1);
    expect((await prepared.effect()) - before).toBe(1);
    await invariantsHold();
  });

  it(`${N} identical requests at once without a key: ${subject.withoutKey === "once" ? "exactly one succeeds" : "each success creates one"}`, async () => {
    const prepared = await subject.prepare();
    const before = await prepared.effect();
    const answers = await burst(N, () => prepared.send({}));
    const wins = answers.filter((a) => a.status < 300);
    const losers = answers.filter((a) => a.status >= 300);
    for (const lost of losers) expect([409, ...(subject.losers ?? [])], lost.body).toContain(lost.status);
    if (subject.withoutKey === "once") expect(wins).toHaveLength(1);
    else expect(wins.length).toBeGreaterThan(0);
    expect((await prepared.effect()) - before).toBe(wins.length);
    await invariantsHold();
  });
});

// ---------------------------------------------------------------- keys: other body, replays, expiry

describe("Idempotency-Key", () => {
  it("a client's key never collides with a key the server derives, and a taken derived key ends in a 409 within 2 s", async () => {
    const token = await seller();
    const key = unique("cambio-cliente");
    /** The exchange of one pair for the same pair (no money moves), and a ping beside it. */
    const exchangeWithPing = async (line: { id: number; item: number }, returnKey: string) => {
      await addStock(REF, centro, SIZE, 1);
      const exchange = { items: [{ sneaker_reference_code: REF, size: SIZE, quantity: 1 }] };
      const within = (ms: number) =>
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`sin respuesta en ${ms} ms`)), ms));
      return Promise.race([
        Promise.all([
          post(`${P}/sale-returns`, token, returnBody(line, { exchange, refund_method: undefined }), {
            "Idempotency-Key": returnKey,
          }),
          api(`${P}/ping`),
        ]),
        within(2000),
      ]);
    };
    // a sale made with the key the exchange's sale once derived ("cambio:<key>"): the exchange still goes through
    await addStock(REF, centro, SIZE, 1);
    await succeeds(await post(`${P}/sales/create`, token, saleBody(), { "Idempotency-Key": `cambio:${key}` }));
    const [swapped, ping] = await exchangeWithPing(await soldLine(), key);
    expect(swapped.status, await swapped.clone().text()).toBe(201);
    expect(ping.status).toBe(200);

    // the derived key itself taken (written past the API): a clear 409, not a request that never ends
    const other = unique("cambio-tomado");
    const taken = await count(sql`SELECT id AS n FROM sales WHERE company_id = ${companyId} ORDER BY id DESC LIMIT 1`);
    await db().run(sql`UPDATE sales SET idempotency_key = ${`cambio ${other}`} WHERE id = ${taken}`);
    const [refused, alive] = await exchangeWithPing(await soldLine(), other);
    await expectError(refused, 409, /vuelve a intentarlo/);
    expect(alive.status).toBe(200);
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("with another body is refused (422) and creates nothing: a 2-pair sale with the key of a 1-pair sale", async () => {
    await addStock(REF, centro, SIZE, 3);
    const token = await seller();
    const key = unique("clave-otra");
    const first = await post(`${P}/sales/create`, token, saleBody(), { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const sales = () => count(sql`SELECT COUNT(*) AS n FROM sales WHERE company_id = ${companyId}`);
    const before = await sales();
    const other = await post(
      `${P}/sales/create`,
      token,
      saleBody({
        items: [{ sneaker_reference_code: REF, size: SIZE, quantity: 2, unit_price: PRICE }],
        payment_methods: [{ payment_type: "efectivo", amount: 2 * PRICE }],
        total_amount: 2 * PRICE,
      }),
      { "Idempotency-Key": key },
    );
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ detail: "La clave de idempotencia ya se usó con otros datos" });
    expect(await sales()).toBe(before);
  });

  it("is also read from the idempotency_key field, and a multipart retry (new boundary) is the same call", async () => {
    await addStock(REF, centro, SIZE, 2);
    const token = await seller();
    const key = unique("clave-campo");
    const send = () =>
      api(`${P}/sales/create`, {
        method: "POST",
        token,
        body: form({
          items: JSON.stringify(saleBody().items),
          payment_methods: JSON.stringify(saleBody().payment_methods),
          total_amount: String(PRICE),
          idempotency_key: key,
          receipt_image: jpeg(),
        }),
      });
    const [a, b] = [await send(), await send()];
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await b.text()).toBe(await a.text());
  });

  it("is scoped to its user: a colleague's identical key runs their own call", async () => {
    const key = unique("clave-colega");
    const a = await post(
      `${P}/expenses/create`,
      await seller(),
      { concept: "Taxi", amount: 9000 },
      { "Idempotency-Key": key },
    );
    const b = await post(
      `${P}/expenses/create`,
      await login("vendedor2@demo.horma.co"),
      { concept: "Taxi", amount: 9000 },
      { "Idempotency-Key": key },
    );
    expect(a.status).toBe(201);
    // the expense table's own key is per company: the colleague is told, nothing is replayed to them
    expect([201, 409]).toContain(b.status);
    expect(b.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("lets a refused call run again with the same key (errors are not kept)", async () => {
    const token = await seller();
    const key = unique("clave-error");
    const body = saleBody({
      items: [{ sneaker_reference_code: REF, size: "13", quantity: 1, unit_price: PRICE }],
    });
    expect((await post(`${P}/sales/create`, token, body, { "Idempotency-Key": key })).status).toBe(409);
    await addStock(REF, centro, "13", 1);
    expect((await post(`${P}/sales/create`, token, body, { "Idempotency-Key": key })).status).toBe(201);
  });

  it("expires after 24 hours: the same key then makes a new call", async () => {
    const token = await seller();
    const key = unique("clave-vieja");
    const request = () =>
      post(`${P}/discounts/request`, token, { amount: 3000, reason: "Cliente fiel" }, { "Idempotency-Key": key });
    const requests = () => count(sql`SELECT COUNT(*) AS n FROM discount_requests WHERE company_id = ${companyId}`);
    expect((await request()).status).toBe(201);
    const replayed = await request();
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    const before = await requests();
    await db()
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(idempotencyKeys.key, key));
    const again = await request();
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await requests()).toBe(before + 1);
  });

  it("answers 409 with Retry-After while a first call with the key is still running, and creates nothing", async () => {
    const token = await seller();
    const [me] = await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO.seller));
    const key = unique("clave-en-curso");
    const body = { concept: "Taxi", amount: 7000 };
    const now = Date.now();
    await db()
      .insert(idempotencyKeys)
      .values({
        userId: me?.id ?? 0,
        key,
        fingerprint: await fingerprintOf("POST", `${P}/expenses/create`, canonical(body)),
        owner: "otra-solicitud",
        state: "committed",
        createdAt: new Date(now).toISOString(),
        lockedUntil: new Date(now + 60_000).toISOString(),
        expiresAt: new Date(now + 86_400_000).toISOString(),
      });
    const expenses = () => count(sql`SELECT COUNT(*) AS n FROM expenses WHERE company_id = ${companyId}`);
    const before = await expenses();
    const res = await post(`${P}/expenses/create`, token, body, { "Idempotency-Key": key });
    expect(res.status).toBe(409);
    expect(res.headers.get("Retry-After")).toBe("2");
    await expectError(res, 409, /todavía está en proceso/);
    expect(await expenses()).toBe(before);
  });

  it("never runs a create twice when its Worker died after the write but before the answer was kept", async () => {
    const token = await seller();
    const [me] = await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO.seller));
    const userId = me?.id ?? 0;
    const key = unique("clave-caida");
    const body = transferBody("corredor");
    const fingerprint = await fingerprintOf("POST", `${P}/transfers/request`, canonical(body));
    // the route's create goes through the hub with the key (its insert writes the key, committed) ...
    const actor = { id: userId, role: "seller" as const, companyId, locationId: centro };
    const hub = env.TRANSFER_HUB.get(env.TRANSFER_HUB.idFromName(`company:${companyId}`));
    const created = await hub.createTransfer(
      actor,
      centro,
      {
        sourceLocationId: principal,
        referenceCode: REF,
        size: SIZE,
        quantity: 1,
        purpose: "restock",
        pickupType: "corredor",
        destinationType: "exhibicion",
        footSide: null,
        notes: null,
      },
      keyHolder(userId, key, fingerprint, new Date()),
    );
    expect(created.ok).toBe(true);
    // ... and the Worker dies: the answer is never kept. A minute later the phone retries.
    await db()
      .update(idempotencyKeys)
      .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
      .where(eq(idempotencyKeys.key, key));
    const transfers = () => count(sql`SELECT COUNT(*) AS n FROM transfer_requests WHERE company_id = ${companyId}`);
    const before = await transfers();
    const retry = await post(`${P}/transfers/request`, token, body, { "Idempotency-Key": key });
    expect(retry.status).toBe(409);
    await expectError(retry, 409, /ya se registró/);
    expect(await transfers()).toBe(before);
  });

  it("goes in with exactly one of ten writes at once that carry it (the store's own race)", async () => {
    const key = unique("clave-primera");
    const attempts = Array.from({ length: N }, () => {
      const keyed = createDb(withCommitMark(env.SHARD_1, keyHolder(424242, key, "huella", new Date())));
      return keyed
        .update(locations)
        .set({ phone: sql`${locations.phone}` })
        .where(eq(locations.id, centro))
        .then(
          () => "escrita",
          (err: unknown) => (isGuardFailure(err) ? "clave ocupada" : String(err)),
        );
    });
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === "escrita")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "clave ocupada")).toHaveLength(N - 1);
  });

  it("refuses a malformed key (422) before doing anything", async () => {
    const res = await post(
      `${P}/expenses/create`,
      await seller(),
      { concept: "Taxi", amount: 1000 },
      { "Idempotency-Key": "corta" },
    );
    expect(res.status).toBe(422);
  });
});

// ---------------------------------------------------------------- conflicting transitions of one object

async function pair(a: () => Promise<Response>, b: () => Promise<Response>) {
  const [x, y] = await Promise.all([a(), b()]);
  return [
    { status: x.status, body: await x.text() },
    { status: y.status, body: await y.text() },
  ];
}

function oneWins(answers: { status: number; body: string }[]) {
  const wins = answers.filter((a) => a.status < 300);
  expect(wins, JSON.stringify(answers)).toHaveLength(1);
  for (const lost of answers.filter((a) => a.status >= 300)) expect(lost.status, lost.body).toBe(409);
  return answers.findIndex((a) => a.status < 300);
}

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

  it("found and write-off of one discrepancy: resolved once, the unit back in stock at most once", async () => {
    const id = await discrepancy();
    const token = await admin();
    const path = `${P}/admin/admin/discrepancies/${id}/resolve`;
    oneWins(
      await pair(
        () => post(path, token, { resolution: "found", reason: "Apareció en la caja" }),
        () => post(path, token, { resolution: "write_off", reason: "Perdido en la ruta" }),
      ),
    );
    await invariantsHold();
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

  it("two wholesale sales of the last boxes: one sale", async () => {
    const id = await wholesaleProduct(2);
    const token = await admin();
    const sell = () => post(`${P}/mayoreo/ventas/registrar`, token, { mayoreo_id: id, cantidad_cajas_vendidas: 2 });
    oneWins(await pair(sell, sell));
    expect(await wholesaleBoxes(id)).toBe(0);
    await invariantsHold();
  });

  it("the 45-minute reservation expires while the keeper hands over: one of them, stock and reservations agree", async () => {
    for (let round = 0; round < 3; round++) {
      // a request the seller collects (a courier's acceptance stops the clock, so only these expire)
      const id = await transferAt("accepted", "vendedor");
      await db()
        .update(transferRequests)
        .set({ reservedUntil: new Date(Date.now() - 1000).toISOString() })
        .where(eq(transferRequests.id, id));
      const hub = env.TRANSFER_HUB.get(env.TRANSFER_HUB.idFromName(`company:${companyId}`));
      const [handOver] = await Promise.all([
        post(`${P}/warehouse/deliver-to-vendor/${id}`, await keeper(), {}),
        runDurableObjectAlarm(hub),
      ]);
      const status = (await statusOf(id))?.status;
      if (handOver.status === 200) expect(status).toBe("delivered");
      else {
        expect(handOver.status).toBe(409);
        expect(status).toBe("pending");
      }
      await invariantsHold();
    }
  });

  it("two products take one code at once (a SKU and a barcode differing in letter case): one gets it, the other 409", async () => {
    const token = await admin();
    const [a, b] = [await productId("NEWBALAN-02"), await productId("ASICSGEL-02")];
    for (let round = 0; round < 3; round++) {
      const code = unique("Carrera");
      const answers = await pair(
        () =>
          api(`${P}/products/${a}/variants`, { method: "PUT", token, json: { variants: [{ size: "60", sku: code }] } }),
        () =>
          api(`${P}/products/${b}/variants`, {
            method: "PUT",
            token,
            json: { variants: [{ size: "60", barcode: code.toLowerCase() }] },
          }),
      );
      oneWins(answers);
      expect(answers.find((x) => x.status === 409)?.body).toMatch(/ya es de .* \(referencia .*, talla 60\)/);
      expect(
        await count(
          sql`SELECT COUNT(*) AS n FROM product_variants WHERE lower(barcode) = lower(${code}) OR lower(sku) = lower(${code})`,
        ),
      ).toBe(1);
      await invariantsHold();
    }
  });

  it("40 wrong passwords at once for one e-mail: five are checked, the rest refused (429)", async () => {
    const email = DEMO.corredor;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api(`${P}/auth/auth/login-json`, { method: "POST", json: { email, password: `carrera-${i}` } }),
      ),
    );
    expect(answers.filter((r) => r.status === 429)).toHaveLength(35);
    await db().run(sql`DELETE FROM login_attempts WHERE email = ${email}`);
  });
});

// ---------------------------------------------------------------- the same races, interleaved on purpose

/**
 * Over HTTP the losing request only sometimes reads before the winner writes; here it always does:
 * the other request runs completely between this one's checks and its write (interleave.ts).
 */
describe("another request gets in between the checks and the write", () => {
  async function sellerActor() {
    const u = await accountRow(DEMO.seller);
    if (!u) throw new Error("seller");
    return {
      id: u.id,
      role: u.role,
      companyId,
      locationId: centro,
      locationName: "Local Centro",
      firstName: u.firstName,
      lastName: u.lastName,
    };
  }
  const returnInput = (originalTransferId: number) => ({
    originalTransferId,
    reason: "no_sale" as const,
    quantity: 1,
    condition: "good" as const,
    pickupType: "corredor" as const,
    notes: null,
  });
  const saleInput = (transferId: number) => ({
    transferId,
    totalAmount: PRICE,
    payments: [{ payment_type: "efectivo" as const, amount: PRICE }],
    notes: null,
    idempotencyKey: unique("venta-transferencia"),
  });
  // the status the refusal the domain threw is answered with (worker/lib/http.ts, the one mapping)
  const refused = (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (err: unknown) => thrownRefusal(err)?.status ?? 500,
    );

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

describe("stock under a burst", () => {
  it("k + 20 concurrent sales of the last k pairs sell exactly k", async () => {
    const size = "12";
    await addStock(REF, centro, size, 3);
    const token = await seller();
    const answers = await burst(23, () =>
      post(
        `${P}/sales/create`,
        token,
        saleBody({ items: [{ sneaker_reference_code: REF, size, quantity: 1, unit_price: PRICE }] }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(await availablePairs(REF, centro, size)).toBe(0);
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

describe("the last administrador of a company", () => {
  it("its last two active administradores deactivated at once without confirmation: one goes, one stays (409)", async () => {
    const token = await login(DEMO.superuser);
    const subdomain = unique("ultimo").replace(/[^a-z0-9]/g, "");
    const company = await post(`${P}/superadmin/companies`, token, {
      name: "Última Admin SAS",
      subdomain,
      email: "ultima@horma.co",
      plan_code: "basic",
    });
    const created = ((await company.json()) as { company: { id: number } }).company.id;
    const ids: number[] = [];
    for (const name of ["una", "otra"]) {
      const res = await post(`${P}/superadmin/companies/${created}/administradores`, token, {
        email: `${unique(name)}@horma.co`,
        password: "Clave123",
        first_name: "Ada",
        last_name: "Ríos",
      });
      expect(res.status, await res.clone().text()).toBe(201);
      ids.push(((await res.json()) as { user: { id: number } }).user.id);
    }
    const answers = await Promise.all(
      ids.map((id) => api(`${P}/superadmin/users/${id}/active`, { method: "PUT", token, json: { is_active: false } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const active = await count(
      sql`SELECT COUNT(*) AS n FROM users WHERE company_id = ${created} AND role = 'administrador' AND is_active = 1`,
      await dbOf(created),
    );
    expect(active).toBe(1);
  });
});
