import { useCallback, useEffect, useState } from "react";
import { fetchAvailableLocations } from "../../api/admin";
import type { AvailableLocation } from "../../api/admin-schemas";
import { errorMessage } from "../../lib/query/useRemoteData";

export type LocationOptions = { list: AvailableLocation[]; error: string | null; retry: () => void };

/** The company's active locations for selects (GET /available-locations-for-users). */
export function useLocationOptions(): LocationOptions {
  const [list, setList] = useState<AvailableLocation[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger.
  useEffect(() => {
    const controller = new AbortController();
    fetchAvailableLocations(controller.signal).then(
      (answer) => {
        setList(answer.locations);
        setError(null);
      },
      (err: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(err));
      },
    );
    return () => controller.abort();
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { list, error, retry };
}
