import { and, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  expenses,
  inventory,
  type locations,
  operatingCosts,
  products,
  salesDaily,
  transferRequests,
} from "../../db/schema";
import { costForRange } from "../company/costs";
import { wholePesos } from "../shared/money";
import { bogotaDayRange } from "../shared/time";
import { goodsOf, goodsStatement, MARGIN_LABELS, margin } from "./goods";

/** [start, end) in UTC for Bogotá calendar dates, inclusive of the end date. */
export function rangeBounds(startDate: string, endDate: string) {
  return { start: bogotaDayRange(startDate).start, end: bogotaDayRange(endDate).end };
}

export function daysInRange(startDate: string, endDate: string): number {
  return Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000) + 1;
}

/**
 * A location's figures for a range: completed sales net of what customers brought back in the range (the
 * daily rollups, the same figure as the boss's financial analysis for this location and range), the goods
 * at the cost recorded when sold (net of returns), expenses, operating costs normalised to the range's days
 * from each cost's start_date, transfers completed in and out, and today's stock value at unit prices.
 */
export async function locationStats(
  db: Db,
  companyId: number,
  location: typeof locations.$inferSelect,
  startDate: string,
  endDate: string,
) {
  const { start, end } = rangeBounds(startDate, endDate);
  const [[sale], goodsRows, [expense], costs, [moves], [stock]] = await db.batch([
    // from the daily rollups, as the boss's financial analysis and every sales report read them: a sale on
    // its day, a return netting it on the day the customer brought the units back, at this location
    db
      .select({
        count: sql<number>`COALESCE(SUM(${salesDaily.salesCount}), 0)`.as("count_sum"),
        net: sql<number>`COALESCE(SUM(${salesDaily.totalAmount}), 0)`.as("net_sum"),
        returns: sql<number>`COALESCE(SUM(${salesDaily.returnsCount}), 0)`.as("returns_sum"),
        returned: sql<number>`COALESCE(SUM(${salesDaily.returnedAmount}), 0)`.as("returned_sum"),
      })
      .from(salesDaily)
      .where(
        and(
          eq(salesDaily.companyId, companyId),
          eq(salesDaily.locationId, location.id),
          gte(salesDaily.day, startDate),
          lte(salesDaily.day, endDate),
        ),
      ),
    goodsStatement(db, companyId, startDate, endDate, location.id),
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
  const salesTotal = Number(sale?.net ?? 0);
  const returned = Number(sale?.returned ?? 0);
  const grossSales = salesTotal + returned;
  const goods = goodsOf(goodsRows);
  const expenseTotal = Number(expense?.total ?? 0);
  const net = salesTotal - goods.cogs - expenseTotal - costTotal;
  return {
    location_id: location.id,
    location_name: location.name,
    location_type: location.type,
    period: { start_date: startDate, end_date: endDate, days },
    sales: {
      count: Number(sale?.count ?? 0),
      /** net of returns */
      total_amount: wholePesos(salesTotal),
      gross_amount: wholePesos(grossSales),
      returns_count: Number(sale?.returns ?? 0),
      returns_amount: wholePesos(returned),
    },
    goods: {
      cost_of_goods_sold: wholePesos(goods.cogs),
      gross_profit: wholePesos(goods.grossProfit),
      gross_margin_percentage: goods.grossMargin,
      revenue_without_cost: wholePesos(goods.uncostedRevenue),
    },
    expenses: { count: Number(expense?.count ?? 0), total_amount: wholePesos(expenseTotal) },
    operating_costs: { total_amount: wholePesos(costTotal), items: costs.length },
    transfers: { incoming_completed: Number(moves?.incoming ?? 0), outgoing_completed: Number(moves?.outgoing ?? 0) },
    stock: {
      pairs: Number(stock?.pairs ?? 0),
      single_feet: Number(stock?.singles ?? 0),
      inventory_value: wholePesos(Math.round(Number(stock?.value ?? 0))),
    },
    /** net sales − cost of goods sold − expenses − operating costs */
    net_result: wholePesos(net),
    net_margin_percentage: margin(net, salesTotal),
    margin_labels: {
      gross_margin_percentage: MARGIN_LABELS.gross_margin_percentage,
      net_margin_percentage: MARGIN_LABELS.net_margin_percentage,
    },
  };
}
