import { and, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { OPEN_TRANSFER_STATUSES } from "../../../shared/constants";
import { scopeLocation } from "../../auth/scope";
import type { Db } from "../../db/client";
import type { Role } from "../../db/schema";
import { discountRequests, expenses, locations, notifications, sales, transferRequests } from "../../db/schema";
import { returnsBetween } from "../sales/returns/totals";
import { wholePesos } from "../shared/money";
import { bogotaDate, bogotaDayRange } from "../shared/time";

const OPEN_TRANSFER = OPEN_TRANSFER_STATUSES;

/**
 * What a seller (or a keeper) is told: returns received at the warehouse, their transfers' lapsed
 * reservations, and products of their location that went below an alert rule's minimum (issue 37).
 */
export const SELLER_NOTICE_TYPES = ["return", "transfer", "stock"] as const;

/** Every figure of the seller dashboard (spec 1 §3 "Seller dashboard data"), from real rows. */
export async function vendorDashboard(
  db: Db,
  user: {
    id: number;
    companyId: number;
    locationId: number | null;
    firstName: string;
    lastName: string;
    email: string;
    role: Role;
  },
) {
  // a seller's day is at their store: without one, 403 (not a dashboard where every sale fails)
  scopeLocation(user);
  const day = bogotaDate();
  const { start, end } = bogotaDayRange(day);
  const sellerId = user.role === "seller" ? user.id : null;
  const mineTransfers = and(eq(transferRequests.companyId, user.companyId), eq(transferRequests.requesterId, user.id));
  const [[location], [salesRow], [expenseRow], transfers, [completedToday], discountRows, [returnsRow], [backRow]] =
    await db.batch([
      db
        .select({ name: locations.name, type: locations.type })
        .from(locations)
        .where(and(eq(locations.companyId, user.companyId), eq(locations.id, user.locationId ?? 0))),
      // rejected sales count for nothing; pending = requires confirmation and not confirmed yet
      db
        .select({
          count: sql<number>`COUNT(*)`,
          total: sql<number>`COALESCE(SUM(${sales.totalAmount}), 0)`,
          confirmedCount: sql<number>`COALESCE(SUM(CASE WHEN ${sales.confirmed} THEN 1 ELSE 0 END), 0)`,
          confirmedTotal: sql<number>`COALESCE(SUM(CASE WHEN ${sales.confirmed} THEN ${sales.totalAmount} ELSE 0 END), 0)`,
          pendingCount: sql<number>`COALESCE(SUM(CASE WHEN ${sales.requiresConfirmation} AND NOT ${sales.confirmed} THEN 1 ELSE 0 END), 0)`,
          pendingTotal: sql<number>`COALESCE(SUM(CASE WHEN ${sales.requiresConfirmation} AND NOT ${sales.confirmed} THEN ${sales.totalAmount} ELSE 0 END), 0)`,
        })
        .from(sales)
        .where(
          and(
            eq(sales.companyId, user.companyId),
            eq(sales.status, "completed"),
            sellerId === null ? undefined : eq(sales.sellerId, sellerId),
            gte(sales.saleDate, start),
            lt(sales.saleDate, end),
          ),
        ),
      db
        .select({ count: sql<number>`COUNT(*)`, total: sql<number>`COALESCE(SUM(${expenses.amount}), 0)` })
        .from(expenses)
        .where(
          and(
            eq(expenses.companyId, user.companyId),
            sellerId === null ? undefined : eq(expenses.userId, sellerId),
            gte(expenses.createdAt, start),
            lt(expenses.createdAt, end),
          ),
        ),
      db
        .select({ status: transferRequests.status, count: sql<number>`COUNT(*)` })
        .from(transferRequests)
        .where(and(mineTransfers, inArray(transferRequests.status, [...OPEN_TRANSFER])))
        .groupBy(transferRequests.status),
      db
        .select({
          completed: sql<number>`SUM(CASE WHEN ${transferRequests.status} = 'completed' THEN 1 ELSE 0 END)`,
          cancelled: sql<number>`SUM(CASE WHEN ${transferRequests.status} = 'cancelled' THEN 1 ELSE 0 END)`,
        })
        .from(transferRequests)
        .where(
          and(
            mineTransfers,
            or(
              and(gte(transferRequests.completedAt, start), lt(transferRequests.completedAt, end)),
              and(gte(transferRequests.cancelledAt, start), lt(transferRequests.cancelledAt, end)),
            ),
          ),
        ),
      db
        .select({ status: discountRequests.status, count: sql<number>`COUNT(*)` })
        .from(discountRequests)
        .where(and(eq(discountRequests.companyId, user.companyId), eq(discountRequests.sellerId, user.id)))
        .groupBy(discountRequests.status),
      db
        .select({ unread: sql<number>`COUNT(*)` })
        .from(notifications)
        .where(
          and(
            eq(notifications.companyId, user.companyId),
            inArray(notifications.type, [...SELLER_NOTICE_TYPES]),
            eq(notifications.isRead, false),
            or(
              eq(notifications.userId, user.id),
              user.locationId === null
                ? undefined
                : and(isNull(notifications.userId), eq(notifications.locationId, user.locationId)),
            ),
          ),
        ),
      // what customers brought back today of this seller's (or the company's) sales nets the total
      returnsBetween(db, user.companyId, start, end, sellerId),
    ]);
  const count = Number(salesRow?.count ?? 0);
  const returned = Number(backRow?.amount ?? 0);
  const total = Number(salesRow?.total ?? 0) - returned;
  const byStatus = new Map(transfers.map((t) => [t.status, Number(t.count)]));
  const pendingTransfers = [...byStatus.values()].reduce((a, b) => a + b, 0);
  const completed = Number(completedToday?.completed ?? 0);
  const cancelled = Number(completedToday?.cancelled ?? 0);
  const discounts = new Map(discountRows.map((d) => [d.status, Number(d.count)]));
  return {
    success: true,
    vendor_info: {
      name: `${user.firstName} ${user.lastName}`,
      email: user.email,
      role: user.role,
      location_id: user.locationId,
      location_name: location?.name ?? null,
      location_type: location?.type ?? null,
    },
    today_summary: {
      date: day,
      sales: {
        total_count: count,
        confirmed_count: Number(salesRow?.confirmedCount ?? 0),
        pending_confirmations: Number(salesRow?.pendingCount ?? 0),
        total_amount: wholePesos(total),
        confirmed_amount: wholePesos(Number(salesRow?.confirmedTotal ?? 0)),
        pending_amount: wholePesos(Number(salesRow?.pendingTotal ?? 0)),
        average_sale: count === 0 ? 0 : wholePesos(Math.round(total / count)),
        returns_count: Number(backRow?.count ?? 0),
        returned_amount: wholePesos(returned),
      },
      expenses: { count: Number(expenseRow?.count ?? 0), total_amount: wholePesos(Number(expenseRow?.total ?? 0)) },
    },
    pending_actions: {
      sale_confirmations: Number(salesRow?.pendingCount ?? 0),
      transfer_requests: {
        pending: pendingTransfers,
        // delivered transfers wait for this seller's confirmation: they are the urgent ones (spec 3 §4)
        urgent: byStatus.get("delivered") ?? 0,
        in_transit: byStatus.get("in_transit") ?? 0,
        completed_today: completed,
        cancelled_today: cancelled,
        success_rate:
          completed + cancelled === 0 ? null : Math.round((completed / (completed + cancelled)) * 1000) / 10,
      },
      discount_requests: {
        pending: discounts.get("pending") ?? 0,
        approved: discounts.get("approved") ?? 0,
        rejected: discounts.get("rejected") ?? 0,
      },
      return_notifications: Number(returnsRow?.unread ?? 0),
    },
  };
}
