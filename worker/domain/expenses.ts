import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { expenses } from "../db/schema";
import { conflict, IDEMPOTENCY_KEY_TAKEN } from "../lib/errors";
import { toPesos } from "./money";
import { bogotaDate, bogotaDayRange } from "./time";

export type ExpenseDto = ReturnType<typeof toExpenseDto>;

export function toExpenseDto(row: typeof expenses.$inferSelect) {
  return {
    id: row.id,
    concept: row.concept,
    amount: toPesos(row.amount),
    notes: row.notes,
    has_receipt: row.receiptImageKey !== null,
    receipt_url: row.receiptImageKey ? `/api/v1/files/${row.receiptImageKey}` : null,
    location_id: row.locationId,
    user_id: row.userId,
    created_at: row.createdAt,
  };
}

export async function createExpense(
  db: Db,
  actor: { id: number; companyId: number; locationId: number | null },
  input: {
    concept: string;
    amountCentavos: number;
    notes: string | null;
    receiptKey: string | null;
    idempotencyKey: string;
  },
) {
  // A retry answers the first expense, but only to the user who recorded it. The insert does nothing
  // when the key is taken (also by a retry that got in between), and the first expense is read then.
  const [row] = await db
    .insert(expenses)
    .values({
      companyId: actor.companyId,
      userId: actor.id,
      locationId: actor.locationId,
      concept: input.concept,
      amount: input.amountCentavos,
      notes: input.notes,
      receiptImageKey: input.receiptKey,
      idempotencyKey: input.idempotencyKey,
    })
    .onConflictDoNothing({ target: [expenses.companyId, expenses.idempotencyKey] })
    .returning();
  if (row) return { row, replayed: false };
  const [existing] = await db
    .select()
    .from(expenses)
    .where(and(eq(expenses.companyId, actor.companyId), eq(expenses.idempotencyKey, input.idempotencyKey)))
    .limit(1);
  if (!existing) throw new Error("expense neither inserted nor found");
  if (existing.userId !== actor.id) throw conflict(IDEMPOTENCY_KEY_TAKEN);
  return { row: existing, replayed: true };
}

/** The user's expenses of one Bogotá day (an administrador sees the company's). */
export async function expensesOfDay(db: Db, companyId: number, userId: number | null, day = bogotaDate()) {
  const { start, end } = bogotaDayRange(day);
  const rows = await db
    .select()
    .from(expenses)
    .where(
      and(
        eq(expenses.companyId, companyId),
        userId === null ? undefined : eq(expenses.userId, userId),
        gte(expenses.createdAt, start),
        lt(expenses.createdAt, end),
      ),
    )
    .orderBy(desc(expenses.createdAt));
  const list = rows.map(toExpenseDto);
  const totalCentavos = rows.reduce((acc, r) => acc + r.amount, 0);
  return { list, summary: { total_amount: toPesos(totalCentavos), count: rows.length } };
}
