// The pairs a reservation holds: what the storefront may offer, and the guarded hold and release of a cell.
import { and, eq, type SQL, sql } from "drizzle-orm";
import { HOLDING_STATUSES } from "../../../../shared/reservations";
import type { Db } from "../../../db/client";
import { inventory, products, type WebReservationStatus } from "../../../db/schema";
import { cellWhere } from "../../stock/ledger";
import type { ReservationLine } from "./create";

export const HOLDING = [...HOLDING_STATUSES] as WebReservationStatus[];

export const isoNow = (now: Date) => now.toISOString();

// ---------------------------------------------------------------- what the storefront shows

/** The storefront's products: published and active, of the showcase company. */
export function publishedCondition(companyId: number): SQL {
  return and(eq(products.companyId, companyId), eq(products.isActive, true), eq(products.isPublished, true)) as SQL;
}

/** Free pairs (pairs − reserved pairs) per cell of the company's open stores, for the products named. */
export function freeCellsSql(companyId: number, productIds: number[]) {
  return sql`
    SELECT i.product_id AS product_id, i.location_id AS location_id, i.size AS size,
           i.pairs - i.reserved_pairs AS available
    FROM inventory i JOIN locations l ON l.id = i.location_id
    WHERE i.company_id = ${companyId} AND l.company_id = ${companyId} AND l.type = 'local' AND l.is_active = 1
      AND i.product_id IN (SELECT value FROM json_each(${JSON.stringify(productIds)}))
      AND i.pairs - i.reserved_pairs > 0`;
}

export type FreeCell = { product_id: number; location_id: number; size: string; available: number };

/** Sizes with pairs free in the company's open stores, per product (summed over the stores). */
export async function storefrontSizes(db: Db, companyId: number, productIds: number[]) {
  const bySize = new Map<number, Map<string, number>>();
  if (productIds.length === 0) return bySize;
  const cells = await db.all<FreeCell>(freeCellsSql(companyId, productIds));
  for (const cell of cells) {
    const sizes = bySize.get(cell.product_id) ?? new Map<string, number>();
    sizes.set(cell.size, (sizes.get(cell.size) ?? 0) + Number(cell.available));
    bySize.set(cell.product_id, sizes);
  }
  return bySize;
}

/**
 * Free pairs per store and size of published products: what the cart needs to offer the stores that
 * have every line. Products that are not published (or not the company's) answer nothing.
 */
export async function storefrontStock(db: Db, companyId: number, productIds: number[]) {
  if (productIds.length === 0) return [];
  const cells = await db.all<FreeCell>(sql`
    SELECT c.* FROM (${freeCellsSql(companyId, productIds)}) c
    JOIN products p ON p.id = c.product_id
    WHERE p.company_id = ${companyId} AND p.is_active = 1 AND p.is_published = 1
    ORDER BY c.location_id, c.product_id, c.size`);
  return cells.map((c) => ({
    product_id: Number(c.product_id),
    location_id: Number(c.location_id),
    size: c.size,
    available: Number(c.available),
  }));
}

// ---------------------------------------------------------------- the shopper's reservation

const cellOf = (companyId: number, locationId: number, line: ReservationLine) =>
  cellWhere(companyId, line.product_id, locationId, line.size);

const touched = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** The UPDATE that holds a line's pairs where the cell still has them free (changes no row otherwise). */
export function holdStatement(db: Db, companyId: number, locationId: number, line: ReservationLine) {
  return db
    .update(inventory)
    .set({ reservedPairs: sql`${inventory.reservedPairs} + ${line.quantity}`, updatedAt: touched })
    .where(
      and(
        cellOf(companyId, locationId, line),
        sql`${inventory.pairs} - ${inventory.reservedPairs} >= ${line.quantity}`,
      ),
    );
}

/** The UPDATE that gives a line's held pairs back (run only behind a transition's guard). */
export function releaseStatement(db: Db, companyId: number, locationId: number, line: ReservationLine) {
  return db
    .update(inventory)
    .set({ reservedPairs: sql`${inventory.reservedPairs} - ${line.quantity}`, updatedAt: touched })
    .where(cellOf(companyId, locationId, line));
}
