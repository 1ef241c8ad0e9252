// Marks an idempotency key as committed in the same D1 transaction as the call's first write. If the
// Worker dies after that write but before the answer is kept, a retry then knows the effect happened
// (and does not run it again), where a key still 'pending' proves that nothing was written.

const WRITE = /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i;

export interface KeyHolder {
  userId: number;
  key: string;
  owner: string;
}

const MARK_SQL =
  "UPDATE idempotency_keys SET state = 'committed' WHERE user_id = ? AND key = ? AND owner = ? AND state = 'pending'";

/**
 * A D1 binding that appends the mark to the first batch (or single statement) that writes; reads and
 * later writes pass through unchanged. Drizzle runs single statements with run/all/raw and several
 * with batch, all of which are covered.
 */
export function withCommitMark(d1: D1Database, holder: KeyHolder): D1Database {
  let marked = false;
  const known = new WeakMap<object, { statement: D1PreparedStatement; sql: string }>();
  const mark = () => d1.prepare(MARK_SQL).bind(holder.userId, holder.key, holder.owner);
  const unwrap = (s: D1PreparedStatement) => known.get(s)?.statement ?? s;

  /** Runs one write statement together with the mark; answers as the statement alone would. */
  async function markedRun(statement: D1PreparedStatement): Promise<D1Result> {
    marked = true;
    const [result] = await d1.batch([statement, mark()]);
    if (!result) throw new Error("D1 batch answered nothing");
    return result;
  }

  function wrap(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        const writes = WRITE.test(sql);
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values), sql);
        if (writes && !marked) {
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
          if (marked || !writes) return target.batch(plain);
          marked = true;
          return (await target.batch([...plain, mark()])).slice(0, -1);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
