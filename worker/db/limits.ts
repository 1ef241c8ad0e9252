import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** D1 binds at most 100 values per statement; a multi-row insert over it fails the whole batch. */
export const MAX_BOUND_PARAMS = 100;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Rows of a multi-row insert, in groups that each bind at most MAX_BOUND_PARAMS values. */
export function rowsPerStatement<T>(rows: readonly T[], paramsPerRow: number): T[][] {
  return chunk(rows, Math.max(1, Math.floor(MAX_BOUND_PARAMS / paramsPerRow)));
}

/**
 * `column IN (the values)` with the values bound as ONE JSON parameter, however many they are (an IN list
 * binds one value each, and D1 refuses a statement over MAX_BOUND_PARAMS).
 */
export function inList(column: SQLiteColumn, values: readonly (number | string)[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
