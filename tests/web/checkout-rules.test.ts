import { describe, expect, it } from "vitest";
import { emptyPayment, followTotal, leftToPay, quickCashAmounts } from "../../web/src/features/seller/saleForm";

describe("quickCashAmounts (the round bills above a cash amount)", () => {
  it.each([
    [187_000, [190_000, 200_000]],
    [131_000, [140_000, 150_000, 200_000]],
    [12_000, [20_000, 50_000, 100_000]],
    [369_900, [370_000, 380_000, 400_000]],
    [45_500, [50_000, 60_000, 100_000]],
    [8_000, [10_000, 20_000, 50_000, 100_000]],
  ])("%i → %j", (amount, expected) => {
    expect(quickCashAmounts(amount)).toEqual(expected);
  });

  it("a round amount has only bills above it: 200.000 → none ('Exacto' covers it), 150.000 → 160.000, 200.000", () => {
    expect(quickCashAmounts(200_000)).toEqual([]);
    expect(quickCashAmounts(150_000)).toEqual([160_000, 200_000]);
  });

  it("nothing for no amount", () => {
    expect(quickCashAmounts(0)).toEqual([]);
    expect(quickCashAmounts(Number.NaN)).toEqual([]);
    expect(quickCashAmounts(-5_000)).toEqual([]);
  });
});

describe("followTotal (the first payment starts at the total)", () => {
  const first = emptyPayment();

  it("fills the first payment with the total, and follows it", () => {
    const filled = followTotal([first], 187_000);
    expect(filled?.[0]?.amount).toBe("187000");
    expect(followTotal(filled ?? [], 200_000)?.[0]?.amount).toBe("200000");
    // already there: nothing to change
    expect(followTotal(filled ?? [], 187_000)).toBeNull();
    // no total yet: empty, not 0
    expect(followTotal([{ ...first, amount: "187000" }], 0)?.[0]?.amount).toBe("");
  });

  it("takes what the other methods leave of the total", () => {
    const card = { ...emptyPayment("tarjeta"), amount: "100000" };
    expect(followTotal([first, card], 187_000)?.[0]?.amount).toBe("87000");
    // nothing left for it: empty
    const covered = [
      { ...first, amount: "87000" },
      { ...card, amount: "187000" },
    ];
    expect(followTotal(covered, 187_000)?.[0]?.amount).toBe("");
  });

  it("stops once the seller typed its amount", () => {
    expect(followTotal([{ ...first, amount: "50000", amount_typed: true }], 187_000)).toBeNull();
  });

  it("a new method starts at what is left, never below 0", () => {
    expect(leftToPay([{ ...first, amount: "100000" }], 187_000)).toBe(87_000);
    expect(leftToPay([{ ...first, amount: "200000" }], 187_000)).toBe(0);
    expect(leftToPay([{ ...first, amount: "" }], 187_000.5)).toBe(187_000.5);
  });
});
