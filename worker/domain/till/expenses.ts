import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { isGuardFailure } from "../../db/guards";
import { expenses } from "../../db/schema";
import { conflict, IDEMPOTENCY_KEY_TAKEN } from "../shared/errors";
import { toPesos } from "../shared/money";
import { bogotaDate, bogotaDayRange } from "../shared/time";
import { assertDrawerCovers, type CoverRequest, cashExitStatements, coverForDrawer, drawerReading } from "./cash-exits";

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

/** An expense paid from the drawer (createExpense). */
export interface NewExpense {
  concept: string;
  amountCentavos: number;
  notes: string | null;
  receiptKey: string | null;
  idempotencyKey: string;
  /** an administrador's PIN and why, when the drawer cannot pay the expense */
  cover: CoverRequest;
}

export async function createExpense(
  db: Db,
  actor: { id: number; companyId: number; locationId: number | null },
  input: NewExpense,
) {
  // One read: the key (a retry answers the first expense, but only to the user who recorded it, before
  // any check of the drawer: the first call already paid it) and what the drawer holds. The insert does
  // nothing when the key is taken by a retry that got in between, and the first expense is read then.
  const [[existing], [drawer]] = await db.batch([
    expenseByKey(db, actor.companyId, input.idempotencyKey),
    drawerReading(db, actor.companyId, actor.locationId ?? 0),
  ]);
  if (existing) return replayOf(existing, actor.id);
  // an expense is paid from the store's drawer: a cash exit (cash-exits.ts)
  const exit =
    actor.locationId === null
      ? []
      : cashExitStatements(
          db,
          actor.locationId,
          input.amountCentavos,
          await coverForDrawer(db, actor, actor.locationId, input.amountCentavos, input.cover, drawer?.held ?? null),
        );
  const insert = db
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
  let rows: (typeof expenses.$inferSelect)[];
  try {
    const statements: BatchItem<"sqlite">[] = [...exit, insert];
    const results: unknown[] = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    rows = results[results.length - 1] as (typeof expenses.$inferSelect)[];
  } catch (err) {
    if (!isGuardFailure(err) || actor.locationId === null) throw err;
    // the drawer paid something else since the read: say what it holds now
    await assertDrawerCovers(db, actor.locationId, input.amountCentavos, null);
    throw conflict("La caja cambió mientras se registraba el gasto; vuelve a intentarlo");
  }
  const [row] = rows;
  if (row) return { row, replayed: false };
  const [first] = await expenseByKey(db, actor.companyId, input.idempotencyKey);
  if (!first) throw new Error("expense neither inserted nor found");
  return replayOf(first, actor.id);
}

function expenseByKey(db: Db, companyId: number, key: string) {
  return db
    .select()
    .from(expenses)
    .where(and(eq(expenses.companyId, companyId), eq(expenses.idempotencyKey, key)))
    .limit(1);
}

function replayOf(row: typeof expenses.$inferSelect, userId: number) {
  if (row.userId !== userId) throw conflict(IDEMPOTENCY_KEY_TAKEN);
  return { row, replayed: true };
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
