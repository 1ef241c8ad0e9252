// Single feet and pairs of one inventory cell. A free left foot and a free right foot of the same
// product and size at one location are a sellable pair, so every change that adds feet (or frees
// reserved ones) ends with the pairing statements below; the ledger gets one `pair_formed` row for it.
// Each builder is a ledger row and the UPDATE that matches it, both computed from the same state of
// the cell inside the caller's batch, so they stay equal whatever ran before them.
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inventory, stockMovements } from "../../db/schema";

export interface Cell {
  companyId: number;
  /** a number, or the SQL that finds a product inserted earlier in the same batch */
  productId: number | SQL<number>;
  locationId: number;
  size: string;
}

export interface PairingContext {
  userId?: number | null;
  transferId?: number | null;
  notes?: string | null;
}

const FREE_LEFT = sql.raw("(left_feet - reserved_left)");
const FREE_RIGHT = sql.raw("(right_feet - reserved_right)");
const FREE_PAIRS = sql.raw("(pairs - reserved_pairs)");

function cellCondition(cell: Cell) {
  return sql`company_id = ${cell.companyId} AND product_id = ${cell.productId} AND location_id = ${cell.locationId} AND size = ${cell.size}`;
}

/**
 * Moves `n` units between the pairs and the two feet columns of a cell: `sign` 1 forms n pairs from
 * n left and n right feet, −1 splits n pairs into feet. `n` is SQL read from the cell itself; nothing
 * is written when it is not positive.
 */
function pairMove(db: Db, cell: Cell, n: SQL, sign: 1 | -1, reason: "pair_formed" | "pair_split", ctx: PairingContext) {
  const where = cellCondition(cell);
  // every ledger column, named here so a new column fails to compile instead of shifting the others
  const row: Record<keyof typeof stockMovements.$inferInsert, SQL> = {
    id: sql`NULL`,
    companyId: sql.raw("company_id"),
    productId: sql.raw("product_id"),
    locationId: sql.raw("location_id"),
    size: sql.raw("size"),
    deltaPairs: sql`${sign} * ${n}`,
    deltaLeft: sql`${-sign} * ${n}`,
    deltaRight: sql`${-sign} * ${n}`,
    deltaExhibition: sql`0`,
    deltaDamaged: sql`0`,
    reason: sql`${reason}`,
    saleId: sql`NULL`,
    transferId: sql`${ctx.transferId ?? null}`,
    entryRef: sql`NULL`,
    unitCost: sql`NULL`,
    userId: sql`${ctx.userId ?? null}`,
    notes: sql`${ctx.notes ?? null}`,
    createdAt: sql.raw("strftime('%Y-%m-%dT%H:%M:%fZ','now')"),
  };
  const columns = Object.keys(getTableColumns(stockMovements)) as (keyof typeof row)[];
  const ledger = db.insert(stockMovements).select(
    sql`SELECT ${sql.join(
      columns.map((column) => row[column]),
      sql`, `,
    )} FROM inventory WHERE ${where} AND ${n} > 0`,
  );
  const apply = db
    .update(inventory)
    .set({
      pairs: sql`${inventory.pairs} + ${sign} * ${n}`,
      leftFeet: sql`${inventory.leftFeet} - ${sign} * ${n}`,
      rightFeet: sql`${inventory.rightFeet} - ${sign} * ${n}`,
      updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
    })
    .where(sql`${where} AND ${n} > 0`);
  return [ledger, apply] as const;
}

/** Pairs every free left foot of the cell with a free right one (feet promised to a transfer stay apart). */
export function pairFormationStatements(db: Db, cell: Cell, ctx: PairingContext = {}) {
  return pairMove(db, cell, sql`MIN(${FREE_LEFT}, ${FREE_RIGHT})`, 1, "pair_formed", ctx);
}

/**
 * Splits as many free pairs as it takes for the cell to hold `feet` free feet of one side (a return of
 * a single foot that was paired on arrival sends that foot back and leaves its partner single).
 */
export function splitForFeetStatements(
  db: Db,
  cell: Cell,
  side: "left" | "right",
  feet: number,
  ctx: PairingContext = {},
) {
  const free = side === "left" ? FREE_LEFT : FREE_RIGHT;
  return pairMove(db, cell, sql`MIN(${FREE_PAIRS}, MAX(0, ${feet} - ${free}))`, -1, "pair_split", ctx);
}

/**
 * Splits exactly `pairs` pairs: the inventory CHECKs refuse the batch when the cell holds fewer free
 * pairs; the caller guards that the cell exists (no row, nothing written).
 */
export function splitPairsStatements(db: Db, cell: Cell, pairs: number, ctx: PairingContext = {}) {
  return pairMove(db, cell, sql`${pairs}`, -1, "pair_split", ctx);
}
