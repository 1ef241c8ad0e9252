// The logistics figures of a period (issue 32 §4): computed in SQL over every transfer of the period,
// never over the last N rows a screen happened to load, and answered with the period they cover.
import { and, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { locations, transferRequests } from "../../db/schema";
import { courierEarning } from "./transfers/courier-pay";

/** Days a statistic covers unless the caller says otherwise. */
export const STATS_DAYS = 30;

/** The period's first instant: `days` × 24 h before `now` (ISO, as the timestamps are stored). */
export function periodStart(days: number, now: Date = new Date()): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}

const DELIVERED = ["delivered", "completed"] as const;

/**
 * A courier's deliveries since `since`: how many, the estimated earnings and the distance, summed over
 * every one of them (grouped by route and purpose, since that is all an earning depends on; the lines of
 * one restock order are one delivery).
 */
export async function courierEarnings(db: Db, companyId: number, courierId: number, since: string) {
  const source = alias(locations, "source");
  const destination = alias(locations, "destination");
  const routes = await db
    .select({
      fromLat: source.latitude,
      fromLng: source.longitude,
      toLat: destination.latitude,
      toLng: destination.longitude,
      purpose: transferRequests.purpose,
      // a restock order's lines travel as one package: one delivery, one trip's pay
      deliveries: sql<number>`COUNT(DISTINCT COALESCE('o' || ${transferRequests.orderId}, 't' || ${transferRequests.id}))`,
    })
    .from(transferRequests)
    .innerJoin(source, eq(source.id, transferRequests.sourceLocationId))
    .innerJoin(destination, eq(destination.id, transferRequests.destinationLocationId))
    .where(
      and(
        eq(transferRequests.companyId, companyId),
        eq(transferRequests.courierId, courierId),
        inArray(transferRequests.status, [...DELIVERED]),
        gte(transferRequests.deliveredAt, since),
      ),
    )
    .groupBy(transferRequests.sourceLocationId, transferRequests.destinationLocationId, transferRequests.purpose);
  let deliveries = 0;
  let earnings = 0;
  let km = 0;
  for (const r of routes) {
    const n = Number(r.deliveries);
    const each = courierEarning({ lat: r.fromLat, lng: r.fromLng }, { lat: r.toLat, lng: r.toLng }, r.purpose);
    deliveries += n;
    earnings += n * each.earning;
    km += n * each.distance_km;
  }
  return { deliveries, total_estimated_earnings: earnings, distance_km: Math.round(km * 10) / 10 };
}

/** How many deliveries a courier has in all (the history's total). */
export async function courierDeliveryCount(db: Db, companyId: number, courierId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`COUNT(*)` })
    .from(transferRequests)
    .where(
      and(
        eq(transferRequests.companyId, companyId),
        eq(transferRequests.courierId, courierId),
        inArray(transferRequests.status, [...DELIVERED]),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * A keeper's statistics over the requests made since `since` (`scope` says whose: forKeeper), plus the
 * urgent requests pending now whatever their age. Response time: minutes from request to acceptance.
 */
export async function keeperStats(db: Db, scope: SQL, since: string) {
  const t = transferRequests;
  const minutes = sql`MAX(0, ROUND((julianday(${t.acceptedAt}) - julianday(${t.requestedAt})) * 1440))`;
  const [inPeriod, [urgent]] = await db.batch([
    db
      .select({
        total: sql<number>`COUNT(*)`,
        averageResponse: sql<number | null>`AVG(CASE WHEN ${t.acceptedAt} IS NOT NULL THEN ${minutes} END)`,
        completed: sql<number>`COALESCE(SUM(${t.status} = 'completed'), 0)`,
        cancelled: sql<number>`COALESCE(SUM(${t.status} = 'cancelled'), 0)`,
        toCouriers: sql<number>`COALESCE(SUM(${t.pickedUpAt} IS NOT NULL AND ${t.pickupType} = 'corredor'), 0)`,
      })
      .from(t)
      .where(and(scope, gte(t.requestedAt, since))),
    db
      .select({ n: sql<number>`COUNT(*)` })
      .from(t)
      .where(and(scope, eq(t.status, "pending"), eq(t.priority, "high"))),
  ]);
  const row = inPeriod[0];
  const completed = Number(row?.completed ?? 0);
  const cancelled = Number(row?.cancelled ?? 0);
  const finished = completed + cancelled;
  return {
    totalRequests: Number(row?.total ?? 0),
    urgentRequests: Number(urgent?.n ?? 0),
    averageResponseTime: row?.averageResponse == null ? null : Math.round(Number(row.averageResponse)),
    completionRate: finished === 0 ? 0 : Math.round((completed / finished) * 1000) / 10,
    deliveredToCouriers: Number(row?.toCouriers ?? 0),
    cancelled,
  };
}
