// How much customers brought back in a window: the figure that nets a day's sales (plain query, no
// imports of the sales modules, so their reads can batch it).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { saleReturns } from "../../../db/schema";

/**
 * How many returns and how much money went back (refunds and credits) in a time window (ISO), for the
 * sales of one seller or (null) of the whole company.
 */
export function returnsBetween(db: Db, companyId: number, start: string, end: string, sellerId: number | null = null) {
  return db
    .select({
      count: sql<number>`COUNT(*)`,
      amount: sql<number>`COALESCE(SUM(${saleReturns.refundAmount} + ${saleReturns.creditAmount}), 0)`,
    })
    .from(saleReturns)
    .where(
      and(
        eq(saleReturns.companyId, companyId),
        sellerId === null ? undefined : eq(saleReturns.sellerId, sellerId),
        sql`${saleReturns.createdAt} >= ${start}`,
        sql`${saleReturns.createdAt} < ${end}`,
      ),
    );
}
