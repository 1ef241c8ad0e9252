// The saved notices of a seller's store or a keeper's warehouse (returns received, reservations that
// lapsed): whose they are, and marking one read.
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";
import { SELLER_NOTICE_TYPES } from "../reports/vendor-dashboard";
import { notFound } from "../shared/errors";

/** Notifications addressed to the user, or to their location without a named user. */
export function noticesOf(companyId: number, userId: number, locationId: number | null) {
  return and(
    eq(notifications.companyId, companyId),
    inArray(notifications.type, [...SELLER_NOTICE_TYPES]),
    or(
      eq(notifications.userId, userId),
      locationId === null ? undefined : and(isNull(notifications.userId), eq(notifications.locationId, locationId)),
    ),
  );
}

/** Marks one of the user's notices read (404 when it is not theirs); returns when it was read. */
export async function markNoticeRead(
  db: Db,
  companyId: number,
  user: { id: number; locationId: number | null },
  id: number,
  now: string,
): Promise<string> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(noticesOf(companyId, user.id, user.locationId), eq(notifications.id, id)))
    .limit(1);
  if (!row) throw notFound("Notificación no encontrada");
  if (!row.isRead) await db.update(notifications).set({ isRead: true, readAt: now }).where(eq(notifications.id, id));
  return row.readAt ?? now;
}
