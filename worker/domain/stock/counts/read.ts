// Physical counts: reading a count, its lines and its variance report.

import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { seesCosts } from "../../../auth/roles";
import { scopeLocation } from "../../../auth/scope";
import type { Db } from "../../../db/client";
import { locations, products, stockCountLines, stockCounts, users } from "../../../db/schema";
import { type Page, pageInfo } from "../../../lib/paging";
import { forbidden, notFound } from "../../shared/errors";
import { toPesos } from "../../shared/money";
import { canSeeExpected, lineDeltas, nonZeroDeltas, progressOf, varianceValue } from "./rules";
import { COUNT_NOT_FOUND, type Counter, type CountStatus, OWN_WAREHOUSE, type Quantities } from "./types";

const createdByUser = alias(users, "created_by_user");
const postedByUser = alias(users, "posted_by_user");
const nameOf = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ""}`.trim() : null);

/**
 * Products in scope are those with stock at the location (of the count's brand); their sizes are those
 * with stock there or with box codes. Lines counted outside it still count.
 */
function progressSql(count: { id: number; companyId: number; locationId: number; filterBrand: string | null }) {
  const brand = count.filterBrand ? sql` AND p.brand = ${count.filterBrand} COLLATE NOCASE` : sql``;
  const stocked = sql`SELECT i.product_id, i.size FROM inventory i JOIN products p ON p.id = i.product_id
    WHERE i.company_id = ${count.companyId} AND i.location_id = ${count.locationId}
      AND i.pairs + i.left_feet + i.right_feet + i.exhibition > 0${brand}`;
  return sql<{ counted: number; total: number }>`SELECT
    (SELECT COUNT(*) FROM stock_count_lines WHERE count_id = ${count.id}) AS counted,
    (SELECT COUNT(*) FROM (
      ${stocked}
      UNION
      SELECT v.product_id, v.size FROM product_variants v
        WHERE v.company_id = ${count.companyId} AND v.product_id IN (SELECT product_id FROM (${stocked}))
      UNION
      SELECT product_id, size FROM stock_count_lines WHERE count_id = ${count.id}
    )) AS total`;
}

function countsQuery(db: Db, companyId: number, where: SQL | undefined) {
  return db
    .select({
      c: stockCounts,
      location: locations.name,
      createdFirst: createdByUser.firstName,
      createdLast: createdByUser.lastName,
      postedFirst: postedByUser.firstName,
      postedLast: postedByUser.lastName,
    })
    .from(stockCounts)
    .innerJoin(locations, eq(locations.id, stockCounts.locationId))
    .leftJoin(createdByUser, eq(createdByUser.id, stockCounts.createdBy))
    .leftJoin(postedByUser, eq(postedByUser.id, stockCounts.postedBy))
    .where(and(eq(stockCounts.companyId, companyId), where))
    .orderBy(desc(stockCounts.createdAt), desc(stockCounts.id));
}
export type CountRow = Awaited<ReturnType<typeof countsQuery>>[number];

function countOut(row: CountRow, progress: { counted: number; total: number }) {
  return {
    id: row.c.id,
    number: `Conteo #${row.c.id}`,
    location_id: row.c.locationId,
    location_name: row.location,
    status: row.c.status,
    blind: row.c.blind,
    filter_brand: row.c.filterBrand,
    notes: row.c.notes,
    created_at: row.c.createdAt,
    created_by_name: nameOf(row.createdFirst, row.createdLast),
    posted_at: row.c.postedAt,
    posted_by_name: nameOf(row.postedFirst, row.postedLast),
    progress: progressOf(Number(progress.counted), Number(progress.total)),
  };
}

/** One count of the caller's company; a keeper only handles their own warehouse's. */
export async function countOf(db: Db, actor: Counter, id: number): Promise<CountRow> {
  const [row] = await countsQuery(db, actor.companyId, eq(stockCounts.id, id)).limit(1);
  if (!row) throw notFound(COUNT_NOT_FOUND);
  const own = scopeLocation(actor);
  if (own !== null && own !== row.c.locationId) throw forbidden(OWN_WAREHOUSE);
  return row;
}

async function withProgress(db: Db, rows: CountRow[]) {
  if (rows.length === 0) return [];
  const results = await Promise.all(rows.map((r) => db.all<{ counted: number; total: number }>(progressSql(r.c))));
  return rows.map((row, i) => countOut(row, results[i]?.[0] ?? { counted: 0, total: 0 }));
}

/** A page of the counts, newest first, and how many match in all (issue 32 §4). */
export async function listCounts(
  db: Db,
  actor: Counter,
  filter: { status?: CountStatus | undefined; location_id?: number | undefined },
  page: Page,
) {
  // a keeper sees the counts of their own warehouse
  const locationId = scopeLocation(actor) ?? filter.location_id;
  const where = and(
    locationId === undefined ? undefined : eq(stockCounts.locationId, locationId),
    filter.status ? eq(stockCounts.status, filter.status) : undefined,
  );
  const [rows, [counted]] = await db.batch([
    countsQuery(db, actor.companyId, where).limit(page.limit).offset(page.offset),
    db
      .select({ n: sql<number>`COUNT(*)` })
      .from(stockCounts)
      .where(and(eq(stockCounts.companyId, actor.companyId), where)),
  ]);
  return { counts: await withProgress(db, rows), ...pageInfo(page, Number(counted?.n ?? 0)) };
}

export function linesQuery(db: Db, companyId: number, countId: number) {
  return db
    .select({
      l: stockCountLines,
      ref: products.referenceCode,
      brand: products.brand,
      model: products.model,
      color: products.color,
      cost: products.costPrice,
      price: products.unitPrice,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(stockCountLines)
    .innerJoin(products, eq(products.id, stockCountLines.productId))
    .leftJoin(users, eq(users.id, stockCountLines.countedBy))
    .where(and(eq(stockCountLines.companyId, companyId), eq(stockCountLines.countId, countId)))
    .orderBy(asc(stockCountLines.id));
}
export type LineRow = Awaited<ReturnType<typeof linesQuery>>[number];

export const countedOf = (l: LineRow["l"]): Quantities => ({
  pairs: l.countedPairs,
  left: l.countedLeft,
  right: l.countedRight,
  exhibition: l.countedExhibition,
});
export const expectedOf = (l: LineRow["l"]): Quantities => ({
  pairs: l.expectedPairs,
  left: l.expectedLeft,
  right: l.expectedRight,
  exhibition: l.expectedExhibition,
});

function lineOut(row: LineRow, showExpected: boolean) {
  return {
    id: row.l.id,
    product_id: row.l.productId,
    reference_code: row.ref,
    product_name: `${row.brand} ${row.model}${row.color ? ` ${row.color}` : ""}`,
    size: row.l.size,
    counted: countedOf(row.l),
    expected: showExpected ? expectedOf(row.l) : null,
    counted_by_name: nameOf(row.firstName, row.lastName),
    updated_at: row.l.updatedAt,
  };
}

/** A count with its lines; expected quantities only for those who may see them. */
export async function getCount(db: Db, actor: Counter, id: number) {
  const row = await countOf(db, actor, id);
  const [count] = await withProgress(db, [row]);
  const lines = await linesQuery(db, actor.companyId, id);
  const showExpected = canSeeExpected(actor.role, row.c);
  if (!count) throw notFound(COUNT_NOT_FOUND);
  return { count, expected_visible: showExpected, lines: lines.map((l) => lineOut(l, showExpected)) };
}

/** The variance report: per line and kind expected, counted and difference, valued at cost and at price. */
export async function countVariances(db: Db, actor: Counter, id: number) {
  const row = await countOf(db, actor, id);
  const showExpected = canSeeExpected(actor.role, row.c);
  const lines = (await linesQuery(db, actor.companyId, id)).map((l) => {
    const difference = lineDeltas(countedOf(l.l), expectedOf(l.l));
    return {
      row: l,
      expected: expectedOf(l.l),
      difference,
      changed: nonZeroDeltas(difference).length > 0,
      atCost: varianceValue(difference, l.cost),
      atPrice: varianceValue(difference, l.price) ?? 0,
    };
  });
  const total = (pick: (x: (typeof lines)[number]) => Quantities): Quantities => ({
    pairs: lines.reduce((s, x) => s + pick(x).pairs, 0),
    left: lines.reduce((s, x) => s + pick(x).left, 0),
    right: lines.reduce((s, x) => s + pick(x).right, 0),
    exhibition: lines.reduce((s, x) => s + pick(x).exhibition, 0),
  });
  // in a blind count the counter sees what they counted, not the ledger's side nor the differences
  const shown = <T>(value: T): T | null => (showExpected ? value : null);
  // what goods cost is for the administrador and the boss only (a keeper counts, without costs)
  const costs = seesCosts(actor.role);
  const costShown = <T>(value: T): T | null => (costs ? shown(value) : null);
  const [count] = await withProgress(db, [row]);
  if (!count) throw notFound(COUNT_NOT_FOUND);
  return {
    count,
    expected_visible: showExpected,
    costs_visible: costs,
    lines: lines.map((x) => ({
      ...lineOut(x.row, showExpected),
      difference: shown(x.difference),
      unit_cost: x.row.cost === null || !costs ? null : toPesos(x.row.cost),
      unit_price: toPesos(x.row.price),
      value_at_cost: x.atCost === null ? null : costShown(toPesos(x.atCost)),
      value_at_price: shown(toPesos(x.atPrice)),
    })),
    totals: {
      lines: lines.length,
      counted: total((x) => countedOf(x.row.l)),
      expected: shown(total((x) => x.expected)),
      difference: shown(total((x) => x.difference)),
      lines_with_difference: shown(lines.filter((x) => x.changed).length),
      value_at_cost: costShown(toPesos(lines.reduce((s, x) => s + (x.atCost ?? 0), 0))),
      value_at_price: shown(toPesos(lines.reduce((s, x) => s + x.atPrice, 0))),
      // lines with a difference whose product has no cost: left out of the value at cost
      without_cost: costShown(lines.filter((x) => x.changed && x.atCost === null).length),
    },
  };
}
