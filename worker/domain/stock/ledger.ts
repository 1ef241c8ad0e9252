import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inventory, type MOVEMENT_REASONS, stockMovements } from "../../db/schema";
import { INVARIANT_SQL } from "../shared/invariant-sql";
import { pairFormationStatements } from "./pairing";

export type MovementReason = (typeof MOVEMENT_REASONS)[number];

export interface StockDelta {
  pairs?: number;
  left?: number;
  right?: number;
  exhibition?: number;
  /** pairs a customer returned with a defect: kept apart from the sellable pairs */
  damaged?: number;
}

export interface StockChange {
  companyId: number;
  /** a number, or the SQL that finds a product inserted earlier in the same batch */
  productId: number | SQL<number>;
  locationId: number;
  size: string;
  delta: StockDelta;
  reason: MovementReason;
  userId?: number | null;
  /** a number, or the SQL that finds the sale inserted earlier in the same batch */
  saleId?: number | SQL<number> | null;
  transferId?: number | null;
  entryRef?: string | null;
  /** what each pair cost (centavos), when the goods came in at a known cost (a purchase) */
  unitCost?: number | null;
  notes?: string | null;
}

/** The condition naming one cell of a company's stock: product × location × size. */
export const cellWhere = (companyId: number, productId: number, locationId: number, size: string) =>
  and(
    eq(inventory.companyId, companyId),
    eq(inventory.productId, productId),
    eq(inventory.locationId, locationId),
    eq(inventory.size, size),
  );

export function isEmptyDelta(delta: StockDelta): boolean {
  return !delta.pairs && !delta.left && !delta.right && !delta.exhibition && !delta.damaged;
}

/**
 * The statements of one stock change: the inventory cell (created on first use), the delta and
 * its ledger row, and when feet move, the pairs the cell's free feet make. Put them in the same `db.batch` as
 * the business rows: a decrement below zero violates the inventory CHECK and the whole batch rolls back.
 */
export function stockChangeStatements(db: Db, change: StockChange) {
  const d = {
    pairs: change.delta.pairs ?? 0,
    leftFeet: change.delta.left ?? 0,
    rightFeet: change.delta.right ?? 0,
    exhibition: change.delta.exhibition ?? 0,
    damaged: change.delta.damaged ?? 0,
  };
  // SQLite checks CHECK constraints on an upsert's candidate row before resolving the conflict,
  // so a negative delta cannot ride on INSERT ... ON CONFLICT: make sure the cell exists (zeros),
  // then apply the delta with an UPDATE that the CHECK stops below zero.
  const ensureCell = db
    .insert(inventory)
    .values({
      companyId: change.companyId,
      productId: change.productId,
      locationId: change.locationId,
      size: change.size,
    })
    .onConflictDoNothing({ target: [inventory.productId, inventory.locationId, inventory.size] });
  const apply = db
    .update(inventory)
    .set({
      pairs: sql`${inventory.pairs} + ${d.pairs}`,
      leftFeet: sql`${inventory.leftFeet} + ${d.leftFeet}`,
      rightFeet: sql`${inventory.rightFeet} + ${d.rightFeet}`,
      exhibition: sql`${inventory.exhibition} + ${d.exhibition}`,
      damaged: sql`${inventory.damaged} + ${d.damaged}`,
      updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
    })
    .where(
      and(
        eq(inventory.productId, change.productId),
        eq(inventory.locationId, change.locationId),
        eq(inventory.size, change.size),
        eq(inventory.companyId, change.companyId),
      ),
    );
  const ledger = db.insert(stockMovements).values({
    companyId: change.companyId,
    productId: change.productId,
    locationId: change.locationId,
    size: change.size,
    deltaPairs: d.pairs,
    deltaLeft: d.leftFeet,
    deltaRight: d.rightFeet,
    deltaExhibition: d.exhibition,
    deltaDamaged: d.damaged,
    reason: change.reason,
    userId: change.userId ?? null,
    saleId: change.saleId ?? null,
    transferId: change.transferId ?? null,
    entryRef: change.entryRef ?? null,
    unitCost: change.unitCost ?? null,
    notes: change.notes ?? null,
  });
  // feet that arrive pair with the other side's; feet that leave may leave a split pair's partner beside
  // a free foot of the other side (a damaged left written off next to a free left): every change of
  // feet ends with the cell paired
  const movesFeet = d.leftFeet !== 0 || d.rightFeet !== 0;
  const pairing = movesFeet
    ? pairFormationStatements(db, change, { userId: change.userId, transferId: change.transferId })
    : [];
  return [ensureCell, apply, ledger, ...pairing] as const;
}

/** Rows where the inventory differs from the sum of its ledger (should always be empty). */
export function ledgerMismatches(db: Db) {
  return db.all<{ company_id: number; product_id: number; location_id: number; size: string; pairs: number }>(
    sql.raw(INVARIANT_SQL["stock = suma del libro de movimientos"]),
  );
}
