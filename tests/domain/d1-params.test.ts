import { sql } from "drizzle-orm";
// D1 binds at most 100 values per statement: the multi-row inserts of a sale must stay under it for
// the largest sale the API accepts (50 lines, 10 payments), and their per-row counts must match the
// SQL drizzle really writes.
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { chunk, MAX_BOUND_PARAMS, rowsPerStatement } from "../../worker/db/limits";
import { codesFreeGuards } from "../../worker/domain/catalogue/codes";
import {
  factsLookedUp,
  type NewSale,
  SALE_ITEM_PARAMS,
  SALE_PAYMENT_PARAMS,
  type Seller,
  saleStatements,
} from "../../worker/domain/sales/index";
import { ROLLUP_PAYMENT_PARAMS, ROLLUP_PRODUCT_PARAMS, rollupStatements } from "../../worker/domain/sales/rollup";
import { priceSale } from "../../worker/domain/sales/sale-pricing";

// Only builds SQL: nothing is sent.
const db = createDb({} as D1Database);
const paramsOf = (statement: { toSQL: () => { params: unknown[] } }) => statement.toSQL().params.length;

const seller: Seller = {
  id: 7,
  companyId: 3,
  locationId: 11,
  locationName: "Local",
  firstName: "Ana",
  lastName: "Ruiz",
};

function largestSale() {
  const lines = Array.from({ length: 50 }, (_, i) => ({
    sneaker_reference_code: `REF-${String(i).padStart(3, "0")}-${"X".repeat(40)}`,
    size: "42.5",
    quantity: 3,
    unit_price: 199_900,
    brand: "Marca",
    model: "Modelo",
    color: "Negro",
  }));
  const total = 50 * 3 * 199_900;
  const payments = Array.from({ length: 10 }, (_, i) => ({
    payment_type: (["efectivo", "tarjeta", "transferencia"] as const)[i % 3] ?? "efectivo",
    amount: total / 10,
    reference: `ref-${i}`,
  }));
  const input = {
    items: lines,
    payments,
    totalAmount: total,
    notes: "nota",
    requiresConfirmation: false,
    discountRequestId: 5,
    idempotencyKey: "k".repeat(100),
    receipt: { key: "1/receipts/sales/x.jpg", contentType: "image/jpeg" },
    customerId: null,
  } satisfies NewSale;
  const priced = priceSale(input.items, input.payments, input.totalAmount);
  const cells = lines.map((l, i) => ({ ref: l.sneaker_reference_code, size: l.size, quantity: 3, productId: i + 1 }));
  return { input, priced, cells };
}

describe("D1's bound-parameter cap", () => {
  it("chunks rows so each statement binds at most 100 values", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(rowsPerStatement(Array.from({ length: 50 }), 12).map((rows) => rows.length)).toEqual([8, 8, 8, 8, 8, 8, 2]);
    expect(rowsPerStatement([1, 2], 500)).toEqual([[1], [2]]);
    expect(rowsPerStatement([], 6)).toEqual([]);
  });

  it("every statement of the largest sale binds at most 100 values, and every line and payment is inserted", () => {
    const { input, priced, cells } = largestSale();
    const written = saleStatements(
      db,
      seller,
      input,
      priced,
      (ref: string) => factsLookedUp(seller.companyId, ref),
      cells,
    );
    const counts = written.statements.map((s) => paramsOf(s as never));
    expect(Math.max(...counts)).toBeLessThanOrEqual(MAX_BOUND_PARAMS);
    // the size is bound once per item row (the lookups bind the reference, not the size)
    const firstItem = written.saleInsert + 1;
    const inserted = written.statements
      .slice(firstItem, firstItem + written.itemInserts)
      .reduce(
        (n, statement) =>
          n +
          (statement as never as { toSQL: () => { params: unknown[] } }).toSQL().params.filter((p) => p === "42.5")
            .length,
        0,
      );
    expect(inserted).toBe(50);
    expect(written.paymentInserts).toBeGreaterThanOrEqual(1);
  });

  it("the per-row counts are what drizzle binds for one row", () => {
    const { input, priced, cells } = largestSale();
    const one = saleStatements(
      db,
      seller,
      { ...input, items: input.items.slice(0, 1), payments: input.payments.slice(0, 1) },
      priceSale(input.items.slice(0, 1), [{ ...input.payments[0], amount: 3 * 199_900 } as never], 3 * 199_900),
      (ref: string) => factsLookedUp(seller.companyId, ref),
      cells.slice(0, 1),
    );
    expect(paramsOf(one.statements[one.saleInsert + 1] as never)).toBe(SALE_ITEM_PARAMS);
    expect(paramsOf(one.statements[one.saleInsert + 2] as never)).toBe(SALE_PAYMENT_PARAMS);
    expect(priced.lines).toHaveLength(50);

    const [, product, payment] = rollupStatements(
      db,
      {
        companyId: 1,
        saleId: 1,
        day: "2026-11-22",
        locationId: 1,
        sellerId: 1,
        totalAmount: 100,
        lines: [{ referenceCode: "A", ...factsLookedUp(1, "A"), quantity: 1, subtotal: 100 }],
        payments: [{ paymentType: "efectivo", amount: 100 }],
      },
      1,
    );
    expect(paramsOf(product as never)).toBe(ROLLUP_PRODUCT_PARAMS);
    expect(paramsOf(payment as never)).toBe(ROLLUP_PAYMENT_PARAMS);
  });

  it("the rollups of the largest sale stay under the cap and cover every reference", () => {
    const lines = Array.from({ length: 50 }, (_, i) => ({
      referenceCode: `REF-${i}`,
      ...factsLookedUp(1, `REF-${i}`),
      quantity: 1,
      subtotal: 100,
    }));
    const statements = rollupStatements(
      db,
      {
        companyId: 1,
        saleId: 1,
        day: "2026-11-22",
        locationId: 1,
        sellerId: 1,
        totalAmount: 5000,
        lines,
        payments: [
          { paymentType: "efectivo", amount: 2500 },
          { paymentType: "tarjeta", amount: 2500 },
        ],
      },
      1,
    );
    expect(Math.max(...statements.map((s) => paramsOf(s as never)))).toBeLessThanOrEqual(MAX_BOUND_PARAMS);
    // the day is bound once per upserted row
    const productRows = statements
      .map((statement) => (statement as never as { toSQL: () => { sql: string; params: unknown[] } }).toSQL())
      .filter((query) => query.sql.includes("sales_daily_products"))
      .reduce((n, query) => n + query.params.filter((p) => p === "2026-11-22").length, 0);
    expect(productRows).toBe(50);
  });

  it("the code namespace guards of the largest save (100 sizes with barcode and SKU, a new product's reference) stay under it", () => {
    const written = Array.from({ length: 100 }, (_, i) => [
      { code: `CODIGO-DE-BARRAS-${i}`, productId: 7, size: `${30 + i / 2}`, kind: "barcode" as const },
      { code: `SKU-${i}`, productId: 7, size: `${30 + i / 2}`, kind: "sku" as const },
    ]).flat();
    const guards = codesFreeGuards(db, 3, written);
    expect(guards.length).toBeGreaterThan(1);
    expect(Math.max(...guards.map((g) => paramsOf(g)))).toBeLessThanOrEqual(MAX_BOUND_PARAMS);
    const reference = codesFreeGuards(db, 3, [
      {
        code: "REF-NUEVA",
        productId: sql<number>`(SELECT id FROM products WHERE company_id = ${3} AND reference_code = ${"REF-NUEVA"})`,
        size: null,
        kind: "reference",
      },
    ]);
    expect(reference.map((g) => paramsOf(g))).toEqual([7]);
    expect(codesFreeGuards(db, 3, [])).toEqual([]);
  });
});
