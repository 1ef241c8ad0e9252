import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { SALE_DATE_FUTURE, SALE_DATE_INVALID, SALE_DATE_TOO_OLD } from "../../../shared/messages";
import {
  cashSessions,
  discountRequests,
  inventory,
  locations,
  products,
  saleItems,
  sales,
  salesDaily,
  stockMovements,
  users,
} from "../../../worker/db/schema";
import { rollupMismatches } from "../../../worker/domain/sales/rollup";
import { bogotaDate, bogotaDayRange } from "../../../worker/domain/shared/time";
import { ledgerMismatches } from "../../../worker/domain/stock/ledger";
import { completedTransfer, demoPlaces } from "../support/flows";
import {
  accountRow,
  api,
  byId,
  client,
  DEMO,
  db,
  expectDenied,
  expectError,
  inventoryCell,
  jpeg,
  locationNamed,
  login,
  ok,
  priceOf,
} from "../support/helpers";
import { fractionalMoney } from "../support/money-fields";

type Cell = typeof inventory.$inferSelect;
type SaleRoutes = ReturnType<typeof client>["sales"];
/** The JSON body of a sale (the route takes multipart too, so the typed client marks it optional). */
type SaleInput = NonNullable<InferRequestType<SaleRoutes["create"]["$post"]>["json"]>;
type OverrideInput = InferRequestType<SaleRoutes["price-overrides"]["$post"]>["json"];

let centro: number;
let seller: number;

/** Resets a size cell to exactly `pairs` pairs (no single feet) of a product at Local Centro, through the ledger. */
async function stockCell(ref: string, size: string, pairs: number): Promise<Cell> {
  const [product] = await db().select().from(products).where(eq(products.referenceCode, ref));
  if (!product) throw new Error(ref);
  await db()
    .insert(inventory)
    .values({ companyId: product.companyId, productId: product.id, locationId: centro, size, pairs })
    .onConflictDoUpdate({
      target: [inventory.productId, inventory.locationId, inventory.size],
      set: { pairs, leftFeet: 0, rightFeet: 0, exhibition: 0, reservedPairs: 0, reservedLeft: 0, reservedRight: 0 },
    });
  await db()
    .delete(stockMovements)
    .where(
      and(
        eq(stockMovements.productId, product.id),
        eq(stockMovements.locationId, centro),
        eq(stockMovements.size, size),
      ),
    );
  await db().insert(stockMovements).values({
    companyId: product.companyId,
    productId: product.id,
    locationId: centro,
    size,
    deltaPairs: pairs,
    reason: "entry",
  });
  const [cell] = await db()
    .select()
    .from(inventory)
    .where(and(eq(inventory.productId, product.id), eq(inventory.locationId, centro), eq(inventory.size, size)));
  if (!cell) throw new Error("cell");
  return cell;
}

async function pairsOf(cell: Cell) {
  const [row] = await db().select().from(inventory).where(eq(inventory.id, cell.id));
  return row?.pairs;
}

type Fields = Record<string, string | File>;

/** A sale as multipart fields, its lists as JSON text. */
function saleForm(items: unknown[], payments: unknown[], total: number, extra: Fields = {}): Fields {
  return {
    items: JSON.stringify(items),
    payment_methods: JSON.stringify(payments),
    total_amount: String(total),
    ...extra,
  };
}

/** POST /sales/create as multipart, as the seller unless told. */
const sell = async (fields: Fields, token?: string, headers: Record<string, string> = {}) =>
  client(token ?? (await login(DEMO.seller))).sales.create.$post({ form: fields }, { headers });

beforeAll(async () => {
  const loc = await locationNamed("Local Centro");
  const user = await accountRow(DEMO.seller);
  centro = loc?.id ?? 0;
  seller = user?.id ?? 0;
});

describe("POST /api/v1/sales/create", () => {
  it("sells one pair paid half cash half card with a receipt: stock, ledger and R2 in one go", async () => {
    const cell = await stockCell("NIKEAIRM-01", "41", 3);
    const res = await sell(
      saleForm(
        [
          {
            sneaker_reference_code: "NIKEAIRM-01",
            brand: "Nike",
            model: "Air Max 1",
            size: "41",
            quantity: 1,
            unit_price: 649900,
          },
        ],
        [
          { payment_type: "efectivo", amount: 324950 },
          { payment_type: "tarjeta", amount: 324950, reference: "****1234" },
        ],
        649900,
        { notes: "Cliente pagó mitad y mitad", receipt_image: jpeg() },
      ),
    );
    const body = await ok(res, 201);
    expect(body.sale_details.total_amount).toBe(649900);
    expect(body.sale_details.payment_methods.map((p) => p.payment_type)).toEqual(["efectivo", "tarjeta"]);
    expect(body.status_info).toEqual({ status: "completed", requires_confirmation: false, confirmed: true });
    expect(body.seller_info).toMatchObject({ seller_name: "Valentina Rojas", location_name: "Local Centro" });
    expect(body.receipt_info.has_receipt).toBe(true);
    expect(await pairsOf(cell)).toBe(2);
    expect(await ledgerMismatches(db())).toEqual([]);
    // The receipt is served back to the same company only.
    const url = body.receipt_info.url ?? "";
    const own = await api(url, { token: await login(DEMO.administrador) });
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("image/jpeg");
    expect(own.headers.get("X-Content-Type-Options")).toBe("nosniff");
    await expectError(await api(url, { token: await login(DEMO.otherAdmin) }), 404);
    await expectError(await api(url), 401);
  });

  it("accepts a JSON body too and sums two lines of the same size", async () => {
    const cell = await stockCell("VANSAUTH-01", "42", 2);
    const res = await api("/api/v1/sales/create", {
      method: "POST",
      token: await login(DEMO.seller),
      json: {
        items: [
          { sneaker_reference_code: "VANSAUTH-01", size: 42, quantity: 1, unit_price: 289900 },
          { sneaker_reference_code: "VANSAUTH-01", size: "42", quantity: 1, unit_price: 289900 },
        ],
        payment_methods: [{ payment_type: "transferencia", amount: 579800, reference: "NEQUI-1" }],
        total_amount: 579800,
      },
    });
    expect(res.status).toBe(201);
    expect(await pairsOf(cell)).toBe(0);
  });

  it("records the cash handed over for an efectivo payment and answers the change; refuses too little cash", async () => {
    const cell = await stockCell("VANSAUTH-01", "43", 2);
    type Payments = {
      payment_type: "efectivo" | "tarjeta";
      amount: number;
      cash_received?: number;
      reference?: string;
    }[];
    const sale = async (payment_methods: Payments) =>
      client(await login(DEMO.seller)).sales.create.$post({
        json: {
          items: [{ sneaker_reference_code: "VANSAUTH-01", size: "43", quantity: 1 }],
          payment_methods,
          total_amount: 289900,
        },
      });
    const body = await ok(
      await sale([
        { payment_type: "efectivo", amount: 189900, cash_received: 200000 },
        { payment_type: "tarjeta", amount: 100000, reference: "****4321" },
      ]),
      201,
    );
    expect(body.sale_details.payment_methods).toMatchObject([
      { payment_type: "efectivo", amount: 189900, cash_received: 200000, change: 10100 },
      { payment_type: "tarjeta", amount: 100000, cash_received: null, change: null },
    ]);
    expect(await pairsOf(cell)).toBe(1);
    await expectError(
      await sale([{ payment_type: "efectivo", amount: 289900, cash_received: 200000 }]),
      422,
      /El efectivo recibido \(\$\s?200\.000\) no alcanza para el pago en efectivo \(\$\s?289\.900\)/,
    );
    await expectError(
      await sale([{ payment_type: "tarjeta", amount: 289900, cash_received: 300000 }]),
      422,
      "Solo un pago en efectivo lleva efectivo recibido",
    );
    const malformed = await api("/api/v1/sales/create", {
      method: "POST",
      token: await login(DEMO.seller),
      json: {
        items: [{ sneaker_reference_code: "VANSAUTH-01", size: "43", quantity: 1 }],
        payment_methods: [{ payment_type: "efectivo", amount: 289900, cash_received: "mucho" }],
        total_amount: 289900,
      },
    });
    await expectError(malformed, 422, /efectivo recibido debe ser un número/);
    expect(await pairsOf(cell)).toBe(1);
  });

  it("records the largest sale it accepts (50 lines, 10 payments) and answers what it stored", async () => {
    // D1 binds at most 100 values per statement: one insert of 50 lines used to be a 500
    const sizes = ["36", "37", "38", "39", "40", "41", "42", "43", "44", "45"];
    const refs = ["NIKEAIRM-01", "ADIDASSU-01", "VANSAUTH-01", "CONVERSE-01", "NEWBALAN-01"];
    const lines = refs.flatMap((ref) => sizes.map((size) => ({ ref, size })));
    const cells = [];
    for (const { ref, size } of lines) cells.push(await stockCell(ref, size, 2));
    const prices = new Map(await Promise.all(refs.map(async (ref) => [ref, await priceOf(ref)] as const)));
    const items = lines.map(({ ref, size }) => ({
      sneaker_reference_code: ref,
      size,
      quantity: 1,
      unit_price: prices.get(ref) ?? 0,
    }));
    const total = items.reduce((sum, item) => sum + item.unit_price, 0);
    const payments = Array.from({ length: 10 }, (_, i) => ({
      payment_type: i % 2 ? ("efectivo" as const) : ("tarjeta" as const),
      amount: i === 0 ? total - 9 * 100000 : 100000,
      ...(i % 2 ? {} : { reference: `****${1000 + i}` }),
    }));
    const sales$ = client(await login(DEMO.seller)).sales;
    const answer = await ok(
      sales$.create.$post({ json: { items, payment_methods: payments, total_amount: total } }),
      201,
    );
    expect(answer.sale_details.items).toHaveLength(50);
    expect(answer.sale_details.payment_methods).toHaveLength(10);
    expect(answer.sale_details.total_amount).toBe(total);
    expect(answer.seller_info.location_name).toBe("Local Centro");
    for (const cell of cells) expect(await pairsOf(cell)).toBe(1);
    const listed = (await ok(sales$.today.$get())).sales;
    const same = listed.find((s) => s.id === answer.sale_id);
    expect(same?.items).toEqual(answer.sale_details.items);
    expect(same?.payment_methods).toEqual(answer.sale_details.payment_methods);
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await rollupMismatches(db())).toEqual([]);
  });

  it.each([
    ["payments that do not match", [{ payment_type: "efectivo", amount: 100 }], 649900, [], "Los montos no coinciden"],
    ["no payments", [], 649900, [], "Agrega al menos un método de pago"],
    ["a zero price", [{ payment_type: "efectivo", amount: 0 }], 0, [{ unit_price: 0 }], /mayor que cero/],
    ["a negative price", [{ payment_type: "efectivo", amount: 1 }], 1, [{ unit_price: -5 }], /mayor que cero/],
    [
      "an unknown payment type",
      [{ payment_type: "bitcoin", amount: 649900 }],
      649900,
      [],
      /efectivo, tarjeta o transferencia/,
    ],
    ["a total that is not the lines", [{ payment_type: "efectivo", amount: 10 }], 10, [], /El total no coincide/],
  ])("refuses %s with 422 and changes nothing", async (_name, payments, total, overrides, message) => {
    const cell = await stockCell("ADIDASSU-01", "40", 2);
    const line = {
      sneaker_reference_code: "ADIDASSU-01",
      size: "40",
      quantity: 1,
      unit_price: 649900,
      ...(overrides[0] ?? {}),
    };
    const before = await db().select({ n: sql<number>`COUNT(*)` }).from(sales);
    await expectError(await sell(saleForm([line], payments, total)), 422, message);
    expect(await pairsOf(cell)).toBe(2);
    expect(await db().select({ n: sql<number>`COUNT(*)` }).from(sales)).toEqual(before);
  });

  it("refuses an unknown reference, a missing size and more than the stock with the spec's words", async () => {
    await stockCell("CONVERSE-01", "39", 1);
    const pay = [{ payment_type: "efectivo", amount: 369900 }];
    await expectError(
      await sell(
        saleForm([{ sneaker_reference_code: "NO-EXISTE", size: "39", quantity: 1, unit_price: 369900 }], pay, 369900),
      ),
      422,
      /no existe en/,
    );
    await expectError(
      await sell(
        saleForm([{ sneaker_reference_code: "CONVERSE-01", size: "30", quantity: 1, unit_price: 369900 }], pay, 369900),
      ),
      409,
      /no existe en Local Centro/,
    );
    await expectError(
      await sell(
        saleForm(
          [{ sneaker_reference_code: "CONVERSE-01", size: "39", quantity: 2, unit_price: 369900 }],
          [{ payment_type: "efectivo", amount: 739800 }],
          739800,
        ),
      ),
      409,
      /^Stock insuficiente para CONVERSE-01 talla 39 en Local Centro: disponibles 1, solicitados 2$/,
    );
  });

  it("refuses a deactivated product that still has pairs, and records nothing", async () => {
    const cell = await stockCell("REEBOKCL-01", "41", 3);
    const before = await db().select({ n: sql<number>`COUNT(*)` }).from(sales);
    await db().update(products).set({ isActive: false }).where(eq(products.id, cell.productId));
    try {
      await expectError(
        await sell(
          saleForm(
            [{ sneaker_reference_code: "REEBOKCL-01", size: "41", quantity: 1, unit_price: 299900 }],
            [{ payment_type: "efectivo", amount: 299900 }],
            299900,
          ),
        ),
        422,
        "El producto con referencia REEBOKCL-01 está inactivo",
      );
    } finally {
      await db().update(products).set({ isActive: true }).where(eq(products.id, cell.productId));
    }
    expect(await pairsOf(cell)).toBe(3);
    expect(await db().select({ n: sql<number>`COUNT(*)` }).from(sales)).toEqual(before);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it("does not sell pairs reserved for an accepted transfer", async () => {
    const cell = await stockCell("ASICSGEL-01", "43", 1);
    await db().update(inventory).set({ reservedPairs: 1 }).where(eq(inventory.id, cell.id));
    await expectError(
      await sell(
        saleForm(
          [{ sneaker_reference_code: "ASICSGEL-01", size: "43", quantity: 1, unit_price: 589900 }],
          [{ payment_type: "efectivo", amount: 589900 }],
          589900,
        ),
      ),
      409,
      /Stock insuficiente/,
    );
    await db().update(inventory).set({ reservedPairs: 0 }).where(eq(inventory.id, cell.id));
  });

  it("refuses a receipt that is a PDF (415) or 6 MB (413) and records nothing", async () => {
    const cell = await stockCell("NEWBALAN-01", "40", 2);
    const items = [{ sneaker_reference_code: "NEWBALAN-01", size: "40", quantity: 1, unit_price: 549900 }];
    const pay = [{ payment_type: "efectivo", amount: 549900 }];
    const pdf = new File([new TextEncoder().encode("%PDF-1.7 fake")], "recibo.jpg", { type: "image/jpeg" });
    await expectError(await sell(saleForm(items, pay, 549900, { receipt_image: pdf })), 415, /imagen válida/);
    await expectError(
      await sell(saleForm(items, pay, 549900, { receipt_image: jpeg(6 * 1024 * 1024) })),
      413,
      "El archivo es demasiado grande. Máximo 5MB",
    );
    expect(await pairsOf(cell)).toBe(2);
    const listed = await env.FILES.list({ prefix: "company/" });
    expect(listed.objects.every((o) => !o.key.includes("receipts/sales") || o.size < 6 * 1024 * 1024)).toBe(true);
  });

  it("answers 400/415/422 for malformed bodies", async () => {
    const token = await login(DEMO.seller);
    await expectError(
      await api("/api/v1/sales/create", {
        method: "POST",
        token,
        body: "x",
        headers: { "Content-Type": "text/plain" },
      }),
      415,
    );
    await expectError(
      await api("/api/v1/sales/create", {
        method: "POST",
        token,
        body: "{",
        headers: { "Content-Type": "application/json" },
      }),
      400,
    );
    await expectError(
      await sell({ items: "no-es-json", payment_methods: "[]", total_amount: "1" }),
      422,
      /JSON válido/,
    );
    await expectError(await sell({ payment_methods: "[]", total_amount: "1" }), 422);
    await expectError(
      await sell(saleForm([{ sneaker_reference_code: "X", size: "1", quantity: "dos", unit_price: 1 }], [], 1)),
      422,
    );
  });

  it("replays an idempotent retry instead of selling twice", async () => {
    const cell = await stockCell("REEBOKCL-01", "42", 3);
    const body = () =>
      saleForm(
        [{ sneaker_reference_code: "REEBOKCL-01", size: "42", quantity: 1, unit_price: 399900 }],
        [{ payment_type: "efectivo", amount: 399900 }],
        399900,
      );
    const key = { "Idempotency-Key": "retry-key-0001" };
    const first = await ok(sell(body(), undefined, key), 201);
    const second = await ok(sell(body(), undefined, key), 201);
    expect(second.sale_id).toBe(first.sale_id);
    expect(await pairsOf(cell)).toBe(2);
    // a colleague's request with the same key neither sees that sale nor records another
    const colleague = await login("vendedor2@demo.horma.co");
    const reused = await sell(body(), colleague, key);
    const detail = await expectError(reused, 409, "La clave de idempotencia ya se usó para otra operación");
    expect(detail).not.toContain(String(first.sale_id));
    expect(await pairsOf(cell)).toBe(2);
  });

  it("20 parallel sales of the last 5 pairs: exactly 5 succeed, stock 0, ledger consistent", async () => {
    const cell = await stockCell("NIKECORT-01", "44", 5);
    const token = await login(DEMO.seller);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        sell(
          saleForm(
            [{ sneaker_reference_code: "NIKECORT-01", size: "44", quantity: 1, unit_price: 429900 }],
            [{ payment_type: "efectivo", amount: 429900 }],
            429900,
          ),
          token,
        ),
      ),
    );
    // the typed answers only know the success status: the refusals are read as plain numbers
    const statuses = results.map((r): number => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const r of results.filter((_, i) => statuses[i] === 409)) await expectError(r, 409, /Stock insuficiente/);
    expect(await pairsOf(cell)).toBe(0);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it("uses an approved discount once, and refuses a pending one", async () => {
    const cell = await stockCell("ADIDASFO-01", "41", 2);
    const [company] = await db().select({ id: locations.companyId }).from(locations).where(eq(locations.id, centro));
    const [approved] = await db()
      .insert(discountRequests)
      .values({
        companyId: company?.id ?? 0,
        sellerId: seller,
        locationId: centro,
        amount: 2_000_000,
        reason: "Cliente frecuente",
        status: "approved",
      })
      .returning();
    const [pending] = await db()
      .insert(discountRequests)
      .values({
        companyId: company?.id ?? 0,
        sellerId: seller,
        locationId: centro,
        amount: 2_000_000,
        reason: "Otra",
        status: "pending",
      })
      .returning();
    const line = [{ sneaker_reference_code: "ADIDASFO-01", size: "41", quantity: 1, unit_price: 519900 }];
    const pay = [{ payment_type: "efectivo", amount: 499900 }];
    await expectError(
      await sell(saleForm(line, pay, 499900, { discount_request_id: String(pending?.id) })),
      409,
      /no ha sido aprobado/,
    );
    const discounted = await ok(sell(saleForm(line, pay, 499900, { discount_request_id: String(approved?.id) })), 201);
    expect(discounted.sale_details.discount_amount).toBe(20000);
    await expectError(
      await sell(saleForm(line, pay, 499900, { discount_request_id: String(approved?.id) })),
      409,
      /ya fue usado/,
    );
    expect(await pairsOf(cell)).toBe(1);
  });

  it("lets an administrador sell at a named location of the company, never another company's", async () => {
    await stockCell("VANSAUTH-02", "38", 1);
    const token = await login(DEMO.administrador);
    const body = (extra: Record<string, string>) =>
      saleForm(
        [{ sneaker_reference_code: "VANSAUTH-02", size: "38", quantity: 1, unit_price: 289900 }],
        [{ payment_type: "efectivo", amount: 289900 }],
        289900,
        extra,
      );
    await expectError(await sell(body({}), token), 409, /location_id/);
    const theirs = await locationNamed("Otra Tienda Medellín");
    await expectError(await sell(body({ location_id: String(theirs?.id) }), token), 404);
    expect((await sell(body({ location_id: String(centro) }), token)).status).toBe(201);
  });

  it("is refused to boss, bodeguero and corredor", async () => {
    await expectDenied(["boss", "bodeguero", "corredor"], (token) => sell(saleForm([], [], 1), token));
  });
});

describe("today's sales, pending confirmation and confirm", () => {
  it("lists today's sales of the seller with the day summary", async () => {
    const body = await ok(client(await login(DEMO.seller)).sales.today.$get());
    expect(body.sales.length).toBeGreaterThan(0);
    expect(body.sales.every((s) => s.seller_id === seller)).toBe(true);
    expect(body.summary.total_sales).toBe(body.sales.filter((s) => s.status === "completed").length);
    expect(Object.keys(body.summary)).toEqual(
      expect.arrayContaining([
        "total_sales",
        "confirmed_sales",
        "pending_sales",
        "total_amount",
        "pending_amount",
        "confirmed_amount",
        "average_sale",
      ]),
    );
    // money in whole pesos (the average of the day's sales too)
    expect(fractionalMoney(body.summary)).toEqual([]);
    // The other company's seller sees none of these.
    const other = await ok(client(await login(DEMO.otherSeller)).sales.today.$get());
    expect(other.sales).toHaveLength(0);
  });

  it("confirms a pending sale, and a rejection restores its stock through the ledger", async () => {
    const token = await login(DEMO.seller);
    const cellA = await stockCell("NEWBALAN-02", "39", 2);
    const make = async () =>
      (
        await ok(
          sell(
            saleForm(
              [{ sneaker_reference_code: "NEWBALAN-02", size: "39", quantity: 1, unit_price: 549900 }],
              [{ payment_type: "efectivo", amount: 549900 }],
              549900,
              { requires_confirmation: "true" },
            ),
            token,
          ),
          201,
        )
      ).sale_id;
    const toConfirm = await make();
    const toReject = await make();
    expect(await pairsOf(cellA)).toBe(0);
    const pending = await ok(client(token).sales["pending-confirmation"].$get());
    expect(pending.pending_sales.map((s) => s.id)).toEqual(expect.arrayContaining([toConfirm, toReject]));

    const confirmed = await api("/api/v1/sales/confirm", {
      method: "POST",
      token,
      json: { sale_id: toConfirm, confirmed: true, confirmation_notes: "ok" },
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ message: "Venta confirmada exitosamente", confirmed: true });
    await expectError(
      await api("/api/v1/sales/confirm", { method: "POST", token, json: { sale_id: toConfirm, confirmed: true } }),
      409,
    );

    const rejections = await Promise.all(
      [1, 2].map(() =>
        api("/api/v1/sales/confirm", {
          method: "POST",
          token,
          json: { sale_id: toReject, confirmed: false, confirmation_notes: "Cliente desistió" },
        }),
      ),
    );
    expect(rejections.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await pairsOf(cellA)).toBe(1);
    expect(await ledgerMismatches(db())).toEqual([]);
    // every sale, rejection and replay of this file kept the report rollups equal to the sales
    expect(await rollupMismatches(db())).toEqual([]);
  });

  it("answers 422 for a bad confirm body, 404 for another company's or another seller's sale", async () => {
    const token = await login(DEMO.seller);
    await expectError(
      await api("/api/v1/sales/confirm", { method: "POST", token, json: { sale_id: "x", confirmed: true } }),
      422,
    );
    await expectError(await api("/api/v1/sales/confirm", { method: "POST", token, json: { sale_id: 1 } }), 422);
    const [mine] = await db().select().from(sales).where(eq(sales.sellerId, seller)).limit(1);
    await expectError(
      await api("/api/v1/sales/confirm", {
        method: "POST",
        token: await login(DEMO.otherSeller),
        json: { sale_id: mine?.id, confirmed: true },
      }),
      404,
    );
    const other = await accountRow("vendedor2@demo.horma.co");
    const [theirs] = await db()
      .select()
      .from(sales)
      .where(eq(sales.sellerId, other?.id ?? 0))
      .limit(1);
    await expectError(
      await api("/api/v1/sales/confirm", { method: "POST", token, json: { sale_id: theirs?.id, confirmed: true } }),
      404,
    );
  });

  it("today's lists are refused to the boss, bodeguero and corredor", async () => {
    await expectDenied(["boss", "bodeguero", "corredor"], (token) => api("/api/v1/sales/today", { token }));
    await expectDenied(["boss", "corredor"], (token) => api("/api/v1/sales/pending-confirmation", { token }));
    await expectDenied(["bodeguero"], (token) =>
      api("/api/v1/sales/confirm", { method: "POST", token, json: { sale_id: 1, confirmed: true } }),
    );
  });
});

describe("faults", () => {
  it("an R2 failure while storing the receipt records nothing: no sale, no stock moved", async () => {
    const cell = await stockCell("ASICSGEL-02", "42", 2);
    const before = await db().select().from(sales);
    const bucket = env.FILES as unknown as { put: R2Bucket["put"] };
    const original = bucket.put;
    bucket.put = () => Promise.reject(new Error("R2 no disponible"));
    try {
      const res = await sell(
        saleForm(
          [{ sneaker_reference_code: "ASICSGEL-02", size: "42", quantity: 1, unit_price: 589900 }],
          [{ payment_type: "efectivo", amount: 589900 }],
          589900,
          { receipt_image: jpeg() },
        ),
      );
      await expectError(res, 503, /La venta no se registró/);
    } finally {
      bucket.put = original;
    }
    expect(await db().select().from(sales)).toHaveLength(before.length);
    expect(await pairsOf(cell)).toBe(2);
  });
});

describe("POST /api/v1/sales/create-from-transfer", () => {
  it("sells the pair a completed transfer brought to the seller's store", async () => {
    const id = await completedTransfer("UNDERARM-01", "40");
    const { centro } = await demoPlaces();
    const before = await inventoryCell("UNDERARM-01", centro, "40");
    const body = await ok(
      client(await login(DEMO.seller)).sales["create-from-transfer"].$post({
        query: {},
        json: {
          transfer_id: id,
          total_amount: await priceOf("UNDERARM-01"),
          payment_methods: [{ type: "efectivo", amount: await priceOf("UNDERARM-01") }],
          notes: "Cliente que esperaba el par",
        },
      }),
      201,
    );
    expect(body.sale_id).toBeGreaterThan(0);
    expect(body.sale_details).toMatchObject({ total_amount: await priceOf("UNDERARM-01"), items_count: 1 });
    expect(body.sale_details.items[0]?.sneaker_reference_code).toBe("UNDERARM-01");
    expect((await inventoryCell("UNDERARM-01", centro, "40")).pairs).toBe(before.pairs - 1);
  });
});

describe("price authority: the catalogue prices every sale line", () => {
  const REF = "NIKECORT-02";
  const SIZE = "40";
  const ADMIN_PIN = "2468"; // the demo administrador's (README)

  /** A sale of `items` paid `total` in cash. */
  const saleBody = (items: SaleInput["items"], total: number): SaleInput => ({
    items,
    payment_methods: [{ payment_type: "efectivo", amount: total }],
    total_amount: total,
  });
  const sale = (items: SaleInput["items"], total: number, token: string) =>
    client(token).sales.create.$post({ json: saleBody(items, total) });
  const authorise = async (email: string, json: OverrideInput) =>
    client(await login(email)).sales["price-overrides"].$post({ json });
  const overridesReport = (token: string) => client(token).admin.admin["price-overrides"].$get({ query: {} });

  it("refuses a line below the catalogue price (422 naming it) and records nothing", async () => {
    const cell = await stockCell(REF, SIZE, 3);
    const price = await priceOf(REF);
    const res = await sale(
      [{ sneaker_reference_code: REF, size: SIZE, quantity: 1, unit_price: 1 }],
      1,
      await login(DEMO.seller),
    );
    await expectError(res, 422, new RegExp(`catálogo es \\$ ${price.toLocaleString("es-CO")}`));
    expect(await pairsOf(cell)).toBe(3);
  });

  it("prices a line sent without a price from the catalogue", async () => {
    const cell = await stockCell(REF, SIZE, 3);
    const price = await priceOf(REF);
    const body = await ok(
      sale([{ sneaker_reference_code: REF, size: SIZE, quantity: 2 }], 2 * price, await login(DEMO.seller)),
      201,
    );
    expect(body.sale_details.total_amount).toBe(2 * price);
    expect(await pairsOf(cell)).toBe(1);
  });

  it("sells at another price with an administrador's PIN, once, and records who approved what", async () => {
    const cell = await stockCell(REF, SIZE, 3);
    const price = await priceOf(REF);
    await expectError(
      await authorise(DEMO.seller, {
        sneaker_reference_code: REF,
        new_price: price - 30000,
        reason: "Cliente frecuente",
        admin_pin: "9999",
      }),
      403,
      "PIN de administrador incorrecto",
    );
    const { override } = await ok(
      authorise(DEMO.seller, {
        sneaker_reference_code: REF,
        new_price: price - 30000,
        reason: "Cliente frecuente",
        admin_pin: ADMIN_PIN,
      }),
      201,
    );
    expect(override).toMatchObject({
      catalogue_price: price,
      new_price: price - 30000,
      approved_by: { name: "Andrés Gómez" },
    });

    const line = {
      sneaker_reference_code: REF,
      size: SIZE,
      quantity: 1,
      unit_price: price - 30000,
      price_override_id: override.id,
    };
    // another seller cannot use it
    await expectError(await sale([line], price - 30000, await login("vendedor2@demo.horma.co")), 404);
    // nor at another price
    await expectError(
      await sale([{ ...line, unit_price: price - 40000 }], price - 40000, await login(DEMO.seller)),
      422,
    );
    const { sale_id } = await ok(sale([line], price - 30000, await login(DEMO.seller)), 201);
    const [item] = await db().select().from(saleItems).where(eq(saleItems.saleId, sale_id));
    expect(item).toMatchObject({
      unitPrice: (price - 30000) * 100,
      cataloguePrice: price * 100,
      priceOverrideId: override.id,
    });
    expect(await pairsOf(cell)).toBe(2);
    await expectError(await sale([line], price - 30000, await login(DEMO.seller)), 409, /ya se usó/);
    expect(await pairsOf(cell)).toBe(2);

    const { overrides } = await ok(overridesReport(await login(DEMO.administrador)));
    expect(overrides.find((o) => o.id === override.id)).toMatchObject({
      sale_id,
      approved_by: "Andrés Gómez",
      reason: "Cliente frecuente",
      status: "usada",
    });
  });

  it("two sales racing for one authorisation: exactly one sells", async () => {
    const cell = await stockCell(REF, SIZE, 4);
    const price = await priceOf(REF);
    const { override } = await ok(
      authorise(DEMO.seller, {
        sneaker_reference_code: REF,
        new_price: price + 1000,
        reason: "Par especial",
        admin_pin: ADMIN_PIN,
      }),
      201,
    );
    const line = {
      sneaker_reference_code: REF,
      size: SIZE,
      quantity: 1,
      unit_price: price + 1000,
      price_override_id: override.id,
    };
    const token = await login(DEMO.seller);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        api("/api/v1/sales/create", { method: "POST", token, json: saleBody([line], price + 1000) }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await pairsOf(cell)).toBe(3);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it("a catalogue price edit applies to the next sale, and old sales keep their price", async () => {
    await stockCell(REF, SIZE, 3);
    const price = await priceOf(REF);
    const [product] = await db()
      .select()
      .from(products)
      .where(
        and(
          eq(products.referenceCode, REF),
          eq(
            products.companyId,
            (await db().select().from(users).where(eq(users.email, DEMO.seller)))[0]?.companyId ?? 0,
          ),
        ),
      );
    assert(product, REF);
    const catalogue = client(await login(DEMO.administrador)).products[":id"];
    await ok(catalogue.$patch({ param: byId(product.id), json: { unit_price: price + 50000 } }));
    const token = await login(DEMO.seller);
    await expectError(
      await sale([{ sneaker_reference_code: REF, size: SIZE, quantity: 1, unit_price: price }], price, token),
      422,
    );
    await ok(
      sale([{ sneaker_reference_code: REF, size: SIZE, quantity: 1, unit_price: price + 50000 }], price + 50000, token),
      201,
    );
    const olderItems = await db()
      .select()
      .from(saleItems)
      .where(and(eq(saleItems.sneakerReferenceCode, REF), eq(saleItems.unitPrice, price * 100)));
    expect(olderItems.length).toBeGreaterThan(0);
    await ok(catalogue.$patch({ param: byId(product.id), json: { unit_price: price } }));
  });

  it("locks the PIN after 5 wrong tries, even in a burst (429), and the right PIN then waits too", async () => {
    const body = { sneaker_reference_code: REF, new_price: 1000, reason: "Prueba", admin_pin: "0000" };
    const seller2 = "vendedor2@demo.horma.co";
    const token = await login(seller2);
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => api("/api/v1/sales/price-overrides", { method: "POST", token, json: body })),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    await expectError(await authorise(seller2, { ...body, admin_pin: ADMIN_PIN }), 429, /Demasiados intentos/);
  });

  it("answers 422 for a bad authorisation request and 403 to roles outside the sales area", async () => {
    await expectError(
      await authorise(DEMO.seller, { sneaker_reference_code: REF, new_price: 1000, reason: "x", admin_pin: "12" }),
      422,
      /4 y 6 dígitos/,
    );
    await expectError(
      await authorise(DEMO.seller, { sneaker_reference_code: REF, new_price: -5, reason: "x", admin_pin: "1234" }),
      422,
    );
    await expectError(
      await authorise(DEMO.seller, {
        sneaker_reference_code: "NO-EXISTE",
        new_price: 1000,
        reason: "x",
        admin_pin: ADMIN_PIN,
      }),
      422,
      /no existe/,
    );
    const price = await priceOf(REF);
    await expectError(
      await authorise(DEMO.seller, {
        sneaker_reference_code: REF,
        new_price: price,
        reason: "x",
        admin_pin: ADMIN_PIN,
      }),
      422,
      /ya es el precio de catálogo/,
    );
    await expectDenied(["boss", "bodeguero", "corredor"], (token) =>
      client(token).sales["price-overrides"].$post({
        json: { sneaker_reference_code: REF, new_price: 1000, reason: "x", admin_pin: ADMIN_PIN },
      }),
    );
    await expectDenied(["seller", "boss", "bodeguero"], overridesReport);
  });

  it("a company whose administradores set no PIN cannot authorise prices (409)", async () => {
    await expectError(
      await authorise(DEMO.otherSeller, {
        sneaker_reference_code: REF,
        new_price: 1000,
        reason: "x",
        admin_pin: ADMIN_PIN,
      }),
      409,
      /Ningún administrador/,
    );
  });
});

describe("sold_at: a sale the phone made offline, sent later", () => {
  const HOUR = 60 * 60_000;
  const REF = "ADIDASSU-01";
  let price = 0;
  const oneLine = (fields: Fields = {}) =>
    saleForm(
      [{ sneaker_reference_code: REF, size: "40", quantity: 1, unit_price: price }],
      [{ payment_type: "efectivo", amount: price }],
      price,
      fields,
    );
  const soldAgo = (ms: number) => new Date(Date.now() - ms).toISOString();
  const salesCount = async () => (await db().select({ id: sales.id }).from(sales)).length;
  const dailyOf = async (day: string) => {
    const [row] = await db()
      .select({ count: salesDaily.salesCount, total: salesDaily.totalAmount })
      .from(salesDaily)
      .where(and(eq(salesDaily.day, day), eq(salesDaily.locationId, centro), eq(salesDaily.sellerId, seller)));
    return row ?? { count: 0, total: 0 };
  };
  const adminCall = async (method: string, path: string, json?: unknown) =>
    api(`/api/v1/cash-sessions${path}`, {
      method,
      token: await login(DEMO.administrador),
      ...(json === undefined ? {} : { json }),
    });
  type Session = {
    id: number;
    status: string;
    opened_at: string;
    closed_at: string | null;
    expected: Record<string, number>;
    totals: Record<string, number>;
  };
  const sessionBody = async (res: Response, status: number) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return (JSON.parse(text) as { session: Session }).session;
  };
  const sellerCall = async (path: string, json: unknown) =>
    api(`/api/v1/cash-sessions${path}`, { method: "POST", token: await login(DEMO.seller), json });

  beforeAll(async () => {
    price = await priceOf(REF);
    await stockCell(REF, "40", 50);
    // the seeded tills of Local Centro (closed ones of past days, one open since this morning) bound any
    // date a sale may take: without them the sale keeps its sold_at; the tills' cases open their own
    await db().delete(cashSessions).where(eq(cashSessions.locationId, centro));
  });

  it("dates a sale made yesterday with its sold_at and counts it on that Bogotá day, not today", async () => {
    const soldAt = soldAgo(30 * HOUR);
    const day = bogotaDate(new Date(soldAt));
    const today = bogotaDate();
    expect(day).not.toBe(today);
    const [thenBefore, todayBefore] = [await dailyOf(day), await dailyOf(today)];
    const body = await ok(sell(oneLine({ sold_at: soldAt })), 201);
    expect(body.sale_timestamp).toBe(soldAt);
    const [row] = await db().select().from(sales).where(eq(sales.id, body.sale_id));
    expect(row?.saleDate).toBe(soldAt);
    expect(await dailyOf(day)).toEqual({ count: thenBefore.count + 1, total: thenBefore.total + price * 100 });
    expect(await dailyOf(today)).toEqual(todayBefore);
    // the seller's "today" reads sale_date: the sale is not among today's
    const listed = await ok(client(await login(DEMO.seller)).sales.today.$get());
    expect(listed.sales.map((s) => s.id)).not.toContain(body.sale_id);
    expect(await rollupMismatches(db())).toEqual([]);
  });

  it("takes an offset and answers the date in UTC; a sale made minutes ago today is among today's", async () => {
    // 10 minutes ago, or the start of today (Bogotá) if that was yesterday
    const at = Math.max(Date.now() - 10 * 60_000, Date.parse(bogotaDayRange(bogotaDate()).start));
    const utc = new Date(at).toISOString();
    // the same instant written in Bogotá's offset
    const local = `${new Date(at - 5 * HOUR).toISOString().slice(0, 23)}-05:00`;
    const todayBefore = await dailyOf(bogotaDate());
    const body = await ok(sell(oneLine({ sold_at: local })), 201);
    expect(body.sale_timestamp).toBe(utc);
    const listed = await ok(client(await login(DEMO.seller)).sales.today.$get());
    expect(listed.sales.map((s) => s.id)).toContain(body.sale_id);
    expect((await dailyOf(bogotaDate())).count).toBe(todayBefore.count + 1);
    expect(await rollupMismatches(db())).toEqual([]);
  });

  it("takes up to 5 minutes ahead as the phone's clock skew (dated now) and refuses more (422)", async () => {
    const before = new Date().toISOString();
    const body = await ok(sell(oneLine({ sold_at: new Date(Date.now() + 4 * 60_000).toISOString() })), 201);
    expect(body.sale_timestamp >= before).toBe(true);
    expect(body.sale_timestamp <= new Date().toISOString()).toBe(true);
    const count = await salesCount();
    await expectError(
      await sell(oneLine({ sold_at: new Date(Date.now() + 6 * 60_000).toISOString() })),
      422,
      SALE_DATE_FUTURE,
    );
    expect(await salesCount()).toBe(count);
  });

  it("refuses a sale older than 72 hours (422) and records nothing", async () => {
    const count = await salesCount();
    await expectError(await sell(oneLine({ sold_at: soldAgo(72 * HOUR + 60_000) })), 422, SALE_DATE_TOO_OLD);
    expect(await salesCount()).toBe(count);
    // just inside the bound it is taken
    expect((await ok(sell(oneLine({ sold_at: soldAgo(71 * HOUR) })), 201)).sale_timestamp).toBeTruthy();
  });

  it("answers 422 (never 500) for a sold_at that is not an instant, as multipart or JSON", async () => {
    const count = await salesCount();
    for (const soldAt of ["ayer", "2026-02-30T10:00:00Z", "2026-11-25", "2026-11-25T19:50:00", ""]) {
      await expectError(await sell(oneLine({ sold_at: soldAt })), 422, SALE_DATE_INVALID);
    }
    // the same one-pair sale as JSON, with any sold_at
    const sellJson = async (soldAt: unknown) =>
      api("/api/v1/sales/create", {
        method: "POST",
        token: await login(DEMO.seller),
        json: {
          items: [{ sneaker_reference_code: REF, size: "40", quantity: 1 }],
          payment_methods: [{ payment_type: "efectivo", amount: price }],
          total_amount: price,
          sold_at: soldAt,
        },
      });
    for (const soldAt of [1764100200000, true, { at: "2026-11-25T19:50:00Z" }, ["2026-11-25T19:50:00Z"]]) {
      await expectError(await sellJson(soldAt), 422, SALE_DATE_INVALID);
    }
    expect(await salesCount()).toBe(count);
    // null is no date: the sale is dated now
    const before = new Date().toISOString();
    const res = await sellJson(null);
    expect(res.status).toBe(201);
    expect(((await res.json()) as { sale_timestamp: string }).sale_timestamp >= before).toBe(true);
  });

  it("a retry with the same Idempotency-Key answers the first sale, whatever its sold_at", async () => {
    const key = { "Idempotency-Key": "offline-sale-0001" };
    const soldAt = soldAgo(2 * HOUR);
    const first = await ok(sell(oneLine({ sold_at: soldAt }), undefined, key), 201);
    const count = await salesCount();
    const again = await ok(sell(oneLine({ sold_at: soldAt }), undefined, key), 201);
    expect(again.sale_id).toBe(first.sale_id);
    expect(again.sale_timestamp).toBe(soldAt);
    expect(await salesCount()).toBe(count);
  });

  it("never dates a sale inside a closed till: after its closing, and the till's Z figures stay as closed", async () => {
    const opened = await sessionBody(await sellerCall("/open", { opening_float: 100_000 }), 201);
    // a cash sale while the till is open, then the close with what was expected
    await ok(sell(oneLine()), 201);
    const expectedCash = 100_000 + price;
    const closed = await sessionBody(
      await sellerCall(`/${opened.id}/close`, { counted_cash: expectedCash, counted_card: 0 }),
      200,
    );
    expect(closed.expected.efectivo).toBe(expectedCash);
    const closedAt = closed.closed_at ?? "";

    // made offline while the till was open, sent after it closed: dated 1 ms after the closing
    const late = await ok(sell(oneLine({ sold_at: opened.opened_at })), 201);
    expect(late.sale_timestamp).toBe(new Date(Date.parse(closedAt) + 1).toISOString());
    // at the closing instant itself (inside the window) too
    const atClose = await ok(sell(oneLine({ sold_at: closedAt })), 201);
    expect(atClose.sale_timestamp).toBe(new Date(Date.parse(closedAt) + 1).toISOString());
    const after = await sessionBody(await adminCall("GET", `/${opened.id}`), 200);
    expect(after.expected).toEqual(closed.expected);
    expect(after.totals).toEqual(closed.totals);

    // with a new till open: a sale made before its opening is dated at the opening, and counts in it
    const next = await sessionBody(await sellerCall("/open", { opening_float: 0 }), 201);
    const early = await ok(sell(oneLine({ sold_at: opened.opened_at })), 201);
    expect(early.sale_timestamp).toBe(next.opened_at);
    const nextNow = await sessionBody(await adminCall("GET", `/${next.id}`), 200);
    expect(nextNow.totals.cash_sales).toBe(price);
    // one made after the opening keeps its date
    const soldAt = new Date(Math.max(Date.parse(next.opened_at) + 1, Date.now() - 1000)).toISOString();
    expect((await ok(sell(oneLine({ sold_at: soldAt })), 201)).sale_timestamp).toBe(soldAt);
    expect((await sessionBody(await adminCall("GET", `/${opened.id}`), 200)).totals).toEqual(closed.totals);
    expect(await rollupMismatches(db())).toEqual([]);
  });
});
