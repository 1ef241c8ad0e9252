import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linesNet, linesTaxed, lineTax, returnedShare, taxesByClass } from "../../worker/domain/fiscal/tax";

const pesos = (n: number) => n * 100;

describe("lineTax", () => {
  it("splits a price that includes IVA 19 % into base and IVA, rounded half up to the centavo", () => {
    // 119.000 = 100.000 + 19.000 exactly; 250.000 / 1,19 = 210.084,0336 → 210.084,03
    expect(lineTax(pesos(119_000), 1900)).toEqual({ base: pesos(100_000), tax: pesos(19_000) });
    expect(lineTax(pesos(250_000), 1900)).toEqual({ base: 21_008_403, tax: 3_991_597 });
    // 5 %: 105.000 → 100.000 + 5.000
    expect(lineTax(pesos(105_000), 500)).toEqual({ base: pesos(100_000), tax: pesos(5_000) });
  });

  it("leaves exento and excluido lines without IVA", () => {
    expect(lineTax(pesos(80_000), 0)).toEqual({ base: pesos(80_000), tax: 0 });
  });

  it("rounds the base to the nearest centavo", () => {
    // 6 / 1,19 = 5,04 → 5; 3 / 1,05 = 2,86 → 3 (no net lands on a half centavo at 5 % or 19 %)
    expect(lineTax(6, 1900)).toEqual({ base: 5, tax: 1 });
    expect(lineTax(3, 500)).toEqual({ base: 3, tax: 0 });
  });

  it("always adds up to the net, with IVA at most the rate's share", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.constantFrom(0, 500, 1900), (net, rate) => {
        const { base, tax } = lineTax(net, rate);
        expect(base + tax).toBe(net);
        expect(tax).toBeGreaterThanOrEqual(0);
        // within half a centavo of the exact figure
        expect(Math.abs(base * (10_000 + rate) - net * 10_000)).toBeLessThanOrEqual((10_000 + rate) / 2);
      }),
    );
  });
});

describe("linesNet", () => {
  it("keeps the subtotals when the sale has no discount", () => {
    expect(linesNet([pesos(100_000), pesos(33_333)], 0)).toEqual([pesos(100_000), pesos(33_333)]);
  });

  it("shares the discount by subtotal in whole pesos that add up to the total", () => {
    // 13.333 off 133.333: 90.000 and 29.999,7 → the missing peso goes to the larger remainder
    expect(linesNet([pesos(100_000), pesos(33_333)], pesos(13_333))).toEqual([pesos(90_000), pesos(30_000)]);
  });

  it("adds up to the sale's total for any lines and discount", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        (linePesos, share) => {
          const subtotals = linePesos.map(pesos);
          const subtotal = subtotals.reduce((a, b) => a + b, 0);
          const discount = pesos(Math.floor((subtotal / 100) * share));
          const nets = linesNet(subtotals, discount);
          expect(nets.reduce((a, b) => a + b, 0)).toBe(subtotal - discount);
          nets.forEach((net, i) => {
            expect(net % 100).toBe(0);
            expect(net).toBeLessThanOrEqual(subtotals[i] ?? 0);
          });
        },
      ),
    );
  });
});

describe("returnedShare", () => {
  const line = (quantity: number, net: number, classRate = 1900) => {
    const { tax } = lineTax(net, classRate);
    return { quantity, returned: 0, net, tax };
  };

  it("gives back the whole line's net and IVA when every unit comes back", () => {
    const sold = line(3, pesos(99_997));
    const share = returnedShare(sold, 3);
    expect(share.amount).toBe(pesos(99_997));
    expect(share.tax).toBe(sold.tax);
    expect(share.base + share.tax).toBe(share.amount);
  });

  it("adds up to the line exactly, in any order of partial returns", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.constantFrom(0, 500, 1900),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 20 }),
        (quantity, netPesos, rate, steps) => {
          const sold = line(quantity, pesos(netPesos), rate);
          let returned = 0;
          let amount = 0;
          let tax = 0;
          for (const step of steps) {
            const units = Math.min(step, quantity - returned);
            if (units === 0) break;
            const share = returnedShare({ ...sold, returned }, units);
            expect(share.base + share.tax).toBe(share.amount);
            expect(share.base).toBeGreaterThanOrEqual(0);
            expect(share.amount % 100).toBe(0);
            amount += share.amount;
            tax += share.tax;
            returned += units;
          }
          const last = returnedShare({ ...sold, returned }, quantity - returned);
          expect(amount + last.amount).toBe(sold.net);
          expect(tax + last.tax).toBe(sold.tax);
        },
      ),
    );
  });

  it("keeps exact figures on lines too large for doubles", () => {
    const sold = line(1_000, pesos(899_999_999));
    expect(returnedShare(sold, 1_000).amount).toBe(pesos(899_999_999));
  });
});

describe("taxesByClass", () => {
  it("sums base and IVA per class, 19 % first", () => {
    const taxed = linesTaxed(
      [
        { subtotal: pesos(119_000), taxClass: "iva_19" },
        { subtotal: pesos(50_000), taxClass: "excluido" },
        { subtotal: pesos(238_000), taxClass: "iva_19" },
        { subtotal: pesos(105_000), taxClass: "iva_5" },
      ],
      0,
    );
    expect(taxesByClass(taxed)).toEqual([
      { taxClass: "iva_19", rate: 1900, base: pesos(300_000), tax: pesos(57_000) },
      { taxClass: "iva_5", rate: 500, base: pesos(100_000), tax: pesos(5_000) },
      { taxClass: "excluido", rate: 0, base: pesos(50_000), tax: 0 },
    ]);
  });

  it("taxes each line after its share of the discount", () => {
    // 10 % off: 119.000 → 107.100 = 90.000 + 17.100
    const [taxed] = linesTaxed([{ subtotal: pesos(119_000), taxClass: "iva_19" }], pesos(11_900));
    expect(taxed).toMatchObject({ netAmount: pesos(107_100), taxBase: pesos(90_000), taxAmount: pesos(17_100) });
  });
});
