// Receiving a purchase order (issue 37, docs/purchasing.md), whole or in parts: one D1 batch writes the
// reception, moves each product's weighted average cost (before the goods enter, so "on hand" is the
// stock they join), adds the pairs to the order's location with a ledger row carrying their cost, counts
// them on the order's lines, and sets the order recibida when nothing is left or parcial otherwise.
// Guards in the same batch: the order is still enviada or parcial, and no line gets more than was
// ordered, so two receptions racing never receive a pair twice.
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { isGuardFailure, requireChanged, requireThat } from "../../db/guards";
import { inList } from "../../db/limits";
import { purchaseOrderLines, purchaseOrders, purchaseReceptionLines, purchaseReceptions } from "../../db/schema";
import { conflict, invalid } from "../shared/errors";
import { stockChangeStatements } from "../stock/ledger";
import { averageCostStatements, type ReceivedAtCost } from "./average-cost";
import { ORDER_NOT_FOUND, type PurchaseOrder, purchaseOrderOf } from "./orders";

export interface ReceivedLine {
  lineId: number;
  /** pairs that arrived now */
  quantity: number;
}

export const NOT_RECEIVABLE = "Solo se recibe una orden enviada o recibida en parte";
export const OVER_RECEIVED = "Se recibirían más pares de los pedidos en una línea";

/** What a reception writes: its statements for one D1 batch (a guard first), and the reference that finds it. */
export interface ReceptionPlan {
  ref: string;
  order: PurchaseOrder;
  statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
}

/**
 * Checks a reception of `lines` of the order against what is pending now (422, 404, 409) and answers the
 * statements that write it. The caller runs them in one batch, with statements of its own after them
 * (the inventory entry from an order adds the product's video and fingerprints), and turns a guard's
 * failure into its refusal with receptionRefusal.
 */
export async function planReception(
  db: Db,
  companyId: number,
  userId: number,
  orderId: number,
  received: readonly ReceivedLine[],
  notes: string | null,
  ledgerNotes = `Orden de compra #${orderId}`,
): Promise<ReceptionPlan> {
  const arriving = received.filter((r) => r.quantity > 0);
  if (arriving.length === 0) throw invalid("Indica cuántos pares llegaron de al menos una línea");
  if (new Set(arriving.map((r) => r.lineId)).size !== arriving.length)
    throw invalid("Una línea está dos veces en la recepción");
  const order = await purchaseOrderOf(db, companyId, orderId);
  if (order.status !== "enviada" && order.status !== "parcial") throw conflict(NOT_RECEIVABLE);
  const lines = await db
    .select()
    .from(purchaseOrderLines)
    .where(
      and(
        eq(purchaseOrderLines.companyId, companyId),
        eq(purchaseOrderLines.orderId, orderId),
        inList(
          purchaseOrderLines.id,
          arriving.map((r) => r.lineId),
        ),
      ),
    );
  const byId = new Map(lines.map((l) => [l.id, l]));
  const missing = arriving.find((r) => !byId.has(r.lineId));
  if (missing) throw invalid(`La línea ${missing.lineId} no es de esta orden`);
  const over = arriving.find((r) => {
    const line = byId.get(r.lineId);
    return line !== undefined && line.received + r.quantity > line.quantity;
  });
  if (over) throw conflict(OVER_RECEIVED);

  const ref = crypto.randomUUID();
  const receptionId = sql<number>`(SELECT id FROM purchase_receptions WHERE ref = ${ref})`;
  const perProduct = new Map<number, ReceivedAtCost[]>();
  for (const r of arriving) {
    const line = byId.get(r.lineId);
    if (!line) continue;
    perProduct.set(line.productId, [
      ...(perProduct.get(line.productId) ?? []),
      { quantity: r.quantity, unitCost: line.unitCost },
    ]);
  }
  const mine = and(eq(purchaseOrders.companyId, companyId), eq(purchaseOrders.id, orderId));
  // the guard first: the list is never empty
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    requireThat(
      db,
      "purchase order receivable",
      sql`EXISTS (SELECT 1 FROM purchase_orders WHERE company_id = ${companyId} AND id = ${orderId} AND status IN ('enviada', 'parcial'))`,
    ),
    db.insert(purchaseReceptions).values({ companyId, orderId, ref, receivedBy: userId, notes }),
    // costs first: on hand is the stock before these pairs arrive
    ...[...perProduct].flatMap(([productId, receipts]) =>
      averageCostStatements(db, companyId, productId, receipts, userId),
    ),
    ...arriving.flatMap((r) => {
      const line = byId.get(r.lineId);
      if (!line) return [];
      return [
        db
          .update(purchaseOrderLines)
          .set({ received: sql`${purchaseOrderLines.received} + ${r.quantity}` })
          .where(
            and(
              eq(purchaseOrderLines.id, line.id),
              sql`${purchaseOrderLines.received} + ${r.quantity} <= ${purchaseOrderLines.quantity}`,
            ),
          ),
        requireChanged(db, "purchase line not over-received"),
        db.insert(purchaseReceptionLines).values({
          companyId,
          receptionId,
          orderLineId: line.id,
          quantity: r.quantity,
          unitCost: line.unitCost,
        }),
        ...stockChangeStatements(db, {
          companyId,
          productId: line.productId,
          locationId: order.locationId,
          size: line.size,
          delta: { pairs: r.quantity },
          reason: "purchase",
          userId,
          entryRef: ref,
          unitCost: line.unitCost,
          notes: ledgerNotes,
        }),
      ];
    }),
    db
      .update(purchaseOrders)
      .set({
        status: sql`CASE WHEN EXISTS (SELECT 1 FROM purchase_order_lines WHERE order_id = ${orderId} AND received < quantity) THEN 'parcial' ELSE 'recibida' END`,
        updatedAt: new Date().toISOString(),
      })
      .where(mine),
  ];
  return { ref, order, statements };
}

/** A reception's batch stopped by a guard: the order changed state meanwhile (409), or a line would be over-received. */
export async function receptionRefusal(db: Db, companyId: number, orderId: number): Promise<Error> {
  const now = await purchaseOrderOf(db, companyId, orderId).catch(() => null);
  if (!now) return conflict(ORDER_NOT_FOUND);
  return conflict(now.status === "enviada" || now.status === "parcial" ? OVER_RECEIVED : NOT_RECEIVABLE);
}

/** The id of the reception written with `ref`. */
export async function receptionIdOf(db: Db, ref: string): Promise<number> {
  const [reception] = await db
    .select({ id: purchaseReceptions.id })
    .from(purchaseReceptions)
    .where(eq(purchaseReceptions.ref, ref));
  if (!reception) throw new Error("reception not written");
  return reception.id;
}

/** Receives `lines` of the order; answers the reception's id. */
export async function receivePurchaseOrder(
  db: Db,
  companyId: number,
  userId: number,
  orderId: number,
  received: readonly ReceivedLine[],
  notes: string | null,
): Promise<number> {
  const plan = await planReception(db, companyId, userId, orderId, received, notes);
  try {
    await db.batch(plan.statements);
  } catch (err) {
    if (isGuardFailure(err)) throw await receptionRefusal(db, companyId, orderId);
    throw err;
  }
  return receptionIdOf(db, plan.ref);
}
