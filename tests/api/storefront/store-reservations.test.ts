import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { HOLD_HOURS } from "../../../shared/reservations";
import { companies, inventory, products, stockMovements, webReservations } from "../../../worker/db/schema";
import { brokenInvariants } from "../../../worker/domain/shared/invariants";
import worker from "../../../worker/index";
import {
  api,
  byId,
  client,
  DEMO,
  db,
  expectDenied,
  expectError,
  jpeg,
  locationNamed,
  login,
  ok,
  publishForTest,
  setPairs,
} from "../support/helpers";

// Issue 32 §6: products the administrador publishes, with their sizes in stock; a shopper's reservation
// at a store that holds the pairs (reserved_pairs, never the stock) for 48 hours; the store's staff
// confirm, complete or cancel it; the scheduled job expires it. Every release happens once.

const P = "/api/v1";
const REF = "CONVERSE-01";
let companyId = 0;
let productId = 0;
let centro = 0;
let chapinero = 0;
let principal = 0;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;
/** A size of its own per test: cells nobody else touches. */
const freshSize = () => `T${++seq}`;
/** A phone of its own per reservation: the per-phone limit never gets in the way. */
const freshPhone = () => `310${String(1_000_000 + ++seq * 7919).slice(-7)}`;

async function cell(locationId: number, size: string, id = productId) {
  const [row] = await db()
    .select({ pairs: inventory.pairs, reserved: inventory.reservedPairs })
    .from(inventory)
    .where(and(eq(inventory.productId, id), eq(inventory.locationId, locationId), eq(inventory.size, size)));
  return row ?? { pairs: 0, reserved: 0 };
}

function reserveBody(size: string, extra: Record<string, unknown> = {}) {
  return {
    location_id: centro,
    name: "Ana Compradora",
    phone: freshPhone(),
    email: "ana@correo.co",
    items: [{ product_id: productId, size, quantity: 1 }],
    ...extra,
  };
}

const reserve = (body: unknown, headers: Record<string, string> = {}) =>
  api(`${P}/public/reservations`, { method: "POST", json: body, headers });

async function reserved(size: string, quantity = 1, location = centro) {
  const res = await reserve(
    reserveBody(size, { location_id: location, items: [{ product_id: productId, size, quantity }] }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as { reservation: { code: string } };
  const [row] = await db()
    .select({ id: webReservations.id })
    .from(webReservations)
    .where(eq(webReservations.code, body.reservation.code));
  assert(row);
  return { id: row.id, code: body.reservation.code };
}

const act = (id: number, action: "confirm" | "complete" | "cancel", token: string, json?: unknown) =>
  api(`${P}/store-reservations/${id}/${action}`, {
    method: "POST",
    token,
    json: json ?? (action === "cancel" ? { reason: "El cliente ya no lo quiere" } : {}),
  });

async function runCron(cron = "*/15 * * * *") {
  const controller = createScheduledController({ scheduledTime: Date.now(), cron });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

async function statusOf(id: number) {
  const [row] = await db()
    .select({ status: webReservations.status })
    .from(webReservations)
    .where(eq(webReservations.id, id));
  return row?.status;
}

beforeAll(async () => {
  const [company] = await db().select().from(companies).where(eq(companies.subdomain, "demo"));
  companyId = company?.id ?? 0;
  centro = (await locationNamed("Local Centro")).id;
  chapinero = (await locationNamed("Local Chapinero")).id;
  principal = (await locationNamed("Bodega Principal")).id;
  productId = await publishForTest(REF, companyId);
});

// ---------------------------------------------------------------- A. publishing

describe("Publicar en la tienda (PATCH /products/:id published)", () => {
  it("needs a photo (409), then publishes and unpublishes; the storefront shows only what is published", async () => {
    const admin = await login(DEMO.administrador);
    const [p] = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.referenceCode, "NEWBALAN-01"), eq(products.companyId, companyId)));
    assert(p);
    const api$ = client(admin).products[":id"];
    const before = await ok(client().public.products.$get({ query: { limit: "100" } }));
    expect(before.products.map((x) => x.id)).not.toContain(p.id);

    await expectError(
      await api$.$patch({ param: byId(p.id), json: { published: true } }),
      409,
      /Agrega una foto al producto antes de publicarlo/,
    );
    await ok(client(admin).products[":id"].photo.$put({ param: byId(p.id), form: { image: jpeg() } }));
    const published = await ok(api$.$patch({ param: byId(p.id), json: { published: true } }));
    expect(published.product.published).toBe(true);

    await setPairs(companyId, "NEWBALAN-01", centro, "41", 2);
    const after = await ok(client().public.products.$get({ query: { limit: "100" } }));
    expect(after.total).toBe(before.total + 1);
    const shown = after.products.find((x) => x.id === p.id);
    expect(shown?.image_url).toBe(`/api/v1/public/products/${p.id}/image`);
    expect(shown?.sizes.find((s) => s.size === "41")?.available).toBeGreaterThanOrEqual(2);
    expect((await api(`${P}/public/products/${p.id}/image`)).status).toBe(200);

    await ok(api$.$patch({ param: byId(p.id), json: { published: false } }));
    const hidden = await ok(client().public.products.$get({ query: { limit: "100" } }));
    expect(hidden.products.map((x) => x.id)).not.toContain(p.id);
    await expectError(await api(`${P}/public/products/${p.id}/image`), 404);
  });

  it("answers 422 for a published that is not a boolean, 403 to the boss and the seller, 404 for another company's product", async () => {
    await expectError(
      await api(`${P}/products/${productId}`, {
        method: "PATCH",
        token: await login(DEMO.administrador),
        json: { published: "sí" },
      }),
      422,
      "published debe ser verdadero o falso",
    );
    await expectDenied(["boss", "seller", "bodeguero"], (token) =>
      api(`${P}/products/${productId}`, { method: "PATCH", token, json: { published: false } }),
    );
    await expectError(
      await api(`${P}/products/${productId}`, {
        method: "PATCH",
        token: await login(DEMO.otherAdmin),
        json: { published: false },
      }),
      404,
    );
  });

  it("lists sizes with pairs free in open stores only (not warehouses, not reserved), and says Agotado by an empty list", async () => {
    const size = freshSize();
    await setPairs(companyId, REF, principal, size, 5);
    let list = await ok(client().public.products.$get({ query: { limit: "100" } }));
    expect(list.products.find((x) => x.id === productId)?.sizes.map((s) => s.size)).not.toContain(size);
    await setPairs(companyId, REF, centro, size, 1);
    await setPairs(companyId, REF, chapinero, size, 2);
    list = await ok(client().public.products.$get({ query: { limit: "100" } }));
    expect(list.products.find((x) => x.id === productId)?.sizes.find((s) => s.size === size)?.available).toBe(3);
    await reserved(size, 1, centro);
    list = await ok(client().public.products.$get({ query: { limit: "100" } }));
    expect(list.products.find((x) => x.id === productId)?.sizes.find((s) => s.size === size)?.available).toBe(2);
  });
});

// ---------------------------------------------------------------- GET /public/stock

describe("GET /api/v1/public/stock", () => {
  it("answers free pairs per store and size of published products only", async () => {
    const size = freshSize();
    await setPairs(companyId, REF, centro, size, 2);
    const [hidden] = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.referenceCode, "REEBOKCL-01"), eq(products.companyId, companyId)));
    const { stock } = await ok(client().public.stock.$get({ query: { ids: `${productId},${hidden?.id}` } }));
    expect(stock).toContainEqual({ product_id: productId, location_id: centro, size, available: 2 });
    expect(stock.every((s) => s.product_id === productId)).toBe(true);
    expect(stock.every((s) => s.location_id !== principal)).toBe(true);
  });

  it("answers 422 for ids that are not a list of ids", async () => {
    await expectError(await api(`${P}/public/stock?ids=uno,dos`), 422, /ids debe ser una lista/);
    await expectError(await api(`${P}/public/stock`), 422);
  });
});

// ---------------------------------------------------------------- B.1 the shopper's reservation

describe("POST /api/v1/public/reservations", () => {
  it("holds the pairs at the store for 48 hours, answers the code, where and until when; the ledger does not move", async () => {
    const size = freshSize();
    await setPairs(companyId, REF, centro, size, 3);
    const ledger = async () =>
      (await db().select().from(stockMovements).where(eq(stockMovements.productId, productId))).length;
    const movements = await ledger();
    const started = Date.now();
    const res = await reserve(reserveBody(size, { items: [{ product_id: productId, size, quantity: 2 }] }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      message: string;
      reservation: {
        code: string;
        status: string;
        held_until: string;
        store: { name: string; whatsapp: string | null; address: string | null };
        lines: { size: string; quantity: number; unit_price: number; brand: string }[];
        total_amount: number;
      };
    };
    const r = body.reservation;
    expect(r.code).toMatch(/^RW-[2-9A-HJKMNP-Z]{6}$/);
    expect(r.status).toBe("pending");
    expect(r.store.name).toBe("Local Centro");
    expect(r.store.whatsapp).toBe("3001234567");
    expect(body.message).toContain(r.code);
    const hours = (Date.parse(r.held_until) - started) / 3_600_000;
    expect(hours).toBeGreaterThan(HOLD_HOURS - 0.1);
    expect(hours).toBeLessThan(HOLD_HOURS + 0.1);
    expect(r.lines).toEqual([expect.objectContaining({ size, quantity: 2, brand: "Converse" })]);
    expect(r.total_amount).toBe(2 * (r.lines[0]?.unit_price ?? 0));
    expect(await cell(centro, size)).toEqual({ pairs: 3, reserved: 2 });
    expect(await ledger()).toBe(movements);
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("refuses (409, naming the line) more pairs than the store has free, and holds nothing", async () => {
    const size = freshSize();
    await setPairs(companyId, REF, centro, size, 1);
    const other = freshSize();
    await setPairs(companyId, REF, centro, other, 4);
    const res = await reserve(
      reserveBody(size, {
        items: [
          { product_id: productId, size: other, quantity: 1 },
          { product_id: productId, size, quantity: 2 },
        ],
      }),
    );
    await expectError(
      res,
      409,
      new RegExp(`Local Centro ya no tiene libre: Converse .* talla ${size} \\(queda 1 par; pediste 2 pares\\)`),
    );
    expect(await cell(centro, other)).toEqual({ pairs: 4, reserved: 0 });
    expect(await cell(centro, size)).toEqual({ pairs: 1, reserved: 0 });
  });

  it("two shoppers racing for the last pair: exactly one holds it, the other is told (409)", async () => {
    for (let round = 0; round < 3; round++) {
      const size = freshSize();
      await setPairs(companyId, REF, chapinero, size, 1);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => reserve(reserveBody(size, { location_id: chapinero }))),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
      expect(await cell(chapinero, size)).toEqual({ pairs: 1, reserved: 1 });
    }
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("runs a key once: the same data answers the same 201 (replayed); other data with the key is 422", async () => {
    const size = freshSize();
    await setPairs(companyId, REF, centro, size, 3);
    const key = unique("reserva");
    const body = reserveBody(size);
    const first = await reserve(body, { "Idempotency-Key": key });
    const again = await reserve(body, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.text()).toBe(await first.text());
    expect(await cell(centro, size)).toEqual({ pairs: 3, reserved: 1 });
    await expectError(
      await reserve({ ...body, name: "Otra Persona" }, { "Idempotency-Key": key }),
      422,
      "La clave de idempotencia ya se usó con otros datos",
    );
    await expectError(await reserve(body, { "Idempotency-Key": "corta" }), 422);
  });

  it("answers 422 in Spanish for an empty cart, a bad phone, a warehouse or a product that is not published", async () => {
    const size = freshSize();
    await expectError(await reserve(reserveBody(size, { items: [] })), 422, "Tu carrito está vacío");
    await expectError(await reserve(reserveBody(size, { phone: "abc" })), 422, /Escribe un teléfono válido/);
    await expectError(
      await reserve(reserveBody(size, { items: [{ product_id: productId, size, quantity: 9 }] })),
      422,
      /de 1 a 5/,
    );
    await setPairs(companyId, REF, principal, size, 2);
    await expectError(
      await reserve(reserveBody(size, { location_id: principal })),
      422,
      /Esa tienda no existe o ya no atiende/,
    );
    const [unpublished] = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.referenceCode, "REEBOKCL-01"), eq(products.companyId, companyId)));
    await expectError(
      await reserve(reserveBody(size, { items: [{ product_id: unpublished?.id, size: "42", quantity: 1 }] })),
      422,
      /ya no está disponible en la tienda en línea/,
    );
  });

  it("limits a phone to 3 reservations an hour (429 with Retry-After) and holds nothing more", async () => {
    const size = freshSize();
    await setPairs(companyId, REF, centro, size, 10);
    const phone = freshPhone();
    for (let i = 0; i < 3; i++) expect((await reserve(reserveBody(size, { phone }))).status).toBe(201);
    const refused = await reserve(reserveBody(size, { phone }));
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    await expectError(refused, 429, /Ya hiciste varias reservas en la última hora/);
    expect(await cell(centro, size)).toEqual({ pairs: 10, reserved: 3 });
  });
});

// ---------------------------------------------------------------- B.1 / C. the store's staff

describe("/api/v1/store-reservations", () => {
  it("a seller sees and handles only their store's; pending → confirmed → completed releases the hold once", async () => {
    const size = freshSize();
    await setPairs(companyId, REF, centro, size, 2);
    await setPairs(companyId, REF, chapinero, size, 2);
    const mine = await reserved(size, 1, centro);
    const theirs = await reserved(size, 1, chapinero);
    const seller = await login(DEMO.seller);
    const list = await ok(client(seller)["store-reservations"].$get({ query: {} }));
    expect(list.reservations.map((r) => r.id)).toContain(mine.id);
    expect(list.reservations.map((r) => r.id)).not.toContain(theirs.id);
    expect(list.reservations.every((r) => r.location_id === centro)).toBe(true);
    expect(list.pending).toBeGreaterThan(0);
    const shown = list.reservations.find((r) => r.id === mine.id);
    expect(shown).toMatchObject({ code: mine.code, status: "pending", customer_name: "Ana Compradora" });
    expect(shown?.lines[0]).toMatchObject({ product_id: productId, size, quantity: 1 });

    await expectError(await act(theirs.id, "confirm", seller), 404, "Reserva no encontrada");
    const confirmed = await ok(client(seller)["store-reservations"][":id"].confirm.$post({ param: byId(mine.id) }));
    expect(confirmed.reservation).toMatchObject({ status: "confirmed", confirmed_by: expect.stringMatching(/\w/) });
    expect(await cell(centro, size)).toEqual({ pairs: 2, reserved: 1 });
    await expectError(await act(mine.id, "confirm", seller), 409, "La reserva ya está confirmada");

    const done = await ok(client(seller)["store-reservations"][":id"].complete.$post({ param: byId(mine.id) }));
    expect(done.reservation.status).toBe("completed");
    expect(await cell(centro, size)).toEqual({ pairs: 2, reserved: 0 });
    await expectError(await act(mine.id, "complete", seller), 409, "La reserva ya se completó");
    await expectError(await act(mine.id, "cancel", seller), 409, "La reserva ya se completó");
    expect(await cell(centro, size)).toEqual({ pairs: 2, reserved: 0 });
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("the administrador handles any store's (and filters by store); cancel needs a reason and releases the hold", async () => {
    const size = freshSize();
    await setPairs(companyId, REF, chapinero, size, 1);
    const r = await reserved(size, 1, chapinero);
    const admin = await login(DEMO.administrador);
    const byStore = await ok(
      client(admin)["store-reservations"].$get({ query: { location_id: String(chapinero), status: "pending" } }),
    );
    expect(byStore.reservations.map((x) => x.id)).toContain(r.id);
    expect(byStore.reservations.every((x) => x.location_id === chapinero && x.status === "pending")).toBe(true);
    await expectError(await act(r.id, "cancel", admin, {}), 422, "Escribe por qué se cancela la reserva.");
    await expectError(await act(r.id, "cancel", admin, { reason: "   " }), 422);
    const cancelled = await ok(
      client(admin)["store-reservations"][":id"].cancel.$post({
        param: byId(r.id),
        json: { reason: "No contestó el teléfono" },
      }),
    );
    expect(cancelled.reservation).toMatchObject({
      status: "cancelled",
      cancellation_reason: "No contestó el teléfono",
    });
    expect(await cell(chapinero, size)).toEqual({ pairs: 1, reserved: 0 });
    // the pair is free again: another shopper holds it
    await reserved(size, 1, chapinero);
  });

  it("the boss reads but does not act; keepers and couriers are refused; 422 for an unknown status filter", async () => {
    const boss = await login(DEMO.boss);
    await ok(client(boss)["store-reservations"].$get({ query: { status: "all" } }));
    const size = freshSize();
    await setPairs(companyId, REF, centro, size, 1);
    const r = await reserved(size);
    await expectDenied(["boss", "bodeguero", "corredor"], (token) => act(r.id, "confirm", token));
    await expectDenied(["bodeguero", "corredor"], (token) => api(`${P}/store-reservations`, { token }));
    await expectError(
      await api(`${P}/store-reservations?status=perdida`, { token: boss }),
      422,
      /El estado debe ser open/,
    );
    const admin = await login(DEMO.administrador);
    // an id that is not one is unknown (404), as everywhere
    await expectError(
      await api(`${P}/store-reservations/abc/confirm`, { method: "POST", token: admin, json: {} }),
      404,
    );
  });

  it("another company's staff get 404 for these reservations and see none of them", async () => {
    const size = freshSize();
    await setPairs(companyId, REF, centro, size, 1);
    const r = await reserved(size);
    const other = await login(DEMO.otherAdmin);
    for (const action of ["confirm", "complete", "cancel"] as const) {
      await expectError(await act(r.id, action, other), 404, "Reserva no encontrada");
    }
    const list = await ok(client(other)["store-reservations"].$get({ query: { status: "all" } }));
    expect(list.reservations.map((x) => x.id)).not.toContain(r.id);
    expect(await statusOf(r.id)).toBe("pending");
  });

  it("complete and cancel racing on one reservation: one wins, the other is 409, the hold is released once", async () => {
    for (let round = 0; round < 3; round++) {
      const size = freshSize();
      await setPairs(companyId, REF, centro, size, 1);
      const r = await reserved(size);
      const seller = await login(DEMO.seller);
      const admin = await login(DEMO.administrador);
      const answers = await Promise.all([act(r.id, "complete", seller), act(r.id, "cancel", admin)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await cell(centro, size)).toEqual({ pairs: 1, reserved: 0 });
    }
    expect(await brokenInvariants(db())).toEqual({});
  });
});

// ---------------------------------------------------------------- expiry

describe("the scheduled job expires reservations past their time", () => {
  it("releases each expired hold exactly once, however many runs race; a lapsed reservation cannot be completed", async () => {
    const size = freshSize();
    await setPairs(companyId, REF, centro, size, 2);
    const a = await reserved(size);
    const b = await reserved(size);
    const past = new Date(Date.now() - 60_000).toISOString();
    await db().update(webReservations).set({ heldUntil: past }).where(eq(webReservations.id, a.id));
    await db()
      .update(webReservations)
      .set({ heldUntil: past, status: "confirmed" })
      .where(eq(webReservations.id, b.id));
    await Promise.all([runCron(), runCron(), runCron("0 5 * * *")]);
    expect(await statusOf(a.id)).toBe("expired");
    expect(await statusOf(b.id)).toBe("expired");
    expect(await cell(centro, size)).toEqual({ pairs: 2, reserved: 0 });
    await runCron();
    expect(await cell(centro, size)).toEqual({ pairs: 2, reserved: 0 });
    await expectError(
      await act(a.id, "complete", await login(DEMO.seller)),
      409,
      "La reserva ya venció y sus pares quedaron libres",
    );
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("a completion racing the expiry: the hold is released once, by whichever came first", async () => {
    const size = freshSize();
    await setPairs(companyId, REF, centro, size, 1);
    const r = await reserved(size);
    await db()
      .update(webReservations)
      .set({ heldUntil: new Date(Date.now() - 1000).toISOString() })
      .where(eq(webReservations.id, r.id));
    const [completed] = await Promise.all([act(r.id, "complete", await login(DEMO.seller)), runCron()]);
    expect([200, 409]).toContain(completed.status);
    expect(["expired", "completed"]).toContain(await statusOf(r.id));
    expect(await cell(centro, size)).toEqual({ pairs: 1, reserved: 0 });
    const [count] = await db().all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM web_reservations WHERE status IN ('pending', 'confirmed') AND held_until <= ${new Date().toISOString()}`,
    );
    expect(Number(count?.n)).toBe(0);
  });
});
