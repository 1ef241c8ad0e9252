import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isGuardFailure, requireChanged, requireThat } from "../../db/guards";
import { locations, saleItems, salePayments, sales } from "../../db/schema";
import { companyRowOf } from "../shared/company-row";
import { conflict, notFound } from "../shared/errors";
import { bogotaDate } from "../shared/time";
import { stockChangeStatements } from "../stock/ledger";
import { assertDrawerCovers, type CashCover, cashExitStatements } from "../till/cash-exits";
import { rollupStatements } from "./rollup";
import { unitsPerCell } from "./sale-pricing";
import { isConstraint } from "./statements";
import type { SaleConfirmation } from "./types";

export const rejectionTillText = (placeName: string) =>
  `La venta es de una caja ya cerrada y ${placeName} no tiene caja abierta: abre la caja para registrar el rechazo`;

/**
 * Where a rejection's money goes: `recorded` holds unless the sale was in a till that is closed now and
 * none is open; `cashOut` is its cash when it leaves the open till (the sale is of an earlier one), else 0.
 */
function rejectionTill(locationId: number, saleDate: string, cashPaid: number) {
  const openedAt = sql`(SELECT opened_at FROM cash_sessions WHERE location_id = ${locationId} AND status = 'open')`;
  return {
    recorded: sql<number>`(NOT EXISTS (SELECT 1 FROM cash_sessions WHERE location_id = ${locationId}
        AND status = 'closed' AND opened_at <= ${saleDate} AND closed_at >= ${saleDate})
      OR ${openedAt} IS NOT NULL)`,
    cashOut: sql<number>`(CASE WHEN ${saleDate} < ${openedAt} THEN ${cashPaid} ELSE 0 END)`,
  };
}

/**
 * Confirms a sale that required confirmation, or rejects it: a rejection marks it rejected and
 * puts its pairs back at its location through the ledger, in one batch.
 */
export async function confirmSale(
  db: Db,
  actor: { id: number; companyId: number; role: string },
  input: SaleConfirmation,
) {
  const sale = await companyRowOf(db, sales, actor.companyId, input.saleId, "Venta no encontrada");
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
  const [items, payments, place] = await db.batch([
    db.select().from(saleItems).where(eq(saleItems.saleId, sale.id)),
    db.select().from(salePayments).where(eq(salePayments.saleId, sale.id)),
    db.select({ name: locations.name }).from(locations).where(eq(locations.id, sale.locationId)),
  ]);
  // A closed till never changes: the rejection of one of its sales is recorded in the till open now
  // (its cash leaves that drawer, one of the cash exits of cash-exits.ts), and refused while none is.
  const cashPaid = payments.filter((p) => p.paymentType === "efectivo").reduce((acc, p) => acc + p.amount, 0);
  const till = rejectionTill(sale.locationId, sale.saleDate, cashPaid);
  const placeName = place[0]?.name ?? "";
  const [read] = await db.all<{ recorded: number; amount: number }>(
    sql`SELECT ${till.recorded} AS recorded, ${till.cashOut} AS amount`,
  );
  if (!read?.recorded) throw conflict(rejectionTillText(placeName));
  const cover: CashCover | null =
    actor.role === "administrador" || actor.role === "boss"
      ? {
          companyId: actor.companyId,
          locationId: sale.locationId,
          authorizedBy: actor.id,
          userId: actor.id,
          reason: `rechazo de la venta #${sale.id}`,
        }
      : null;
  await assertDrawerCovers(db, sale.locationId, read.amount, cover);
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
        saleId: sale.id,
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
    await db.batch([
      // before the flip: the drawer as it is without this rejection
      requireThat(db, "rejection recorded in an open till", till.recorded),
      ...cashExitStatements(db, sale.locationId, till.cashOut, cover),
      flip,
      requireChanged(db, "sale_still_pending"),
      ...restores,
      ...unroll,
    ]);
  } catch (err) {
    if (isGuardFailure(err) || isConstraint(err, "UNIQUE", "stock_movements")) {
      const [now] = await db.select({ status: sales.status }).from(sales).where(eq(sales.id, sale.id));
      if (now?.status === "completed") {
        // still pending: the till closed, or its cash went out, since the read
        throw conflict("La caja del local cambió mientras se rechazaba la venta; vuelve a intentarlo");
      }
      throw conflict("Esta venta no está pendiente de confirmación");
    }
    throw err;
  }
  return { confirmed: false, confirmed_at: now };
}
