import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, productVariants, stockAdjustments, stockCounts } from "../../../worker/db/schema";
import { brokenInvariants } from "../../../worker/domain/shared/invariants";
import { ledgerMismatches, stockChangeStatements } from "../../../worker/domain/stock/ledger";
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
  setPairs,
} from "../support/helpers";

// Physical counts (worker/routes/stock/stock-counts.ts): lines snapshot the ledger when counted, posting applies
// counted − expected-at-count as adjustments in one batch, once.

const P = "/api/v1/inventory/counts";
const REF = "NEWBALAN-01";
const SIZE = "41";
let companyId = 0;
let product = 0;
let brand = "";
let barcode = "";
let centro = 0;
let principal = 0;
let chapinero = 0;

type Qty = { pairs: number; left: number; right: number; exhibition: number };
type Count = { id: number; status: string; blind: boolean; progress: { counted: number; total: number } };
type Line = { id: number; reference_code: string; size: string; counted: Qty; expected: Qty | null };
type CountDetail = { count: Count; expected_visible: boolean; lines: Line[] };
type Variances = {
  expected_visible: boolean;
  lines: (Line & { difference: Qty | null; value_at_cost: number | null; value_at_price: number | null })[];
  totals: { lines: number; difference: Qty | null; value_at_price: number | null; without_cost: number | null };
};

const admin = () => login(DEMO.administrador);
const keeper = () => login(DEMO.bodeguero);
const q = (pairs: number, extra: Partial<Qty> = {}) => ({ pairs, left: 0, right: 0, exhibition: 0, ...extra });

/** Opens a count at `location` (cancelling any open one left there by an earlier case). */
async function open(location: number, body: Record<string, unknown> = {}, token?: string): Promise<Count> {
  await db()
    .update(stockCounts)
    .set({ status: "cancelled" })
    .where(and(eq(stockCounts.locationId, location), eq(stockCounts.status, "open")));
  const res = await api(P, {
    method: "POST",
    token: token ?? (await admin()),
    json: { location_id: location, ...body },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as CountDetail).count;
}

const putLine = async (id: number, body: Record<string, unknown>, token?: string) =>
  api(`${P}/${id}/lines`, { method: "PUT", token: token ?? (await admin()), json: body });
const post = async (path: string, token?: string) => api(path, { method: "POST", token: token ?? (await admin()) });
const read = async <T>(path: string, token?: string) => {
  const res = await api(path, { token: token ?? (await admin()) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};

/** Gives a cell exactly these pairs and single feet through the ledger (at most one side of feet). */
async function setCell(location: number, size: string, target: { pairs: number; left: number; right: number }) {
  const now = await inventoryCell(REF, location, size);
  await db().batch(
    stockChangeStatements(db(), {
      companyId,
      productId: product,
      locationId: location,
      size,
      delta: { pairs: target.pairs - now.pairs, left: target.left - now.leftFeet, right: target.right - now.rightFeet },
      reason: "adjustment",
    }),
  );
  expect(await inventoryCell(REF, location, size)).toMatchObject({
    pairs: target.pairs,
    leftFeet: target.left,
    rightFeet: target.right,
  });
}

beforeAll(async () => {
  const user = await accountRow(DEMO.administrador);
  companyId = user?.companyId ?? 0;
  const [p] = await db()
    .select()
    .from(products)
    .where(and(eq(products.referenceCode, REF), eq(products.companyId, companyId)));
  product = p?.id ?? 0;
  brand = p?.brand ?? "";
  const [variant] = await db()
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, product), eq(productVariants.size, SIZE)));
  barcode = variant?.barcode ?? "";
  expect(barcode).not.toBe("");
  centro = (await locationNamed("Local Centro")).id;
  principal = (await locationNamed("Bodega Principal")).id;
  chapinero = (await locationNamed("Local Chapinero")).id;
});

describe("POST /api/v1/inventory/counts", () => {
  it("opens a count; a second open count at the same location is 409", async () => {
    const count = await open(centro, { blind: false, notes: "Cierre de mes" });
    expect(count).toMatchObject({ status: "open", blind: false });
    expect(count.progress.counted).toBe(0);
    await expectError(
      await api(P, { method: "POST", token: await admin(), json: { location_id: centro } }),
      409,
      /Ya hay un conteo abierto en Local Centro/,
    );
  });

  it("lets a keeper open a count of their own warehouse only; boss, seller and courier cannot", async () => {
    const count = await open(principal, {}, await keeper());
    expect(count.status).toBe("open");
    await expectError(
      await api(P, { method: "POST", token: await keeper(), json: { location_id: chapinero } }),
      403,
      /tu bodega/,
    );
    await expectDenied(["boss", "seller", "corredor"], (token) =>
      api(P, { method: "POST", token, json: { location_id: chapinero } }),
    );
  });

  it("answers 422 for bad input and 404 for another company's location", async () => {
    await expectError(await api(P, { method: "POST", token: await admin(), json: {} }), 422, /ubicación/);
    await expectError(
      await api(P, {
        method: "POST",
        token: await admin(),
        json: { location_id: chapinero, brand: "MarcaInexistente" },
      }),
      422,
      /marca/,
    );
    await expectError(
      await api(P, { method: "POST", token: await login(DEMO.otherAdmin), json: { location_id: centro } }),
      404,
    );
  });
});

describe("PUT /api/v1/inventory/counts/:id/lines", () => {
  it("counts by reference and size, or by barcode (which names the size), snapshotting the ledger", async () => {
    await setPairs(companyId, REF, centro, SIZE, 3);
    const count = await open(centro);
    const byRef = await putLine(count.id, { code: REF, size: SIZE, ...q(2) });
    expect(byRef.status).toBe(200);
    const body = (await byRef.json()) as { line: Line; progress: { counted: number } };
    expect(body.line).toMatchObject({ reference_code: REF, size: SIZE, counted: q(2), expected: { pairs: 3 } });
    expect(body.progress.counted).toBe(1);
    // the barcode names the same product and size: the line is replaced, not doubled
    const byBarcode = await putLine(count.id, { code: barcode, ...q(4, { left: 1 }) });
    expect(byBarcode.status).toBe(200);
    const detail = await read<CountDetail>(`${P}/${count.id}`);
    expect(detail.lines).toHaveLength(1);
    expect(detail.lines[0]).toMatchObject({ counted: q(4, { left: 1 }), expected: { pairs: 3 } });
  });

  it("refuses unknown codes (404), negative quantities and a missing size (422), other brands (422), closed counts (409)", async () => {
    const count = await open(chapinero, { brand: brand.toUpperCase() });
    await expectError(
      await putLine(count.id, { code: "NO-EXISTE-999", size: SIZE, ...q(1) }),
      404,
      "Código no encontrado",
    );
    await expectError(await putLine(count.id, { code: REF, size: SIZE, ...q(-1) }), 422, /negativas/);
    await expectError(await putLine(count.id, { code: REF, ...q(1) }), 422, /talla/);
    const [other] = await db()
      .select()
      .from(products)
      .where(and(eq(products.companyId, companyId), sql`${products.brand} <> ${brand}`))
      .limit(1);
    await expectError(
      await putLine(count.id, { code: other?.referenceCode, size: SIZE, ...q(1) }),
      422,
      /este conteo es solo de/,
    );
    expect((await post(`${P}/${count.id}/cancel`)).status).toBe(200);
    await expectError(await putLine(count.id, { code: REF, size: SIZE, ...q(1) }), 409, "El conteo fue cancelado");
  });

  it("refuses the boss and sellers (403), another company (404), and a keeper at another location (403)", async () => {
    const count = await open(centro);
    const line = { code: REF, size: SIZE, ...q(1) };
    await expectDenied(["boss", "seller", "corredor"], (token) =>
      api(`${P}/${count.id}/lines`, { method: "PUT", token, json: line }),
    );
    await expectError(await putLine(count.id, line, await login(DEMO.otherAdmin)), 404, "Conteo no encontrado");
    await expectError(await putLine(count.id, line, await keeper()), 403, /tu bodega/);
  });
});

describe("blind counts", () => {
  it("hide the expected quantities and differences from the keeper until posted; the administrador and the boss see them", async () => {
    await setPairs(companyId, REF, principal, SIZE, 5);
    const count = await open(principal, { blind: true }, await keeper());
    const res = await putLine(count.id, { code: REF, size: SIZE, ...q(4) }, await keeper());
    expect(((await res.json()) as { line: Line }).line.expected).toBeNull();
    const forKeeper = await read<CountDetail>(`${P}/${count.id}`, await keeper());
    expect(forKeeper.expected_visible).toBe(false);
    expect(forKeeper.lines[0]?.expected).toBeNull();
    const keeperReport = await read<Variances & { costs_visible: boolean }>(
      `${P}/${count.id}/variances`,
      await keeper(),
    );
    expect(keeperReport.lines[0]?.difference).toBeNull();
    expect(keeperReport.totals.difference).toBeNull();
    // costs are the administrador's and the boss's, blind or not
    expect(keeperReport.costs_visible).toBe(false);
    expect(JSON.stringify(keeperReport)).not.toMatch(/"(unit_cost|value_at_cost)":\s*[0-9-]/);
    for (const token of [await admin(), await login(DEMO.boss)]) {
      const report = await read<Variances>(`${P}/${count.id}/variances`, token);
      expect(report.expected_visible).toBe(true);
      expect(report.lines[0]?.difference).toEqual(q(-1));
    }
    expect((await post(`${P}/${count.id}/post`, await keeper())).status).toBe(200);
    const postedReport = await read<Variances & { costs_visible: boolean }>(
      `${P}/${count.id}/variances`,
      await keeper(),
    );
    expect(postedReport.lines[0]?.difference).toEqual(q(-1));
    expect(JSON.stringify(postedReport)).not.toMatch(/"(unit_cost|value_at_cost)":\s*[0-9-]/);
    const posted = await read<CountDetail>(`${P}/${count.id}`, await keeper());
    expect(posted.lines[0]?.expected).toEqual(q(5));
    expect((await inventoryCell(REF, principal, SIZE)).pairs).toBe(4);
  });
});

describe("POST /api/v1/inventory/counts/:id/post", () => {
  it("a sale during the count does not create a false variance: the cell ends at counted − 1", async () => {
    await setPairs(companyId, REF, centro, SIZE, 3);
    const count = await open(centro);
    expect((await putLine(count.id, { code: REF, size: SIZE, ...q(3) })).status).toBe(200);
    // the store keeps selling after the line was counted
    const price = await priceOf(REF, companyId);
    const sale = await api("/api/v1/sales/create", {
      method: "POST",
      token: await login(DEMO.seller),
      json: {
        items: [{ sneaker_reference_code: REF, size: SIZE, quantity: 1 }],
        payment_methods: [{ payment_type: "efectivo", amount: price }],
        total_amount: price,
      },
    });
    expect(sale.status, await sale.clone().text()).toBe(201);
    const report = await read<Variances>(`${P}/${count.id}/variances`);
    expect(report.lines[0]?.difference).toEqual(q(0));
    expect(report.totals.value_at_price).toBe(0);
    const posted = await post(`${P}/${count.id}/post`);
    expect(posted.status).toBe(200);
    expect((await inventoryCell(REF, centro, SIZE)).pairs).toBe(2);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it("applies the variances once as 'conteo físico' adjustments naming the count; a second post is 409", async () => {
    await setPairs(companyId, REF, centro, SIZE, 3);
    const count = await open(centro);
    await putLine(count.id, { code: REF, size: SIZE, ...q(5, { right: 1 }) });
    const report = await read<Variances>(`${P}/${count.id}/variances`);
    expect(report.lines[0]?.difference).toEqual(q(2, { right: 1 }));
    expect(report.lines[0]?.value_at_price).toBe(3 * (await priceOf(REF, companyId)));
    const res = await post(`${P}/${count.id}/post`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { count: Count }).count.status).toBe("posted");
    const cell = await inventoryCell(REF, centro, SIZE);
    expect(cell.pairs).toBe(5);
    const adjustments = await db()
      .select()
      .from(stockAdjustments)
      .where(and(eq(stockAdjustments.notes, `Conteo #${count.id}`), eq(stockAdjustments.reason, "conteo_fisico")));
    expect(adjustments.map((a) => [a.unitKind, a.delta]).sort()).toEqual([
      ["pairs", 2],
      ["right", 1],
    ]);
    await expectError(await post(`${P}/${count.id}/post`), 409, "El conteo ya fue aplicado");
    expect((await inventoryCell(REF, centro, SIZE)).pairs).toBe(5);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it("never drives a cell below zero: 409 naming the product and size, nothing posted", async () => {
    await setPairs(companyId, REF, chapinero, SIZE, 2);
    const count = await open(chapinero);
    await putLine(count.id, { code: REF, size: SIZE, ...q(0) });
    // the ledger loses a pair after the line was counted: counted − expected (−2) no longer fits
    await setPairs(companyId, REF, chapinero, SIZE, 1);
    await expectError(await post(`${P}/${count.id}/post`), 409, new RegExp(`${REF} talla ${SIZE}`));
    expect((await inventoryCell(REF, chapinero, SIZE)).pairs).toBe(1);
    const [row] = await db().select().from(stockCounts).where(eq(stockCounts.id, count.id));
    expect(row?.status).toBe("open");
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it("any count a person can take posts: 2 pairs + 1 left where the ledger had 2 pairs + 1 right", async () => {
    const size = "36";
    await setCell(chapinero, size, { pairs: 2, left: 0, right: 1 });
    const count = await open(chapinero);
    expect((await putLine(count.id, { code: REF, size, ...q(2, { left: 1 }) })).status).toBe(200);
    const res = await post(`${P}/${count.id}/post`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await inventoryCell(REF, chapinero, size)).toMatchObject({ pairs: 2, leftFeet: 1, rightFeet: 0 });
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("a left and a right counted apart end as a pair; a count taken before a foot paired meanwhile still posts", async () => {
    const size = "37";
    await setCell(chapinero, size, { pairs: 2, left: 0, right: 0 });
    const first = await open(chapinero);
    await putLine(first.id, { code: REF, size, ...q(2, { left: 1, right: 1 }) });
    expect((await post(`${P}/${first.id}/post`)).status).toBe(200);
    expect(await inventoryCell(REF, chapinero, size)).toMatchObject({ pairs: 3, leftFeet: 0, rightFeet: 0 });

    // the ledger says 2 pairs + 1 right, the counter sees 2 pairs + 1 left; then a left arrives and
    // the ledger pairs it with the right it believes is there (3 pairs): the shelf holds 2 pairs + 2 left
    await setCell(chapinero, size, { pairs: 2, left: 0, right: 1 });
    const second = await open(chapinero);
    await putLine(second.id, { code: REF, size, ...q(2, { left: 1 }) });
    await db().batch(
      stockChangeStatements(db(), {
        companyId,
        productId: product,
        locationId: chapinero,
        size,
        delta: { left: 1 },
        reason: "adjustment",
      }),
    );
    expect(await inventoryCell(REF, chapinero, size)).toMatchObject({ pairs: 3, leftFeet: 0, rightFeet: 0 });
    const res = await post(`${P}/${second.id}/post`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await inventoryCell(REF, chapinero, size)).toMatchObject({ pairs: 2, leftFeet: 2, rightFeet: 0 });
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("concurrent posts: exactly one 200", async () => {
    await setPairs(companyId, REF, centro, SIZE, 1);
    const count = await open(centro);
    await putLine(count.id, { code: REF, size: SIZE, ...q(4) });
    const token = await admin();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(`${P}/${count.id}/post`, token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await inventoryCell(REF, centro, SIZE)).pairs).toBe(4);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it("refuses the boss (403), another company (404) and an unknown id (404)", async () => {
    const count = await open(centro);
    await expectDenied(["boss", "seller", "corredor"], (token) => post(`${P}/${count.id}/post`, token));
    await expectError(await post(`${P}/${count.id}/post`, await login(DEMO.otherAdmin)), 404);
    await expectError(await post(`${P}/abc/post`), 404);
  });
});

describe("DELETE /api/v1/inventory/counts/:id/lines/:lineId and POST /:id/cancel", () => {
  it("removes a line of an open count; unknown lines 404, other companies 404, the boss 403", async () => {
    const count = await open(centro);
    const res = await putLine(count.id, { code: REF, size: SIZE, ...q(1) });
    const { line } = (await res.json()) as { line: Line };
    await expectDenied(["boss", "seller", "corredor"], (token) =>
      api(`${P}/${count.id}/lines/${line.id}`, { method: "DELETE", token }),
    );
    await expectError(
      await api(`${P}/${count.id}/lines/${line.id}`, { method: "DELETE", token: await login(DEMO.otherAdmin) }),
      404,
    );
    const deleted = await api(`${P}/${count.id}/lines/${line.id}`, { method: "DELETE", token: await admin() });
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as CountDetail).lines).toEqual([]);
    await expectError(
      await api(`${P}/${count.id}/lines/${line.id}`, { method: "DELETE", token: await admin() }),
      404,
      "Línea no encontrada",
    );
  });

  it("cancels once without touching stock; a line on a cancelled count is 409", async () => {
    await setPairs(companyId, REF, centro, SIZE, 2);
    const count = await open(centro);
    const res = await putLine(count.id, { code: REF, size: SIZE, ...q(7) });
    const { line } = (await res.json()) as { line: Line };
    await expectDenied(["boss", "seller"], (token) => post(`${P}/${count.id}/cancel`, token));
    await expectError(await post(`${P}/${count.id}/cancel`, await login(DEMO.otherAdmin)), 404);
    expect((await post(`${P}/${count.id}/cancel`)).status).toBe(200);
    await expectError(await post(`${P}/${count.id}/cancel`), 409, "El conteo fue cancelado");
    await expectError(await post(`${P}/${count.id}/post`), 409, "El conteo fue cancelado");
    await expectError(await api(`${P}/${count.id}/lines/${line.id}`, { method: "DELETE", token: await admin() }), 409);
    expect((await inventoryCell(REF, centro, SIZE)).pairs).toBe(2);
  });
});

describe("GET /api/v1/inventory/counts, /:id and /:id/variances", () => {
  it("lists counts with progress for the administrador and the boss; a keeper sees their warehouse's", async () => {
    await open(principal, {}, await keeper());
    for (const token of [await admin(), await login(DEMO.boss)]) {
      const { counts } = await read<{ counts: (Count & { location_id: number })[] }>(P, token);
      expect(counts.length).toBeGreaterThan(1);
      expect(counts[0]?.progress.total).toBeGreaterThanOrEqual(counts[0]?.progress.counted ?? 0);
    }
    const mine = await read<{ counts: { location_id: number }[] }>(P, await keeper());
    expect(mine.counts.length).toBeGreaterThan(0);
    expect(mine.counts.every((c) => c.location_id === principal)).toBe(true);
    const open_ = await read<{ counts: { status: string }[] }>(`${P}?status=open`);
    expect(open_.counts.every((c) => c.status === "open")).toBe(true);
    await expectError(await api(`${P}?status=raro`, { token: await admin() }), 422, /estado/);
  });

  it("shows another company nothing and refuses sellers and couriers", async () => {
    const count = await open(centro);
    const other = await read<{ counts: unknown[] }>(P, await login(DEMO.otherAdmin));
    expect(other.counts).toEqual([]);
    await expectError(
      await api(`${P}/${count.id}`, { token: await login(DEMO.otherAdmin) }),
      404,
      "Conteo no encontrado",
    );
    await expectError(await api(`${P}/${count.id}/variances`, { token: await login(DEMO.otherAdmin) }), 404);
    await expectDenied(["seller", "corredor"], (token) => api(P, { token }));
    await expectDenied(["seller", "corredor"], (token) => api(`${P}/${count.id}`, { token }));
    await expectDenied(["seller", "corredor"], (token) => api(`${P}/${count.id}/variances`, { token }));
    await expectError(await api(`${P}/${count.id}`, { token: await keeper() }), 403, /tu bodega/);
    await expectError(await api(`${P}/0`, { token: await admin() }), 404);
  });
});
