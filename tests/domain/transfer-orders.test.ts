import { describe, expect, it } from "vitest";
import type { TransferStatus } from "../../worker/db/schema";
import { mergeLines } from "../../worker/domain/logistics/transfer-orders/create";
import { orderOpen, orderStatus } from "../../worker/domain/logistics/transfer-orders/status";

const lines = (...statuses: TransferStatus[]) => statuses.map((status) => ({ status }));

describe("a restock order's status, read from its lines", () => {
  it("stands where its least advanced live line stands", () => {
    expect(orderStatus(lines("pending", "accepted"))).toBe("pending");
    expect(orderStatus(lines("in_transit", "delivered", "completed"))).toBe("in_transit");
    expect(orderStatus(lines("completed", "completed"))).toBe("completed");
  });

  it("leaves cancelled lines out, and is cancelled only when every line is", () => {
    expect(orderStatus(lines("cancelled", "delivered"))).toBe("delivered");
    expect(orderStatus(lines("cancelled", "cancelled"))).toBe("cancelled");
    expect(orderStatus([])).toBe("cancelled");
  });

  it("is open while some line is neither received nor cancelled", () => {
    expect(orderOpen(lines("completed", "cancelled"))).toBe(false);
    expect(orderOpen(lines("completed", "delivered"))).toBe(true);
  });
});

describe("the lines of a new order", () => {
  it("adds up a product, size and unit asked twice, and keeps pairs and single feet apart", () => {
    const merged = mergeLines([
      { referenceCode: "A", size: "40", quantity: 1, footSide: null },
      { referenceCode: "A", size: "40", quantity: 2, footSide: null },
      { referenceCode: "A", size: "40", quantity: 1, footSide: "left" },
      { referenceCode: "A", size: "41", quantity: 1, footSide: null },
    ]);
    expect(merged).toEqual([
      { referenceCode: "A", size: "40", quantity: 3, footSide: null },
      { referenceCode: "A", size: "40", quantity: 1, footSide: "left" },
      { referenceCode: "A", size: "41", quantity: 1, footSide: null },
    ]);
  });

  it("does not change the lines it was given", () => {
    const given = [
      { referenceCode: "A", size: "40", quantity: 1, footSide: null },
      { referenceCode: "A", size: "40", quantity: 1, footSide: null },
    ];
    mergeLines(given);
    expect(given[0]?.quantity).toBe(1);
  });
});
