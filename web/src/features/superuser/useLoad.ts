import { useCallback, useEffect, useRef, useState } from "react";
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
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(key !== null);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: key and attempt are the triggers; load is read from a ref.
  useEffect(() => {
    if (key === null) {
      setData(null);
      setError(null);
      setLoading(false);
      reportLoad(name, null);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    loadRef.current(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        setError(null);
        setLoading(false);
        reportLoad(name, null);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        const message = failure instanceof Error ? failure.message : "Error desconocido";
        setError(message);
        setLoading(false);
        reportLoad(name, message);
      },
    );
    return () => controller.abort();
  }, [name, key, attempt, reportLoad]);

  // Leaving the tab takes its failure off the banner.
  useEffect(() => () => reportLoad(name, null), [name, reportLoad]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, error, loading, reload };
}
