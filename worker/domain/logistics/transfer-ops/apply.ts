// A planned transition applied with its stock effect in ONE batch (called by the TransferHub, which
// serialises them per company).
import { and, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { DELIVERY_FAILURE_LABELS } from "../../../../shared/constants";
import { FAILURE_NOTE_REQUIRED, NO_COURIER_ASSIGNED } from "../../../../shared/messages";
import { scopeLocation } from "../../../auth/scope";
import type { Db } from "../../../db/client";
import { errorText, isGuardFailure, requireChanged, requireThat } from "../../../db/guards";
import { deliveryAttempts, notifications, transferRequests } from "../../../db/schema";
import { conflict, forbidden, invalid, notFound } from "../../shared/errors";
import { plan, RESERVATION_MINUTES, refusal } from "../transfers/plan";
import { receptionOutcome } from "../transfers/reception";
import type { Action, Kind, Transition } from "../transfers/types";
import { stockStatements } from "./stock-effects";
import type { Actor, TransferRow, TransitionPayload } from "./types";

export const kindOf = (t: TransferRow): Kind => (t.requestType === "return" ? "return" : "transfer");

/** Actions of whoever holds the units: the source's keeper for a transfer, the destination's for a return. */
const KEEPER_ACTIONS: ReadonlySet<Action> = new Set([
  "accept",
  "decline",
  "keeper_cancel",
  "deliver_to_courier",
  "deliver_to_vendor",
  "confirm_return_reception",
]);

/** The location whose staff keep the units of this request (a warehouse, or a store that lends pairs). */
export function keeperLocationOf(t: Pick<TransferRow, "requestType" | "sourceLocationId" | "destinationLocationId">) {
  return t.requestType === "return" ? t.destinationLocationId : t.sourceLocationId;
}

/** The location that asked: the destination of a transfer, the store sending a return back. */
function requestingLocationOf(t: TransferRow) {
  return t.requestType === "return" ? t.sourceLocationId : t.destinationLocationId;
}

/**
 * Who, beyond the role, may act on this transfer: the keeper's staff for keeper actions (a keeper of
 * that warehouse, or a seller of the store the units leave), the requester or their store's staff for
 * the requesting side's actions, the assigned courier for the courier's.
 */
function assertParticipant(t: TransferRow, action: Action, actor: Actor) {
  if (actor.role === "administrador" || actor.role === "superuser") return;
  if (actor.role === "corredor") {
    if (action !== "courier_accept" && t.courierId !== actor.id)
      throw forbidden("Esta transferencia está asignada a otro corredor");
    return;
  }
  // a keeper or a seller acts only for their own location (403 without one); the boss has no action here
  const own = scopeLocation(actor);
  const keeperHere = own !== null && keeperLocationOf(t) === own;
  if (actor.role === "seller") {
    const requestingHere = t.requesterId === actor.id || requestingLocationOf(t) === own;
    if (!keeperHere && !requestingHere) throw notFound("Transferencia no encontrada");
    if (KEEPER_ACTIONS.has(action) && !keeperHere)
      throw forbidden("Esta solicitud la atiende la ubicación de origen, no tu local");
    if (!KEEPER_ACTIONS.has(action) && !requestingHere)
      throw forbidden("Esta acción le corresponde al local que hizo la solicitud");
    return;
  }
  if (actor.role === "bodeguero" && !keeperHere) throw forbidden("Esta solicitud es de otra bodega");
}

/** The timestamp and actor columns each action sets. */
function rowChanges(action: Action, actor: Actor, t: TransferRow, payload: TransitionPayload, now: Date) {
  const at = now.toISOString();
  switch (action) {
    case "accept":
      return {
        warehouseKeeperId: actor.id,
        acceptedAt: at,
        estimatedPreparationTime: payload.estimatedMinutes ?? null,
        warehouseNotes: payload.notes ?? null,
        reservedUntil: new Date(now.getTime() + RESERVATION_MINUTES * 60_000).toISOString(),
      };
    case "courier_accept":
      // the reservation's clock stops: a courier on the way keeps the job (the units stay reserved)
      return {
        courierId: actor.id,
        courierAcceptedAt: at,
        estimatedPickupTime: payload.estimatedMinutes ?? null,
        courierNotes: payload.notes ?? null,
        reservedUntil: null,
      };
    case "deliver_to_courier":
    case "confirm_pickup":
      return { pickedUpAt: at, pickupNotes: payload.notes ?? null, reservedUntil: null };
    case "deliver_to_vendor":
    case "deliver_return_to_warehouse":
      return { deliveredAt: at, deliveryNotes: payload.notes ?? null, reservedUntil: null, deliverySuccessful: true };
    case "confirm_delivery":
      return { deliveredAt: at, deliveryNotes: payload.notes ?? null, deliverySuccessful: true };
    case "report_failed_delivery":
      // the attempt itself (reason, note, when, who) is its own delivery_attempts row
      return { deliverySuccessful: false };
    case "return_to_origin":
      return { deliverySuccessful: false };
    case "confirm_origin_return":
      return {
        cancelledAt: at,
        cancelledBy: actor.id,
        cancellationReason: payload.cancellationReason ?? "Devuelta al origen: no se pudo entregar",
      };
    case "confirm_reception":
    case "confirm_return_reception":
      return {
        completedAt: at,
        receivedQuantity: payload.receivedQuantity ?? t.quantity,
        conditionOk: payload.conditionOk ?? true,
        receptionNotes: payload.notes ?? null,
        ...(payload.productCondition ? { productCondition: payload.productCondition } : {}),
      };
    case "decline":
      return {
        cancelledAt: at,
        cancelledBy: actor.id,
        declinedAt: at,
        cancellationReason: payload.cancellationReason ?? "Rechazada en el origen",
      };
    case "cancel":
      return {
        cancelledAt: at,
        cancelledBy: actor.id,
        cancellationReason: payload.cancellationReason?.trim() || "Cancelada por el vendedor",
        reservedUntil: null,
      };
    case "keeper_cancel":
      return {
        cancelledAt: at,
        cancelledBy: actor.id,
        cancellationReason: payload.cancellationReason?.trim() ?? "",
        reservedUntil: null,
      };
    case "expire_reservation":
      return {
        reservedUntil: null,
        warehouseKeeperId: null,
        acceptedAt: null,
        courierId: null,
        courierAcceptedAt: null,
        warehouseNotes: "La reserva venció sin entrega; la solicitud volvió a pendientes",
        reservationExpiredAt: at,
        // back in the queue: a restock order's line is picked again once accepted again
        pickedAt: null,
        pickedBy: null,
      };
  }
}

/**
 * What a courier's delivery actions add to their batch: every attempt is its own row (a failure with its
 * reason, a success), and a transfer goes back to its source only after a failed attempt, ending with
 * that attempt's reason.
 */
/** The courier's delivery attempt, written in the transition's batch. */
function attemptWritten(
  db: Db,
  t: TransferRow,
  who: Actor,
  attempt: Pick<typeof deliveryAttempts.$inferInsert, "outcome" | "reason" | "notes">,
): { statements: BatchItem<"sqlite">[]; payload: TransitionPayload } {
  const row = { companyId: t.companyId, transferId: t.id, courierId: who.id || null, ...attempt };
  return { statements: [db.insert(deliveryAttempts).values(row)], payload: {} };
}

async function attemptRules(
  db: Db,
  t: TransferRow,
  action: Action,
  who: Actor,
  payload: TransitionPayload,
): Promise<{ statements: BatchItem<"sqlite">[]; payload: TransitionPayload }> {
  const none = { statements: [], payload: {} };
  if (action === "report_failed_delivery") {
    const reason = payload.failureReason ?? "otro";
    const notes = payload.notes?.trim() || null;
    if (reason === "otro" && !notes) throw invalid(FAILURE_NOTE_REQUIRED);
    return attemptWritten(db, t, who, { outcome: "failed", reason, notes });
  }
  if (action === "confirm_delivery") {
    return attemptWritten(db, t, who, { outcome: "delivered", notes: payload.notes?.trim() || null });
  }
  if (action !== "return_to_origin" && action !== "confirm_origin_return") return none;
  const [failed] = await db
    .select({ reason: deliveryAttempts.reason, notes: deliveryAttempts.notes })
    .from(deliveryAttempts)
    .where(and(eq(deliveryAttempts.transferId, t.id), eq(deliveryAttempts.outcome, "failed")))
    .orderBy(desc(deliveryAttempts.id))
    .limit(1);
  if (action === "return_to_origin") {
    if (!failed) throw conflict(RETURN_NEEDS_ATTEMPT);
    return {
      statements: [
        requireThat(
          db,
          "transfer_failed_attempt",
          sql`EXISTS (SELECT 1 FROM ${deliveryAttempts} WHERE ${deliveryAttempts.transferId} = ${t.id} AND ${deliveryAttempts.outcome} = 'failed')`,
        ),
      ],
      payload: {},
    };
  }
  const why = failed?.reason ? DELIVERY_FAILURE_LABELS[failed.reason] : "no se pudo entregar";
  const detail = failed?.notes ? `${why}: ${failed.notes}` : why;
  const note = payload.notes?.trim();
  return {
    statements: [],
    payload: {
      cancellationReason: `Devuelta al origen tras una entrega fallida (${detail})${note ? `. ${note}` : ""}`,
    },
  };
}

export const RETURN_NEEDS_ATTEMPT =
  "Registra primero el intento de entrega fallido: solo vuelve al origen lo que no se pudo entregar";

/** A lapsed reservation is told to the people who counted on it: the requester and the keeper who accepted. */
function expiryNotices(db: Db, t: TransferRow): BatchItem<"sqlite">[] {
  const what = `${t.brand} ${t.model} talla ${t.size}`;
  const kind = t.requestType === "return" ? "La devolución" : "La solicitud";
  const base = { companyId: t.companyId, type: "transfer" as const, title: "Reserva vencida", transferId: t.id };
  return [
    db.insert(notifications).values({
      ...base,
      userId: t.requesterId,
      locationId: requestingLocationOf(t),
      message: `${kind} #${t.id} (${what}) volvió a pendientes: pasaron ${RESERVATION_MINUTES} minutos desde que el origen la aceptó sin que un corredor la tomara ni se entregara. Sus unidades quedaron libres.`,
    }),
    db.insert(notifications).values({
      ...base,
      userId: t.warehouseKeeperId,
      locationId: keeperLocationOf(t),
      message: `La reserva de ${kind.toLowerCase()} #${t.id} (${what}) venció a los ${RESERVATION_MINUTES} minutos sin corredor ni entrega: volvió a tus pendientes y las unidades quedaron libres.`,
    }),
  ];
}

/** A transition planned for one transfer: its statements (guarded by the status it was read in) and where it goes. */
export interface PlannedChange {
  transition: Transition;
  statements: BatchItem<"sqlite">[];
}

/**
 * Plans one action on a transfer read at `t` and builds its batch statements: the status change guarded
 * by the status it was read in, then (only if that guard held) its stock effect, attempt and notices.
 * Throws the refusal when the action is not allowed. Shared by single transfers and restock orders.
 */
export async function plannedChange(
  db: Db,
  t: TransferRow,
  action: Action,
  actor: Actor | "system",
  payload: TransitionPayload,
  now: Date,
): Promise<PlannedChange> {
  const who: Actor =
    actor === "system" ? { id: 0, role: "superuser", companyId: t.companyId, locationId: null } : actor;
  if (actor !== "system") assertParticipant(t, action, who);
  // the spec's words for the keeper's most common slip, whatever the status
  if (action === "deliver_to_courier" && t.courierId === null && (t.status === "pending" || t.status === "accepted"))
    throw conflict(NO_COURIER_ASSIGNED);
  const transition = plan(t.status, action, actor === "system" ? "system" : actor.role, t.pickupType, kindOf(t));
  if (transition.stock === "in") {
    try {
      receptionOutcome(kindOf(t), t.quantity, payload);
    } catch (err) {
      if (err instanceof RangeError) throw invalid(err.message);
      throw err;
    }
  }
  if (action === "decline" && !payload.cancellationReason?.trim()) throw invalid("Indica el motivo del rechazo");
  const attempt = await attemptRules(db, t, action, who, payload);
  // calling off an accepted request frees units the other end counted on: it says why
  if (transition.stock === "release" && actor !== "system" && !payload.cancellationReason?.trim())
    throw invalid("Indica el motivo de la cancelación: la solicitud ya fue aceptada");
  const changes = {
    ...rowChanges(action, who, t, { ...payload, ...attempt.payload }, now),
    status: transition.to,
    updatedAt: now.toISOString(),
  };
  const update = db
    .update(transferRequests)
    .set(changes)
    .where(and(eq(transferRequests.id, t.id), eq(transferRequests.status, t.status)));
  const notify: BatchItem<"sqlite">[] =
    kindOf(t) === "return" && transition.to === "completed"
      ? [
          db.insert(notifications).values({
            companyId: t.companyId,
            userId: t.requesterId,
            locationId: t.sourceLocationId,
            type: "return",
            title: "Devolución recibida en bodega",
            message: `La bodega recibió ${payload.receivedQuantity ?? t.quantity} de ${t.brand} ${t.model} talla ${t.size} (devolución #${t.id}).`,
            transferId: t.id,
          }),
        ]
      : [];
  return {
    transition,
    // the stock effect, the attempt and the notices only apply if this batch is the one that moves the status
    statements: [
      update,
      requireChanged(db, "transfer_status_unchanged"),
      ...attempt.statements,
      ...stockStatements(db, t, transition.stock, who, payload),
      ...notify,
      ...(action === "expire_reservation" ? expiryNotices(db, t) : []),
    ],
  };
}

/** A batch of planned changes failed on a CHECK: the stock it reserved or moved was not there. */
export function isCheckFailure(err: unknown): boolean {
  return errorText(err).includes("CHECK constraint failed");
}

/**
 * Applies one action to a transfer: plans the transition, then writes the status change (guarded by
 * the expected current status) and its stock statements in one batch. Must run inside the company's
 * TransferHub so transitions of one company never interleave.
 */
export async function applyAction(
  db: Db,
  transferId: number,
  action: Action,
  actor: Actor | "system",
  payload: TransitionPayload,
  now = new Date(),
) {
  const companyId = actor === "system" ? null : actor.companyId;
  const [t] = await db
    .select()
    .from(transferRequests)
    .where(
      companyId === null
        ? eq(transferRequests.id, transferId)
        : and(eq(transferRequests.companyId, companyId), eq(transferRequests.id, transferId)),
    )
    .limit(1);
  if (!t) throw notFound("Solicitud no encontrada");
  const { transition, statements } = await plannedChange(db, t, action, actor, payload, now);
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (err) {
    if (isGuardFailure(err)) {
      const [moved] = await db
        .select({ status: transferRequests.status })
        .from(transferRequests)
        .where(eq(transferRequests.id, t.id));
      throw conflict(refusal(action, moved?.status ?? t.status));
    }
    if (isCheckFailure(err)) {
      throw conflict(
        transition.stock === "reserve"
          ? `Stock insuficiente en origen para ${t.sneakerReferenceCode} talla ${t.size}: no hay unidades disponibles para reservar`
          : `Stock insuficiente para ${t.sneakerReferenceCode} talla ${t.size}`,
      );
    }
    throw err;
  }
  const [updated] = await db.select().from(transferRequests).where(eq(transferRequests.id, t.id)).limit(1);
  if (!updated || updated.status !== transition.to)
    throw conflict("La solicitud cambió mientras se procesaba; actualiza e intenta de nuevo");
  return { before: t, after: updated, transition };
}
