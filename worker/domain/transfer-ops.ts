// Transfers and returns against D1: creating requests and applying a planned transition with its
// stock effect in ONE batch. Called by the TransferHub Durable Object, which serialises them per company.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { DELIVERY_FAILURE_LABELS, type DeliveryFailureReason, type PickupType } from "../../shared/constants";
import { FAILURE_NOTE_REQUIRED, NO_COURIER_ASSIGNED, productRefusal } from "../../shared/messages";
import { plural, pluralWord } from "../../shared/plural";
import { scopeLocation } from "../auth/scope";
import type { Db } from "../db/client";
import { isGuardFailure, requireChanged, requireThat } from "../db/guards";
import {
  deliveryAttempts,
  inventory,
  locations,
  notifications,
  products,
  type Role,
  stockDiscrepancies,
  transferRequests,
} from "../db/schema";
import { ApiError, conflict, forbidden, notFound, unprocessable } from "../lib/errors";
import { NOTHING_SELLABLE, sellableUnitsOf } from "./discrepancies";
import { pairFormationStatements, splitForFeetStatements } from "./pairing";
import { disposalsOf, openReturnOf, soldUnitsSql } from "./sales/index";
import { stockChangeStatements } from "./stock";
import {
  type Action,
  type Kind,
  plan,
  RESERVATION_MINUTES,
  type ReceptionOutcome,
  receptionOutcome,
  refusal,
  TransitionError,
  unitsOf,
} from "./transfers";

export type TransferRow = typeof transferRequests.$inferSelect;

export interface Actor {
  id: number;
  role: Role;
  companyId: number;
  locationId: number | null;
}

export interface NewTransfer {
  sourceLocationId: number;
  referenceCode: string;
  size: string;
  quantity: number;
  purpose: "cliente" | "restock" | "pair_formation";
  pickupType: PickupType;
  destinationType: "exhibicion" | "bodega";
  footSide: "left" | "right" | null;
  notes: string | null;
}

/** A seller asks another location for pairs (or single feet) of a product. */
export async function createTransfer(db: Db, actor: Actor, destinationLocationId: number, input: NewTransfer) {
  if (input.sourceLocationId === destinationLocationId) {
    throw unprocessable("La ubicación de origen debe ser distinta a la tuya");
  }
  const [[source], [product]] = await db.batch([
    db
      .select()
      .from(locations)
      .where(and(eq(locations.companyId, actor.companyId), eq(locations.id, input.sourceLocationId)))
      .limit(1),
    db
      .select()
      .from(products)
      .where(and(eq(products.companyId, actor.companyId), eq(products.referenceCode, input.referenceCode)))
      .limit(1),
  ]);
  if (!source) throw notFound("Ubicación de origen no encontrada");
  const refused = productRefusal(product, input.referenceCode);
  if (refused || !product) throw unprocessable(refused ?? "");
  const single = input.footSide !== null;
  const unit: FreeUnit = input.footSide ?? "pairs";
  // never more than the source has free: the request is refused here, not left unacceptable. The check
  // is the batch's own guard, so a sale that took the pairs meanwhile fails the insert too.
  const free = freeUnitsSql(product.id, source.id, input.size, unit);
  const insert = db
    .insert(transferRequests)
    .values({
      companyId: actor.companyId,
      requesterId: actor.id,
      sourceLocationId: source.id,
      destinationLocationId,
      productId: product.id,
      sneakerReferenceCode: product.referenceCode,
      brand: product.brand,
      model: product.model,
      color: product.color,
      size: input.size,
      quantity: input.quantity,
      transferType: single ? "single_foot" : "pair",
      footSide: input.footSide,
      inventoryType: single ? (input.footSide === "left" ? "left_only" : "right_only") : "pair",
      purpose: single ? "pair_formation" : input.purpose,
      requestType: "transfer",
      pickupType: input.pickupType,
      destinationType: input.destinationType,
      // urgent = cliente; single feet count as high priority (spec 3 §9)
      priority: single || input.purpose === "cliente" ? "high" : "normal",
      notes: input.notes,
    })
    .returning();
  let row: TransferRow | undefined;
  try {
    [, [row]] = await db.batch([
      requireThat(db, "transfer_units_available", sql`${free} >= ${input.quantity}`),
      insert,
    ]);
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    const [now] = await db.all<{ n: number }>(sql`SELECT ${free} AS n`);
    const available = Number(now?.n ?? 0);
    // another guard (the Idempotency-Key's) failed: the hub answers as for a repeated call
    if (available >= input.quantity) throw err;
    throw conflict(overRequest(source.name, product, input.size, unit, available, input.quantity));
  }
  if (!row) throw new Error("transfer not inserted");
  return row;
}

type FreeUnit = "pairs" | "left" | "right";

/** Units of a cell not promised to an accepted request: what a new request may ask for. */
function freeUnitsSql(productId: number, locationId: number, size: string, unit: FreeUnit) {
  const free =
    unit === "pairs"
      ? sql`${inventory.pairs} - ${inventory.reservedPairs}`
      : unit === "left"
        ? sql`${inventory.leftFeet} - ${inventory.reservedLeft}`
        : sql`${inventory.rightFeet} - ${inventory.reservedRight}`;
  return sql<number>`COALESCE((SELECT ${free} FROM ${inventory} WHERE ${inventory.productId} = ${productId} AND ${inventory.locationId} = ${locationId} AND ${inventory.size} = ${size}), 0)`;
}

/** The refusal of a request for more than the source has: how many there are, in the unit asked for. */
export function overRequest(
  sourceName: string,
  product: { brand: string; model: string },
  size: string,
  unit: FreeUnit,
  available: number,
  asked: number,
): string {
  const [one, many] =
    unit === "pairs"
      ? ["par", "pares"]
      : unit === "left"
        ? ["pie izquierdo", "pies izquierdos"]
        : ["pie derecho", "pies derechos"];
  const what = `${product.brand} ${product.model} talla ${size}`;
  const has =
    available <= 0
      ? `${sourceName} no tiene ${many} disponibles de ${what}`
      : `${sourceName} solo tiene ${plural(available, `${one} disponible`, `${many} disponibles`)} de ${what}`;
  return `${has}; pediste ${plural(asked, one, many)}`;
}

export const RETURN_EXISTS = "Ya existe una devolución para esta transferencia";
export const TRANSFER_SOLD = "Esta transferencia ya fue vendida; no se puede devolver";

export interface NewReturn {
  originalTransferId: number;
  reason: "no_sale" | "damaged" | "wrong_product" | "customer_return" | "other";
  /** units to send back; absent: every sellable unit not sold yet */
  quantity: number | null;
  condition: "good" | "damaged" | "unusable";
  pickupType: PickupType;
  notes: string | null;
}

/** A seller sends back what a completed transfer brought (all or part of it) to its warehouse. */
export async function createReturn(db: Db, actor: Actor, input: NewReturn) {
  const [original] = await db
    .select()
    .from(transferRequests)
    .where(and(eq(transferRequests.companyId, actor.companyId), eq(transferRequests.id, input.originalTransferId)))
    .limit(1);
  if (!original) throw notFound("Transferencia no encontrada");
  if (original.requestType === "return") throw conflict("Una devolución no se puede devolver");
  if (original.status !== "completed") throw conflict("Solo se puede devolver una transferencia completada");
  if (actor.role === "seller" && original.destinationLocationId !== scopeLocation(actor))
    throw notFound("Transferencia no encontrada");
  // damaged units of the reception are held as a discrepancy, not in the store: only sellable ones go
  // back, and not those already sold (a transfer of several pairs may be sold in part)
  const sellable = await sellableUnitsOf(db, original);
  if (sellable < 1) throw conflict(NOTHING_SELLABLE);
  const [[open], { sold }] = await Promise.all([
    db
      .select({ id: transferRequests.id })
      .from(transferRequests)
      .where(and(eq(transferRequests.companyId, actor.companyId), openReturnOf(original.id)))
      .limit(1),
    disposalsOf(db, original.id),
  ]);
  if (open) throw conflict(RETURN_EXISTS);
  const max = sellable - sold;
  if (max < 1) throw conflict(TRANSFER_SOLD);
  const quantity = input.quantity ?? max;
  if (quantity < 1 || quantity > max) throw unprocessable(`La cantidad debe estar entre 1 y ${max}`);
  if (input.reason === "other" && !input.notes) throw unprocessable("Debe especificar el motivo en las notas");
  // The checks above, again where the return is written: a sale or a return of the same units that
  // got in meanwhile fails this batch instead of sending the pair twice.
  const stillReturnable = sql`NOT EXISTS (SELECT 1 FROM transfer_requests WHERE company_id = ${actor.companyId} AND original_transfer_id = ${original.id} AND status <> 'cancelled')
    AND ${soldUnitsSql(original.id)} + ${quantity} <= ${sellable}`;
  const insert = db
    .insert(transferRequests)
    .values({
      companyId: actor.companyId,
      requesterId: actor.id,
      sourceLocationId: original.destinationLocationId,
      destinationLocationId: original.sourceLocationId,
      productId: original.productId,
      sneakerReferenceCode: original.sneakerReferenceCode,
      brand: original.brand,
      model: original.model,
      color: original.color,
      size: original.size,
      quantity,
      transferType: original.transferType,
      footSide: original.footSide,
      inventoryType: original.inventoryType,
      purpose: "return",
      requestType: "return",
      pickupType: input.pickupType,
      destinationType: "bodega",
      priority: "normal",
      notes: input.notes,
      originalTransferId: original.id,
      returnReason: input.reason,
      productCondition: input.condition,
    })
    .returning();
  let row: TransferRow | undefined;
  try {
    [, [row]] = await db.batch([requireThat(db, "transfer_returnable", stillReturnable), insert]);
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    const [[openNow], now] = await Promise.all([
      db
        .select({ id: transferRequests.id })
        .from(transferRequests)
        .where(and(eq(transferRequests.companyId, actor.companyId), openReturnOf(original.id)))
        .limit(1),
      disposalsOf(db, original.id),
    ]);
    if (openNow) throw conflict(RETURN_EXISTS);
    const maxNow = sellable - now.sold;
    throw conflict(
      maxNow < 1
        ? TRANSFER_SOLD
        : `Mientras tanto se vendieron pares de esta transferencia: ahora puedes devolver entre 1 y ${maxNow}`,
    );
  }
  if (!row) throw new Error("return not inserted");
  return row;
}

export interface TransitionPayload {
  notes?: string | null;
  estimatedMinutes?: number | null;
  receivedQuantity?: number | null;
  conditionOk?: boolean | null;
  deliverySuccessful?: boolean | null;
  productCondition?: "good" | "damaged" | "unusable" | null;
  returnToInventory?: boolean | null;
  cancellationReason?: string | null;
  courierId?: number | null;
  /** units received but damaged (confirm_reception); by default all of them when conditionOk is false */
  damagedQuantity?: number | null;
  /** why a delivery attempt failed (report_failed_delivery); «otro» needs notes */
  failureReason?: DeliveryFailureReason | null;
}

const kindOf = (t: TransferRow): Kind => (t.requestType === "return" ? "return" : "transfer");

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
      };
  }
}

/** Reserve or release units at a cell (the CHECK stops reserving more than there is). */
function reservation(db: Db, t: TransferRow, locationId: number, sign: 1 | -1) {
  const units = unitsOf(t);
  const cell = and(
    eq(inventory.productId, t.productId ?? 0),
    eq(inventory.locationId, locationId),
    eq(inventory.size, t.size),
  ) as SQL;
  const ensure = db
    .insert(inventory)
    .values({ companyId: t.companyId, productId: t.productId ?? 0, locationId, size: t.size })
    .onConflictDoNothing({ target: [inventory.productId, inventory.locationId, inventory.size] });
  const update = db
    .update(inventory)
    .set({
      reservedPairs: sql`${inventory.reservedPairs} + ${sign * (units.pairs ?? 0)}`,
      reservedLeft: sql`${inventory.reservedLeft} + ${sign * (units.left ?? 0)}`,
      reservedRight: sql`${inventory.reservedRight} + ${sign * (units.right ?? 0)}`,
    })
    .where(cell);
  return [ensure, update] as const;
}

const footOf = (t: TransferRow) => (t.footSide === "left" ? "left" : "right");

function negate(units: { pairs?: number; left?: number; right?: number }) {
  return { pairs: -(units.pairs ?? 0), left: -(units.left ?? 0), right: -(units.right ?? 0) };
}

/** Where the units sit at each step: a transfer leaves its source; a return leaves the seller's location (its source too). */
function stockStatements(
  db: Db,
  t: TransferRow,
  effect: string,
  actor: Actor,
  payload: TransitionPayload,
): BatchItem<"sqlite">[] {
  const units = unitsOf(t);
  const isReturn = kindOf(t) === "return";
  const base = {
    companyId: t.companyId,
    productId: t.productId ?? 0,
    size: t.size,
    transferId: t.id,
    userId: actor.id,
  };
  const sourceCell = { ...base, locationId: t.sourceLocationId };
  switch (effect) {
    case "reserve": {
      // a single foot sent back may have been paired on arrival: its pair is split so the foot can go
      const [ensure, reserve] = reservation(db, t, t.sourceLocationId, 1);
      const foot = isReturn && t.transferType === "single_foot" ? footOf(t) : null;
      const split = foot
        ? splitForFeetStatements(db, sourceCell, foot, t.quantity, { userId: actor.id, transferId: t.id })
        : [];
      return [ensure, ...split, reserve];
    }
    case "release":
      // freed feet pair with the free feet of the other side that wait there
      return [
        ...reservation(db, t, t.sourceLocationId, -1),
        ...(t.transferType === "single_foot"
          ? pairFormationStatements(db, sourceCell, { userId: actor.id, transferId: t.id })
          : []),
      ];
    case "out":
      return [
        ...reservation(db, t, t.sourceLocationId, -1),
        ...stockChangeStatements(db, {
          ...base,
          locationId: t.sourceLocationId,
          delta: negate(units),
          reason: isReturn ? "return_out" : "transfer_out",
        }),
      ];
    case "in": {
      const outcome = receptionOutcome(kindOf(t), t.quantity, payload);
      const unit = t.transferType === "single_foot" ? footOf(t) : "pair";
      const arriving =
        unit === "left"
          ? { left: outcome.sellable }
          : unit === "right"
            ? { right: outcome.sellable }
            : { pairs: outcome.sellable };
      const held = (["short", "damaged"] as const)
        .filter((kind) => outcome[kind] > 0)
        .map((kind) =>
          db.insert(stockDiscrepancies).values({
            companyId: t.companyId,
            transferId: t.id,
            productId: t.productId ?? 0,
            locationId: t.destinationLocationId,
            size: t.size,
            unit,
            kind,
            quantity: outcome[kind],
            reportedBy: actor.id,
            notes: payload.notes ?? null,
          }),
        );
      const alert: BatchItem<"sqlite">[] =
        held.length === 0
          ? []
          : [
              db.insert(notifications).values({
                companyId: t.companyId,
                userId: null,
                locationId: t.destinationLocationId,
                type: "alert",
                title: "Recepción con diferencias",
                message: discrepancyText(t, outcome),
                transferId: t.id,
              }),
            ];
      const entry =
        outcome.sellable === 0
          ? []
          : stockChangeStatements(db, {
              ...base,
              locationId: t.destinationLocationId,
              delta: arriving,
              reason: isReturn ? "return_in" : "transfer_in",
            });
      return [...entry, ...held, ...alert];
    }
    case "back":
      // what left the source comes back into it (feet pair up with free ones there, as on any arrival)
      return [...stockChangeStatements(db, { ...sourceCell, delta: units, reason: "transfer_back" })];
    default:
      return [];
  }
}

/** The administrador's alert: which units did not arrive as sent. */
function discrepancyText(t: TransferRow, outcome: ReceptionOutcome): string {
  const units = (n: number) =>
    t.transferType === "single_foot" ? plural(n, "pie", "pies") : plural(n, "par", "pares");
  const parts = [
    outcome.short > 0 ? `${units(outcome.short)} ${pluralWord(outcome.short, "faltante", "faltantes")}` : null,
    outcome.damaged > 0 ? `${units(outcome.damaged)} ${pluralWord(outcome.damaged, "dañado", "dañados")}` : null,
  ].filter(Boolean);
  const what = t.requestType === "return" ? "devolución" : "transferencia";
  return `${t.brand} ${t.model} talla ${t.size} (${what} #${t.id}): ${parts.join(" y ")} de ${units(t.quantity)} ${pluralWord(t.quantity, "enviado", "enviados")}.`;
}

function isCheckFailure(err: unknown): boolean {
  const text = err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? "")}` : "";
  return text.includes("CHECK constraint failed");
}

/**
 * What a courier's delivery actions add to their batch: every attempt is its own row (a failure with its
 * reason, a success), and a transfer goes back to its source only after a failed attempt, ending with
 * that attempt's reason.
 */
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
    if (reason === "otro" && !notes) throw unprocessable(FAILURE_NOTE_REQUIRED);
    return {
      statements: [
        db.insert(deliveryAttempts).values({
          companyId: t.companyId,
          transferId: t.id,
          courierId: who.id || null,
          outcome: "failed",
          reason,
          notes,
        }),
      ],
      payload: {},
    };
  }
  if (action === "confirm_delivery") {
    return {
      statements: [
        db.insert(deliveryAttempts).values({
          companyId: t.companyId,
          transferId: t.id,
          courierId: who.id || null,
          outcome: "delivered",
          notes: payload.notes?.trim() || null,
        }),
      ],
      payload: {},
    };
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
  const who: Actor =
    actor === "system" ? { id: 0, role: "superuser", companyId: t.companyId, locationId: null } : actor;
  if (actor !== "system") assertParticipant(t, action, who);
  // the spec's words for the keeper's most common slip, whatever the status
  if (action === "deliver_to_courier" && t.courierId === null && (t.status === "pending" || t.status === "accepted"))
    throw conflict(NO_COURIER_ASSIGNED);
  let transition: ReturnType<typeof plan>;
  try {
    transition = plan(t.status, action, actor === "system" ? "system" : actor.role, t.pickupType, kindOf(t));
  } catch (err) {
    if (err instanceof TransitionError) throw new ApiError(err.status, err.message);
    throw err;
  }
  if (transition.stock === "in") {
    try {
      receptionOutcome(kindOf(t), t.quantity, payload);
    } catch (err) {
      if (err instanceof RangeError) throw unprocessable(err.message);
      throw err;
    }
  }
  if (action === "decline" && !payload.cancellationReason?.trim()) throw unprocessable("Indica el motivo del rechazo");
  const attempt = await attemptRules(db, t, action, who, payload);
  // calling off an accepted request frees units the other end counted on: it says why
  if (transition.stock === "release" && actor !== "system" && !payload.cancellationReason?.trim())
    throw unprocessable("Indica el motivo de la cancelación: la solicitud ya fue aceptada");
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
  try {
    // the stock effect, the attempt and the notices only apply if this batch is the one that moves the status
    await db.batch([
      update,
      requireChanged(db, "transfer_status_unchanged"),
      ...attempt.statements,
      ...stockStatements(db, t, transition.stock, who, payload),
      ...notify,
      ...(action === "expire_reservation" ? expiryNotices(db, t) : []),
    ]);
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
