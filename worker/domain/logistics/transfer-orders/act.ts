// An action on a whole restock order: the same transition for every line it applies to, in ONE batch
// (all the lines move, or none). Called by the TransferHub, which serialises it with single transfers.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { isGuardFailure, requireThat } from "../../../db/guards";
import { transferOrders, transferRequests } from "../../../db/schema";
import { conflict, invalid, notFound } from "../../shared/errors";
import { isCheckFailure, plannedChange } from "../transfer-ops/apply";
import type { Actor, TransferRow, TransitionPayload } from "../transfer-ops/types";
import { refusal } from "../transfers/plan";
import { TRANSITIONS } from "../transfers/transitions";
import { orderStatus } from "./status";
import { HAND_OVER_ACTIONS, type LineReception, type OrderAction } from "./types";

export type OrderRow = typeof transferOrders.$inferSelect;

/** The order (of the actor's company) and its lines in order, or 404. */
export async function orderWithLines(db: Db, companyId: number, orderId: number) {
  const [[order], lines] = await db.batch([
    db
      .select()
      .from(transferOrders)
      .where(and(eq(transferOrders.companyId, companyId), eq(transferOrders.id, orderId)))
      .limit(1),
    db
      .select()
      .from(transferRequests)
      .where(and(eq(transferRequests.companyId, companyId), eq(transferRequests.orderId, orderId)))
      .orderBy(asc(transferRequests.id)),
  ]);
  if (!order) throw notFound("Pedido de reposición no encontrado");
  return { order, lines };
}

/** The lines an action starts from: those in a status the state machine lets that action leave. */
export function actionableLines(lines: readonly TransferRow[], action: OrderAction): TransferRow[] {
  return lines.filter((l) => TRANSITIONS.some((t) => t.from === l.status && t.action === action));
}

const lineName = (l: TransferRow) => `${l.brand} ${l.model} talla ${l.size}`;

/**
 * Applies `action` to every line of the order it applies to. A hand-over needs every such line on the
 * pick list; a reception takes what was counted per line (a line not named arrived whole). Answers the
 * lines before and after, for the live events.
 */
export async function applyOrderAction(
  db: Db,
  orderId: number,
  action: OrderAction,
  actor: Actor,
  payload: TransitionPayload,
  receptions: readonly LineReception[] = [],
  now = new Date(),
) {
  const { order, lines } = await orderWithLines(db, actor.companyId, orderId);
  const targets = actionableLines(lines, action);
  if (targets.length === 0)
    throw conflict(`El pedido no admite esta acción ahora: ${refusal(action, orderStatus(lines)).toLowerCase()}`);
  const counted = new Map(receptions.map((r) => [r.transferId, r]));
  for (const id of counted.keys())
    if (!targets.some((l) => l.id === id)) throw invalid(`La línea #${id} no es de este pedido o no espera recepción`);
  if (HAND_OVER_ACTIONS.has(action)) {
    const unpicked = targets.filter((l) => l.pickedAt === null);
    if (unpicked.length > 0)
      throw conflict(
        `Falta alistar: ${unpicked.map(lineName).join(", ")}. Alista cada línea o cancélala con un motivo`,
      );
  }
  const statements: BatchItem<"sqlite">[] = [];
  // the package leaves only whole: no line in the status the hand-over takes may be out of it (checked
  // first in the batch, while the lines still have that status; a few bound values, whatever the lines)
  if (HAND_OVER_ACTIONS.has(action)) {
    const from = [...new Set(targets.map((l) => l.status))];
    statements.push(
      requireThat(
        db,
        "order_lines_picked",
        sql`NOT EXISTS (SELECT 1 FROM ${transferRequests} WHERE ${and(
          eq(transferRequests.orderId, order.id),
          inArray(transferRequests.status, from),
          isNull(transferRequests.pickedAt),
        )})`,
      ),
    );
  }
  for (const line of targets) {
    const count = counted.get(line.id);
    const linePayload: TransitionPayload = count
      ? {
          ...payload,
          receivedQuantity: count.receivedQuantity,
          damagedQuantity: count.damagedQuantity,
          notes: count.notes ?? payload.notes,
        }
      : payload;
    statements.push(...(await plannedChange(db, line, action, actor, linePayload, now)).statements);
  }
  statements.push(
    db.update(transferOrders).set({ updatedAt: now.toISOString() }).where(eq(transferOrders.id, order.id)),
  );
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (err) {
    if (isGuardFailure(err)) throw conflict("El pedido cambió mientras se procesaba; actualízalo e intenta de nuevo");
    if (isCheckFailure(err))
      throw conflict(
        "Stock insuficiente en origen para reservar todas las líneas: rechaza las que falten con un motivo",
      );
    throw err;
  }
  const moved = new Set(targets.map((l) => l.id));
  const after = (
    await db
      .select()
      .from(transferRequests)
      .where(eq(transferRequests.orderId, order.id))
      .orderBy(asc(transferRequests.id))
  ).filter((l) => moved.has(l.id));
  return { order, before: targets, after };
}
