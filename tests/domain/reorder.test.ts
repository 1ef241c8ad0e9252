import { describe, expect, it } from "vitest";
import {
  brokenRun,
  compareSizes,
  coreSizes,
  daysOfStock,
  minimumFor,
  minimumPerSize,
  reorderQuantity,
  sellThrough,
  windowStart,
} from "../../worker/domain/reports/reorder";

describe("reorderQuantity", () => {
  it("covers lead time plus the review week at the window's pace, plus the minimum, less what is there", () => {
    // 28 sold in 28 days: 1 a day; target 1 × (7 + 7) + 2 = 16; 3 available and 4 on the way → 9
    const r = reorderQuantity({
      unitsSold: 28,
      windowDays: 28,
      leadTimeDays: 7,
      minimum: 2,
      available: 3,
      inTransit: 4,
    });
    expect(r.velocity).toBe(1);
    expect(r.target).toBe(16);
    expect(r.suggested).toBe(9);
  });

  it("rounds up to whole pairs, without floating error pushing an exact target up", () => {
    // 3 in 7 days × 14 days = 6 exactly (not 6.000…1 → 7)
    expect(
      reorderQuantity({ unitsSold: 3, windowDays: 7, leadTimeDays: 7, minimum: 0, available: 0, inTransit: 0 })
        .suggested,
    ).toBe(6);
    // 1 in 28 days × 14 = 0.5 → 1
    expect(
      reorderQuantity({ unitsSold: 1, windowDays: 28, leadTimeDays: 7, minimum: 0, available: 0, inTransit: 0 })
        .suggested,
    ).toBe(1);
  });

  it("never suggests a negative quantity, and a minimum alone asks for what is missing of it", () => {
    expect(
      reorderQuantity({ unitsSold: 2, windowDays: 28, leadTimeDays: 7, minimum: 0, available: 10, inTransit: 0 })
        .suggested,
    ).toBe(0);
    expect(
      reorderQuantity({ unitsSold: 0, windowDays: 28, leadTimeDays: 30, minimum: 3, available: 1, inTransit: 0 })
        .suggested,
    ).toBe(2);
    // returns larger than sales in the window: velocity 0, not negative
    expect(
      reorderQuantity({ unitsSold: -1, windowDays: 28, leadTimeDays: 7, minimum: 0, available: 0, inTransit: 0 })
        .velocity,
    ).toBe(0);
  });

  it("takes the supplier's lead time", () => {
    expect(
      reorderQuantity({ unitsSold: 28, windowDays: 28, leadTimeDays: 21, minimum: 0, available: 0, inTransit: 0 })
        .suggested,
    ).toBe(28);
  });
});

describe("minimumFor", () => {
  const rules = [
    { locationId: 1, productReference: null, thresholdValue: 2 },
    { locationId: 1, productReference: "NIKE-1", thresholdValue: 5 },
    { locationId: 1, productReference: "NIKE-1", thresholdValue: 4 },
    { locationId: 2, productReference: "", thresholdValue: 1 },
  ];
  it("prefers the alert naming the product, then the location's general one, else 0", () => {
    expect(minimumFor(rules, 1, "NIKE-1")).toBe(5);
    expect(minimumFor(rules, 1, "ADI-2")).toBe(2);
    expect(minimumFor(rules, 2, "NIKE-1")).toBe(1);
    expect(minimumFor(rules, 3, "NIKE-1")).toBe(0);
  });
});

describe("minimumPerSize", () => {
  it("shares the product's minimum equally among its sizes, rounded up", () => {
    expect(minimumPerSize(8, 4)).toBe(2);
    expect(minimumPerSize(3, 4)).toBe(1);
    expect(minimumPerSize(30, 10)).toBe(3);
    expect(minimumPerSize(0, 4)).toBe(0);
    expect(minimumPerSize(5, 0)).toBe(0);
  });
});

describe("size runs", () => {
  it("orders sizes as shoes are ordered", () => {
    expect(["40", "36.5", "U", "37", "S"].sort(compareSizes)).toEqual(["36.5", "37", "40", "S", "U"]);
  });

  it("takes as core the fewest best sellers that make 60 % of sales", () => {
    const sold = new Map([
      ["38", 5],
      ["39", 3],
      ["40", 1],
      ["41", 1],
    ]);
    // 5 of 10 is 50 %: 38 and 39 make 80 %
    expect(coreSizes(sold)).toEqual(["38", "39"]);
    expect(coreSizes(new Map([["38", 0]]))).toEqual([]);
  });

  it("flags a run broken when a core size ran out while others remain", () => {
    const sold = new Map([
      ["38", 5],
      ["39", 3],
      ["40", 1],
    ]);
    expect(
      brokenRun(
        sold,
        new Map([
          ["38", 0],
          ["39", 2],
          ["40", 4],
        ]),
      ),
    ).toEqual(["38"]);
    expect(
      brokenRun(
        sold,
        new Map([
          ["38", 1],
          ["39", 2],
          ["40", 0],
        ]),
      ),
    ).toEqual([]);
    // out of everything: agotado, not "tallas sueltas"
    expect(
      brokenRun(
        sold,
        new Map([
          ["38", 0],
          ["39", 0],
        ]),
      ),
    ).toEqual([]);
  });
});

describe("margin helpers", () => {
  it("computes sell-through and days of stock", () => {
    expect(sellThrough(30, 10)).toBe(75);
    expect(sellThrough(0, 0)).toBeNull();
    expect(daysOfStock(10, 30, 30)).toBe(10);
    expect(daysOfStock(10, 0, 30)).toBeNull();
  });

  it("starts a window so that it includes its last day", () => {
    expect(windowStart("2026-03-28", 28)).toBe("2026-03-01");
    expect(windowStart("2026-03-01", 7)).toBe("2026-02-23");
  });
});
