import type { Db } from "../../../worker/db/client";

const WRITES = /Insert|Update|Delete/;

/**
 * A Db that runs `between` once, just before the first write it is asked to make (a write builder
 * awaited on its own, or a batch holding one): the deterministic form of "another request got in
 * between this one's reads and its write", which HTTP timing only hits now and then. `between` must
 * use the real Db.
 */
export function writesAfter(db: Db, between: () => Promise<unknown>): Db {
  let fired = false;
  const fire = async () => {
    if (fired) return;
    fired = true;
    await between();
  };
  const isWrite = (statement: unknown) =>
    typeof statement === "object" && statement !== null && WRITES.test(statement.constructor.name);
  const gate = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (prop === "then" && typeof value === "function") {
          return (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) =>
            fire().then(() => (value as (a: unknown, b: unknown) => unknown).call(target, resolve, reject), reject);
        }
        if (typeof value !== "function" || prop === "constructor") return value;
        return (...args: unknown[]) => {
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          return result !== null && typeof result === "object" && "then" in result ? gate(result) : result;
        };
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "insert" || prop === "update" || prop === "delete") {
        return (...args: unknown[]) => gate((value as (...a: unknown[]) => object).apply(target, args));
      }
      if (prop === "batch") {
        return async (statements: unknown[]) => {
          if (statements.some(isWrite)) await fire();
          return (value as (s: unknown[]) => unknown).call(target, statements);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
