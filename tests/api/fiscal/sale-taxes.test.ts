// IVA of a sale (worker/domain/fiscal/tax.ts): each line stores its class, rate, base and IVA when sold,
// by its product's class, after its share of the discount; the one-round-trip sale computes them in SQL
// and must agree with the domain rule; returns carry back exactly what the units carried; receipts show
// base and IVA per rate; the product's class and the company's default are set by the administrador.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { discountRequests, saleItems, saleReturnItems, users } from "../../../worker/db/schema";
import { lineTax } from "../../../worker/domain/fiscal/tax";
import { api, client, db, expectDenied, expectError, ok } from "../support/helpers";
import {
  addStock,
  admin,
  centro,
  companyId,
  P,
  post,
  productId,
  raceData,
  seller,
  unique,
} from "../support/race-fixtures";

vi.setConfig({ testTimeout: 120_000 });

beforeAll(raceData);

const IVA19 = "REEBOKCL-01";
const IVA5 = "ASICSGEL-01";
const EXCLUIDO = "VANSAUTH-02";
const SIZE = "41";

async function setProduct(ref: string, changes: Record<string, unknown>) {
  const res = await api(`${P}/products/${await productId(ref)}`, {
    method: "PATCH",
    token: await admin(),
    json: changes,
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as { product: { tax_class: string; unit_price: number } };
}

const priceOf = async (ref: string) =>
  Number(
    (await db().get<{ p: number }>(sql`SELECT unit_price / 100.0 AS p FROM products WHERE reference_code = ${ref}`))?.p,
  );

type Line = { sneaker_reference_code: string; size: string; quantity: number; unit_price: number };

async function sell(lines: Line[], extra: Record<string, unknown> = {}) {
  for (const l of lines) await addStock(l.sneaker_reference_code, centro, l.size, l.quantity);
  const total = lines.reduce((acc, l) => acc + l.unit_price * l.quantity, 0) - Number(extra.discount ?? 0);
  const { discount: _, ...rest } = extra;
  const res = await post(
    `${P}/sales/create`,
    await seller(),
    { items: lines, payment_methods: [{ payment_type: "efectivo", amount: total }], total_amount: total, ...rest },
    { "Idempotency-Key": unique("venta-iva") },
  );
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return JSON.parse(text) as {
    sale_id: number;
    sale_details: {
      receipt_token: string;
      items: {
        id: number;
        net_amount: number;
        tax_class: string;
        tax_rate: number;
        tax_base: number;
        tax_amount: number;
      }[];
      taxes: { tax_class: string; rate: number; base: number; tax: number }[];
    };
  };
}

const storedLines = (saleId: number) => db().select().from(saleItems).where(eq(saleItems.saleId, saleId));

describe("a sale's IVA", () => {
  it("each line takes its product's class, and base + IVA is the line's net (one-round-trip sale)", async () => {
    await setProduct(IVA19, { tax_class: "iva_19" });
    await setProduct(IVA5, { tax_class: "iva_5" });
    await setProduct(EXCLUIDO, { tax_class: "excluido" });
    const lines = [
      { sneaker_reference_code: IVA19, size: SIZE, quantity: 2, unit_price: await priceOf(IVA19) },
      { sneaker_reference_code: IVA5, size: SIZE, quantity: 1, unit_price: await priceOf(IVA5) },
      { sneaker_reference_code: EXCLUIDO, size: SIZE, quantity: 1, unit_price: await priceOf(EXCLUIDO) },
    ];
    const sold = await sell(lines);
    const stored = await storedLines(sold.sale_id);
    expect(stored.map((l) => [l.taxClass, l.taxRate])).toEqual([
      ["iva_19", 1900],
      ["iva_5", 500],
      ["excluido", 0],
    ]);
    for (const line of stored) {
      expect(line.netAmount).toBe(line.subtotal);
      expect({ base: line.taxBase, tax: line.taxAmount }).toEqual(lineTax(line.netAmount, line.taxRate));
    }
    // the answer and the receipt: base and IVA per rate, adding up to the total
    const taxes = sold.sale_details.taxes;
    expect(taxes.map((t) => [t.tax_class, t.rate])).toEqual([
      ["iva_19", 19],
      ["iva_5", 5],
      ["excluido", 0],
    ]);
    const total = lines.reduce((acc, l) => acc + l.unit_price * l.quantity, 0);
    expect(taxes.reduce((acc, t) => acc + Math.round((t.base + t.tax) * 100), 0)).toBe(total * 100);
    const receipt = await api(`${P}/public/receipts/${sold.sale_details.receipt_token}`);
    expect(((await receipt.json()) as { receipt: { taxes: unknown } }).receipt.taxes).toEqual(taxes);
  });

  it("the SQL of the one-round-trip sale and the domain rule agree, price after price", async () => {
    await setProduct(IVA5, { tax_class: "iva_5" });
    await setProduct(IVA19, { tax_class: "iva_19" });
    for (const price of [1, 7, 99, 1_001, 12_345, 333_333, 1_234_567, 99_999_999]) {
      await setProduct(IVA5, { unit_price: price });
      await setProduct(IVA19, { unit_price: price + 1 });
      const sold = await sell([
        { sneaker_reference_code: IVA5, size: SIZE, quantity: 3, unit_price: price },
        { sneaker_reference_code: IVA19, size: SIZE, quantity: 1, unit_price: price + 1 },
      ]);
      for (const line of await storedLines(sold.sale_id)) {
        expect({ base: line.taxBase, tax: line.taxAmount }, `${price}`).toEqual(lineTax(line.netAmount, line.taxRate));
      }
    }
  });

  it("a discount lowers each line's base and IVA together; nets add up to the total", async () => {
    await setProduct(IVA19, { tax_class: "iva_19", unit_price: 100_000 });
    await setProduct(IVA5, { tax_class: "iva_5", unit_price: 33_333 });
    const [me] = await db().select({ id: users.id }).from(users).where(eq(users.email, "vendedor@demo.horma.co"));
    const [discount] = await db()
      .insert(discountRequests)
      .values({
        companyId,
        sellerId: me?.id ?? 0,
        locationId: centro,
        amount: 1_333_300,
        reason: "Cliente fiel",
        status: "approved",
      })
      .returning();
    const sold = await sell(
      [
        { sneaker_reference_code: IVA19, size: SIZE, quantity: 1, unit_price: 100_000 },
        { sneaker_reference_code: IVA5, size: SIZE, quantity: 1, unit_price: 33_333 },
      ],
      { discount_request_id: discount?.id, discount: 13_333 },
    );
    const stored = await storedLines(sold.sale_id);
    // 120.000 shared by subtotal: 90.000 and 29.999,7 → 30.000 (the peso left goes to the larger remainder)
    expect(stored.map((l) => l.netAmount)).toEqual([9_000_000, 3_000_000]);
    expect(stored.map((l) => [l.taxBase, l.taxAmount])).toEqual([
      [7_563_025, 1_436_975],
      [2_857_143, 142_857],
    ]);
  });

  it("returns carry back exactly the IVA their units carried, however the line comes back", async () => {
    await setProduct(IVA19, { tax_class: "iva_19", unit_price: 99_997 });
    const sold = await sell([{ sneaker_reference_code: IVA19, size: SIZE, quantity: 3, unit_price: 99_997 }]);
    const [line] = await storedLines(sold.sale_id);
    const back = async (quantity: number) => {
      const res = await post(
        `${P}/sale-returns`,
        await seller(),
        {
          sale_id: sold.sale_id,
          lines: [{ sale_item_id: line?.id, quantity }],
          reason: "talla",
          refund_method: "efectivo",
        },
        { "Idempotency-Key": unique("devolucion-iva") },
      );
      const text = await res.text();
      expect(res.status, text).toBe(201);
      return JSON.parse(text) as { sale_return: { taxes: { tax_class: string; base: number; tax: number }[] } };
    };
    const first = await back(1);
    expect(first.sale_return.taxes.map((t) => t.tax_class)).toEqual(["iva_19"]);
    await back(2);
    const returned = await db()
      .select()
      .from(saleReturnItems)
      .where(eq(saleReturnItems.saleItemId, line?.id ?? 0));
    const sum = (pick: (r: (typeof returned)[number]) => number) => returned.reduce((acc, r) => acc + pick(r), 0);
    expect(sum((r) => r.amount)).toBe(line?.netAmount);
    expect(sum((r) => r.taxAmount)).toBe(line?.taxAmount);
    expect(sum((r) => r.taxBase)).toBe(line?.taxBase);
    for (const r of returned) expect(r.taxBase + r.taxAmount).toBe(r.amount);
  });
});

describe("tax classes the administrador sets", () => {
  it("a product's class: only the four classes (422), only an administrador (403)", async () => {
    const id = await productId(IVA19);
    expect((await setProduct(IVA19, { tax_class: "exento" })).product.tax_class).toBe("exento");
    await expectError(
      await api(`${P}/products/${id}`, { method: "PATCH", token: await admin(), json: { tax_class: "iva_21" } }),
      422,
      "La clase de IVA debe ser iva_19, iva_5, exento o excluido",
    );
    await expectDenied(["seller", "bodeguero", "corredor"], (token) =>
      api(`${P}/products/${id}`, { method: "PATCH", token, json: { tax_class: "iva_5" } }),
    );
    await setProduct(IVA19, { tax_class: "iva_19" });
  });

  it("the company's default for new products is a setting (iva_19 unless changed)", async () => {
    const settings = client(await admin()).admin.admin.settings;
    expect((await ok(settings.$get())).settings.default_tax_class).toBe("iva_19");
    const saved = await ok(settings.$put({ json: { default_tax_class: "iva_5" } }));
    expect(saved.settings.default_tax_class).toBe("iva_5");
    await expectError(
      await api(`${P}/admin/admin/settings`, {
        method: "PUT",
        token: await admin(),
        json: { default_tax_class: "19" },
      }),
      422,
      "La clase de IVA debe ser iva_19, iva_5, exento o excluido",
    );
    await ok(settings.$put({ json: { default_tax_class: "iva_19" } }));
  });
});
