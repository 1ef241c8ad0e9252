import { describe, expect, it } from "vitest";
import { exchangeSettlement, returnedUnitsValue } from "../../worker/domain/sales/returns/value";

const pesos = (n: number) => n * 100;

describe("returnedUnitsValue", () => {
  it("is the line's price when the sale had no discount", () => {
    const line = { quantity: 2, returned: 0, subtotal: pesos(300_000) };
    expect(returnedUnitsValue(line, { subtotal: pesos(300_000), total: pesos(300_000) }, 1)).toBe(pesos(150_000));
  });

  it("prorates the discount over the lines, floored to whole pesos", () => {
    // 10 % off a sale of two lines: 100.000 × 0.9 and 33.333 × 0.9 = 29.999,7 → 29.999
    const sale = { subtotal: pesos(133_333), total: pesos(120_000) };
    expect(returnedUnitsValue({ quantity: 1, returned: 0, subtotal: pesos(100_000) }, sale, 1)).toBe(pesos(90_000));
    expect(returnedUnitsValue({ quantity: 1, returned: 0, subtotal: pesos(33_333) }, sale, 1)).toBe(pesos(29_999));
  });

  it("adds up to the whole line, returned one unit at a time or all at once", () => {
    const sale = { subtotal: pesos(100_000), total: pesos(99_997) };
    const all = returnedUnitsValue({ quantity: 3, returned: 0, subtotal: pesos(100_000) }, sale, 3);
    let oneByOne = 0;
    for (let returned = 0; returned < 3; returned++) {
      oneByOne += returnedUnitsValue({ quantity: 3, returned, subtotal: pesos(100_000) }, sale, 1);
    }
    expect(oneByOne).toBe(all);
    expect(all).toBeLessThanOrEqual(pesos(99_997));
  });

  it("never exceeds the sale's total across its lines", () => {
    const lines = [pesos(12_345), pesos(67_891), pesos(1_001)];
    const subtotal = lines.reduce((a, b) => a + b, 0);
    const sale = { subtotal, total: subtotal - pesos(7_777) };
    const sum = lines.reduce(
      (acc, l) => acc + returnedUnitsValue({ quantity: 1, returned: 0, subtotal: l }, sale, 1),
      0,
    );
    expect(sum).toBeLessThanOrEqual(sale.total);
    expect(sum % 100).toBe(0);
  });

  it("keeps exact figures on lines too large for doubles", () => {
    const line = { quantity: 1_000, returned: 0, subtotal: pesos(900_000_000) };
    const sale = { subtotal: pesos(900_000_000), total: pesos(899_999_999) };
    expect(returnedUnitsValue(line, sale, 1_000)).toBe(pesos(899_999_999));
  });
});

describe("exchangeSettlement", () => {
  it("the customer pays the difference for a dearer pair", () => {
    expect(exchangeSettlement(pesos(100_000), pesos(130_000))).toEqual({
      credit: pesos(100_000),
      refund: 0,
      toPay: pesos(30_000),
    });
  });
  it("the customer gets the difference back for a cheaper pair", () => {
    expect(exchangeSettlement(pesos(100_000), pesos(80_000))).toEqual({
      credit: pesos(80_000),
      refund: pesos(20_000),
      toPay: 0,
    });
  });
});
