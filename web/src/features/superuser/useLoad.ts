import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { queryKeys } from "../../lib/query/keys";
import { errorMessage } from "../../lib/query/useRemoteData";
import { useFeedback } from "./feedback";

export type Loaded<T> = {
  /** The last answer; kept while a reload runs so lists do not blink. */
  data: T | null;
  /** Message of the last failure, cleared by the next success. */
  error: string | null;
  loading: boolean;
  reload: () => void;
};

/**
 * Loads a tab's data on entry and whenever `key` changes; a failure is also reported to the red
 * banner at the top under `name` (cleared on success and when the tab is left).
 * `key` null means "nothing to load yet".
 */
export function useLoad<T>(name: string, key: string | null, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const { reportLoad } = useFeedback();
  const query = useQuery({
    queryKey: queryKeys.superuser(name, key ?? ""),
    // The banner changes with the answer itself (not an effect later), as the data does.
    queryFn: async ({ signal }) => {
      try {
        const answer = await load(signal);
        reportLoad(name, null);
        return answer;
      } catch (failure) {
        if (!signal.aborted) reportLoad(name, errorMessage(failure));
        throw failure;
      }
    },
    enabled: key !== null,
    placeholderData: keepPreviousData,
  });
  const error = key !== null && query.isError ? errorMessage(query.error) : null;
  useEffect(() => reportLoad(name, error), [name, error, reportLoad]);
  // Leaving the tab takes its failure off the banner.
  useEffect(() => () => reportLoad(name, null), [name, reportLoad]);
  return {
    data: key === null ? null : (query.data ?? null),
    error,
    loading: key !== null && query.isFetching,
    reload: () => void query.refetch(),
  };
}

/** After a write: every open tab reading these resources loads again (through the query cache). */
export function useInvalidate() {
  const client = useQueryClient();
  return useCallback(
    (...names: string[]) => {
      for (const name of names) void client.invalidateQueries({ queryKey: queryKeys.superuser(name) });
    },
    [client],
  );
}
