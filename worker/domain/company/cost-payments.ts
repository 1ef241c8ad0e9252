// Paying an operating cost moves its due date one period on and writes the payment to the cost's log
// (amount, date, method, note, who). The move is a compare-and-set on the due date that was read, and
// the log row goes in the same D1 batch behind a guard on it: two payments of the same period at once
// move it once and log once; a client that names the period it pays (`dueDate`) gets 409 when that
// period was already paid. An administrador can undo a payment: the cost goes back to the due date the
// payment settled (and its previous last payment), the payment stays in the log marked undone.
import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { BillPaymentMethod } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { isGuardFailure, requireChanged } from "../../db/guards";
import { costPayments, operatingCosts, users } from "../../db/schema";
import { companyRowOf, requireCompanyRow } from "../shared/company-row";
import { conflict, notFound } from "../shared/errors";
import { toPesos } from "../shared/money";
import { type Frequency, nextDueDate } from "./costs";

export const PERIOD_ALREADY_PAID = "Ese vencimiento ya fue pagado; el costo tiene un vencimiento nuevo";
export const PAYMENT_ALREADY_UNDONE = "Este pago ya fue anulado";
export const PAYMENT_NOT_LATEST =
  "Solo se puede anular el último pago del costo: el costo cambió después de este pago (anula primero los posteriores)";

export interface CostPaymentInput {
  /** the due date being paid, when the client names it */
  dueDate: string | null;
  /** centavos; null: the cost's amount */
  amount: number | null;
  /** 'YYYY-MM-DD' */
  paidOn: string;
  method: BillPaymentMethod;
  note: string | null;
  userId: number;
}

/** `column = value`, or `column IS NULL` for a null value. */
const sameAs = (column: typeof operatingCosts.endDate, value: string | null) =>
  (value === null ? isNull(column) : eq(column, value)) as SQL;

export async function payCost(db: Db, companyId: number, id: number, input: CostPaymentInput) {
  const row = await companyRowOf(db, operatingCosts, companyId, id, "Costo no encontrado");
  if (input.dueDate !== null && row.endDate !== input.dueDate) throw conflict(PERIOD_ALREADY_PAID);
  const next = nextDueDate(row.endDate ?? input.paidOn, row.frequency as Frequency);
  try {
    const [[updated], , [payment]] = await db.batch([
      db
        .update(operatingCosts)
        .set({ lastPaidDate: input.paidOn, endDate: next })
        .where(
          and(
            eq(operatingCosts.id, id),
            eq(operatingCosts.companyId, companyId),
            sameAs(operatingCosts.endDate, row.endDate),
          ),
        )
        .returning(),
      requireChanged(db, "cost_period_unpaid"),
      db
        .insert(costPayments)
        .values({
          companyId,
          costId: id,
          dueDate: row.endDate,
          nextDueDate: next,
          previousLastPaidDate: row.lastPaidDate,
          amount: input.amount ?? row.amount,
          paidOn: input.paidOn,
          method: input.method,
          note: input.note,
          paidBy: input.userId,
        })
        .returning(),
    ]);
    if (!updated || !payment) throw new Error("cost payment not written");
    return { cost: updated, payment };
  } catch (err) {
    if (isGuardFailure(err) || String(err).includes("UNIQUE constraint failed")) throw conflict(PERIOD_ALREADY_PAID);
    throw err;
  }
}

/**
 * Undoes a payment of a cost: one batch whose every effect depends on its guards. The cost goes back
 * only while it is still as that payment left it (its due date is the one the payment set: no later
 * payment), and only while the payment is still live; then the payment is marked undone with who, when
 * and why. Undoing twice at once undoes once.
 */
export async function undoCostPayment(
  db: Db,
  companyId: number,
  costId: number,
  paymentId: number,
  input: { userId: number; reason: string | null },
) {
  const [found] = await db
    .select()
    .from(costPayments)
    .where(and(eq(costPayments.companyId, companyId), eq(costPayments.costId, costId), eq(costPayments.id, paymentId)))
    .limit(1);
  if (!found) throw notFound("Pago no encontrado");
  if (found.undoneAt !== null) throw conflict(PAYMENT_ALREADY_UNDONE);
  const live = sql`(SELECT 1 FROM cost_payments WHERE id = ${paymentId} AND company_id = ${companyId} AND undone_at IS NULL)`;
  const now = new Date().toISOString();
  try {
    const [[cost]] = await db.batch([
      db
        .update(operatingCosts)
        .set({
          endDate: sql`(SELECT due_date FROM cost_payments WHERE id = ${paymentId})`,
          lastPaidDate: sql`(SELECT previous_last_paid_date FROM cost_payments WHERE id = ${paymentId})`,
        })
        .where(
          and(
            eq(operatingCosts.id, costId),
            eq(operatingCosts.companyId, companyId),
            sql`${operatingCosts.endDate} = (SELECT next_due_date FROM cost_payments WHERE id = ${paymentId})`,
            sql`EXISTS ${live}`,
          ),
        )
        .returning(),
      requireChanged(db, "cost_as_payment_left_it"),
      db
        .update(costPayments)
        .set({ undoneAt: now, undoneBy: input.userId, undoReason: input.reason })
        .where(and(eq(costPayments.id, paymentId), isNull(costPayments.undoneAt))),
      requireChanged(db, "payment_live"),
    ]);
    if (!cost) throw new Error("cost not reverted");
    const [payment] = await db.select().from(costPayments).where(eq(costPayments.id, paymentId)).limit(1);
    if (!payment) throw new Error("payment vanished");
    return { cost, payment };
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    // which guard: the payment undone meanwhile, or the cost moved on after it
    const [again] = await db
      .select({ undoneAt: costPayments.undoneAt })
      .from(costPayments)
      .where(eq(costPayments.id, paymentId));
    throw conflict(again?.undoneAt ? PAYMENT_ALREADY_UNDONE : PAYMENT_NOT_LATEST);
  }
}

type PaymentRow = typeof costPayments.$inferSelect;

export function toCostPaymentDto(p: PaymentRow, names: { paidBy?: string | null; undoneBy?: string | null } = {}) {
  return {
    id: p.id,
    cost_id: p.costId,
    due_date: p.dueDate,
    next_due_date: p.nextDueDate,
    amount: toPesos(p.amount),
    paid_on: p.paidOn,
    payment_method: p.method,
    note: p.note,
    paid_by: p.paidBy,
    paid_by_name: names.paidBy ?? null,
    created_at: p.createdAt,
    undone: p.undoneAt !== null,
    undone_at: p.undoneAt,
    undone_by: p.undoneBy,
    undone_by_name: names.undoneBy ?? null,
    undo_reason: p.undoReason,
  };
}

/** A cost's payment log, newest first, with the names of who paid and who undid. */
export async function listCostPayments(db: Db, companyId: number, costId: number) {
  await requireCompanyRow(db, operatingCosts, companyId, costId, "Costo no encontrado");
  const rows = await db
    .select()
    .from(costPayments)
    .where(and(eq(costPayments.companyId, companyId), eq(costPayments.costId, costId)))
    .orderBy(desc(costPayments.createdAt), desc(costPayments.id));
  const ids = [...new Set(rows.flatMap((r) => [r.paidBy, r.undoneBy]).filter((x): x is number => x !== null))];
  const people =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, first: users.firstName, last: users.lastName })
          .from(users)
          .where(inArray(users.id, ids));
  const name = (id: number | null) => {
    const p = people.find((x) => x.id === id);
    return p ? `${p.first} ${p.last}`.trim() : null;
  };
  return rows.map((r) => toCostPaymentDto(r, { paidBy: name(r.paidBy), undoneBy: name(r.undoneBy) }));
}
