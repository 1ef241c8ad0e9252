import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { paymentsMatchTotal, toCentavos, toPesos, wholePesos, wholePesosParts } from "../../worker/domain/shared/money";

describe("money in centavos", () => {
  it("round-trips any centavo amount through pesos", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (c) => toCentavos(toPesos(c)) === c));
  });

  it("answers computed figures in whole pesos, the nearest to the centavos", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (c) => {
        const pesos = wholePesos(c);
        return Number.isInteger(pesos) && Math.abs(pesos - c / 100) <= 0.5 && !Object.is(pesos, -0);
      }),
    );
    expect(wholePesos(31_995_025)).toBe(319_950);
    expect(wholePesos(3_779_351_371)).toBe(37_793_514);
  });

  it("rounds form input with two decimals exactly", () => {
    expect(toCentavos(0.1 + 0.2)).toBe(30);
    expect(toCentavos(649_900)).toBe(64_990_000);
    expect(toCentavos(19.99)).toBe(1999);
    expect(() => toCentavos(Number.NaN)).toThrow();
  });

  it("accepts payments that split the total in any way, and refuses any that miss it by a centavo", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50_000_000 }), { minLength: 1, maxLength: 5 }), (parts) => {
        const total = parts.reduce((a, b) => a + b, 0);
        return (
          paymentsMatchTotal(total, parts) &&
          !paymentsMatchTotal(total + 1, parts) &&
          !paymentsMatchTotal(total - 1, parts)
        );
      }),
    );
  });
});

describe("wholePesosParts: a report's lines add up to its total, to the peso", () => {
  it("gives the missing peso to the largest remainder (three lines of $333,33 → 333 + 333 + 334 = 1.000)", () => {
    expect(wholePesosParts([33_333, 33_333, 33_334])).toEqual([333, 333, 334]);
    // each rounded alone: 1 + 1 + 1 = 3 against a total of 2 (0,50 + 0,50 + 0,50 = 1,50 → 2)
    expect(wholePesosParts([50, 50, 50])).toEqual([1, 1, 0]);
    expect(wholePesosParts([10_000, 25_000])).toEqual([100, 250]);
    expect(wholePesosParts([])).toEqual([]);
  });

  it("for any parts, sums to wholePesos of the total and moves each part by less than a peso", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { maxLength: 30 }), (parts) => {
        const pesos = wholePesosParts(parts);
        expect(pesos.reduce((a, b) => a + b, 0)).toBe(wholePesos(parts.reduce((a, b) => a + b, 0)));
        for (const [i, p] of pesos.entries()) expect(Math.abs(p * 100 - (parts[i] ?? 0))).toBeLessThan(100);
      }),
    );
  });
});
