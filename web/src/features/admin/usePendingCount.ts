import { useCallback, useEffect, useState } from "react";
import { fetchDiscrepancies, fetchPendingDiscounts, fetchPendingReturns } from "../../api/admin";
import { fetchContactMessages } from "../../api/contact";

/** Refreshes the badge on its own every so often; actions in Notificaciones refresh it at once. */
const REFRESH_MS = 60_000;

/**
 * The notifications badge: pending discount requests, pending returns, receptions with open
 * discrepancies and unread messages of the storefront (spec §2.1, design §5).
 * null until both counts are known; a failed refresh keeps the last known count.
 */
export function usePendingCount(): { count: number | null; refresh: () => void } {
  const [count, setCount] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger.
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      fetchPendingDiscounts(controller.signal),
      fetchPendingReturns(controller.signal),
      fetchDiscrepancies("open", controller.signal),
      // one row is enough: the answer counts the unread ones of every page
      fetchContactMessages(controller.signal, 0, 1),
    ]).then(
      ([discounts, returns, discrepancies, messages]) => {
        if (!controller.signal.aborted)
          setCount(discounts.requests.length + returns.returns.length + discrepancies.open_count + messages.unread);
      },
      () => undefined,
    );
    const timer = setTimeout(() => setAttempt((n) => n + 1), REFRESH_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [attempt]);

  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  return { count, refresh };
}
