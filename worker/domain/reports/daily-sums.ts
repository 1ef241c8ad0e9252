// The sales-day rollup (sales/rollup.ts) summed over a group of its rows, as the reports group them by
// location or by seller: revenue in centavos and the count of sales.
import { desc, sql } from "drizzle-orm";
import { salesDaily } from "../../db/schema";

/** Revenue and sales of the group (fresh objects for each select). */
export const dailySums = () => ({
  total: sql<number>`SUM(${salesDaily.totalAmount})`,
  count: sql<number>`SUM(${salesDaily.salesCount})`,
});

/** Keeps the groups that sold anything. */
export const soldAny = () => sql`SUM(${salesDaily.salesCount}) > 0`;

/** The group with the most revenue first. */
export const mostRevenueFirst = () => desc(sql`SUM(${salesDaily.totalAmount})`);
