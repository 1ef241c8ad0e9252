// Physical counts of one location while it keeps selling. Each line keeps what the ledger held for its
// product and size when it was counted (written in the same statement that writes the line), so posting
// applies counted − expected-at-count: a sale after the line was counted stays sold, and one before it
// is already in the expected. Posting is one guarded batch of adjustments ("conteo_fisico"): it happens
// once, and a cell it would take below zero refuses all of it.
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import { UNIT_KINDS, type UnitKind } from "../../shared/constants";
import { seesCosts } from "../auth/roles";
import { scopeLocation } from "../auth/scope";
import type { Db } from "../db/client";
import { isGuardFailure, requireChanged, requireThat } from "../db/guards";
import {
  type COUNT_STATUSES,
  inventory,
  locations,
  products,
  productVariants,
  type Role,
  stockCountLines,
  stockCounts,
  users,
} from "../db/schema";
import { conflict, forbidden, notFound, unprocessable } from "../lib/errors";
import { type Page, pageInfo } from "../lib/paging";
import { adjustmentStatements, belowZero } from "./adjustments";
import { codeCandidates } from "./barcodes";
import { toPesos } from "./money";
import { splitForFeetStatements } from "./pairing";
import { isConstraint } from "./sales/statements";
import { CODE_NOT_FOUND } from "./variants";

export type CountStatus = (typeof COUNT_STATUSES)[number];
export type Quantities = Record<UnitKind, number>;

export const COUNT_NOT_FOUND = "Conteo no encontrado";
export const ALREADY_POSTED = "El conteo ya fue aplicado";
export const COUNT_CANCELLED = "El conteo fue cancelado";
const OWN_WAREHOUSE = "Solo puedes contar el inventario de tu bodega";

export interface Counter {
  id: number;
  companyId: number;
  role: Role;
  locationId: number | null;
}

// ---------------------------------------------------------------- pure rules

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

// ---------------------------------------------------------------- reading

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
type CountRow = Awaited<ReturnType<typeof countsQuery>>[number];

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
async function countOf(db: Db, actor: Counter, id: number): Promise<CountRow> {
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

function linesQuery(db: Db, companyId: number, countId: number) {
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
type LineRow = Awaited<ReturnType<typeof linesQuery>>[number];

const countedOf = (l: LineRow["l"]): Quantities => ({
  pairs: l.countedPairs,
  left: l.countedLeft,
  right: l.countedRight,
  exhibition: l.countedExhibition,
});
const expectedOf = (l: LineRow["l"]): Quantities => ({
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

// ---------------------------------------------------------------- changing

export interface OpenCountInput {
  location_id: number;
  blind: boolean;
  brand: string | null;
  notes: string | null;
}

/** Opens a count of one location: the administrador anywhere, a keeper in their warehouse; one open per location. */
export async function openCount(db: Db, actor: Counter, input: OpenCountInput) {
  const [place] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.companyId, actor.companyId), eq(locations.id, input.location_id)))
    .limit(1);
  if (!place) throw notFound("Ubicación no encontrada");
  if (!place.isActive) throw conflict(`${place.name} está inactiva; reactívala para contar su inventario`);
  const own = scopeLocation(actor);
  if (own !== null && own !== place.id) throw forbidden(OWN_WAREHOUSE);
  let brand: string | null = null;
  if (input.brand) {
    const [hit] = await db
      .select({ brand: products.brand })
      .from(products)
      .where(and(eq(products.companyId, actor.companyId), sql`${products.brand} = ${input.brand} COLLATE NOCASE`))
      .limit(1);
    if (!hit) throw unprocessable(`No hay productos de la marca ${input.brand} en el catálogo`);
    // the catalogue's spelling of the brand
    brand = hit.brand;
  }
  let id: number;
  try {
    const [row] = await db
      .insert(stockCounts)
      .values({
        companyId: actor.companyId,
        locationId: place.id,
        blind: input.blind,
        filterBrand: brand,
        notes: input.notes,
        createdBy: actor.id,
      })
      .returning({ id: stockCounts.id });
    if (!row) throw new Error("count not inserted");
    id = row.id;
  } catch (err) {
    if (!isConstraint(err, "UNIQUE")) throw err;
    throw conflict(`Ya hay un conteo abierto en ${place.name}; termínalo o cancélalo antes de abrir otro`);
  }
  return getCount(db, actor, id);
}

function closedError(status: CountStatus) {
  return conflict(status === "posted" ? ALREADY_POSTED : COUNT_CANCELLED);
}

const isOpen = (countId: number) => sql`EXISTS (SELECT 1 FROM stock_counts WHERE id = ${countId} AND status = 'open')`;

/** A product and size named by a typed or scanned code (any letter case): a barcode or SKU names the size too. */
async function resolveCode(db: Db, companyId: number, rawCode: string, size: string | null) {
  const list = sql.join(
    codeCandidates(rawCode).map((c) => sql`${c}`),
    sql`, `,
  );
  const [variantHits, productHits] = await db.batch([
    db
      .select({ productId: productVariants.productId, size: productVariants.size })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.companyId, companyId),
          // any letter case: a company's codes are one namespace compared without case
          sql`(${productVariants.barcode} COLLATE NOCASE IN (${list}) OR ${productVariants.sku} COLLATE NOCASE IN (${list}))`,
        ),
      )
      .limit(1),
    db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, companyId), sql`${products.referenceCode} = ${rawCode.trim()} COLLATE NOCASE`))
      .limit(1),
  ]);
  const variant = variantHits[0];
  const productId = variant?.productId ?? productHits[0]?.id;
  if (productId === undefined) throw notFound(CODE_NOT_FOUND);
  if (variant && size !== null && size !== variant.size) {
    throw unprocessable(`El código ${rawCode.trim()} es de la talla ${variant.size}, no de la ${size}`);
  }
  const chosen = variant?.size ?? size;
  if (chosen === null) throw unprocessable("Indica la talla (la referencia no la dice; un código de barras sí)");
  const [product] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!product) throw notFound(CODE_NOT_FOUND);
  return { product, size: chosen };
}

export interface CountLineInput {
  code: string;
  size: string | null;
  pairs: number;
  left: number;
  right: number;
  exhibition: number;
}

/**
 * Records what was counted of a product and size (again: the line is replaced). The expected snapshot
 * is read from the inventory by the same upsert that writes the line, in a batch that first checks the
 * count is still open.
 */
export async function countLine(db: Db, actor: Counter, countId: number, input: CountLineInput) {
  const row = await countOf(db, actor, countId);
  if (row.c.status !== "open") throw closedError(row.c.status);
  const { product, size } = await resolveCode(db, actor.companyId, input.code, input.size);
  if (row.c.filterBrand && product.brand.toLowerCase() !== row.c.filterBrand.toLowerCase()) {
    throw unprocessable(
      `${product.referenceCode} es de la marca ${product.brand}; este conteo es solo de ${row.c.filterBrand}`,
    );
  }
  // what the ledger holds right now, read by the statement that writes the line
  const cell = (column: SQL) =>
    sql<number>`COALESCE((SELECT ${column} FROM ${inventory} WHERE ${and(
      eq(inventory.companyId, actor.companyId),
      eq(inventory.productId, product.id),
      eq(inventory.locationId, row.c.locationId),
      eq(inventory.size, size),
    )}), 0)`;
  const snapshot = {
    countedPairs: input.pairs,
    countedLeft: input.left,
    countedRight: input.right,
    countedExhibition: input.exhibition,
    expectedPairs: cell(sql`${inventory.pairs}`),
    expectedLeft: cell(sql`${inventory.leftFeet}`),
    expectedRight: cell(sql`${inventory.rightFeet}`),
    expectedExhibition: cell(sql`${inventory.exhibition}`),
    countedBy: actor.id,
    updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
  };
  const upsert = db
    .insert(stockCountLines)
    .values({ companyId: actor.companyId, countId, productId: product.id, size, ...snapshot })
    .onConflictDoUpdate({
      target: [stockCountLines.countId, stockCountLines.productId, stockCountLines.size],
      set: snapshot,
    });
  try {
    await db.batch([requireThat(db, "count_open", isOpen(countId)), upsert]);
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    throw closedError((await countOf(db, actor, countId)).c.status);
  }
  const detail = await getCount(db, actor, countId);
  const line = detail.lines.find((l) => l.product_id === product.id && l.size === size);
  if (!line) throw new Error("count line not found after its batch");
  return { line, progress: detail.count.progress };
}

export async function deleteLine(db: Db, actor: Counter, countId: number, lineId: number) {
  const row = await countOf(db, actor, countId);
  if (row.c.status !== "open") throw closedError(row.c.status);
  let deleted: { id: number }[];
  try {
    [, deleted] = await db.batch([
      requireThat(db, "count_open", isOpen(countId)),
      db
        .delete(stockCountLines)
        .where(
          and(
            eq(stockCountLines.id, lineId),
            eq(stockCountLines.countId, countId),
            eq(stockCountLines.companyId, actor.companyId),
          ),
        )
        .returning({ id: stockCountLines.id }),
    ]);
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    throw closedError((await countOf(db, actor, countId)).c.status);
  }
  if (deleted.length === 0) throw notFound("Línea no encontrada");
  return getCount(db, actor, countId);
}

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
    ...adjustments.flatMap(({ line, kind, delta }) => {
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
          ref: crypto.randomUUID(),
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
      .where(
        and(
          eq(inventory.companyId, companyId),
          eq(inventory.productId, line.l.productId),
          eq(inventory.locationId, place.id),
          eq(inventory.size, line.l.size),
        ),
      )
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
