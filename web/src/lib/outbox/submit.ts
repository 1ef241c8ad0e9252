// A create made through the outbox: kept on the phone first, then sent at once when there is a connection.
import { companyHeaders } from "../actingCompany";
import { afterPaint } from "../afterPaint";
import { addItem, type OutboxItem, outboxAvailable, removeItem } from "./db";
import { type Delivered, deliver, type Outcome, sendItem } from "./deliver";
import { outboxChanged } from "./events";
import { inFlight, settle } from "./sync";

/** How long the form waits for the server before telling the seller the item is safe on the phone. */
export const DIRECT_WAIT_MS = 8_000;

export type Submitted = { kind: "sent"; delivered: Delivered } | { kind: "queued" };

type NewItem = OutboxItem extends infer I
  ? I extends OutboxItem
    ? Omit<I, "userId" | "company" | "createdAt" | "status" | "attempts" | "lastTriedAt" | "problem" | "discarded">
    : never
  : never;

/** A fresh outbox item of the signed-in user, not tried yet. */
export function outboxItem(item: NewItem, userId: number, now = new Date()): OutboxItem {
  return {
    ...item,
    userId,
    company: companyHeaders()["X-Company-Id"] ?? null,
    createdAt: now.toISOString(),
    status: "pending",
    attempts: 0,
    lastTriedAt: null,
    problem: null,
    discarded: null,
  } as OutboxItem;
}

const later = (ms: number) => new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), ms));

/**
 * Keeps the item on the phone, then (online) sends it with its Idempotency-Key. Resolves "sent" with the
 * server's answer, or "queued" when the server cannot be reached (or takes longer than DIRECT_WAIT_MS:
 * the request goes on, and the queue sends the same key again later, which cannot record it twice).
 * A refusal rejects with the server's error, as a direct call would, and leaves nothing queued: the
 * seller is still on the form and corrects it there.
 */
export async function submitThroughOutbox(item: OutboxItem, waitMs = DIRECT_WAIT_MS): Promise<Submitted> {
  const online = typeof navigator === "undefined" || navigator.onLine !== false;
  // a browser that cannot keep it (IndexedDB refused): a plain call, its failure shown on the form as before
  if (!outboxAvailable()) return { kind: "sent", delivered: await sendItem(item) };
  await addItem(item);
  if (!online) {
    // the screens that list the outbox read it again once the form has said "Guardada" (not before)
    void afterPaint().then(outboxChanged);
    return { kind: "queued" };
  }
  outboxChanged();

  inFlight.add(item.key);
  let timedOut = false;
  const sending = deliver(item).then(async (outcome: Outcome) => {
    try {
      if (outcome.kind === "refused" && !timedOut) await removeItem(item.key).then(outboxChanged);
      else await settle(item, outcome);
    } finally {
      inFlight.delete(item.key);
    }
    return outcome;
  });
  const first = await Promise.race([sending, later(waitMs)]);
  if (first === "waiting") {
    timedOut = true;
    return { kind: "queued" };
  }
  if (first.kind === "sent") return first;
  if (first.kind === "refused") throw first.error;
  return { kind: "queued" };
}
