import { useMutation } from "@tanstack/react-query";
import { invalidate, type QueryArea } from "./spec";

type WriteOptions = {
  /**
   * Reads to load again after a failure too: a refusal often means someone else got there first (a
   * request already decided, a reservation already handled), and the list should show what happened.
   */
  afterFailure?: readonly string[];
  /**
   * The screen shows the answer at once (it patches the row it changed): the call settles without
   * waiting for the reads, which load again behind it. Otherwise the call settles once they have.
   */
  behind?: boolean;
};

/**
 * The write hooks of one area: `write(call, reads, options?)` is a hook running `call` through
 * `useMutation`; after a success every read of the area named in `reads` (with any filters) is stale,
 * and the ones on screen load again. `reads` may depend on the call's arguments (what a resolution
 * changes depends on the resolution).
 */
export function writeHooks(area: QueryArea) {
  return <A, R>(
    call: (args: A) => Promise<R>,
    reads: readonly string[] | ((args: A) => readonly string[]),
    options: WriteOptions = {},
  ) => {
    const { afterFailure, behind = false } = options;
    const stale = (names: readonly string[]) => {
      const loaded = invalidate(area, ...names);
      return behind ? undefined : loaded;
    };
    return function useWrite() {
      return useMutation({
        mutationFn: call,
        onSuccess: (_answer: R, args: A) => stale(typeof reads === "function" ? reads(args) : reads),
        onError: afterFailure ? () => stale(afterFailure) : undefined,
      });
    };
  };
}

/**
 * A call taking a value and its idempotency key, as a write taking `{ [name]: value, key }`:
 * `keyed("user", createUser)` is `({ user, key }) => createUser(user, key)`.
 */
export function keyed<K extends string, T, R>(name: K, call: (value: T, key: string) => Promise<R>) {
  return (args: Record<K, T> & { key: string }) => call(args[name], args.key);
}
