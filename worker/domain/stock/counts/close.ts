// Physical counts: closing an open count, by posting its variances in one guarded batch or cancelling it.

import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { UnitKind } from "../../../../shared/constants";
import type { Db } from "../../../db/client";
import { isGuardFailure, requireChanged, requireThat } from "../../../db/guards";
import { inventory, stockCounts } from "../../../db/schema";
import { alertNoticeStatements, lowStockAlertStatement } from "../../alerts/enqueue";
import { isConstraint } from "../../sales/statements";
import { conflict } from "../../shared/errors";
import { adjustmentStatements, belowZero } from "../adjustments";
import { cellWhere } from "../ledger";
import { splitForFeetStatements } from "../pairing";
import { type CountRow, countedOf, countOf, expectedOf, getCount, type LineRow, linesQuery } from "./read";
import { lineDeltas, nonZeroDeltas } from "./rules";
import { type Counter, closedError, type Quantities } from "./types";

/** The lines as posting read them, so the batch refuses to post lines changed since (SQL and JS agree). */
function linesFingerprintSql(countId: number) {
  return sql`(SELECT COALESCE(group_concat(x, ','), '') FROM (
    SELECT id || ':' || counted_pairs || ':' || counted_left || ':' || counted_right || ':' || counted_exhibition
      || ':' || expected_pairs || ':' || expected_left || ':' || expected_right || ':' || expected_exhibition AS x
    FROM stock_count_lines WHERE count_id = ${countId} ORDER BY id))`;
}
function linesFingerprint(lines: LineRow[]) {
  return lines
    .map(({ l }) =>
      [
        l.id,
        l.countedPairs,
        l.countedLeft,
        l.countedRight,
        l.countedExhibition,
        l.expectedPairs,
        l.expectedLeft,
        l.expectedRight,
        l.expectedExhibition,
      ].join(":"),
    )
    .join(",");
}

/**
 * The order a count's variances are applied in: every unit that leaves before any that arrives, so the
 * cell never passes through a state the count does not describe (a left foot counted in place of the
 * right the ledger held would pair with that right, and the right would then be missing).
 */
export function postingOrder<T extends { delta: number }>(adjustments: readonly T[]): T[] {
  return [...adjustments.filter((a) => a.delta < 0), ...adjustments.filter((a) => a.delta > 0)];
}

/**
 * Applies every line's counted − expected as adjustments in ONE batch, after a guarded flip of the
 * count from open to posted: a second post (or one racing it) changes nothing and answers 409.
 */
export async function postCount(db: Db, actor: Counter, countId: number) {
  const row = await countOf(db, actor, countId);
  if (row.c.status !== "open") throw closedError(row.c.status);
  const lines = await linesQuery(db, actor.companyId, countId);
  const adjustments = postingOrder(
    lines.flatMap((line) =>
      nonZeroDeltas(lineDeltas(countedOf(line.l), expectedOf(line.l))).map(({ kind, delta }) => ({
        line,
        kind,
        delta,
        ref: crypto.randomUUID(),
      })),
    ),
  );
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(stockCounts)
      .set({ status: "posted", postedBy: actor.id, postedAt: new Date().toISOString() })
      .where(and(eq(stockCounts.id, countId), eq(stockCounts.status, "open"))),
    requireChanged(db, "count_open"),
    requireThat(db, "count_lines_unchanged", sql`${linesFingerprintSql(countId)} = ${linesFingerprint(lines)}`),
    ...adjustments.flatMap(({ line, kind, delta, ref }) => {
      const cell = {
        companyId: actor.companyId,
        productId: line.l.productId,
        locationId: row.c.locationId,
        size: line.l.size,
      };
      // a foot the ledger paired (with a foot the counter did not find) is taken out of its pair
      const split =
        delta < 0 && (kind === "left" || kind === "right")
          ? splitForFeetStatements(db, cell, kind, -delta, { userId: actor.id, notes: `Conteo #${countId}` })
          : [];
      return [
        ...split,
        ...adjustmentStatements(db, {
          ref,
          ...cell,
          unitKind: kind,
          delta,
          reason: "conteo_fisico",
          notes: `Conteo #${countId}`,
          unitCost: line.cost,
          userId: actor.id,
        }),
      ];
    }),
    ...countAlertStatements(db, actor.companyId, row.c.locationId, countId, adjustments),
  ];
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (err) {
    if (isGuardFailure(err)) {
      const now = await countOf(db, actor, countId);
      if (now.c.status !== "open") throw closedError(now.c.status);
      throw conflict("El conteo cambió mientras se aplicaba; revísalo y vuelve a aplicarlo");
    }
    if (!isConstraint(err, "CHECK")) throw err;
    throw await belowZeroOf(db, actor.companyId, row, adjustments);
  }
  const detail = await getCount(db, actor, countId);
  return { ...detail, adjustments: adjustments.length };
}

/**
 * The low stock alerts of a posted count (issue 37): per product the count took units of, what its ledger
 * rows in this batch took out of "available" (pairs and exhibition units, a pair split for a missing foot
 * included, whatever the count added back in other sizes), so a count that crosses a minimum alerts once.
 */
function countAlertStatements(
  db: Db,
  companyId: number,
  locationId: number,
  countId: number,
  adjustments: { line: LineRow; delta: number; ref: string }[],
): BatchItem<"sqlite">[] {
  const taking = [...new Set(adjustments.filter((a) => a.delta < 0).map((a) => a.line.l.productId))];
  if (taking.length === 0) return [];
  const refs = JSON.stringify(adjustments.map((a) => a.ref));
  const taken = (productId: number) =>
    sql<number>`(SELECT -COALESCE(SUM(delta_pairs + delta_exhibition), 0) FROM stock_movements
      WHERE company_id = ${companyId} AND product_id = ${productId} AND location_id = ${locationId}
        AND (entry_ref IN (SELECT value FROM json_each(${refs}))
          OR (reason = 'pair_split' AND notes = ${`Conteo #${countId}`})))`;
  return [
    ...taking.map((productId) => lowStockAlertStatement(db, companyId, locationId, productId, taken(productId))),
    ...alertNoticeStatements(db, companyId),
  ];
}

/** The 409 of a posting that would leave a cell below zero (a sale took units the count did not see). */
async function belowZeroOf(
  db: Db,
  companyId: number,
  row: CountRow,
  adjustments: { line: LineRow; kind: UnitKind; delta: number }[],
) {
  const place = { id: row.c.locationId, name: row.location };
  for (const { line } of adjustments) {
    const [cell] = await db
      .select()
      .from(inventory)
      .where(cellWhere(companyId, line.l.productId, place.id, line.l.size))
      .limit(1);
    const have: Quantities = {
      pairs: cell?.pairs ?? 0,
      left: cell?.leftFeet ?? 0,
      right: cell?.rightFeet ?? 0,
      exhibition: cell?.exhibition ?? 0,
    };
    const reserved = {
      pairs: cell?.reservedPairs ?? 0,
      left: cell?.reservedLeft ?? 0,
      right: cell?.reservedRight ?? 0,
    };
    const deltas = lineDeltas(countedOf(line.l), expectedOf(line.l));
    // a single foot missing can come out of a free pair (split), the pair's partner staying
    const freePairs = Math.max(0, have.pairs + deltas.pairs - reserved.pairs);
    const footShort = (kind: "left" | "right") => have[kind] + deltas[kind] + freePairs < reserved[kind];
    const short =
      have.pairs + deltas.pairs < reserved.pairs ||
      have.exhibition + deltas.exhibition < 0 ||
      footShort("left") ||
      footShort("right");
    if (short) {
      const base = await belowZero(db, companyId, line.ref, place, line.l.size);
      return conflict(`No se aplicó el conteo. ${base.detail}`);
    }
  }
  return conflict("No se aplicó el conteo: el inventario quedaría negativo");
}

export async function cancelCount(db: Db, actor: Counter, countId: number) {
  const row = await countOf(db, actor, countId);
  if (row.c.status !== "open") throw closedError(row.c.status);
  const changed = await db
    .update(stockCounts)
    .set({ status: "cancelled" })
    .where(and(eq(stockCounts.id, countId), eq(stockCounts.status, "open")))
    .returning({ id: stockCounts.id });
  if (changed.length === 0) throw closedError((await countOf(db, actor, countId)).c.status);
  return getCount(db, actor, countId);
}
