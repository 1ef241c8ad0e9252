// Paying an operating cost moves its due date one period on. The move is a compare-and-set on the due
// date that was read, so two payments of the same period at once move it once; a client that names
// the period it pays (`dueDate`) gets 409 when that period was already paid.
import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { operatingCosts } from "../db/schema";
import { conflict, notFound } from "../lib/errors";
import { type Frequency, nextDueDate } from "./costs";

export const PERIOD_ALREADY_PAID = "Ese vencimiento ya fue pagado; el costo tiene un vencimiento nuevo";

export async function payCost(db: Db, companyId: number, id: number, today: string, dueDate: string | null) {
  const [row] = await db
    .select()
    .from(operatingCosts)
    .where(and(eq(operatingCosts.companyId, companyId), eq(operatingCosts.id, id)))
    .limit(1);
  if (!row) throw notFound("Costo no encontrado");
  if (dueDate !== null && row.endDate !== dueDate) throw conflict(PERIOD_ALREADY_PAID);
  const due = row.endDate ?? today;
  const sameDue = (
    row.endDate === null ? isNull(operatingCosts.endDate) : eq(operatingCosts.endDate, row.endDate)
  ) as SQL;
  const [updated] = await db
    .update(operatingCosts)
    .set({ lastPaidDate: today, endDate: nextDueDate(due, row.frequency as Frequency) })
    .where(and(eq(operatingCosts.id, id), eq(operatingCosts.companyId, companyId), sameDue))
    .returning();
  if (!updated) throw conflict(PERIOD_ALREADY_PAID);
  return updated;
}
