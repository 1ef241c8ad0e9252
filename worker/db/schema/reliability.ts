// Batch guards and Idempotency-Keys.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Never holds a row: a batch inserts into it only when one of its guards did not hold (a guarded
 * UPDATE that matched nothing, a condition that is false), and the CHECK then fails and rolls back
 * the whole batch. See worker/db/guards.ts.
 */
export const batchGuards = sqliteTable("batch_guards", { guard: text("guard").notNull() }, (t) => [
  check("batch_guard_held", sql`${t.guard} IS NULL`),
]);

/**
 * The answer to a call made with an Idempotency-Key, per user: a retry with the same key and body gets
 * it back instead of creating again.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: integer("user_id").notNull(),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    /** random per taking of the key: only the request that took it may finish or release it */
    owner: text("owner").notNull(),
    /** committed: written with the call's first write (worker/db/commit-mark.ts), not answered yet; done: answered */
    state: text("state", { enum: ["committed", "done"] }).notNull(),
    status: integer("status"),
    body: text("body"),
    createdAt: text("created_at").notNull(),
    lockedUntil: text("locked_until").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("idempotency_keys_user_key_uq").on(t.userId, t.key),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
  ],
);
