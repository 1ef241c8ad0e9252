import { useCallback, useRef, useState } from "react";
import { useFeedback } from "./feedback";

/**
 * Runs one action at a time per screen: shows the success text or "Error: {message}" and tells which
 * action is running (by a name such as "delete-12") so only its button shows progress.
 */
export function useAction() {
  const feedback = useFeedback();
  const [running, setRunning] = useState<string | null>(null);
  const runningRef = useRef<string | null>(null);

  const run = useCallback(
    async <T>(name: string, action: () => Promise<T>, successText?: string): Promise<T | undefined> => {
      if (runningRef.current !== null) return undefined;
      runningRef.current = name;
      setRunning(name);
      try {
        const result = await action();
        if (successText) feedback.success(successText);
        return result;
      } catch (error) {
        feedback.failure(error);
        return undefined;
      } finally {
        runningRef.current = null;
        setRunning(null);
      }
    },
    [feedback],
  );

  return { run, running };
}
