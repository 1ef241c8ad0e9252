import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { beforeAll, describe, expect, it } from "vitest";
import { products, stockMovements } from "../../../worker/db/schema";
import { ledgerMismatches } from "../../../worker/domain/stock/ledger";
import {
  accountRow,
  api,
  byId,
  client,
  companyNamed,
  DEMO,
  db,
  dbOf,
  expectDenied,
  expectError,
  inventoryCell,
  locationNamed,
  login,
  ok,
  setPairs,
} from "../support/helpers";

// Stock corrected by hand (worker/routes/stock/stock-adjustments.ts): one ledger movement each, never below zero.

const P = "/api/v1/inventory/adjustments";
const REF = "NEWBALAN-01";
const SIZE = "41";
let companyId = 0;
let product = 0;
let centro = 0;
let principal = 0;

/** The adjustment routes as typed calls, as `email` (the administrador unless told). */
const adjustments = async (email: string = DEMO.administrador) => client(await login(email)).inventory.adjustments;

type AdjustmentInput = InferRequestType<Awaited<ReturnType<typeof adjustments>>["$post"]>["json"];

/** A well-formed adjustment, as a typed call. */
const adjust = async (json: AdjustmentInput, email: string = DEMO.administrador) =>
  (await adjustments(email)).$post({ json });
/** An adjustment as sent, however malformed. */
const send = async (body: unknown, email: string = DEMO.administrador) =>
  api(P, { method: "POST", token: await login(email), json: body });

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

describe("POST /api/v1/inventory/adjustments", () => {
  it("takes a damaged pair out with one ledger movement, valued at cost, and shows it in the product's history", async () => {
    await setPairs(companyId, REF, centro, SIZE, 3);
    const { adjustment } = await ok(
      adjust({
        product_id: product,
        location_id: centro,
        size: SIZE,
        unit_kind: "pairs",
        delta: -1,
        reason: "dano",
        notes: "Suela despegada",
      }),
      201,
    );
    expect(adjustment).toMatchObject({ delta: -1, reason: "dano", reason_text: "Daño", user_name: "Andrés Gómez" });
    expect(adjustment.value_at_cost).toBe(adjustment.unit_cost === null ? null : -adjustment.unit_cost);
    expect((await inventoryCell(REF, centro, SIZE)).pairs).toBe(2);
    const [movement] = await db()
      .select()
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.productId, product),
          eq(stockMovements.reason, "adjustment"),
          isNotNull(stockMovements.entryRef),
        ),
      )
      .orderBy(desc(stockMovements.id))
      .limit(1);
    expect(movement).toMatchObject({ deltaPairs: -1, notes: "Daño: Suela despegada" });
    expect(await ledgerMismatches(db())).toEqual([]);

    const detail = await ok(client(await login(DEMO.boss)).products[":id"].$get({ param: byId(product) }));
    expect(detail.movements[0]).toMatchObject({ reason: "adjustment", adjustment_reason: "dano" });
  });

  it("moves pairs to exhibition, and adds single feet found", async () => {
    await setPairs(companyId, REF, centro, SIZE, 2);
    const before = await inventoryCell(REF, centro, SIZE);
    await ok(
      adjust({
        product_id: product,
        location_id: centro,
        size: SIZE,
        unit_kind: "exhibition",
        delta: 1,
        reason: "paso_exhibicion",
      }),
      201,
    );
    await ok(
      adjust({
        product_id: product,
        location_id: centro,
        size: SIZE,
        unit_kind: "left",
        delta: 1,
        reason: "encontrado",
      }),
      201,
    );
    const after = await inventoryCell(REF, centro, SIZE);
    expect(after.pairs).toBe(before.pairs - 1);
    expect((after as { exhibition: number }).exhibition).toBe(
      ((before as { exhibition?: number }).exhibition ?? 0) + 1,
    );
    expect(after.leftFeet).toBe(before.leftFeet + 1);
  });

  it("never goes below zero: 409 naming what is there, nothing changed", async () => {
    await setPairs(companyId, REF, centro, SIZE, 1);
    const res = await adjust({
      product_id: product,
      location_id: centro,
      size: SIZE,
      unit_kind: "pairs",
      delta: -2,
      reason: "perdida_robo",
    });
    await expectError(res, 409, new RegExp(`En Local Centro hay de ${REF} talla ${SIZE} — pares: 1`));
    expect((await inventoryCell(REF, centro, SIZE)).pairs).toBe(1);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it("concurrent adjustments of the last pair: exactly one takes it", async () => {
    await setPairs(companyId, REF, principal, SIZE, 1);
    const body = {
      product_id: product,
      location_id: principal,
      size: SIZE,
      unit_kind: "pairs",
      delta: -1,
      reason: "perdida_robo",
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => send(body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await inventoryCell(REF, principal, SIZE)).pairs).toBe(0);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it("a keeper adjusts their own warehouse only; boss, seller and courier cannot adjust", async () => {
    await setPairs(companyId, REF, principal, SIZE, 2);
    const body: AdjustmentInput = {
      product_id: product,
      location_id: principal,
      size: SIZE,
      unit_kind: "pairs",
      delta: -1,
      reason: "conteo_fisico",
    };
    await ok(adjust(body, DEMO.bodeguero), 201);
    await expectError(await adjust({ ...body, location_id: centro }, DEMO.bodeguero), 403, /tu bodega/);
    await expectDenied(["boss", "seller", "corredor"], (token) =>
      client(token).inventory.adjustments.$post({ json: body }),
    );
  });

  it("answers 422 for bad input and 404 for another company's product or location", async () => {
    const body: AdjustmentInput = {
      product_id: product,
      location_id: centro,
      size: SIZE,
      unit_kind: "pairs",
      delta: 1,
      reason: "encontrado",
    };
    await expectError(await adjust({ ...body, delta: 0 }), 422, /cero/);
    await expectError(await adjust({ ...body, delta: 1.5 }), 422, /entero/);
    await expectError(await send({ ...body, reason: "capricho" }), 422, /motivo/);
    await expectError(await send({ ...body, unit_kind: "cajas" }), 422, /tipo de unidad/);
    await expectError(await adjust({ ...body, unit_kind: "pairs", reason: "paso_exhibicion" }), 422, /exhibición/);
    const otra = await companyNamed("otra");
    const [other] = await (await dbOf(otra.id)).select().from(products).where(eq(products.companyId, otra.id)).limit(1);
    if (other) await expectError(await adjust({ ...body, product_id: other.id }), 404, "Producto no encontrado");
    await expectError(await adjust(body, DEMO.otherAdmin), 404);
  });
});

describe("GET /api/v1/inventory/adjustments", () => {
  it("reports adjustments with their value at cost and totals, for the administrador and the boss", async () => {
    for (const email of [DEMO.administrador, DEMO.boss]) {
      const body = await ok((await adjustments(email)).$get({ query: { reason: "dano" } }));
      expect(body.adjustments.length).toBeGreaterThan(0);
      expect(body.adjustments.every((a) => a.reason === "dano")).toBe(true);
      expect(body.totals.count).toBe(body.adjustments.length);
      expect(body.totals.units_removed).toBeGreaterThan(0);
    }
  });

  it("shows a keeper only their warehouse, another company nothing of this one, and refuses sellers", async () => {
    const keeper = await ok((await adjustments(DEMO.bodeguero)).$get({ query: {} }));
    expect(keeper.adjustments.every((a) => a.location_id === principal)).toBe(true);
    // what goods cost is the administrador's and the boss's: the keeper's report has no cost anywhere
    expect(keeper.adjustments.length).toBeGreaterThan(0);
    expect(keeper.costs_visible).toBe(false);
    expect(keeper.adjustments.every((a) => a.unit_cost === null && a.value_at_cost === null)).toBe(true);
    expect(keeper.totals).toMatchObject({ value_at_cost: null, without_cost: null });
    const administrador = await ok((await adjustments(DEMO.administrador)).$get({ query: {} }));
    expect(administrador.costs_visible).toBe(true);
    expect(administrador.adjustments.some((a) => a.unit_cost !== null)).toBe(true);
    const other = await ok((await adjustments(DEMO.otherAdmin)).$get({ query: {} }));
    expect(other.adjustments).toEqual([]);
    await expectDenied(["seller", "corredor"], (token) => client(token).inventory.adjustments.$get({ query: {} }));
    await expectError(await api(`${P}?from=ayer`, { token: await login(DEMO.administrador) }), 422, /fecha/);
  });
});
