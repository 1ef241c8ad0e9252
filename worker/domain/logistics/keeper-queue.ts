// The queue of whoever keeps the units of a request (a warehouse, or a store whose pairs were asked
// for): which requests are theirs, and how much of each is still available at the source.
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { scopeLocation } from "../../auth/scope";
import type { Db } from "../../db/client";
import { chunk } from "../../db/limits";
import { inventory, transferRequests } from "../../db/schema";
import type { Actor } from "./transfer-ops";
import { loadTransfers } from "./transfer-views";

/**
 * Requests a location keeps: transfers leaving it, returns coming back to it. A keeper or a seller sees
 * their own location's (403 without one: never the whole company); the administrador the company's.
 */
export function forKeeper(actor: Actor): SQL {
  const own = scopeLocation(actor);
  const here =
    own !== null
      ? or(
          and(eq(transferRequests.requestType, "transfer"), eq(transferRequests.sourceLocationId, own)),
          and(eq(transferRequests.requestType, "return"), eq(transferRequests.destinationLocationId, own)),
        )
      : undefined;
  return and(eq(transferRequests.companyId, actor.companyId), here) as SQL;
}

/** The requests the actor keeps (forKeeper) that also meet `conditions`, as the transfer views. */
export function keeperTransfers(db: Db, actor: Actor, ...conditions: (SQL | undefined)[]) {
  return loadTransfers(db, and(forKeeper(actor), ...conditions) as SQL);
}

/** Stock available at the source for each request (pairs or the requested foot, minus reservations). */
export async function withStock(db: Db, list: Awaited<ReturnType<typeof loadTransfers>>) {
  if (list.length === 0) return [];
  // D1 binds at most 100 values per statement: ask in chunks of 90 ids
  const chunks = chunk(
    list.map((t) => t.id),
    90,
  );
  const parts = await Promise.all(
    chunks.map((ids) =>
      db
        .select({
          productId: inventory.productId,
          locationId: inventory.locationId,
          size: inventory.size,
          pairs: sql<number>`${inventory.pairs} - ${inventory.reservedPairs}`,
          left: sql<number>`${inventory.leftFeet} - ${inventory.reservedLeft}`,
          right: sql<number>`${inventory.rightFeet} - ${inventory.reservedRight}`,
        })
        .from(inventory)
        .innerJoin(
          transferRequests,
          and(
            eq(transferRequests.productId, inventory.productId),
            eq(transferRequests.sourceLocationId, inventory.locationId),
            eq(transferRequests.size, inventory.size),
          ),
        )
        .where(inArray(transferRequests.id, ids)),
    ),
  );
  const rows = parts.flat();
  return list.map((t) => {
    const cell = rows.find(
      (r) => r.locationId === t.source_location_id && r.size === t.size && r.productId === t.product_id,
    );
    const available = !cell
      ? 0
      : t.transfer_type === "single_foot"
        ? t.foot_side === "left"
          ? cell.left
          : cell.right
        : cell.pairs;
    return {
      ...t,
      available_stock: Number(available),
      stock_info: { available_stock: Number(available) },
      product_info: { ...t.product_info, stock_available: Number(available) },
    };
  });
}

/**
 * The order a keeper works their pending requests in: urgent ones first (a customer is waiting), and
 * within each, the oldest first (it has waited longest). Ties keep the lower id first.
 */
export function keeperOrder<T extends { priority: string; requested_at: string; id: number }>(list: readonly T[]): T[] {
  const urgent = (t: T) => (t.priority === "high" ? 0 : 1);
  return [...list].sort((a, b) => urgent(a) - urgent(b) || a.requested_at.localeCompare(b.requested_at) || a.id - b.id);
}
