// Confirm, complete, cancel and expire: each an UPDATE from the statuses that allow it, the release behind its guard.
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  CANCEL_REASON_REQUIRED,
  RESERVATION_NOT_FOUND,
  reservationStateConflict,
} from "../../../../shared/reservations";
import { scopeLocation } from "../../../auth/scope";
import type { Db } from "../../../db/client";
import { isGuardFailure, requireChanged } from "../../../db/guards";
import { type WebReservationStatus, webReservationItems, webReservations } from "../../../db/schema";
import { conflict, invalid, notFound } from "../../shared/errors";
import { toPesos } from "../../shared/money";

import type { ReservationLine } from "./create";
import { linesOf, type ReservationActor, staffColumns } from "./read";
import { HOLDING, isoNow, releaseStatement } from "./stock";

export type ReservationAction = "confirm" | "complete" | "cancel";

export const FROM: Record<ReservationAction | "expire", WebReservationStatus[]> = {
  confirm: ["pending"],
  complete: HOLDING,
  cancel: HOLDING,
  expire: HOLDING,
};

const TO = { confirm: "confirmed", complete: "completed", cancel: "cancelled", expire: "expired" } as const;

type Held = { id: number; companyId: number; locationId: number; status: WebReservationStatus };

async function heldLines(db: Db, held: Held): Promise<ReservationLine[]> {
  const rows = await db
    .select({
      product_id: webReservationItems.productId,
      size: webReservationItems.size,
      quantity: webReservationItems.quantity,
    })
    .from(webReservationItems)
    .where(and(eq(webReservationItems.companyId, held.companyId), eq(webReservationItems.reservationId, held.id)))
    .orderBy(asc(webReservationItems.id));
  return rows;
}

/** The batch of one transition: the guarded status change, then (when it releases) each line's hold. */
async function transitionBatch(
  db: Db,
  held: Held,
  action: ReservationAction | "expire",
  set: Partial<typeof webReservations.$inferInsert>,
  extraGuard?: SQL,
) {
  const release = action !== "confirm";
  const lines = release ? await heldLines(db, held) : [];
  const update = db
    .update(webReservations)
    .set({ ...set, status: TO[action] })
    .where(
      and(
        eq(webReservations.companyId, held.companyId),
        eq(webReservations.id, held.id),
        inArray(webReservations.status, FROM[action]),
        extraGuard,
      ),
    );
  await db.batch([
    update,
    requireChanged(db, `web_reservation_${action}`),
    ...lines.map((line) => releaseStatement(db, held.companyId, held.locationId, line)),
  ]);
}

/** What a transition reads of a reservation: its company, store and status. */
const TRANSITION_COLUMNS = {
  id: webReservations.id,
  companyId: webReservations.companyId,
  locationId: webReservations.locationId,
  status: webReservations.status,
};

/**
 * Confirms (the staff called the customer), completes (the customer came; the hold is released and the
 * sale is made as any other) or cancels (with a reason) a web reservation. A seller handles only their
 * store's (another's is 404, as another company's); a transition from a status that does not allow it
 * is 409, whatever raced it.
 */
export async function actOnWebReservation(
  db: Db,
  actor: ReservationActor,
  id: number,
  action: ReservationAction,
  reason: string | null,
  now: Date,
) {
  if (action === "cancel" && !reason) throw invalid(CANCEL_REASON_REQUIRED);
  const own = scopeLocation(actor);
  // a hold past its time is expired first, so no transition happens on a lapsed reservation
  await expireWebReservations(db, now, { companyId: actor.companyId, id });
  const [row] = await db
    .select(TRANSITION_COLUMNS)
    .from(webReservations)
    .where(and(eq(webReservations.companyId, actor.companyId), eq(webReservations.id, id)))
    .limit(1);
  if (!row || (own !== null && row.locationId !== own)) throw notFound(RESERVATION_NOT_FOUND);
  if (!FROM[action].includes(row.status)) throw conflict(reservationStateConflict(row.status));
  const at = isoNow(now);
  const set: Partial<typeof webReservations.$inferInsert> =
    action === "confirm"
      ? { confirmedAt: at, confirmedBy: actor.id }
      : action === "complete"
        ? { completedAt: at, completedBy: actor.id }
        : { cancelledAt: at, cancelledBy: actor.id, cancellationReason: reason };
  try {
    await transitionBatch(db, row, action, set);
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    const [now2] = await db
      .select({ status: webReservations.status })
      .from(webReservations)
      .where(eq(webReservations.id, id))
      .limit(1);
    throw conflict(reservationStateConflict(now2?.status ?? "pending"));
  }
  return reservationById(db, actor.companyId, id);
}

/** One reservation as the staff list shows it (404 when it is not the company's). */
async function reservationById(db: Db, companyId: number, id: number) {
  const r = webReservations;
  const [row] = await db
    .select(staffColumns())
    .from(r)
    .where(and(eq(r.companyId, companyId), eq(r.id, id)))
    .limit(1);
  if (!row) throw notFound(RESERVATION_NOT_FOUND);
  const lines = await linesOf(db, companyId, [id]);
  const { total, ...rest } = row;
  return { ...rest, total_amount: toPesos(total), lines: lines.get(id) ?? [] };
}

/**
 * Releases the holds of reservations past their time (status → expired), each exactly once: the
 * scheduled job runs it for every company; the storefront and the staff screens for theirs (and one
 * reservation) before they read or change, so a lapsed hold never blocks a pair. Answers how many expired.
 */
export async function expireWebReservations(
  db: Db,
  now: Date,
  scope: { companyId?: number; id?: number } = {},
): Promise<number> {
  const at = isoNow(now);
  const due = await db
    .select(TRANSITION_COLUMNS)
    .from(webReservations)
    .where(
      and(
        inArray(webReservations.status, HOLDING),
        sql`${webReservations.heldUntil} <= ${at}`,
        scope.companyId === undefined ? undefined : eq(webReservations.companyId, scope.companyId),
        scope.id === undefined ? undefined : eq(webReservations.id, scope.id),
      ),
    )
    .orderBy(asc(webReservations.heldUntil))
    .limit(200);
  let expired = 0;
  for (const held of due) {
    try {
      await transitionBatch(db, held, "expire", { expiredAt: at }, sql`${webReservations.heldUntil} <= ${at}`);
      expired++;
    } catch (err) {
      // completed, cancelled or expired by another call meanwhile: its hold was released there, once
      if (!isGuardFailure(err)) throw err;
    }
  }
  return expired;
}
