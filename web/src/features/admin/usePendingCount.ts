import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useCallback } from "react";
import { fetchDiscrepancies, fetchPendingDiscounts, fetchPendingReturns } from "../../api/admin";
import { fetchContactMessages } from "../../api/contact";
import { companyHeaders } from "../../lib/actingCompany";
import { sessionAtom } from "../../lib/session";

/** Refreshes the badge on its own every so often; actions in Notificaciones refresh it at once. */
const REFRESH_MS = 60_000;

const pendingCountKey = (userId: number | null) =>
  ["admin", "pending-count", userId, companyHeaders()["X-Company-Id"] ?? null] as const;

async function loadPendingCount(signal: AbortSignal): Promise<number> {
  const [discounts, returns, discrepancies, messages] = await Promise.all([
    fetchPendingDiscounts(signal),
    fetchPendingReturns(signal),
    fetchDiscrepancies("open", signal),
    // one row is enough: the answer counts the unread ones of every page
    fetchContactMessages(signal, 0, 1),
  ]);
  return discounts.requests.length + returns.returns.length + discrepancies.open_count + messages.unread;
}

/**
 * The notifications badge: pending discount requests, pending returns, receptions with open
 * discrepancies and unread messages of the storefront (spec §2.1, design §5).
 * null until the count is known; a failed refresh keeps the last known count.
 */
export function usePendingCount(): number | null {
  const userId = useAtomValue(sessionAtom)?.id ?? null;
  const query = useQuery({
    queryKey: pendingCountKey(userId),
    queryFn: ({ signal }) => loadPendingCount(signal),
    refetchInterval: REFRESH_MS,
  });
  return query.data ?? null;
}

/** Counts the badge again (after an action in Notificaciones, or on moving to another section). */
export function useRefreshPendingCount(): () => void {
  const client = useQueryClient();
  const userId = useAtomValue(sessionAtom)?.id ?? null;
  return useCallback(() => void client.invalidateQueries({ queryKey: pendingCountKey(userId) }), [client, userId]);
}
