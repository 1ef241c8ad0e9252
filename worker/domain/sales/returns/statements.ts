// A sale return's write: its rows, the lines' guarded counts, the stock back and the netted rollups.

import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { requireChanged } from "../../../db/guards";
import { saleItems, saleReturnItems, saleReturns, sales } from "../../../db/schema";
import { writeThenRead } from "../../../db/write-then-read";
import { adjustmentDocumentStatement } from "../../fiscal/outbox";
import { bogotaDate } from "../../shared/time";
import { stockChangeStatements } from "../../stock/ledger";
import { tillGuard } from "../../till/rule";
import { saleReadStatements } from "../read";
import { returnRollupStatements } from "../rollup";
import type { ValuedLine } from "./context";
import { returnIdOf } from "./create";
import { returnReadStatements } from "./read";
import type { NewReturn, ReturnActor } from "./types";

/** The return's statements, then the return as answered and its exchange's sale (if any), in one batch. */
export function writeReturn(db: Db, statements: BatchItem<"sqlite">[], mine: SQL, companyId: number) {
  const exchangeSaleOf = and(
    eq(sales.companyId, companyId),
    sql`${sales.id} = (SELECT exchange_sale_id FROM sale_returns WHERE ${mine})`,
  ) as SQL;
  return writeThenRead(db, statements, [
    ...returnReadStatements(db, mine),
    ...saleReadStatements(db, exchangeSaleOf),
  ] as const);
}

/** The return's rows, the lines' guarded counts, the stock back and the netted rollups. */
export function returnStatements(
  db: Db,
  actor: ReturnActor,
  input: NewReturn,
  sale: typeof sales.$inferSelect,
  lines: ValuedLine[],
  money: { refund: number; credit: number; approvedBy: number | null },
): BatchItem<"sqlite">[] {
  const returnId = returnIdOf(actor.companyId, input.idempotencyKey);
  const header = db.insert(saleReturns).values({
    companyId: actor.companyId,
    saleId: sale.id,
    locationId: sale.locationId,
    sellerId: sale.sellerId,
    userId: actor.id,
    reason: input.reason,
    notes: input.notes,
    refundAmount: money.refund,
    refundMethod: money.refund > 0 ? input.refundMethod : null,
    creditAmount: money.credit,
    approvedBy: money.approvedBy,
    idempotencyKey: input.idempotencyKey,
  });
  const perLine = lines.flatMap((line) => [
    // matches only if nobody returned units of this line since the read
    db
      .update(saleItems)
      .set({ returnedQuantity: sql`${saleItems.returnedQuantity} + ${line.quantity}` })
      .where(and(eq(saleItems.id, line.item.id), eq(saleItems.returnedQuantity, line.item.returnedQuantity))),
    requireChanged(db, "sale line returned as read"),
    db.insert(saleReturnItems).values({
      companyId: actor.companyId,
      returnId,
      saleItemId: line.item.id,
      quantity: line.quantity,
      amount: line.amount,
      taxBase: line.taxBase,
      taxAmount: line.taxAmount,
      destination: line.destination,
    }),
    ...stockChangeStatements(db, {
      companyId: actor.companyId,
      productId:
        line.item.productId ??
        sql<number>`(SELECT id FROM products WHERE company_id = ${actor.companyId} AND reference_code = ${line.item.sneakerReferenceCode})`,
      locationId: sale.locationId,
      size: line.item.size,
      delta: line.destination === "damaged" ? { damaged: line.quantity } : { pairs: line.quantity },
      reason: "customer_return",
      saleId: sale.id,
      userId: actor.id,
      notes: line.destination === "damaged" ? "Devuelto con defecto: apartado como dañado" : null,
    }),
  ]);
  const rollup = returnRollupStatements(db, {
    companyId: actor.companyId,
    returnId,
    day: bogotaDate(),
    locationId: sale.locationId,
    sellerId: sale.sellerId,
    refund: money.refund,
    refundMethod: money.refund > 0 ? input.refundMethod : null,
    credit: money.credit,
    lines: lines.map((l) => ({
      referenceCode: l.item.sneakerReferenceCode,
      brand: l.item.brand,
      model: l.item.model,
      quantity: l.quantity,
      subtotal: l.item.unitPrice * l.quantity,
    })),
  });
  return [
    header,
    ...perLine,
    ...rollup,
    adjustmentDocumentStatement(db, actor.companyId, input.idempotencyKey),
    tillGuard(db, actor.companyId, sale.locationId),
  ];
}
