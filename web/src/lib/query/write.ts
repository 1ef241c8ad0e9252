import { useMutation } from "@tanstack/react-query";
import { invalidate, type QueryArea } from "./spec";

/**
 * The write hooks of one area: `write(call, reads)` is a hook running `call` through `useMutation`;
 * after a success every read of the area named in `reads` (with any filters) is stale, and the ones
 * on screen load again.
 */
export function writeHooks(area: QueryArea) {
  return <A, R>(call: (args: A) => Promise<R>, reads: readonly string[]) =>
    function useWrite() {
      return useMutation({ mutationFn: call, onSuccess: () => invalidate(area, ...reads) });
    };
}

/**
 * A call taking a value and its idempotency key, as a write taking `{ [name]: value, key }`:
 * `keyed("user", createUser)` is `({ user, key }) => createUser(user, key)`.
 */
export function keyed<K extends string, T, R>(name: K, call: (value: T, key: string) => Promise<R>) {
  return (args: Record<K, T> & { key: string }) => call(args[name], args.key);
}
