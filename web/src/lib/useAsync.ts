import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { queryKeys } from "./query/keys";
import { errorMessage } from "./query/useRemoteData";

export type AsyncState<T> =
  | { status: "loading" }
  | { status: "success"; data: T }
  | { status: "error"; message: string };

/**
 * A one-off read through the query cache, loaded again whenever `key` changes (or on retry); the
 * previous call is aborted, so a slow old answer never overwrites a newer one.
 */
export function useAsync<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const query = useQuery({ queryKey: queryKeys.read(key), queryFn: ({ signal }) => load(signal) });
  const { status, data, error, isFetching } = query;
  // One object per answer (screens copy `state` into their own state in effects).
  const state = useMemo<AsyncState<T>>(
    () =>
      status === "pending" || (status === "error" && isFetching)
        ? { status: "loading" }
        : status === "error"
          ? { status: "error", message: errorMessage(error) }
          : { status: "success", data },
    [status, data, error, isFetching],
  );
  return { state, retry: () => void query.refetch() };
}
