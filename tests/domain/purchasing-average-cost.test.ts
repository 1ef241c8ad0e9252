// The weighted average cost (worker/domain/purchasing/average-cost.ts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { weightedAverageCost } from "../../worker/domain/purchasing/average-cost";

describe("weightedAverageCost", () => {
  it("weighs the stock on hand at its cost against what arrives at its own", () => {
    // 10 pairs at $100.000 and 5 arriving at $130.000 → $110.000
    expect(weightedAverageCost(10, 10_000_000, [{ quantity: 5, unitCost: 13_000_000 }])).toBe(11_000_000);
    // two lines of one reception, single feet counted as half pairs
    expect(
      weightedAverageCost(2.5, 9_000_000, [
        { quantity: 1, unitCost: 12_000_000 },
        { quantity: 2, unitCost: 15_000_000 },
      ]),
    ).toBe(Math.round((2.5 * 9_000_000 + 42_000_000) / 5.5));
  });

  it("a product without a cost, or with nothing on hand, takes the arriving goods' own average", () => {
    expect(weightedAverageCost(40, null, [{ quantity: 3, unitCost: 8_000_000 }])).toBe(8_000_000);
    expect(
      weightedAverageCost(0, 5_000_000, [
        { quantity: 1, unitCost: 7_000_000 },
        { quantity: 3, unitCost: 9_000_000 },
      ]),
    ).toBe(8_500_000);
    expect(weightedAverageCost(7, 5_000_000, [])).toBe(5_000_000);
  });

  it("always lands between the lowest and the highest cost it weighs, in whole centavos", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000 }),
        fc.option(fc.integer({ min: 0, max: 100_000_000 }), { nil: null }),
        fc.array(
          fc.record({ quantity: fc.integer({ min: 1, max: 500 }), unitCost: fc.integer({ min: 0, max: 100_000_000 }) }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (onHand, current, received) => {
          const cost = weightedAverageCost(onHand, current, received) ?? -1;
          const costs = [...received.map((r) => r.unitCost), ...(current !== null && onHand > 0 ? [current] : [])];
          expect(Number.isInteger(cost)).toBe(true);
          expect(cost).toBeGreaterThanOrEqual(Math.min(...costs));
          expect(cost).toBeLessThanOrEqual(Math.max(...costs));
        },
      ),
    );
  });
});
