// A transfer sent back to the warehouse: its request, one per transfer, never of sold units.
import { and, eq, sql } from "drizzle-orm";
import type { PickupType } from "../../../../shared/constants";
import { scopeLocation } from "../../../auth/scope";
import type { Db } from "../../../db/client";
import { isGuardFailure, requireThat } from "../../../db/guards";
import { transferRequests } from "../../../db/schema";
import { disposalsOf, openReturnOf, soldUnitsSql } from "../../sales/index";
import { companyRowOf } from "../../shared/company-row";
import { conflict, invalid, notFound } from "../../shared/errors";
import { NOTHING_SELLABLE, sellableUnitsOf } from "../../stock/discrepancies";
import type { Actor, TransferRow } from "./types";

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

/** How many units of the transfer were sold or disposed of; a 409 when a return of it is already open. */
async function returnableState(db: Db, companyId: number, originalId: number) {
  const [[open], disposals] = await Promise.all([
    db
      .select({ id: transferRequests.id })
      .from(transferRequests)
      .where(and(eq(transferRequests.companyId, companyId), openReturnOf(originalId)))
      .limit(1),
    disposalsOf(db, originalId),
  ]);
  if (open) throw conflict(RETURN_EXISTS);
  return disposals;
}

/** A seller sends back what a completed transfer brought (all or part of it) to its warehouse. */
export async function createReturn(db: Db, actor: Actor, input: NewReturn) {
  const original = await companyRowOf(
    db,
    transferRequests,
    actor.companyId,
    input.originalTransferId,
    "Transferencia no encontrada",
  );
  if (original.requestType === "return") throw conflict("Una devolución no se puede devolver");
  if (original.status !== "completed") throw conflict("Solo se puede devolver una transferencia completada");
  if (actor.role === "seller" && original.destinationLocationId !== scopeLocation(actor))
    throw notFound("Transferencia no encontrada");
  // damaged units of the reception are held as a discrepancy, not in the store: only sellable ones go
  // back, and not those already sold (a transfer of several pairs may be sold in part)
  const sellable = await sellableUnitsOf(db, original);
  if (sellable < 1) throw conflict(NOTHING_SELLABLE);
  const { sold } = await returnableState(db, actor.companyId, original.id);
  const max = sellable - sold;
  if (max < 1) throw conflict(TRANSFER_SOLD);
  const quantity = input.quantity ?? max;
  if (quantity < 1 || quantity > max) throw invalid(`La cantidad debe estar entre 1 y ${max}`);
  if (input.reason === "other" && !input.notes) throw invalid("Debe especificar el motivo en las notas");
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
    // read again: the 409 says what got in meanwhile
    const now = await returnableState(db, actor.companyId, original.id);
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
