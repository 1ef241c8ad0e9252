import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cashSessions, discountRequests, salePayments, sales, salesDaily, users } from "../../../worker/db/schema";
import { rebuildRollups } from "../../../worker/domain/sales/rollup";
import { brokenInvariants } from "../../../worker/domain/shared/invariants";
import { bogotaDate } from "../../../worker/domain/shared/time";
import {
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

// Returns and exchanges of a sale (worker/routes/sales/sale-returns.ts): never more than sold, money at most
// what was paid, units back through the ledger, figures net of returns.

const P = "/api/v1/sale-returns";
const NIKE = "NIKEAIRM-01";
const ADIDAS = "ADIDASFO-01";
const CHAPINERO_SELLER = "vendedor2@demo.horma.co";
let centro = 0;
let company = 0;
let sellerId = 0;

type Sale = {
  id: number;
  total_amount: number;
  receipt_token: string;
  items: { id: number; quantity: number; returned_quantity: number; sneaker_reference_code: string; size: string }[];
  payment_methods: { payment_type: string; amount: number }[];
};
type Return = {
  id: number;
  sale_id: number;
  kind: "return" | "exchange";
  refund_amount: number;
  refund_method: string | null;
  credit_amount: number;
  returned_amount: number;
  approved_by_name: string | null;
  receipt_token: string;
  lines: { sale_item_id: number; quantity: number; amount: number; destination: string }[];
  exchange_sale: Sale | null;
};

let keys = 0;
const newKey = () => `devolucion-${Date.now()}-${++keys}`;

async function body<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A sale of the demo seller at Local Centro, through the API, with the stock it needs. */
async function sell(lines: { ref: string; size: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  let total = 0;
  for (const line of lines) {
    const cell = await inventoryCell(line.ref, centro, line.size);
    await setPairs(company, line.ref, centro, line.size, cell.pairs + line.quantity);
    total += (await priceOf(line.ref)) * line.quantity;
  }
  const res = await api("/api/v1/sales/create", {
    method: "POST",
    token: await login(DEMO.seller),
    json: {
      items: lines.map((l) => ({ sneaker_reference_code: l.ref, size: l.size, quantity: l.quantity })),
      payment_methods: [{ payment_type: "efectivo", amount: total }],
      total_amount: total,
      ...extra,
    },
  });
  return (await body<{ sale_id: number }>(res, 201)).sale_id;
}

async function saleView(code: string | number, email: string = DEMO.seller) {
  return body<{ sale: Sale; returns: Return[] }>(
    await api(`${P}/sale?code=${encodeURIComponent(String(code))}`, { token: await login(email) }),
    200,
  );
}

function giveBack(json: Record<string, unknown>, email: string = DEMO.seller, key = newKey()) {
  return login(email).then((token) => api(P, { method: "POST", token, json, headers: { "Idempotency-Key": key } }));
}

async function pairsAndDamaged(ref: string, size: string) {
  const cell = await inventoryCell(ref, centro, size);
  return { pairs: cell.pairs, damaged: "damaged" in cell ? cell.damaged : 0 };
}

beforeAll(async () => {
  const place = await locationNamed("Local Centro");
  centro = place.id;
  company = place.companyId;
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO.seller));
  sellerId = row?.id ?? 0;
});

describe("returns", () => {
  it("takes back one of two pairs: stock back, full value refunded, figures net of it, receipt of its own", async () => {
    const saleId = await sell([{ ref: NIKE, size: "40", quantity: 2 }]);
    const { sale } = await saleView(saleId);
    const item = sale.items[0];
    if (!item) throw new Error("sale without items");
    const before = await pairsAndDamaged(NIKE, "40");
    const [dayBefore] = await db()
      .select()
      .from(salesDaily)
      .where(and(eq(salesDaily.locationId, centro), eq(salesDaily.day, bogotaDate())));

    const back = await body<{ sale_return: Return; message: string }>(
      await giveBack({
        sale_id: saleId,
        lines: [{ sale_item_id: item.id, quantity: 1 }],
        reason: "talla",
        refund_method: "efectivo",
      }),
      201,
    );
    const price = await priceOf(NIKE);
    expect(back.message).toBe("Devolución registrada");
    expect(back.sale_return).toMatchObject({
      kind: "return",
      refund_amount: price,
      refund_method: "efectivo",
      credit_amount: 0,
      lines: [{ sale_item_id: item.id, quantity: 1, amount: price, destination: "sellable" }],
      exchange_sale: null,
    });
    expect(back.sale_return.receipt_token).toMatch(/^[0-9a-f]{32}$/);
    expect(await pairsAndDamaged(NIKE, "40")).toEqual({ pairs: before.pairs + 1, damaged: before.damaged });
    const after = await saleView(sale.receipt_token);
    expect(after.sale.items[0]?.returned_quantity).toBe(1);
    expect(after.returns.map((r) => r.id)).toEqual([back.sale_return.id]);

    const rows = await db()
      .select()
      .from(salesDaily)
      .where(and(eq(salesDaily.locationId, centro), eq(salesDaily.day, bogotaDate())));
    const sum = (list: typeof rows, f: (r: (typeof rows)[number]) => number) => list.reduce((a, r) => a + f(r), 0);
    expect(
      sum(rows, (r) => r.returnedAmount) - (dayBefore ? sum([dayBefore], (r) => r.returnedAmount) : 0),
    ).toBeGreaterThan(0);
    expect(await brokenInvariants(db())).toEqual({});

    // the return's receipt code finds its sale too (a customer brings that receipt)
    expect((await saleView(back.sale_return.receipt_token)).sale.id).toBe(saleId);
    // the return opens by id too
    const one = await body<{ sale_return: Return }>(
      await api(`${P}/${back.sale_return.id}`, { token: await login(DEMO.seller) }),
      200,
    );
    expect(one.sale_return.id).toBe(back.sale_return.id);
  });

  it("never more than was sold: too many units, a line returned in full, a line of another sale", async () => {
    const saleId = await sell([{ ref: NIKE, size: "41", quantity: 1 }]);
    const other = await sell([{ ref: NIKE, size: "42", quantity: 1 }]);
    const { sale } = await saleView(saleId);
    const { sale: otherSale } = await saleView(other);
    const itemId = sale.items[0]?.id ?? 0;
    await expectError(
      await giveBack({
        sale_id: saleId,
        lines: [{ sale_item_id: itemId, quantity: 2 }],
        reason: "talla",
        refund_method: "efectivo",
      }),
      409,
      /Solo quedan 1/,
    );
    await expectError(
      await giveBack({
        sale_id: saleId,
        lines: [{ sale_item_id: otherSale.items[0]?.id ?? 0, quantity: 1 }],
        reason: "talla",
        refund_method: "efectivo",
      }),
      422,
      /no es de la venta/,
    );
    await body(
      await giveBack({
        sale_id: saleId,
        lines: [{ sale_item_id: itemId, quantity: 1 }],
        reason: "otro",
        refund_method: "efectivo",
      }),
      201,
    );
    await expectError(
      await giveBack({
        sale_id: saleId,
        lines: [{ sale_item_id: itemId, quantity: 1 }],
        reason: "otro",
        refund_method: "efectivo",
      }),
      409,
      /ya se devolvió completo/,
    );
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("a defect goes to the damaged bucket, never back to sellable pairs", async () => {
    const saleId = await sell([{ ref: ADIDAS, size: "40", quantity: 1 }]);
    const { sale } = await saleView(saleId);
    const before = await pairsAndDamaged(ADIDAS, "40");
    await body(
      await giveBack({
        sale_id: saleId,
        lines: [{ sale_item_id: sale.items[0]?.id, quantity: 1, destination: "damaged" }],
        reason: "defecto",
        refund_method: "tarjeta",
      }),
      201,
    );
    expect(await pairsAndDamaged(ADIDAS, "40")).toEqual({ pairs: before.pairs, damaged: before.damaged + 1 });
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("refunds at most what was paid for the units, with the discount prorated", async () => {
    const [discount] = await db()
      .insert(discountRequests)
      .values({
        companyId: company,
        sellerId,
        locationId: centro,
        amount: 2_000_000,
        reason: "Cliente",
        status: "approved",
      })
      .returning();
    const price = await priceOf(ADIDAS);
    await setPairs(company, ADIDAS, centro, "41", (await inventoryCell(ADIDAS, centro, "41")).pairs + 2);
    const res = await api("/api/v1/sales/create", {
      method: "POST",
      token: await login(DEMO.seller),
      json: {
        items: [{ sneaker_reference_code: ADIDAS, size: "41", quantity: 2 }],
        payment_methods: [{ payment_type: "efectivo", amount: price * 2 - 20_000 }],
        total_amount: price * 2 - 20_000,
        discount_request_id: discount?.id,
      },
    });
    const saleId = (await body<{ sale_id: number }>(res, 201)).sale_id;
    const { sale } = await saleView(saleId);
    const line = [{ sale_item_id: sale.items[0]?.id, quantity: 1 }];
    // one of two pairs carries half the discount
    await expectError(
      await giveBack({
        sale_id: saleId,
        lines: line,
        reason: "talla",
        refund_method: "efectivo",
        refund_amount: price,
      }),
      422,
      new RegExp(`máximo \\$\\s?${(price - 10_000).toLocaleString("es-CO")}`),
    );
    const partial = await body<{ sale_return: Return }>(
      await giveBack({
        sale_id: saleId,
        lines: line,
        reason: "no_le_gusto",
        refund_method: "efectivo",
        refund_amount: 100_000,
      }),
      201,
    );
    expect(partial.sale_return).toMatchObject({ refund_amount: 100_000, lines: [{ amount: price - 10_000 }] });
    const rest = await body<{ sale_return: Return }>(
      await giveBack({ sale_id: saleId, lines: line, reason: "talla", refund_method: "transferencia" }),
      201,
    );
    expect(rest.sale_return.refund_amount).toBe(price - 10_000);
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("a retry with the same key answers the first return; another user's key is refused", async () => {
    const saleId = await sell([{ ref: NIKE, size: "43", quantity: 2 }]);
    const { sale } = await saleView(saleId);
    const json = {
      sale_id: saleId,
      lines: [{ sale_item_id: sale.items[0]?.id, quantity: 1 }],
      reason: "talla",
      refund_method: "efectivo",
    };
    const key = newKey();
    const first = await body<{ sale_return: Return }>(await giveBack(json, DEMO.seller, key), 201);
    const again = await body<{ sale_return: Return }>(await giveBack(json, DEMO.seller, key), 201);
    expect(again.sale_return.id).toBe(first.sale_return.id);
    expect((await saleView(saleId)).sale.items[0]?.returned_quantity).toBe(1);
  });

  it("refuses a rejected sale, an unconfirmed one, and one of another store", async () => {
    const saleId = await sell([{ ref: NIKE, size: "40", quantity: 1 }]);
    const { sale } = await saleView(saleId);
    const json = {
      sale_id: saleId,
      lines: [{ sale_item_id: sale.items[0]?.id, quantity: 1 }],
      reason: "talla",
      refund_method: "efectivo",
    };
    await expectError(await giveBack(json, CHAPINERO_SELLER), 409, /se hizo en Local Centro/);
    await db().update(sales).set({ requiresConfirmation: true, confirmed: false }).where(eq(sales.id, saleId));
    await expectError(await giveBack(json), 409, /no está confirmada/);
    await db().update(sales).set({ status: "rejected" }).where(eq(sales.id, saleId));
    await expectError(await giveBack(json), 409, /rechazada/);
    // the sale leaves the figures; put it back as it was for the invariants
    await db()
      .update(sales)
      .set({ status: "completed", requiresConfirmation: false, confirmed: true })
      .where(eq(sales.id, saleId));
  });

  it("after the company's window a seller needs an administrador's PIN; the administrador does not", async () => {
    const saleId = await sell([{ ref: NIKE, size: "41", quantity: 2 }]);
    const { sale } = await saleView(saleId);
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await db().update(sales).set({ saleDate: old }).where(eq(sales.id, saleId));
    const json = {
      sale_id: saleId,
      lines: [{ sale_item_id: sale.items[0]?.id, quantity: 1 }],
      reason: "talla",
      refund_method: "efectivo",
    };
    await expectError(await giveBack(json), 403, /40 días.*PIN de un administrador/);
    await expectError(await giveBack({ ...json, admin_pin: "0000" }), 403, "PIN de administrador incorrecto");
    const approved = await body<{ sale_return: Return }>(await giveBack({ ...json, admin_pin: "2468" }), 201);
    expect(approved.sale_return.approved_by_name).toBeTruthy();
    const byAdmin = await body<{ sale_return: Return }>(await giveBack(json, DEMO.administrador), 201);
    expect(byAdmin.sale_return.approved_by_name).toBeNull();
    // the rollups were written for the sale's real day, the size rollup's returns for the day it was moved
    // to (a return nets its sale's day): put the date back and rebuild them
    await db().update(sales).set({ saleDate: new Date().toISOString() }).where(eq(sales.id, saleId));
    await rebuildRollups(db(), company);
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("answers 422 for bad input and changes nothing", async () => {
    await expectError(
      await giveBack({ sale_id: 1, lines: [], reason: "talla" }),
      422,
      "Elige al menos una línea para devolver",
    );
    await expectError(await giveBack({ sale_id: 1, lines: [{ sale_item_id: 1, quantity: 1 }], reason: "porque" }), 422);
    await expectError(
      await giveBack({ sale_id: 1, lines: [{ sale_item_id: 1, quantity: 0 }], reason: "talla" }),
      422,
      /cantidad a devolver/,
    );
    const saleId = await sell([{ ref: NIKE, size: "42", quantity: 1 }]);
    const { sale } = await saleView(saleId);
    await expectError(
      await giveBack({ sale_id: saleId, lines: [{ sale_item_id: sale.items[0]?.id, quantity: 1 }], reason: "talla" }),
      422,
      /Indica cómo se devuelve el dinero/,
    );
    expect((await saleView(saleId)).returns).toEqual([]);
  });

  it("is refused to roles outside the store and to another company (404)", async () => {
    const saleId = await sell([{ ref: NIKE, size: "40", quantity: 1 }]);
    const { sale } = await saleView(saleId);
    const json = {
      sale_id: saleId,
      lines: [{ sale_item_id: sale.items[0]?.id, quantity: 1 }],
      reason: "talla",
      refund_method: "efectivo",
    };
    await expectDenied(["boss", "bodeguero", "corredor"], (token) =>
      api(P, { method: "POST", token, json, headers: { "Idempotency-Key": newKey() } }),
    );
    await expectError(await giveBack(json, DEMO.otherSeller), 404, "Venta no encontrada");
    await expectError(await api(`${P}/sale?code=${saleId}`, { token: await login(DEMO.otherSeller) }), 404);
    const back = await body<{ sale_return: Return }>(await giveBack(json), 201);
    await expectError(await api(`${P}/${back.sale_return.id}`, { token: await login(DEMO.otherSeller) }), 404);
    await expectError(await api(`${P}/${back.sale_return.id}`, { token: await login(CHAPINERO_SELLER) }), 404);
  });
});

describe("finding a customer's sales", () => {
  it("lists the latest completed sales of a customer at the seller's store; 422, 403 and another company's 404", async () => {
    const created = await body<{ customer: { id: number } }>(
      await api("/api/v1/customers", {
        method: "POST",
        token: await login(DEMO.seller),
        json: {
          name: "Cliente Devoluciones",
          document_type: "CC",
          document_number: String(1_000_000_000 + (Date.now() % 900_000_000)),
          data_consent: true,
        },
      }),
      201,
    );
    const saleId = await sell([{ ref: NIKE, size: "41", quantity: 1 }], { customer_id: created.customer.id });
    const found = await body<{ sales: Sale[] }>(
      await api(`${P}/sales?customer_id=${created.customer.id}`, { token: await login(DEMO.seller) }),
      200,
    );
    expect(found.sales.map((s) => s.id)).toEqual([saleId]);
    // a seller of another store sees none of them; another company does not know the customer
    const elsewhere = await body<{ sales: Sale[] }>(
      await api(`${P}/sales?customer_id=${created.customer.id}`, { token: await login(CHAPINERO_SELLER) }),
      200,
    );
    expect(elsewhere.sales).toEqual([]);
    await expectError(
      await api(`${P}/sales?customer_id=${created.customer.id}`, { token: await login(DEMO.otherSeller) }),
      404,
      "Cliente no encontrado",
    );
    await expectError(await api(`${P}/sales?customer_id=abc`, { token: await login(DEMO.seller) }), 422);
    await expectDenied(["boss", "bodeguero"], (token) =>
      api(`${P}/sales?customer_id=${created.customer.id}`, { token }),
    );
  });
});

describe("exchanges", () => {
  it("a dearer pair: the customer pays the difference; stock moves both ways; one document links both", async () => {
    const saleId = await sell([{ ref: ADIDAS, size: "42", quantity: 1 }]);
    const { sale } = await saleView(saleId);
    const credit = await priceOf(ADIDAS);
    const dearer = await priceOf(NIKE);
    expect(dearer).toBeGreaterThan(credit);
    await setPairs(company, NIKE, centro, "42", 1);
    const returned = await pairsAndDamaged(ADIDAS, "42");

    const json = {
      sale_id: saleId,
      lines: [{ sale_item_id: sale.items[0]?.id, quantity: 1 }],
      reason: "talla",
      exchange: {
        items: [{ sneaker_reference_code: NIKE, size: "42", quantity: 1 }],
        payments: [{ payment_type: "efectivo", amount: dearer - credit, cash_received: dearer - credit + 10_000 }],
      },
    };
    await expectError(await giveBack({ ...json, exchange: { ...json.exchange, payments: [] } }), 422, /debe pagar/);
    const swap = await body<{ sale_return: Return; message: string }>(await giveBack(json), 201);
    expect(swap.message).toBe("Cambio registrado");
    expect(swap.sale_return).toMatchObject({ kind: "exchange", credit_amount: credit, refund_amount: 0 });
    expect(swap.sale_return.exchange_sale?.total_amount).toBe(dearer);
    const payments = await db()
      .select()
      .from(salePayments)
      .where(eq(salePayments.saleId, swap.sale_return.exchange_sale?.id ?? 0));
    expect(payments.map((p) => [p.paymentType, p.amount / 100]).sort()).toEqual(
      [
        ["efectivo", dearer - credit],
        ["nota_credito", credit],
      ].sort(),
    );
    expect((await pairsAndDamaged(ADIDAS, "42")).pairs).toBe(returned.pairs + 1);
    expect((await pairsAndDamaged(NIKE, "42")).pairs).toBe(0);
    expect(await brokenInvariants(db())).toEqual({});
  });

  it("a cheaper pair: the difference goes back by the refund method; no stock, nothing changes", async () => {
    const saleId = await sell([{ ref: NIKE, size: "43", quantity: 1 }]);
    const { sale } = await saleView(saleId);
    const credit = await priceOf(NIKE);
    const cheaper = await priceOf(ADIDAS);
    const json = {
      sale_id: saleId,
      lines: [{ sale_item_id: sale.items[0]?.id, quantity: 1 }],
      reason: "no_le_gusto",
      refund_method: "efectivo",
      exchange: { items: [{ sneaker_reference_code: ADIDAS, size: "44", quantity: 1 }] },
    };
    await setPairs(company, ADIDAS, centro, "44", 0);
    await expectError(await giveBack(json), 409, /Stock insuficiente para ADIDASFO-01 talla 44/);
    expect((await saleView(saleId)).sale.items[0]?.returned_quantity).toBe(0);
    await setPairs(company, ADIDAS, centro, "44", 1);
    const swap = await body<{ sale_return: Return }>(await giveBack(json), 201);
    expect(swap.sale_return).toMatchObject({
      credit_amount: cheaper,
      refund_amount: credit - cheaper,
      refund_method: "efectivo",
    });
    expect(await brokenInvariants(db())).toEqual({});
  });
});

describe("the till counts cash refunds", () => {
  it("a cash refund leaves the drawer: expected cash goes down by it", async () => {
    await db()
      .update(cashSessions)
      .set({ status: "closed", closedAt: new Date().toISOString() })
      .where(eq(cashSessions.locationId, centro));
    const opened = await body<{ session: { id: number; expected: { efectivo: number } } }>(
      await api("/api/v1/cash-sessions/open", {
        method: "POST",
        token: await login(DEMO.seller),
        json: { opening_float: 50_000 },
      }),
      201,
    );
    const saleId = await sell([{ ref: NIKE, size: "40", quantity: 1 }]);
    const { sale } = await saleView(saleId);
    await body(
      await giveBack({
        sale_id: saleId,
        lines: [{ sale_item_id: sale.items[0]?.id, quantity: 1 }],
        reason: "talla",
        refund_method: "efectivo",
      }),
      201,
    );
    const now = await body<{
      session: { id: number; expected: { efectivo: number }; totals: { cash_refunds: number } };
    }>(await api("/api/v1/cash-sessions/current", { token: await login(DEMO.seller) }), 200);
    expect(now.session.id).toBe(opened.session.id);
    expect(now.session.totals.cash_refunds).toBe(await priceOf(NIKE));
    expect(now.session.expected.efectivo).toBe(50_000);
  });
});
