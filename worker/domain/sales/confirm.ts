import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isGuardFailure, requireChanged } from "../../db/guards";
import { saleItems, salePayments, sales } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { unitsPerCell } from "../sale-pricing";
import { rollupStatements } from "../sales-rollup";
import { stockChangeStatements } from "../stock";
import { bogotaDate } from "../time";
import { isConstraint } from "./statements";

/**
 * Confirms a sale that required confirmation, or rejects it: a rejection marks it rejected and
 * puts its pairs back at its location through the ledger, in one batch.
 */
export async function confirmSale(
  db: Db,
  actor: { id: number; companyId: number; role: string },
  input: { saleId: number; confirmed: boolean; notes: string | null },
) {
  const [sale] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.companyId, actor.companyId), eq(sales.id, input.saleId)))
    .limit(1);
  if (!sale) throw notFound("Venta no encontrada");
  if (actor.role === "seller" && sale.sellerId !== actor.id) throw notFound("Venta no encontrada");
  if (sale.status !== "completed" || !sale.requiresConfirmation || sale.confirmed) {
    throw conflict("Esta venta no está pendiente de confirmación");
  }
  const now = new Date().toISOString();
  const stillPending = and(eq(sales.id, sale.id), eq(sales.confirmed, false), eq(sales.status, "completed"));
  if (input.confirmed) {
    const [updated] = await db
      .update(sales)
      .set({ confirmed: true, confirmedAt: now, confirmedBy: actor.id, confirmationNotes: input.notes })
      .where(stillPending)
      .returning({ id: sales.id });
    if (!updated) throw conflict("Esta venta no está pendiente de confirmación");
    return { confirmed: true, confirmed_at: now };
  }
  const [items, payments] = await db.batch([
    db.select().from(saleItems).where(eq(saleItems.saleId, sale.id)),
    db.select().from(salePayments).where(eq(salePayments.saleId, sale.id)),
  ]);
  // The restores and the unrolled rollups only run if this batch is the one that flips the sale: a
  // confirmation or another rejection that got there first leaves the flip matching nothing.
  const flip = db
    .update(sales)
    .set({ status: "rejected", confirmedBy: actor.id, confirmedAt: now, confirmationNotes: input.notes })
    .where(stillPending);
  const restores = unitsPerCell(
    items.map((i) => ({ sneaker_reference_code: i.sneakerReferenceCode, size: i.size, quantity: i.quantity })),
  ).flatMap((cell) => {
    const productId = items.find((i) => i.sneakerReferenceCode === cell.ref)?.productId ?? 0;
    return stockChangeStatements(db, {
      companyId: actor.companyId,
      productId,
      locationId: sale.locationId,
      size: cell.size,
      delta: { pairs: cell.quantity },
      reason: "sale_rejected",
      saleId: sale.id,
      userId: actor.id,
      notes: input.notes,
    });
  });
  try {
    const unroll = rollupStatements(
      db,
      {
        companyId: sale.companyId,
        day: bogotaDate(new Date(sale.saleDate)),
        locationId: sale.locationId,
        sellerId: sale.sellerId,
        totalAmount: sale.totalAmount,
        lines: items.map((i) => ({
          referenceCode: i.sneakerReferenceCode,
          brand: i.brand,
          model: i.model,
          quantity: i.quantity,
          subtotal: i.subtotal,
        })),
        payments: payments.map((p) => ({ paymentType: p.paymentType, amount: p.amount })),
      },
      -1,
    );
    await db.batch([flip, requireChanged(db, "sale_still_pending"), ...restores, ...unroll]);
  } catch (err) {
    if (isGuardFailure(err) || isConstraint(err, "UNIQUE", "stock_movements"))
      throw conflict("Esta venta no está pendiente de confirmación");
    throw err;
  }
  return { confirmed: false, confirmed_at: now };
}
