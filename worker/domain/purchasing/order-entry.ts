// The inventory entry by video from a purchase order (issue 37, docs/purchasing.md "Ingreso con video desde
// una orden"): the administrador films a product of an open order and says how many of its pending pairs
// arrived, per size. The pairs enter as a reception of that order (receive.ts: the average cost moved,
// ledger rows `purchase` with their cost, the lines counted, the order parcial or recibida, over-receipt
// refused by the batch's guards), and in the same batch the product takes the entry's video, photo and
// fields and its scan fingerprints. Orders are in pairs at their destination: no single feet, no other place.
import { and, eq, sql } from "drizzle-orm";
import { plural, pluralWord } from "../../../shared/plural";
import type { Db } from "../../db/client";
import { isGuardFailure } from "../../db/guards";
import { locations, products, purchaseOrderLines, purchaseOrders } from "../../db/schema";
import { embeddingInserts } from "../scan/enrolment";
import { conflict, invalid, notFound } from "../shared/errors";
import {
  type CellDelta,
  checkedFingerprints,
  type EntryInput,
  entryEmbeddingRows,
  entryPrices,
  entryTotals,
  existingProductUpdate,
} from "../stock/inventory-entry";
import { ORDER_NOT_FOUND } from "./orders";
import { NOT_RECEIVABLE, planReception, type ReceivedLine, receptionIdOf, receptionRefusal } from "./receive";

export const ORDER_IN_PAIRS = "Una orden de compra se recibe en pares: los pies sueltos se registran sin orden";
export const ORDER_COST_FIXED =
  "El costo de un ingreso desde una orden es el de la orden: el costo promedio se recalcula solo";
export const PRODUCT_NOT_IN_ORDER = "El producto no está en esta orden de compra";
export const ORDER_REFERENCE_MISMATCH = "El código de referencia no es el del producto de la orden";

/** An order line of the product: its id, size and pairs still pending. */
export interface PendingLine {
  lineId: number;
  size: string;
  pending: number;
}

/**
 * The entry's cells as the order's lines they receive: pairs only, at the order's destination, each size
 * one of the product's lines on the order, at most what that line still has pending (409 otherwise, as
 * the reception says; the batch's guard holds it against a reception racing).
 */
export function orderReceipt(
  cells: readonly CellDelta[],
  destination: { id: number; name: string },
  lines: readonly PendingLine[],
): ReceivedLine[] {
  if (cells.some((c) => c.left > 0 || c.right > 0)) throw invalid(ORDER_IN_PAIRS);
  const away = cells.find((c) => c.locationId !== destination.id);
  if (away) throw invalid(`Los pares de la orden entran en su destino, ${destination.name}`);
  const bySize = new Map(lines.map((l) => [l.size.trim().toLowerCase(), l]));
  const perLine = new Map<number, number>();
  for (const cell of cells) {
    const line = bySize.get(cell.size.trim().toLowerCase());
    if (!line) throw invalid(`La talla ${cell.size} de este producto no está en la orden`);
    const quantity = (perLine.get(line.lineId) ?? 0) + cell.pairs;
    if (quantity > line.pending)
      throw conflict(
        `Talla ${line.size}: ${pluralWord(quantity, "entraría", "entrarían")} ${plural(quantity, "par", "pares")} y la orden tiene ${plural(line.pending, "pendiente", "pendientes")}`,
      );
    perLine.set(line.lineId, quantity);
  }
  return [...perLine].map(([lineId, quantity]) => ({ lineId, quantity }));
}

export interface OrderEntryInput extends Omit<EntryInput, "referenceCode"> {
  orderId: number;
  productId: number;
  /** when sent, it must be the product's (any letter case) */
  referenceCode: string | null;
}

/** Receives the entry's pairs on the order and writes the product's media and fingerprints, in one batch. */
export async function registerOrderEntry(db: Db, input: OrderEntryInput) {
  const { companyId, orderId, productId } = input;
  if (input.costPriceCentavos != null) throw invalid(ORDER_COST_FIXED);
  const fingerprints = checkedFingerprints(input.embeddings);
  const [[order], [destination], [product], lines] = await db.batch([
    db
      .select()
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.companyId, companyId), eq(purchaseOrders.id, orderId))),
    db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(
        eq(
          locations.id,
          sql`(SELECT location_id FROM purchase_orders WHERE company_id = ${companyId} AND id = ${orderId})`,
        ),
      ),
    db
      .select()
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.id, productId))),
    db
      .select()
      .from(purchaseOrderLines)
      .where(
        and(
          eq(purchaseOrderLines.companyId, companyId),
          eq(purchaseOrderLines.orderId, orderId),
          eq(purchaseOrderLines.productId, productId),
        ),
      ),
  ]);
  if (!order || !destination) throw notFound(ORDER_NOT_FOUND);
  // checked here to say it first; planReception checks the state and what is pending again, and its
  // batch's guards hold them against an entry or a reception racing
  if (order.status !== "enviada" && order.status !== "parcial") throw conflict(NOT_RECEIVABLE);
  if (!product || lines.length === 0) throw invalid(PRODUCT_NOT_IN_ORDER);
  if (input.referenceCode && input.referenceCode.toLowerCase() !== product.referenceCode.toLowerCase())
    throw invalid(ORDER_REFERENCE_MISMATCH);
  const received = orderReceipt(
    input.cells,
    destination,
    lines.map((l) => ({ lineId: l.id, size: l.size, pending: l.quantity - l.received })),
  );
  const plan = await planReception(
    db,
    companyId,
    input.userId,
    orderId,
    received,
    "Ingreso con video",
    `Orden de compra #${orderId} (ingreso con video)`,
  );
  const embeddings = embeddingInserts(
    db,
    entryEmbeddingRows(companyId, product.id, fingerprints, input.imageKey !== null),
  );
  try {
    // the reception first: its average cost reads the stock before the pairs arrive
    await db.batch([...plan.statements, existingProductUpdate(db, product.id, input), ...embeddings]);
  } catch (err) {
    if (isGuardFailure(err)) throw await receptionRefusal(db, companyId, orderId);
    throw err;
  }
  const [[saved], [now]] = await db.batch([
    db
      .select()
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.id, product.id))),
    db
      .select({ status: purchaseOrders.status })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.companyId, companyId), eq(purchaseOrders.id, orderId))),
  ]);
  if (!saved || !now) throw new Error("product or order not found after the entry");
  return {
    product_id: saved.id,
    created: false,
    brand: saved.brand,
    model: saved.model,
    reference_code: saved.referenceCode,
    ...entryTotals(input.cells, [destination]),
    ...entryPrices(saved),
    entry_ref: plan.ref,
    embeddings_stored: input.embeddings?.vectors.length ?? 0,
    purchase_order: { id: orderId, status: now.status, reception_id: await receptionIdOf(db, plan.ref) },
  };
}
