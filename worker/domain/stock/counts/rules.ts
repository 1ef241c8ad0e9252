// Physical counts: the pure rules (who sees the expected side, deltas, values, progress).

import { UNIT_KINDS, type UnitKind } from "../../../../shared/constants";
import type { Role } from "../../../db/schema";
import type { CountStatus, Quantities } from "./types";

/** In a blind count the counters do not see what the ledger expects, until it is posted; managers always do. */
export function canSeeExpected(role: Role, count: { blind: boolean; status: CountStatus }): boolean {
  return (
    !count.blind || count.status === "posted" || role === "administrador" || role === "boss" || role === "superuser"
  );
}

/** counted − expected per unit kind: what posting applies for a line. */
export function lineDeltas(counted: Quantities, expected: Quantities): Quantities {
  return {
    pairs: counted.pairs - expected.pairs,
    left: counted.left - expected.left,
    right: counted.right - expected.right,
    exhibition: counted.exhibition - expected.exhibition,
  };
}

/** The unit kinds a line changes, with their deltas (none when the count matches). */
export function nonZeroDeltas(deltas: Quantities): { kind: UnitKind; delta: number }[] {
  return UNIT_KINDS.filter((kind) => deltas[kind] !== 0).map((kind) => ({ kind, delta: deltas[kind] }));
}

/**
 * The value of a line's differences at an amount per unit (centavos), or null without one. Every unit
 * is valued as the adjustments report values it (a single foot at the pair's amount), so the count's
 * report and the adjustments it posts agree.
 */
export function varianceValue(deltas: Quantities, perUnit: number | null): number | null {
  if (perUnit === null) return null;
  return UNIT_KINDS.reduce((sum, kind) => sum + deltas[kind] * perUnit, 0);
}

/** The progress of a count: lines counted of the product × sizes in its scope. */
export function progressOf(counted: number, total: number) {
  const all = Math.max(total, counted);
  return { counted, total: all, percent: all === 0 ? 0 : Math.round((counted / all) * 100) };
}
