// Sending a user's outbox: oldest first, one tab at a time, stopping at the first "later" answer.
import { getItem, itemsOf, type OutboxItem, removeItem, updateItem } from "./db";
import { type Delivered, deliver as deliverItem, type Outcome } from "./deliver";
import { outboxChanged } from "./events";

/** Waits between attempts while the server cannot be reached: quick at first, then every 5 minutes. */
const BACKOFF_MS = [2_000, 5_000, 15_000, 30_000, 60_000, 120_000, 300_000];

export function backoffDelay(failedRounds: number): number {
  return BACKOFF_MS[Math.min(Math.max(failedRounds, 0), BACKOFF_MS.length - 1)] ?? 300_000;
}

export type FlushReport = {
  sent: { item: OutboxItem; delivered: Delivered }[];
  refused: OutboxItem[];
  /** why sending stopped before the end, if it did */
  stopped: "retry" | "signed-out" | null;
  /** another tab of this browser was already sending the same user's outbox */
  busyElsewhere: boolean;
};

/** Items this tab is sending right now (the sales form sends its own sale at once). */
export const inFlight = new Set<string>();

/** Runs `work` while holding the user's outbox lock in this browser, or not at all if another tab holds it. */
async function withLock<T>(userId: number, work: () => Promise<T>): Promise<T | null> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return work();
  return locks.request(`horma-outbox-${userId}`, { ifAvailable: true }, (lock) => (lock ? work() : null));
}

/** What the server answered the items this tab delivered, newest last (a few: screens ask right after). */
const delivered = new Map<string, Delivered>();
const DELIVERIES_KEPT = 20;

/**
 * What the server recorded for an item this tab delivered (a queued sale's number and receipt), once
 * it is gone from the outbox; undefined when another tab sent it or it is not delivered yet.
 */
export function deliveredItem(key: string): Delivered | undefined {
  return delivered.get(key);
}

/** Records what one attempt gave: gone once sent, "Por resolver" when refused, counted when "later". */
export async function settle(item: OutboxItem, outcome: Outcome, now = new Date()): Promise<void> {
  if (outcome.kind === "sent") {
    // kept before the item goes, so a screen reading the outbox again finds the answer
    delivered.set(item.key, outcome.delivered);
    for (const old of delivered.keys()) if (delivered.size > DELIVERIES_KEPT) delivered.delete(old);
    await removeItem(item.key);
  } else if (outcome.kind === "refused") {
    await updateItem(item.key, (current) => ({
      ...current,
      status: "blocked",
      attempts: current.attempts + 1,
      lastTriedAt: now.toISOString(),
      problem: { detail: outcome.detail, status: outcome.status, at: now.toISOString() },
    }));
  } else if (outcome.kind === "retry") {
    await updateItem(item.key, (current) => ({
      ...current,
      attempts: current.attempts + 1,
      lastTriedAt: now.toISOString(),
    }));
  }
  outboxChanged();
}

/**
 * Sends the user's pending items in the order they were made. A "later" answer (no connection, the
 * server busy) stops the round: the rest waits for the next one, in order. A replay is harmless: each
 * item carries its Idempotency-Key, so the server answers what it already recorded.
 */
export async function flushOutbox(
  userId: number,
  company: string | null,
  deliver: (item: OutboxItem) => Promise<Outcome> = deliverItem,
): Promise<FlushReport> {
  const report: FlushReport = { sent: [], refused: [], stopped: null, busyElsewhere: false };
  const ran = await withLock(userId, async () => {
    for (const queued of await itemsOf(userId)) {
      if (queued.status !== "pending" || queued.company !== company || inFlight.has(queued.key)) continue;
      inFlight.add(queued.key);
      try {
        // another tab may have sent or resolved it since the list was read
        const item = await getItem(queued.key);
        if (item?.status !== "pending") continue;
        const outcome = await deliver(item);
        await settle(item, outcome);
        if (outcome.kind === "sent") report.sent.push({ item, delivered: outcome.delivered });
        else if (outcome.kind === "refused") report.refused.push(item);
        else {
          report.stopped = outcome.kind;
          break;
        }
      } finally {
        inFlight.delete(queued.key);
      }
    }
    return true;
  });
  if (ran === null) report.busyElsewhere = true;
  return report;
}
