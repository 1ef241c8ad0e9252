// A seller asks an administrador for a discount for a sale; the administrador approves or rejects it
// once (spec 3 §4 'Discount request'). An approved request is used by one sale (statements.ts).
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { discountRequests } from "../../db/schema";
import { companyRowOf } from "../shared/company-row";
import { conflict } from "../shared/errors";
import { toCentavos } from "../shared/money";

/** What a seller asks for (POST /discounts/request). */
export interface NewDiscountRequest {
  /** pesos, as sent (the answer repeats them) */
  amountPesos: number;
  reason: string;
}

/** An administrador's answer to a pending request (POST /admin/admin/discount-requests/approve). */
export interface DiscountDecision {
  requestId: number;
  approved: boolean;
  /** absent: none when approved, «Rechazado por administrador» when rejected */
  notes: string | null;
}

/** Records a seller's request for their location; it waits for an administrador. */
export async function requestDiscount(
  db: Db,
  seller: { id: number; companyId: number; locationId: number | null },
  input: NewDiscountRequest,
) {
  const [row] = await db
    .insert(discountRequests)
    .values({
      companyId: seller.companyId,
      sellerId: seller.id,
      locationId: seller.locationId,
      amount: toCentavos(input.amountPesos),
      reason: input.reason,
    })
    .returning();
  return row;
}

/** Approves or rejects a pending request of the company (404 for another company's, 409 once decided). */
export async function decideDiscount(db: Db, admin: { id: number; companyId: number }, decision: DiscountDecision) {
  const request = await companyRowOf(
    db,
    discountRequests,
    admin.companyId,
    decision.requestId,
    "Solicitud de descuento no encontrada",
  );
  const [updated] = await db
    .update(discountRequests)
    .set({
      status: decision.approved ? "approved" : "rejected",
      adminId: admin.id,
      adminNotes: decision.notes ?? (decision.approved ? null : "Rechazado por administrador"),
      reviewedAt: new Date().toISOString(),
    })
    .where(and(eq(discountRequests.id, request.id), eq(discountRequests.status, "pending")))
    .returning();
  if (!updated) throw conflict("La solicitud ya fue procesada");
  return updated;
}
