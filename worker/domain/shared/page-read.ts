// One page of a table's rows and how many rows there are in all, as the two reads of one D1 batch.
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import type { Page } from "../../lib/paging";

/** The page of `table`'s rows matching `where` in `order`, and the count of all that match. */
export function pageRead<T extends SQLiteTable>(db: Db, table: T, where: SQL | undefined, order: SQL[], page: Page) {
  return [
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`COUNT(*)` }).from(table).where(where),
  ] as const;
}
