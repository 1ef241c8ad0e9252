// Writes an Idempotency-Key in the same D1 transaction as the call's first write: the key's row is
// inserted (as 'committed') by that write's batch, and a guard fails the whole batch when the key is
// already held by another call. So the effect and the key go in together or not at all: two calls with
// one key cannot both write, and a call whose Worker dies after its write leaves the key committed (a
// retry then knows the effect happened) where a call that died before writing left nothing.

const WRITE = /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i;

export interface KeyHolder {
  userId: number;
  key: string;
  /** random per call: tells this call's row from another's */
  owner: string;
  fingerprint: string;
  createdAt: string;
  lockedUntil: string;
  expiresAt: string;
  /** set (on this copy) once this call's write went in with the key */
  committed?: boolean;
}

// An expired row (24 h) is taken over; a live one makes the upsert change nothing, and the guard after
// it then fails the batch (batch_guards refuses every row: worker/db/guards.ts).
const MARK_SQL = `INSERT INTO idempotency_keys
    (user_id, key, fingerprint, owner, state, status, body, created_at, locked_until, expires_at)
  VALUES (?, ?, ?, ?, 'committed', NULL, NULL, ?, ?, ?)
  ON CONFLICT (user_id, key) DO UPDATE SET
    fingerprint = excluded.fingerprint, owner = excluded.owner, state = 'committed', status = NULL,
    body = NULL, created_at = excluded.created_at, locked_until = excluded.locked_until,
    expires_at = excluded.expires_at
  WHERE idempotency_keys.expires_at <= excluded.created_at`;
const GUARD_SQL = "INSERT INTO batch_guards (guard) SELECT 'idempotency_key_held' WHERE changes() = 0";

/**
 * A D1 binding that appends the key's row and its guard to the first batch (or single statement) that
 * writes; reads and later writes pass through unchanged. Drizzle runs single statements with
 * run/all/raw and several with batch, all of which are covered.
 */
export function withCommitMark(d1: D1Database, holder: KeyHolder): D1Database {
  let marked = false;
  const known = new WeakMap<object, { statement: D1PreparedStatement; sql: string }>();
  const mark = () => [
    d1
      .prepare(MARK_SQL)
      .bind(
        holder.userId,
        holder.key,
        holder.fingerprint,
        holder.owner,
        holder.createdAt,
        holder.lockedUntil,
        holder.expiresAt,
      ),
    d1.prepare(GUARD_SQL),
  ];
  const unwrap = (s: D1PreparedStatement) => known.get(s)?.statement ?? s;

  /** Runs one write statement together with the mark; answers as the statement alone would. */
  async function markedRun(statement: D1PreparedStatement): Promise<D1Result> {
    // a write that fails rolls the key back with it: the call's next write carries it again
    const [result] = await d1.batch([statement, ...mark()]);
    if (!result) throw new Error("D1 batch answered nothing");
    marked = true;
    holder.committed = true;
    return result;
  }

  function wrap(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        const writes = WRITE.test(sql);
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values), sql);
        // another wrapper of the same holder may have taken the key already (db/shards.ts: markWrites)
        if (writes && !marked && !holder.committed) {
          if (prop === "run" || prop === "all") return () => markedRun(target);
          if (prop === "first") {
            return async (column?: string) => {
              const row = (await markedRun(target)).results[0] as Record<string, unknown> | undefined;
              return row === undefined ? null : column === undefined ? row : (row[column] ?? null);
            };
          }
          if (prop === "raw") {
            return async (options?: { columnNames?: boolean }) => {
              const rows = (await markedRun(target)).results as Record<string, unknown>[];
              const values = rows.map((row) => Object.values(row));
              return options?.columnNames ? [Object.keys(rows[0] ?? {}), ...values] : values;
            };
          }
        }
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    known.set(proxy, { statement, sql });
    return proxy;
  }

  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const plain = statements.map(unwrap);
          const writes = statements.some((s) => WRITE.test(known.get(s)?.sql ?? ""));
          if (marked || holder.committed || !writes) return target.batch(plain);
          const results = (await target.batch([...plain, ...mark()])).slice(0, -2);
          marked = true;
          holder.committed = true;
          return results;
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
