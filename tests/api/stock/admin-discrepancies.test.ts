import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inventory, locations, notifications, products, stockMovements, users } from "../../../worker/db/schema";
import { brokenInvariants } from "../../../worker/domain/shared/invariants";
import { stockChangeStatements } from "../../../worker/domain/stock/ledger";
import { api, byId, client, DEMO, db, expectDenied, expectError, login, ok, priceOf } from "../support/helpers";

// Receptions that do not add up (worker/domain/stock/discrepancies.ts) and the administrador's resolution
// (worker/routes/stock/admin-discrepancies.ts): no unit is ever lost silently.

const REF = "NEWBALAN-02";
const P = "/api/v1";

let principal = 0;
let centro = 0;
let companyId = 0;
let product = 0;

async function pairs(locationId: number, size: string) {
  const [row] = await db()
    .select({ pairs: inventory.pairs })
    .from(inventory)
    .where(and(eq(inventory.productId, product), eq(inventory.locationId, locationId), eq(inventory.size, size)));
  return row?.pairs ?? 0;
}

async function post(path: string, email: string, json?: unknown) {
  return api(`${P}${path}`, { method: "POST", token: await login(email), ...(json === undefined ? {} : { json }) });
}

/** A transfer of `quantity` pairs from Bodega Principal to Local Centro, handed to the seller (delivered). */
async function delivered(size: string, quantity: number): Promise<number> {
  await db().batch(
    stockChangeStatements(db(), {
      companyId,
      productId: product,
      locationId: principal,
      size,
      delta: { pairs: quantity },
      reason: "adjustment",
    }),
  );
  const { transfer_request_id: id } = await ok(
    client(await login(DEMO.seller)).transfers.request.$post({
      json: {
        source_location_id: principal,
        sneaker_reference_code: REF,
        size,
        quantity,
        purpose: "restock",
        pickup_type: "vendedor",
      },
    }),
    201,
  );
  expect((await post("/warehouse/accept-request", DEMO.bodeguero, { transfer_request_id: id })).status).toBe(200);
  expect((await post(`/warehouse/deliver-to-vendor/${id}`, DEMO.bodeguero, {})).status).toBe(200);
  return id;
}

/** The company's discrepancies as its administrador (or `email`) sees them: the open ones unless told. */
async function listed(status?: "all", email: string = DEMO.administrador) {
  const query = status ? { status } : {};
  return (await ok(client(await login(email)).admin.admin.discrepancies.$get({ query }))).discrepancies;
}

async function openDiscrepancies() {
  return listed();
}

beforeAll(async () => {
  const place = async (name: string) =>
    (await db().select().from(locations).where(eq(locations.name, name)))[0]?.id ?? 0;
  principal = await place("Bodega Principal");
  centro = await place("Local Centro");
  companyId = (await db().select().from(users).where(eq(users.email, DEMO.seller)))[0]?.companyId ?? 0;
  product = (await db().select().from(products).where(eq(products.referenceCode, REF)))[0]?.id ?? 0;
});

describe("a reception that does not add up", () => {
  it("short and damaged units are held as discrepancies, with an alert; only the good ones enter stock", async () => {
    const id = await delivered("40", 5);
    const before = await pairs(centro, "40");
    const res = await post(
      `/vendor/confirm-reception/${id}?received_quantity=4&condition_ok=false&notes=Caja%20mojada`,
      DEMO.seller,
    );
    expect(res.status).toBe(200);
    // condition not ok without a count: every received pair is damaged
    expect(await pairs(centro, "40")).toBe(before);
    const mine = (await openDiscrepancies()).filter((d) => d.transfer_id === id);
    expect(mine.map((d) => [d.kind, d.quantity]).sort()).toEqual([
      ["damaged", 4],
      ["short", 1],
    ]);
    expect(mine[0]).toMatchObject({ location_name: "Local Centro", reported_by: "Valentina Rojas", status: "open" });
    const alerts = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.transferId, id), eq(notifications.type, "alert")));
    expect(alerts[0]?.message).toMatch(/1 par faltante y 4 pares dañados de 5 pares enviados/);
    // nothing arrived sellable: the transfer can neither be sold nor returned
    const view = await ok(client(await login(DEMO.seller)).vendor["transfer-details"][":id"].$get({ param: byId(id) }));
    expect(view).toMatchObject({ can_sell: false, can_return: false, sellable_quantity: 0 });
    const NOTHING = /no dejó unidades vendibles/;
    const sale = await post("/sales/create-from-transfer", DEMO.seller, {
      transfer_id: id,
      total_amount: 100000,
      payment_methods: [{ payment_type: "efectivo", amount: 100000 }],
    });
    await expectError(sale, 409, NOTHING);
    const ret = await post("/returns/request", DEMO.seller, { original_transfer_id: id, pickup_type: "corredor" });
    await expectError(ret, 409, NOTHING);
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("damaged_quantity splits a reception: the good pairs enter stock", async () => {
    const id = await delivered("41", 3);
    const before = await pairs(centro, "41");
    const res = await post(
      `/vendor/confirm-reception/${id}?received_quantity=3&condition_ok=false&damaged_quantity=1`,
      DEMO.seller,
    );
    expect(res.status).toBe(200);
    expect(await pairs(centro, "41")).toBe(before + 2);
    // a sale of the transfer takes the two good pairs, not the damaged one
    const sale = await post("/sales/create-from-transfer", DEMO.seller, {
      transfer_id: id,
      total_amount: 2 * (await priceOf(REF)),
      payment_methods: [{ payment_type: "efectivo", amount: 2 * (await priceOf(REF)) }],
    });
    expect(sale.status).toBe(201);
    expect(await pairs(centro, "41")).toBe(before);
    expect((await openDiscrepancies()).filter((d) => d.transfer_id === id).map((d) => d.kind)).toEqual(["damaged"]);
  });

  it("refuses a damaged count above what was received (422) and leaves the transfer delivered", async () => {
    const id = await delivered("42", 2);
    await expectError(
      await post(`/vendor/confirm-reception/${id}?received_quantity=1&damaged_quantity=2`, DEMO.seller),
      422,
      "Las unidades dañadas deben estar entre 0 y 1",
    );
    await expectError(await post(`/vendor/confirm-reception/${id}?received_quantity=3`, DEMO.seller), 422);
  });

  it("a return received unusable is held as damaged, not lost", async () => {
    const id = await delivered("43", 1);
    expect((await post(`/vendor/confirm-reception/${id}`, DEMO.seller)).status).toBe(200);
    const { return_id: returnId } = await ok(
      client(await login(DEMO.seller)).returns.request.$post({
        json: { original_transfer_id: id, pickup_type: "vendedor" },
      }),
      201,
    );
    expect((await post("/warehouse/accept-request", DEMO.bodeguero, { transfer_request_id: returnId })).status).toBe(
      200,
    );
    expect((await post(`/vendor/deliver-return-to-warehouse/${returnId}`, DEMO.seller, {})).status).toBe(200);
    const warehouseBefore = await pairs(principal, "43");
    const done = await post(`/warehouse/confirm-return-reception/${returnId}`, DEMO.bodeguero, {
      received_quantity: 1,
      product_condition: "unusable",
      return_to_inventory: false,
    });
    expect(done.status).toBe(200);
    expect(await pairs(principal, "43")).toBe(warehouseBefore);
    expect((await openDiscrepancies()).find((d) => d.transfer_id === returnId)).toMatchObject({
      kind: "damaged",
      quantity: 1,
      location_name: "Bodega Principal",
    });
    expect(await brokenInvariants(db())).toEqual({});
  });
});

describe("the administrador resolves a discrepancy", () => {
  it("found: the units enter stock through the ledger; write-off: recorded with its reason; once each", async () => {
    const id = await delivered("44", 2);
    expect((await post(`/vendor/confirm-reception/${id}?received_quantity=0`, DEMO.seller)).status).toBe(200);
    const [short] = (await openDiscrepancies()).filter((d) => d.transfer_id === id);
    if (!short) throw new Error("no discrepancy");
    expect(short).toMatchObject({ kind: "short", quantity: 2, units_text: "2 pares" });

    const before = await pairs(centro, "44");
    const found = await ok(
      client(await login(DEMO.administrador)).admin.admin.discrepancies[":id"].resolve.$post({
        param: byId(short.id),
        json: { resolution: "found", reason: "Estaban en la bodega del local" },
      }),
    );
    expect(found.message).toBe("2 pares volvieron al stock de Local Centro");
    expect(await pairs(centro, "44")).toBe(before + 2);
    await expectError(
      await post(`/admin/admin/discrepancies/${short.id}/resolve`, DEMO.administrador, {
        resolution: "write_off",
        reason: "otra vez",
      }),
      409,
      "Esta diferencia ya fue resuelta",
    );

    const other = await delivered("45", 1);
    expect((await post(`/vendor/confirm-reception/${other}?condition_ok=false`, DEMO.seller)).status).toBe(200);
    const [damaged] = (await openDiscrepancies()).filter((d) => d.transfer_id === other);
    if (!damaged) throw new Error("no discrepancy");
    const off = await post(`/admin/admin/discrepancies/${damaged.id}/resolve`, DEMO.administrador, {
      resolution: "write_off",
      reason: "Suela despegada, no se puede vender",
    });
    expect(off.status).toBe(200);
    const [ledger] = await db()
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.transferId, other), eq(stockMovements.reason, "write_off")));
    expect(ledger?.notes).toContain("Suela despegada");
    const all = await listed("all");
    expect(all.find((d) => d.id === damaged.id)).toMatchObject({
      status: "written_off",
      resolved_by: "Andrés Gómez",
      resolution_reason: "Suela despegada, no se puede vender",
    });
    expect((await openDiscrepancies()).some((d) => d.id === damaged.id)).toBe(false);
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("validates the resolution (422)", async () => {
    await expectError(
      await post("/admin/admin/discrepancies/1/resolve", DEMO.administrador, { resolution: "lost", reason: "x" }),
      422,
    );
    await expectError(
      await post("/admin/admin/discrepancies/1/resolve", DEMO.administrador, { resolution: "found" }),
      422,
      "Indica el motivo",
    );
    await expectError(
      await api(`${P}/admin/admin/discrepancies?status=nada`, { token: await login(DEMO.administrador) }),
      422,
    );
  });

  it("is for the administrador only (403) and of their own company (404)", async () => {
    await expectDenied(["seller", "bodeguero", "corredor"], (token) =>
      api(`${P}/admin/admin/discrepancies`, { token }),
    );
    const id = await delivered("46", 1);
    await post(`/vendor/confirm-reception/${id}?received_quantity=0`, DEMO.seller);
    const [d] = (await openDiscrepancies()).filter((x) => x.transfer_id === id);
    await expectError(
      await post(`/admin/admin/discrepancies/${d?.id}/resolve`, DEMO.otherAdmin, { resolution: "found", reason: "x" }),
      404,
    );
    const theirs = await listed(undefined, DEMO.otherAdmin);
    expect(theirs.some((x) => x.transfer_id === id)).toBe(false);
    const [still] = await db().all<{ status: string }>(sql`SELECT status FROM stock_discrepancies WHERE id = ${d?.id}`);
    expect(still?.status).toBe("open");
  });
});
