import { describe, expect, it } from "vitest";
import { exchangeSettlement } from "../../worker/domain/sales/returns/value";

const pesos = (n: number) => n * 100;

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
