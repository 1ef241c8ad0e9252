// The inventory entry by video from a purchase order (worker/domain/purchasing/order-entry.ts): which
// order lines the entry's cells receive, and what it refuses before anything is written.
import { describe, expect, it } from "vitest";
import { ORDER_IN_PAIRS, orderReceipt } from "../../worker/domain/purchasing/order-entry";
import { DomainError } from "../../worker/domain/shared/errors";
import { planDistribution } from "../../worker/domain/stock/inventory-entry";

const BODEGA = { id: 7, name: "Bodega Principal" };
const LINES = [
  { lineId: 101, size: "40", pending: 6 },
  { lineId: 102, size: "41", pending: 2 },
  { lineId: 103, size: "42", pending: 0 },
];

const statusOf = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return err instanceof DomainError
      ? { kind: err.kind, message: err.message }
      : { kind: "other", message: String(err) };
  }
  return null;
};

describe("orderReceipt", () => {
  it("turns the pairs per size at the destination into the product's order lines", () => {
    const cells = planDistribution([
      { size: "40", pairs: [{ location_id: 7, quantity: 4 }] },
      { size: "41", pairs: [{ location_id: 7, quantity: 2 }] },
    ]);
    expect(orderReceipt(cells, BODEGA, LINES)).toEqual([
      { lineId: 101, quantity: 4 },
      { lineId: 102, quantity: 2 },
    ]);
  });

  it("allows fewer pairs than pending, and every pending pair, but not one more (a conflict, the size said)", () => {
    const at = (size: string, quantity: number) => planDistribution([{ size, pairs: [{ location_id: 7, quantity }] }]);
    expect(orderReceipt(at("40", 1), BODEGA, LINES)).toEqual([{ lineId: 101, quantity: 1 }]);
    expect(orderReceipt(at("40", 6), BODEGA, LINES)).toEqual([{ lineId: 101, quantity: 6 }]);
    expect(statusOf(() => orderReceipt(at("40", 7), BODEGA, LINES))).toEqual({
      kind: "conflict",
      message: "Talla 40: entrarían 7 pares y la orden tiene 6 pendientes",
    });
    expect(statusOf(() => orderReceipt(at("42", 1), BODEGA, LINES))).toEqual({
      kind: "conflict",
      message: "Talla 42: entraría 1 par y la orden tiene 0 pendientes",
    });
  });

  it("refuses single feet, another location and a size the order does not have (invalid)", () => {
    const feet = planDistribution([
      {
        size: "40",
        left_feet: [{ location_id: 7, quantity: 1 }],
        right_feet: [{ location_id: 7, quantity: 1 }],
      },
    ]);
    expect(statusOf(() => orderReceipt(feet, BODEGA, LINES))).toEqual({ kind: "invalid", message: ORDER_IN_PAIRS });
    const elsewhere = planDistribution([{ size: "40", pairs: [{ location_id: 8, quantity: 1 }] }]);
    expect(statusOf(() => orderReceipt(elsewhere, BODEGA, LINES))).toEqual({
      kind: "invalid",
      message: "Los pares de la orden entran en su destino, Bodega Principal",
    });
    const other = planDistribution([{ size: "39", pairs: [{ location_id: 7, quantity: 1 }] }]);
    expect(statusOf(() => orderReceipt(other, BODEGA, LINES))).toEqual({
      kind: "invalid",
      message: "La talla 39 de este producto no está en la orden",
    });
  });
});
