import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codeCandidates, internalEan13, normaliseBarcode } from "../../worker/domain/catalogue/barcodes";
import { codeKey } from "../../worker/domain/catalogue/codes";
import { priceChangesOf } from "../../worker/domain/catalogue/edit";
import { normaliseVariants } from "../../worker/domain/catalogue/variants";
import { type Override, overrideProblem, pinProblem } from "../../worker/domain/sales/price-authority";
import { copText } from "../../worker/domain/shared/money";
import { adjustmentDelta } from "../../worker/domain/stock/adjustments";

describe("box barcodes", () => {
  it("accepts valid EAN-13 and stores UPC-A as its EAN-13", () => {
    expect(normaliseBarcode("4006381333931")).toEqual({ code: "4006381333931" });
    expect(normaliseBarcode(" 036000291452 ")).toEqual({ code: "0036000291452" });
    expect(codeCandidates("036000291452")).toEqual(["036000291452", "0036000291452"]);
  });

  it("refuses a wrong check digit and codes no scanner prints", () => {
    expect(normaliseBarcode("4006381333932")).toEqual({ problem: expect.stringMatching(/dígito de control/) });
    expect(normaliseBarcode("")).toEqual({ problem: expect.any(String) });
    expect(normaliseBarcode("código ñ")).toEqual({ problem: expect.any(String) });
    expect(normaliseBarcode("X".repeat(49))).toEqual({ problem: expect.any(String) });
    // Code 128 text
    expect(normaliseBarcode("NK-AIR-42")).toEqual({ code: "NK-AIR-42" });
  });

  it("makes in-store EAN-13 codes (prefix 2) that pass their own check", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (n) => {
        const code = internalEan13(n);
        return code.length === 13 && code.startsWith("2") && "code" in normaliseBarcode(code);
      }),
    );
    expect(internalEan13(1)).not.toBe(internalEan13(2));
  });

  it("refuses the same barcode on two sizes of one product", () => {
    expect(() =>
      normaliseVariants([
        { size: "40", barcode: "4006381333931" },
        { size: "41", barcode: "4006381333931" },
      ]),
    ).toThrow(/repetido en las tallas 40 y 41/);
    expect(normaliseVariants([{ size: " 40 ", barcode: "", sku: " A1 " }])).toEqual([
      { size: "40", barcode: null, sku: "A1" },
    ]);
  });

  it("refuses one code on two sizes whatever its kind or letter case; one size may repeat its barcode as SKU", () => {
    expect(() =>
      normaliseVariants([
        { size: "40", sku: "NK-40" },
        { size: "41", barcode: "nk-40" },
      ]),
    ).toThrow(/El código de barras nk-40 está repetido en las tallas 40 y 41/);
    expect(() =>
      normaliseVariants([
        { size: "40", barcode: "0036000291452" },
        { size: "41", sku: "036000291452" },
      ]),
    ).toThrow(/SKU 036000291452 está repetido/);
    expect(normaliseVariants([{ size: "40", barcode: "NK-40", sku: "nk-40" }])).toEqual([
      { size: "40", barcode: "NK-40", sku: "nk-40" },
    ]);
  });

  it("compares codes as the lookup reads them: any letter case, a UPC-A as its EAN-13", () => {
    expect(codeKey(" Conv-01 ")).toBe("conv-01");
    expect(codeKey("036000291452")).toBe(codeKey("0036000291452"));
    expect(codeKey("4006381333931")).toBe("4006381333931");
    // ASCII only, as SQLite's lower() and NOCASE
    expect(codeKey("ÑANDÚ-1")).toBe("ÑandÚ-1");
  });
});

describe("price changes of a product edit", () => {
  const current = { unitPrice: 42_990_000, boxPrice: null, costPrice: 20_000_000 };
  it("records only the prices that change, in centavos", () => {
    expect(priceChangesOf(current, { unit_price: 449_900, cost_price: 200_000, brand: "x" })).toEqual([
      { field: "unit_price", oldValue: 42_990_000, newValue: 44_990_000 },
    ]);
    expect(priceChangesOf(current, { box_price: 4_000_000, cost_price: null })).toEqual([
      { field: "box_price", oldValue: null, newValue: 400_000_000 },
      { field: "cost_price", oldValue: 20_000_000, newValue: null },
    ]);
    expect(priceChangesOf(current, {})).toEqual([]);
  });
});

describe("stock adjustment deltas", () => {
  it("moves one unit kind, and paso a exhibición moves pairs to exhibition", () => {
    expect(adjustmentDelta({ unit_kind: "left", delta: -2, reason: "dano" })).toEqual({ left: -2 });
    expect(adjustmentDelta({ unit_kind: "exhibition", delta: 1, reason: "paso_exhibicion" })).toEqual({
      pairs: -1,
      exhibition: 1,
    });
    expect(() => adjustmentDelta({ unit_kind: "pairs", delta: 1, reason: "paso_exhibicion" })).toThrow(/exhibición/);
    expect(() => adjustmentDelta({ unit_kind: "pairs", delta: 0, reason: "encontrado" })).toThrow(/cero/);
  });
});

describe("price authority", () => {
  const override: Override = {
    id: 7,
    companyId: 1,
    productId: 3,
    requestedBy: 10,
    approvedBy: 2,
    cataloguePrice: 42_990_000,
    newPrice: 39_990_000,
    reason: "cliente frecuente",
    expiresAt: "2026-11-24T12:30:00.000Z",
    usedInSaleId: null,
    createdAt: "2026-11-24T12:00:00.000Z",
  };
  const line = { sellerId: 10, productId: 3, ref: "NIKE-01", unitPriceCentavos: 39_990_000 };
  const now = new Date("2026-11-24T12:10:00.000Z");

  it("lets the seller it was given to use it once, for its product and price, before it expires", () => {
    expect(overrideProblem(override, line, now)).toBeNull();
    expect(overrideProblem(undefined, line, now)?.kind).toBe("not_found");
    expect(overrideProblem(override, { ...line, sellerId: 11 }, now)?.kind).toBe("not_found");
    expect(overrideProblem(override, { ...line, productId: 4 }, now)?.kind).toBe("invalid");
    expect(overrideProblem({ ...override, usedInSaleId: 5 }, line, now)?.kind).toBe("conflict");
    expect(overrideProblem(override, line, new Date("2026-11-24T12:31:00.000Z"))?.kind).toBe("conflict");
    const cheaper = overrideProblem(override, { ...line, unitPriceCentavos: 100 }, now);
    expect(cheaper?.kind).toBe("invalid");
    expect(cheaper?.message).toContain(copText(39_990_000));
  });

  it("takes PINs of 4 to 6 digits", () => {
    expect(pinProblem("2468")).toBeNull();
    expect(pinProblem("123456")).toBeNull();
    expect(pinProblem("123")).not.toBeNull();
    expect(pinProblem("12a4")).not.toBeNull();
    expect(pinProblem("1234567")).not.toBeNull();
  });

  it("writes prices as COP without decimals", () => {
    expect(copText(42_990_000)).toBe("$ 429.900");
  });
});
