import { describe, expect, it } from "vitest";
import { ROLES } from "../../worker/db/schema";
import { adjustmentDelta } from "../../worker/domain/stock/adjustments";
import { postingOrder } from "../../worker/domain/stock/counts/close";
import {
  canSeeExpected,
  lineDeltas,
  nonZeroDeltas,
  progressOf,
  varianceValue,
} from "../../worker/domain/stock/counts/rules";

const q = (pairs: number, left = 0, right = 0, exhibition = 0) => ({ pairs, left, right, exhibition });

describe("a count line's variance", () => {
  it("is counted − expected-at-count per unit kind", () => {
    expect(lineDeltas(q(5, 1, 0, 2), q(3, 1, 1, 2))).toEqual(q(2, 0, -1, 0));
  });

  it("a sale after the line was counted changes neither side, so it is no variance", () => {
    // counted 3 with 3 expected; the later sale leaves the cell at 2 but not the snapshot
    const deltas = lineDeltas(q(3), q(3));
    expect(nonZeroDeltas(deltas)).toEqual([]);
  });

  it("posts one delta per unit kind that changed, in the adjustments' own terms", () => {
    const deltas = nonZeroDeltas(lineDeltas(q(1, 2, 0, 0), q(3, 0, 0, 1)));
    expect(deltas).toEqual([
      { kind: "pairs", delta: -2 },
      { kind: "left", delta: 2 },
      { kind: "exhibition", delta: -1 },
    ]);
    // each is a plain adjustment of its own kind (never a move to exhibition)
    expect(deltas.map((d) => adjustmentDelta({ unit_kind: d.kind, delta: d.delta, reason: "conteo_fisico" }))).toEqual([
      { pairs: -2 },
      { left: 2 },
      { exhibition: -1 },
    ]);
  });

  it("posts what leaves before what arrives: a left counted in place of the right never pairs with it", () => {
    // the ledger held 2 pairs + 1 right, the shelf 2 pairs + 1 left
    const deltas = nonZeroDeltas(lineDeltas(q(2, 1, 0), q(2, 0, 1)));
    expect(deltas).toEqual([
      { kind: "left", delta: 1 },
      { kind: "right", delta: -1 },
    ]);
    expect(postingOrder(deltas)).toEqual([
      { kind: "right", delta: -1 },
      { kind: "left", delta: 1 },
    ]);
  });

  it("is valued per unit at cost or price, and not at all without a cost", () => {
    expect(varianceValue(q(2, 0, -1, 0), 10_000)).toBe(10_000);
    expect(varianceValue(q(-3), 5_000)).toBe(-15_000);
    expect(varianceValue(q(1), null)).toBeNull();
  });
});

describe("who sees what the ledger expects", () => {
  it("everyone in an open count that is not blind", () => {
    for (const role of ROLES) expect(canSeeExpected(role, { blind: false, status: "open" })).toBe(true);
  });

  it("in a blind count only the managers, until it is posted", () => {
    const seeing = ROLES.filter((role) => canSeeExpected(role, { blind: true, status: "open" }));
    expect(seeing.sort()).toEqual(["administrador", "boss", "superuser"]);
    expect(canSeeExpected("bodeguero", { blind: true, status: "cancelled" })).toBe(false);
    expect(canSeeExpected("bodeguero", { blind: true, status: "posted" })).toBe(true);
  });
});

describe("progress", () => {
  it("is lines counted over the scope, never above 100 %", () => {
    expect(progressOf(0, 0)).toEqual({ counted: 0, total: 0, percent: 0 });
    expect(progressOf(3, 12)).toEqual({ counted: 3, total: 12, percent: 25 });
    expect(progressOf(5, 4)).toEqual({ counted: 5, total: 5, percent: 100 });
  });
});
