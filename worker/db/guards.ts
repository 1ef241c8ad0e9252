// Guards for D1 batches. A batch is one transaction, but its statements run blind: a guarded UPDATE
// that matches no row does not stop the statements after it. These statements make it stop: each
// inserts into `batch_guards` (whose CHECK refuses every row) only when its guard did not hold, so the
// whole batch rolls back and the caller learns which guard it was from isGuardFailure.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";
import { batchGuards } from "./schema";

const GUARD_CONSTRAINT = "batch_guard_held";

/** Fails the batch unless the statement just before it changed at least one row. */
export function requireChanged(db: Db, guard: string) {
  return db.insert(batchGuards).select(sql`SELECT ${guard} WHERE changes() = 0`);
}

/** Fails the batch unless `condition` holds when this statement runs (inside the batch's transaction). */
export function requireThat(db: Db, guard: string, condition: SQL) {
  return db.insert(batchGuards).select(sql`SELECT ${guard} WHERE NOT (${condition})`);
}

/** A batch rolled back because one of its guards did not hold. */
export function isGuardFailure(err: unknown): boolean {
  return errorText(err).includes(GUARD_CONSTRAINT);
}

/** A D1 error's message with its cause (D1 puts SQLite's text in either). */
export function errorText(err: unknown): string {
  return err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? "")}` : String(err);
}
