import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, stockAdjustments, stockMovements } from "../../../worker/db/schema";
import { applyAction } from "../../../worker/domain/logistics/transfer-ops";
import { brokenInvariants } from "../../../worker/domain/shared/invariants";
import { stockChangeStatements } from "../../../worker/domain/stock/ledger";
import {
  accountRow,
  api,
  DEMO,
  db,
  expectDenied,
  expectError,
  inventoryCell,
  locationNamed,
  login,
  priceOf,
} from "../support/helpers";

// Single feet and pairs (worker/domain/stock/pairing.ts, worker/routes/stock/stock-pairs.ts): a free left and a free
// right foot at one location become a pair on their own (pair_formed), whatever brought them there;
// the administrador merges and splits by hand.

const P = "/api/v1";
const REF = "ASICSGEL-01";
let companyId = 0;
let product = 0;
let centro = 0;
let principal = 0;

beforeAll(async () => {
  const admin = await accountRow(DEMO.administrador);
  companyId = admin?.companyId ?? 0;
  const [p] = await db()
    .select()
    .from(products)
    .where(and(eq(products.referenceCode, REF), eq(products.companyId, companyId)));
  product = p?.id ?? 0;
  centro = (await locationNamed("Local Centro")).id;
  principal = (await locationNamed("Bodega Principal")).id;
});

async function post(path: string, email: string, json?: unknown) {
  return api(`${P}${path}`, { method: "POST", token: await login(email), ...(json === undefined ? {} : { json }) });
}

async function expectStatus(res: Response | Promise<Response>, status: number) {
  const r = await res;
  expect(r.status, await r.clone().text()).toBe(status);
  return r;
}

/** Feet put in a cell through the ledger (pairing with what waits there, as every path does). */
async function addFeet(locationId: number, size: string, delta: { left?: number; right?: number; pairs?: number }) {
  await db().batch(
    stockChangeStatements(db(), { companyId, productId: product, locationId, size, delta, reason: "adjustment" }),
  );
}

/** Feet stored without pairing: what the data of an earlier version may hold. */
async function unpairedFeet(locationId: number, size: string, left: number, right: number) {
  const [ensure, apply, ledger] = stockChangeStatements(db(), {
    companyId,
    productId: product,
    locationId,
    size,
    delta: { left, right },
    reason: "adjustment",
  });
  await db().batch([ensure, apply, ledger]);
}

/** The seller of Local Centro asks Bodega Principal for a left foot of `size`; its keeper accepts (reserves it). */
async function leftFootAccepted(size: string) {
  const requested = await expectStatus(
    post("/transfers/request-single-foot", DEMO.seller, {
      source_location_id: principal,
      sneaker_reference_code: REF,
      size,
      foot_side: "left",
      pickup_type: "vendedor",
    }),
    201,
  );
  const { transfer_request_id: id } = (await requested.json()) as { transfer_request_id: number };
  await expectStatus(post("/warehouse/accept-request", DEMO.bodeguero, { transfer_request_id: id }), 200);
  return id;
}

/** The left foot handed over and received at Local Centro (the transfer completed). */
async function leftFootReceived(size: string) {
  const id = await leftFootAccepted(size);
  await expectStatus(post(`/warehouse/deliver-to-vendor/${id}`, DEMO.bodeguero, { delivered: true }), 200);
  await expectStatus(post(`/vendor/confirm-reception/${id}`, DEMO.seller), 200);
  return id;
}

async function lastMovement(locationId: number, size: string) {
  const [m] = await db()
    .select()
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.productId, product),
        eq(stockMovements.locationId, locationId),
        eq(stockMovements.size, size),
      ),
    )
    .orderBy(desc(stockMovements.id))
    .limit(1);
  return m;
}

describe("pairs form on their own", () => {
  it("a left foot arriving by transfer pairs with the right foot waiting at the store, and the pair is sold", async () => {
    const size = "36";
    await addFeet(centro, size, { right: 1 });
    await addFeet(principal, size, { left: 1 });
    const before = await inventoryCell(REF, centro, size);
    expect(before).toMatchObject({ rightFeet: 1, leftFeet: 0 });
    const id = await leftFootReceived(size);

    const after = await inventoryCell(REF, centro, size);
    expect(after).toMatchObject({ pairs: before.pairs + 1, leftFeet: 0, rightFeet: 0 });
    expect(await lastMovement(centro, size)).toMatchObject({
      reason: "pair_formed",
      deltaPairs: 1,
      deltaLeft: -1,
      deltaRight: -1,
      transferId: id,
    });
    expect(await brokenInvariants(db())).toEqual({});

    // selling what the transfer completed takes the pair
    const price = await priceOf(REF);
    await expectStatus(
      post("/sales/create-from-transfer", DEMO.seller, {
        transfer_id: id,
        total_amount: price,
        payment_methods: [{ payment_type: "efectivo", amount: price }],
      }),
      201,
    );
    expect(await inventoryCell(REF, centro, size)).toMatchObject({ pairs: before.pairs, leftFeet: 0, rightFeet: 0 });
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("a foot found by an adjustment pairs with its partner, and the product's history says so", async () => {
    const size = "37";
    await addFeet(principal, size, { left: 1 });
    const before = await inventoryCell(REF, principal, size);
    await expectStatus(
      post("/inventory/adjustments", DEMO.administrador, {
        product_id: product,
        location_id: principal,
        size,
        unit_kind: "right",
        delta: 1,
        reason: "encontrado",
      }),
      201,
    );
    expect(await inventoryCell(REF, principal, size)).toMatchObject({
      pairs: before.pairs + 1,
      leftFeet: 0,
      rightFeet: 0,
    });
    const history = await api(`${P}/products/${product}`, { token: await login(DEMO.administrador) });
    const body = (await history.json()) as { movements: { reason: string; reason_text: string }[] };
    expect(body.movements[0]).toMatchObject({ reason: "pair_formed", reason_text: "Par formado con pies sueltos" });
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("feet promised to a transfer stay single; released, they pair", async () => {
    const size = "38";
    await addFeet(principal, size, { left: 1 });
    const id = await leftFootAccepted(size);
    // a right foot arrives while the left one is reserved: no pair
    await addFeet(principal, size, { right: 1 });
    const held = await inventoryCell(REF, principal, size);
    expect(held).toMatchObject({ leftFeet: 1, rightFeet: 1, reservedLeft: 1 });
    // the reservation lapses (the Durable Object's alarm runs this): the freed foot pairs
    await applyAction(db(), id, "expire_reservation", "system", {}, new Date(Date.now() + 46 * 60_000));
    expect(await inventoryCell(REF, principal, size)).toMatchObject({
      pairs: held.pairs + 1,
      leftFeet: 0,
      rightFeet: 0,
      reservedLeft: 0,
    });
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("a returned single foot that was paired on arrival splits its pair: the foot goes back, its partner stays", async () => {
    const size = "39";
    await addFeet(centro, size, { right: 1 });
    await addFeet(principal, size, { left: 1 });
    const id = await leftFootReceived(size);
    const paired = await inventoryCell(REF, centro, size);
    expect(paired).toMatchObject({ leftFeet: 0, rightFeet: 0 });

    const returned = await expectStatus(
      post("/returns/request", DEMO.seller, { original_transfer_id: id, pickup_type: "vendedor" }),
      201,
    );
    const { return_id: returnId } = (await returned.json()) as { return_id: number };
    await expectStatus(post("/warehouse/accept-request", DEMO.bodeguero, { transfer_request_id: returnId }), 200);
    expect(await inventoryCell(REF, centro, size)).toMatchObject({
      pairs: paired.pairs - 1,
      leftFeet: 1,
      rightFeet: 1,
      reservedLeft: 1,
    });
    expect(await lastMovement(centro, size)).toMatchObject({ reason: "pair_split", transferId: returnId });
    await expectStatus(post(`/vendor/deliver-return-to-warehouse/${returnId}`, DEMO.seller, {}), 200);
    expect(await inventoryCell(REF, centro, size)).toMatchObject({
      pairs: paired.pairs - 1,
      leftFeet: 0,
      rightFeet: 1,
      reservedLeft: 0,
    });
    expect(await brokenInvariants(db())).toEqual({});
  });
});

describe("POST /api/v1/inventory/pairs/merge", () => {
  it("pairs single feet that were stored apart, once; nothing left to pair answers 409", async () => {
    const size = "40";
    await unpairedFeet(principal, size, 2, 1);
    const before = await inventoryCell(REF, principal, size);
    const res = await expectStatus(
      post("/inventory/pairs/merge", DEMO.administrador, { product_id: product, location_id: principal, size }),
      201,
    );
    expect(await res.json()).toMatchObject({
      formed: 1,
      stock: { pairs: before.pairs + 1, left_feet: 1, right_feet: 0 },
    });
    expect(await lastMovement(principal, size)).toMatchObject({ reason: "pair_formed", notes: "Par formado a mano" });
    await expectError(
      await post("/inventory/pairs/merge", DEMO.administrador, { product_id: product, location_id: principal, size }),
      409,
      /No hay un pie izquierdo y uno derecho libres/,
    );
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("422 for bad input, 403 for roles that do not keep stock or another warehouse, 404 for another company", async () => {
    const body = { product_id: product, location_id: principal, size: "40" };
    await expectError(await post("/inventory/pairs/merge", DEMO.administrador, { ...body, size: "" }), 422, /talla/);
    await expectError(await post("/inventory/pairs/merge", DEMO.administrador, { ...body, product_id: "x" }), 422);
    await expectDenied(["boss", "seller", "corredor"], (token) =>
      api(`${P}/inventory/pairs/merge`, { method: "POST", token, json: body }),
    );
    await expectError(
      await post("/inventory/pairs/merge", DEMO.bodeguero, { ...body, location_id: centro }),
      403,
      /tu bodega/,
    );
    await expectError(await post("/inventory/pairs/merge", DEMO.otherAdmin, body), 404);
  });
});

describe("POST /api/v1/inventory/pairs/split", () => {
  it("splits a pair with a damaged shoe: the good foot stays single, the damaged one is written off at cost", async () => {
    const size = "41";
    await addFeet(centro, size, { pairs: 2 });
    const before = await inventoryCell(REF, centro, size);
    const res = await expectStatus(
      post("/inventory/pairs/split", DEMO.administrador, {
        product_id: product,
        location_id: centro,
        size,
        write_off: "left",
        reason: "dano",
        notes: "Puntera rota",
      }),
      201,
    );
    expect(await res.json()).toMatchObject({
      split: 1,
      stock: { pairs: before.pairs - 1, left_feet: 0, right_feet: before.rightFeet + 1 },
    });
    const [adjustment] = await db()
      .select()
      .from(stockAdjustments)
      .where(and(eq(stockAdjustments.productId, product), eq(stockAdjustments.locationId, centro)))
      .orderBy(desc(stockAdjustments.id))
      .limit(1);
    expect(adjustment).toMatchObject({
      unitKind: "left",
      delta: -1,
      reason: "dano",
      notes: "Par separado: Puntera rota",
    });
    const moves = await db()
      .select()
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.productId, product),
          eq(stockMovements.locationId, centro),
          eq(stockMovements.size, size),
        ),
      )
      .orderBy(desc(stockMovements.id))
      .limit(2);
    expect(moves.map((m) => m.reason)).toEqual(["adjustment", "pair_split"]);
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("splitting beside a free foot of the kept side's partner pairs them: no free left and right stay apart", async () => {
    const size = "43";
    await addFeet(principal, size, { pairs: 3 });
    // one free left foot waits in the cell (a right already there pairs with the first one added)
    while ((await inventoryCell(REF, principal, size)).leftFeet < 1) await addFeet(principal, size, { left: 1 });
    const before = await inventoryCell(REF, principal, size);
    expect(before.rightFeet).toBe(0);
    const res = await expectStatus(
      post("/inventory/pairs/split", DEMO.administrador, {
        product_id: product,
        location_id: principal,
        size,
        write_off: "left",
        reason: "dano",
      }),
      201,
    );
    // the damaged left is written off; its right pairs with the free left
    expect(await res.json()).toMatchObject({
      split: 1,
      stock: { pairs: before.pairs, left_feet: before.leftFeet - 1, right_feet: 0 },
    });
    expect(await lastMovement(principal, size)).toMatchObject({ reason: "pair_formed", deltaPairs: 1 });
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("never splits more pairs than are free: 409 naming what is there, nothing changed", async () => {
    const size = "42";
    await addFeet(centro, size, { pairs: 1 });
    const before = await inventoryCell(REF, centro, size);
    const body = {
      product_id: product,
      location_id: centro,
      size,
      quantity: before.pairs + 1,
      write_off: "right",
      reason: "perdida_robo",
    };
    await expectError(await post("/inventory/pairs/split", DEMO.administrador, body), 409, /no puede quedar negativo/);
    // a size never stocked there: no cell, nothing split
    await expectError(
      await post("/inventory/pairs/split", DEMO.administrador, { ...body, size: "99", quantity: 1 }),
      409,
    );
    expect(await inventoryCell(REF, centro, size)).toEqual(before);
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("422 for bad input, 403 for other roles, 404 for another company", async () => {
    const body = { product_id: product, location_id: centro, size: "41", write_off: "left", reason: "dano" };
    await expectError(
      await post("/inventory/pairs/split", DEMO.administrador, { ...body, write_off: "ambos" }),
      422,
      /pie/,
    );
    await expectError(
      await post("/inventory/pairs/split", DEMO.administrador, { ...body, reason: "encontrado" }),
      422,
      /motivo/,
    );
    await expectError(
      await post("/inventory/pairs/split", DEMO.administrador, { ...body, quantity: 0 }),
      422,
      /al menos 1/,
    );
    await expectDenied(["boss", "seller", "corredor"], (token) =>
      api(`${P}/inventory/pairs/split`, { method: "POST", token, json: body }),
    );
    await expectError(await post("/inventory/pairs/split", DEMO.otherAdmin, body), 404);
  });
});
