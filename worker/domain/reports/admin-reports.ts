// The administrador's reports and dashboard (spec 3 §2.1, §7.1), computed from real rows.
// Definitions:
// - a sale counts when its status is 'completed' (rejected sales count for nothing);
// - days are Bogotá calendar days; a range includes its end date;
// - performance score of a user = 100 × their completed sales total / the best total in the range
//   (0 when nobody sold); the average score averages the company's active sellers.
import { and, asc, desc, eq, gte, lt, lte, ne, sql } from "drizzle-orm";
import { OPEN_TRANSFER_STATUSES } from "../../../shared/constants";
import type { Db } from "../../db/client";
import {
  discountRequests,
  expenses,
  inventory,
  locations,
  salesDaily,
  salesDailyPayments,
  salesDailyProducts,
  transferRequests,
  users,
} from "../../db/schema";
import { wholePesos } from "../shared/money";
import { bogotaDate, bogotaDayRange } from "../shared/time";
import { dailySums, mostRevenueFirst, soldAny } from "./daily-sums";
import { rangeBounds } from "./location-stats";

const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100);

/** Read from the daily rollups (sales/rollup.ts): a handful of rows per day, whatever the sales volume. */
export async function salesReport(db: Db, companyId: number, startDate: string, endDate: string, locationId?: number) {
  const inDays = (table: typeof salesDaily | typeof salesDailyProducts | typeof salesDailyPayments) =>
    and(
      eq(table.companyId, companyId),
      gte(table.day, startDate),
      lte(table.day, endDate),
      locationId === undefined ? undefined : eq(table.locationId, locationId),
    );
  const [[totals], byLocation, bySeller, byProduct, byPayment] = await db.batch([
    db
      .select({
        total: sql<number>`COALESCE(SUM(${salesDaily.totalAmount}), 0)`,
        count: sql<number>`COALESCE(SUM(${salesDaily.salesCount}), 0)`,
        returnsCount: sql<number>`COALESCE(SUM(${salesDaily.returnsCount}), 0)`,
        returned: sql<number>`COALESCE(SUM(${salesDaily.returnedAmount}), 0)`,
      })
      .from(salesDaily)
      .where(inDays(salesDaily)),
    db
      .select({
        locationId: salesDaily.locationId,
        name: locations.name,
        type: locations.type,
        ...dailySums(),
      })
      .from(salesDaily)
      .innerJoin(locations, eq(locations.id, salesDaily.locationId))
      .where(inDays(salesDaily))
      .groupBy(salesDaily.locationId)
      .having(soldAny())
      .orderBy(mostRevenueFirst()),
    db
      .select({
        userId: salesDaily.sellerId,
        firstName: users.firstName,
        lastName: users.lastName,
        locationName: sql<string>`MIN(${locations.name})`,
        ...dailySums(),
      })
      .from(salesDaily)
      .innerJoin(users, eq(users.id, salesDaily.sellerId))
      .innerJoin(locations, eq(locations.id, salesDaily.locationId))
      .where(inDays(salesDaily))
      .groupBy(salesDaily.sellerId)
      .having(soldAny())
      .orderBy(mostRevenueFirst()),
    db
      .select({
        reference: salesDailyProducts.referenceCode,
        brand: sql<string>`MIN(${salesDailyProducts.brand})`,
        model: sql<string>`MIN(${salesDailyProducts.model})`,
        units: sql<number>`SUM(${salesDailyProducts.units})`,
        revenue: sql<number>`SUM(${salesDailyProducts.revenue})`,
      })
      .from(salesDailyProducts)
      .where(inDays(salesDailyProducts))
      .groupBy(salesDailyProducts.referenceCode)
      .having(sql`SUM(${salesDailyProducts.units}) > 0`)
      // every product sold in the range (at most the catalogue): the screens show the first ones and
      // say how many there are, the CSVs have all of them (issue 32 §4)
      .orderBy(
        desc(sql`SUM(${salesDailyProducts.units})`),
        desc(sql`SUM(${salesDailyProducts.revenue})`),
        salesDailyProducts.referenceCode,
      ),
    db
      .select({
        type: salesDailyPayments.paymentType,
        total: sql<number>`SUM(${salesDailyPayments.amount})`,
        count: sql<number>`SUM(${salesDailyPayments.paymentsCount})`,
      })
      .from(salesDailyPayments)
      // an exchange's credit pays its new sale and leaves the returned one on the same day: it nets to zero
      .where(and(inDays(salesDailyPayments), ne(salesDailyPayments.paymentType, "nota_credito")))
      .groupBy(salesDailyPayments.paymentType)
      .having(sql`SUM(${salesDailyPayments.paymentsCount}) > 0`),
  ]);
  const total = Number(totals?.total ?? 0);
  const count = Number(totals?.count ?? 0);
  return {
    report_period: { start_date: startDate, end_date: endDate },
    /** net of returns: what was sold less what was given back in the period */
    total_sales: wholePesos(total),
    total_transactions: count,
    gross_sales: wholePesos(total + Number(totals?.returned ?? 0)),
    returns_count: Number(totals?.returnsCount ?? 0),
    returns_amount: wholePesos(Number(totals?.returned ?? 0)),
    average_ticket: count === 0 ? 0 : wholePesos(Math.round(total / count)),
    sales_by_location: byLocation.map((l) => ({
      location_id: l.locationId,
      location_name: l.name,
      location_type: l.type,
      total_sales: wholePesos(Number(l.total)),
      transactions_count: Number(l.count),
      average_ticket: wholePesos(Math.round(Number(l.total) / Number(l.count))),
      percentage_of_total: pct(Number(l.total), total),
    })),
    top_sellers: bySeller.map((s) => ({
      user_id: s.userId,
      user_name: `${s.firstName} ${s.lastName}`,
      location_name: s.locationName,
      total_sales: wholePesos(Number(s.total)),
      transactions_count: Number(s.count),
    })),
    top_products: byProduct.map((p) => ({
      reference_code: p.reference,
      brand: p.brand,
      model: p.model,
      units_sold: Number(p.units),
      total_revenue: wholePesos(Number(p.revenue)),
      average_price: wholePesos(Math.round(Number(p.revenue) / Number(p.units))),
    })),
    payment_methods_breakdown: byPayment.map((p) => ({
      payment_type: p.type,
      total_amount: wholePesos(Number(p.total)),
      payments_count: Number(p.count),
      percentage_of_total: pct(Number(p.total), total),
    })),
  };
}

export async function userPerformance(
  db: Db,
  companyId: number,
  startDate: string,
  endDate: string,
  filters: { userIds?: number[]; role?: string },
) {
  const { start, end } = rangeBounds(startDate, endDate);
  const [staff, salesRows, expenseRows] = await db.batch([
    db
      .select({ user: users, locationName: locations.name })
      .from(users)
      .leftJoin(locations, eq(locations.id, users.locationId))
      .where(and(eq(users.companyId, companyId), sql`${users.role} IN ('seller', 'bodeguero', 'corredor')`))
      .orderBy(asc(users.firstName)),
    db
      .select({
        userId: salesDaily.sellerId,
        ...dailySums(),
      })
      .from(salesDaily)
      .where(and(eq(salesDaily.companyId, companyId), gte(salesDaily.day, startDate), lte(salesDaily.day, endDate)))
      .groupBy(salesDaily.sellerId),
    db
      .select({ userId: expenses.userId, total: sql<number>`SUM(${expenses.amount})`, count: sql<number>`COUNT(*)` })
      .from(expenses)
      .where(and(eq(expenses.companyId, companyId), gte(expenses.createdAt, start), lt(expenses.createdAt, end)))
      .groupBy(expenses.userId),
  ]);
  const best = Math.max(0, ...salesRows.map((r) => Number(r.total)));
  const list = staff
    .filter(
      ({ user }) =>
        (!filters.role || user.role === filters.role) &&
        (!filters.userIds?.length || filters.userIds.includes(user.id)),
    )
    .map(({ user, locationName }) => {
      const s = salesRows.find((r) => r.userId === user.id);
      const e = expenseRows.find((r) => r.userId === user.id);
      const total = Number(s?.total ?? 0);
      const count = Number(s?.count ?? 0);
      return {
        user_id: user.id,
        user_name: `${user.firstName} ${user.lastName}`,
        role: user.role,
        location_name: locationName,
        is_active: user.isActive,
        sales_count: count,
        total_sales: wholePesos(total),
        average_ticket: count === 0 ? 0 : wholePesos(Math.round(total / count)),
        expenses_count: Number(e?.count ?? 0),
        expenses_total: wholePesos(Number(e?.total ?? 0)),
        performance_score: best === 0 ? 0 : Math.round((total / best) * 1000) / 10,
      };
    })
    .sort((a, b) => b.total_sales - a.total_sales);
  return { period: { start_date: startDate, end_date: endDate }, users: list, total_users: list.length };
}

export async function transfersOverview(db: Db, companyId: number) {
  const day = bogotaDayRange(bogotaDate());
  const [byStatus, byPurpose, [today], [durations]] = await db.batch([
    db
      .select({ status: transferRequests.status, count: sql<number>`COUNT(*)` })
      .from(transferRequests)
      .where(eq(transferRequests.companyId, companyId))
      .groupBy(transferRequests.status),
    db
      .select({ purpose: transferRequests.purpose, count: sql<number>`COUNT(*)` })
      .from(transferRequests)
      .where(eq(transferRequests.companyId, companyId))
      .groupBy(transferRequests.purpose),
    db
      .select({
        requested: sql<number>`COALESCE(SUM(CASE WHEN ${transferRequests.requestedAt} >= ${day.start} AND ${transferRequests.requestedAt} < ${day.end} THEN 1 ELSE 0 END), 0)`,
        completed: sql<number>`COALESCE(SUM(CASE WHEN ${transferRequests.completedAt} >= ${day.start} AND ${transferRequests.completedAt} < ${day.end} THEN 1 ELSE 0 END), 0)`,
      })
      .from(transferRequests)
      .where(eq(transferRequests.companyId, companyId)),
    db
      .select({
        avgMinutes: sql<
          number | null
        >`AVG((julianday(${transferRequests.completedAt}) - julianday(${transferRequests.requestedAt})) * 1440)`,
        completed: sql<number>`COUNT(*)`,
      })
      .from(transferRequests)
      .where(and(eq(transferRequests.companyId, companyId), eq(transferRequests.status, "completed"))),
  ]);
  const status = Object.fromEntries(byStatus.map((s) => [s.status, Number(s.count)]));
  const open = OPEN_TRANSFER_STATUSES.reduce((a, s) => a + (status[s] ?? 0), 0);
  const finished = (status.completed ?? 0) + (status.cancelled ?? 0);
  return {
    by_status: status,
    by_purpose: Object.fromEntries(byPurpose.map((p) => [p.purpose, Number(p.count)])),
    open_transfers: open,
    completion_rate: pct(status.completed ?? 0, finished),
    average_completion_minutes:
      durations?.avgMinutes === null || durations?.avgMinutes === undefined
        ? null
        : Math.round(Number(durations.avgMinutes)),
    today: { requested: Number(today?.requested ?? 0), completed: Number(today?.completed ?? 0) },
  };
}

export async function productAssignments(db: Db, companyId: number) {
  const rows = await db
    .select({
      locationId: locations.id,
      locationName: locations.name,
      locationType: locations.type,
      products: sql<number>`COUNT(DISTINCT CASE WHEN ${inventory.pairs} + ${inventory.leftFeet} + ${inventory.rightFeet} + ${inventory.exhibition} > 0 THEN ${inventory.productId} END)`,
      pairs: sql<number>`COALESCE(SUM(${inventory.pairs}), 0)`,
      singles: sql<number>`COALESCE(SUM(${inventory.leftFeet} + ${inventory.rightFeet}), 0)`,
      exhibition: sql<number>`COALESCE(SUM(${inventory.exhibition}), 0)`,
      staff: sql<number>`(SELECT COUNT(*) FROM users u WHERE u.location_id = locations.id AND u.is_active = 1)`,
    })
    .from(locations)
    .leftJoin(inventory, eq(inventory.locationId, locations.id))
    .where(eq(locations.companyId, companyId))
    .groupBy(locations.id)
    .orderBy(asc(locations.type), asc(locations.name));
  return rows.map((r) => ({
    location_id: r.locationId,
    location_name: r.locationName,
    location_type: r.locationType,
    products_count: Number(r.products),
    total_pairs: Number(r.pairs),
    single_feet: Number(r.singles),
    exhibition_units: Number(r.exhibition),
    assigned_users: Number(r.staff),
  }));
}

/** Every metric of the admin dashboard (spec 3 §2.1). `lowStockItems` comes from the evaluated alerts. */
export async function dashboardMetrics(db: Db, companyId: number, lowStockItems: number) {
  const today = bogotaDate();
  const rollupIn = (from: string, to: string) =>
    db
      .select({
        total: sql<number>`COALESCE(SUM(${salesDaily.totalAmount}), 0)`,
        count: sql<number>`COALESCE(SUM(${salesDaily.salesCount}), 0)`,
      })
      .from(salesDaily)
      .where(and(eq(salesDaily.companyId, companyId), gte(salesDaily.day, from), lte(salesDaily.day, to)));
  const [[todayRow], [monthRow], [activeUsers], [pendingDiscounts], daily] = await db.batch([
    rollupIn(today, today),
    rollupIn(`${today.slice(0, 8)}01`, today),
    db
      .select({ count: sql<number>`COUNT(*)` })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.isActive, true))),
    db
      .select({ count: sql<number>`COUNT(*)` })
      .from(discountRequests)
      .where(and(eq(discountRequests.companyId, companyId), eq(discountRequests.status, "pending"))),
    db
      .select({
        id: locations.id,
        name: locations.name,
        type: locations.type,
        total: sql<number>`COALESCE((SELECT SUM(d.total_amount) FROM sales_daily d WHERE d.location_id = locations.id AND d.day = ${today}), 0)`,
      })
      .from(locations)
      .where(and(eq(locations.companyId, companyId), eq(locations.isActive, true)))
      .orderBy(asc(locations.type), asc(locations.name)),
  ]);
  const performance = await userPerformance(db, companyId, `${today.slice(0, 8)}01`, today, { role: "seller" });
  const activeSellers = performance.users.filter((u) => u.is_active);
  const avgScore =
    activeSellers.length === 0
      ? 0
      : Math.round((activeSellers.reduce((a, u) => a + u.performance_score, 0) / activeSellers.length) * 10) / 10;
  return {
    metrics: {
      total_sales_today: wholePesos(Number(todayRow?.total ?? 0)),
      sales_count_today: Number(todayRow?.count ?? 0),
      total_sales_month: wholePesos(Number(monthRow?.total ?? 0)),
      sales_count_month: Number(monthRow?.count ?? 0),
      active_users: Number(activeUsers?.count ?? 0),
      low_stock_alerts: lowStockItems,
      pending_discount_approvals: Number(pendingDiscounts?.count ?? 0),
      avg_performance_score: avgScore,
    },
    managed_locations: daily.map((l) => ({
      location_id: l.id,
      location_name: l.name,
      location_type: l.type,
      daily_sales: wholePesos(Number(l.total)),
    })),
  };
}

export async function systemOverview(db: Db, companyId: number) {
  const [[counts]] = await db.batch([
    db
      .select({
        users: sql<number>`(SELECT COUNT(*) FROM users WHERE company_id = ${companyId} AND is_active = 1)`,
        sellers: sql<number>`(SELECT COUNT(*) FROM users WHERE company_id = ${companyId} AND is_active = 1 AND role = 'seller')`,
        keepers: sql<number>`(SELECT COUNT(*) FROM users WHERE company_id = ${companyId} AND is_active = 1 AND role = 'bodeguero')`,
        couriers: sql<number>`(SELECT COUNT(*) FROM users WHERE company_id = ${companyId} AND is_active = 1 AND role = 'corredor')`,
        stores: sql<number>`(SELECT COUNT(*) FROM locations WHERE company_id = ${companyId} AND is_active = 1 AND type = 'local')`,
        warehouses: sql<number>`(SELECT COUNT(*) FROM locations WHERE company_id = ${companyId} AND is_active = 1 AND type = 'bodega')`,
        products: sql<number>`(SELECT COUNT(*) FROM products WHERE company_id = ${companyId} AND is_active = 1)`,
        pairs: sql<number>`(SELECT COALESCE(SUM(pairs), 0) FROM inventory WHERE company_id = ${companyId})`,
        singles: sql<number>`(SELECT COALESCE(SUM(left_feet + right_feet), 0) FROM inventory WHERE company_id = ${companyId})`,
        openTransfers: sql<number>`(SELECT COUNT(*) FROM transfer_requests WHERE company_id = ${companyId} AND status NOT IN ('completed', 'cancelled'))`,
        wholesaleProducts: sql<number>`(SELECT COUNT(*) FROM wholesale_products WHERE company_id = ${companyId} AND is_active = 1)`,
      })
      .from(sql`(SELECT 1)`),
  ]);
  const n = (x: unknown) => Number(x ?? 0);
  return {
    users: {
      active: n(counts?.users),
      sellers: n(counts?.sellers),
      warehouse_keepers: n(counts?.keepers),
      couriers: n(counts?.couriers),
    },
    locations: { stores: n(counts?.stores), warehouses: n(counts?.warehouses) },
    catalogue: { active_products: n(counts?.products), wholesale_products: n(counts?.wholesaleProducts) },
    stock: { pairs: n(counts?.pairs), single_feet: n(counts?.singles) },
    transfers: { open: n(counts?.openTransfers) },
    generated_at: new Date().toISOString(),
  };
}
