// One row of a company's table by its id: the read that answers 404 for another company's id as for
// one that does not exist (docs/architecture.md, tenancy).
import { and, eq } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { notFound } from "./errors";

type CompanyTable = SQLiteTable & { id: SQLiteColumn; companyId: SQLiteColumn };

/** The read of that row (none for another company's id), as a query to put in a batch. */
export function companyRowRead<T extends CompanyTable>(db: Db, table: T, companyId: number, id: number) {
  return db
    .select()
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.id, id)))
    .limit(1);
}

/** The row of `table` with this id in the company, or a 404 with `message`. */
export async function companyRowOf<T extends CompanyTable>(
  db: Db,
  table: T,
  companyId: number,
  id: number,
  message: string,
): Promise<T["$inferSelect"]> {
  const [row] = await companyRowRead(db, table, companyId, id);
  if (!row) throw notFound(message);
  return row;
}

/** Only that the row with this id is the company's, or a 404 with `message` (reads the id alone). */
export async function requireCompanyRow(
  db: Db,
  table: CompanyTable,
  companyId: number,
  id: number,
  message: string,
): Promise<void> {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.id, id)))
    .limit(1);
  if (!row) throw notFound(message);
}
