import { fetchDiscrepancies, fetchPendingDiscounts, fetchPendingReturns } from "../../api/admin";
import { fetchContactMessages } from "../../api/contact";
import { fetchElectronicDocuments } from "../../api/fiscal";
import { fetchNumberingRanges } from "../../api/numbering";
import { invalidate } from "../../lib/query/spec";
import { useRemoteData } from "../../lib/query/useRemoteData";

/** Refreshes the badge on its own every so often; actions in Notificaciones refresh it at once. */
const REFRESH_MS = 60_000;

async function loadPendingCount(signal: AbortSignal): Promise<number> {
  const [discounts, returns, discrepancies, messages, numbering, documents] = await Promise.all([
    fetchPendingDiscounts(signal),
    fetchPendingReturns(signal),
    fetchDiscrepancies("open", signal),
    // one row is enough: the answer counts the unread ones of every page
    fetchContactMessages(signal, 0, 1),
    // the ranges' alerts add to the count; a failed read of them does not hide the rest of it
    fetchNumberingRanges(null, signal).catch(() => ({ ranges: [] as { alerts: unknown[] }[] })),
    // one row is enough: the answer counts every document needing attention
    fetchElectronicDocuments("attention", signal, 1).catch(() => ({ attention_count: 0 })),
  ]);
  const rangeAlerts = numbering.ranges.reduce((n, r) => n + r.alerts.length, 0);
  return (
    discounts.requests.length +
    returns.returns.length +
    discrepancies.open_count +
    messages.unread +
    rangeAlerts +
    documents.attention_count
  );
}

const pendingCount = () => ({
  area: "admin" as const,
  name: "pending-count",
  load: loadPendingCount,
  refreshEveryMs: REFRESH_MS,
});

/**
 * The notifications badge: pending discount requests, pending returns, receptions with open
 * discrepancies, unread messages of the storefront (spec §2.1, design §5) and the alerts of the DIAN
 * numbering ranges (90 % used, 30 days to expire) and the electronic documents needing attention (rejected, or
 * left unanswered by the provider).
 * null until the count is known; a failed refresh keeps the last known count.
 */
export function usePendingCount(): number | null {
  return useRemoteData(pendingCount()).data;
}

/** Counts the badge again (after an action in Notificaciones, or on moving to another section). */
export function refreshPendingCount(): void {
  void invalidate("admin", "pending-count");
}
