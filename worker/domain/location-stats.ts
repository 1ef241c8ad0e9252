import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { expenses, inventory, type locations, operatingCosts, products, sales, transferRequests } from "../db/schema";
import { costForRange } from "./costs";
import { toPesos } from "./money";
import { bogotaDayRange } from "./time";

/** [start, end) in UTC for Bogotá calendar dates, inclusive of the end date. */
export function rangeBounds(startDate: string, endDate: string) {
  return { start: bogotaDayRange(startDate).start, end: bogotaDayRange(endDate).end };
}

export function daysInRange(startDate: string, endDate: string): number {
  return Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000) + 1;
}

/**
 * A location's figures for a range: completed sales, expenses, operating costs normalised to the
 * range's days from each cost's start_date, transfers completed in and out, and today's stock value at unit prices.
 */
export async function locationStats(
  db: Db,
  companyId: number,
  location: typeof locations.$inferSelect,
  startDate: string,
  endDate: string,
) {
  const { start, end } = rangeBounds(startDate, endDate);
  const [[sale], [expense], costs, [moves], [stock]] = await db.batch([
    db
      .select({ count: sql<number>`COUNT(*)`, total: sql<number>`COALESCE(SUM(${sales.totalAmount}), 0)` })
      .from(sales)
      .where(
        and(
          eq(sales.companyId, companyId),
          eq(sales.locationId, location.id),
          eq(sales.status, "completed"),
          gte(sales.saleDate, start),
          lt(sales.saleDate, end),
        ),
      ),
    db
      .select({ count: sql<number>`COUNT(*)`, total: sql<number>`COALESCE(SUM(${expenses.amount}), 0)` })
      .from(expenses)
      .where(
        and(
          eq(expenses.companyId, companyId),
          eq(expenses.locationId, location.id),
          gte(expenses.createdAt, start),
          lt(expenses.createdAt, end),
        ),
      ),
    db
      .select({
        amount: operatingCosts.amount,
        frequency: operatingCosts.frequency,
        startDate: operatingCosts.startDate,
      })
      .from(operatingCosts)
      .where(
        and(
          eq(operatingCosts.companyId, companyId),
          eq(operatingCosts.locationId, location.id),
          eq(operatingCosts.isActive, true),
        ),
      ),
    db
      .select({
        incoming: sql<number>`COALESCE(SUM(CASE WHEN ${transferRequests.destinationLocationId} = ${location.id} THEN 1 ELSE 0 END), 0)`,
        outgoing: sql<number>`COALESCE(SUM(CASE WHEN ${transferRequests.sourceLocationId} = ${location.id} THEN 1 ELSE 0 END), 0)`,
      })
      .from(transferRequests)
      .where(
        and(
          eq(transferRequests.companyId, companyId),
          eq(transferRequests.status, "completed"),
          gte(transferRequests.completedAt, start),
          lt(transferRequests.completedAt, end),
        ),
      ),
    db
      .select({
        pairs: sql<number>`COALESCE(SUM(${inventory.pairs}), 0)`,
        singles: sql<number>`COALESCE(SUM(${inventory.leftFeet} + ${inventory.rightFeet}), 0)`,
        value: sql<number>`COALESCE(SUM((${inventory.pairs} + ${inventory.exhibition}) * ${products.unitPrice} + (${inventory.leftFeet} + ${inventory.rightFeet}) * ${products.unitPrice} / 2), 0)`,
      })
      .from(inventory)
      .innerJoin(products, eq(products.id, inventory.productId))
      .where(and(eq(inventory.companyId, companyId), eq(inventory.locationId, location.id))),
  ]);
  const days = daysInRange(startDate, endDate);
  // each cost counts from its start_date on (costs.ts costForRange)
  const costTotal = costs.reduce((acc, c) => acc + costForRange(c, startDate, endDate), 0);
  const salesTotal = Number(sale?.total ?? 0);
  const expenseTotal = Number(expense?.total ?? 0);
  return {
    location_id: location.id,
    location_name: location.name,
    location_type: location.type,
    period: { start_date: startDate, end_date: endDate, days },
    sales: { count: Number(sale?.count ?? 0), total_amount: toPesos(salesTotal) },
    expenses: { count: Number(expense?.count ?? 0), total_amount: toPesos(expenseTotal) },
    operating_costs: { total_amount: toPesos(costTotal), items: costs.length },
    transfers: { incoming_completed: Number(moves?.incoming ?? 0), outgoing_completed: Number(moves?.outgoing ?? 0) },
    stock: {
      pairs: Number(stock?.pairs ?? 0),
      single_feet: Number(stock?.singles ?? 0),
      inventory_value: toPesos(Math.round(Number(stock?.value ?? 0))),
    },
    net_result: toPesos(salesTotal - expenseTotal - costTotal),
  };
}
