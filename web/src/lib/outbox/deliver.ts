// Sending one outbox item and reading what the answer means for the queue.
import { KEY_IN_PROGRESS } from "../../../../shared/messages";
import { ApiError } from "../../api/http";
import { createExpense, createSale } from "../../api/seller";
import { requestSingleFoot, requestTransfer } from "../../api/transfers";
import type { OutboxItem } from "./db";

/** What the server answered a create with (the sale, the expense, the transfer request). */
export type Delivered =
  | { kind: "sale"; saleId: number; total: number; receiptToken: string | null }
  | { kind: "expense"; concept: string; amount: number }
  | { kind: "transfer"; transferId: number };

export type Outcome =
  | { kind: "sent"; delivered: Delivered }
  /** the server said no: the item waits for the seller ("Por resolver") */
  | { kind: "refused"; status: number; detail: string; error: ApiError }
  /** no answer, or one that says "later" (5xx, 408, 429, the key still running): try again */
  | { kind: "retry"; reason: string }
  /** the session was rejected: nothing is sent until the same user signs in again */
  | { kind: "signed-out" };

const RETRY_STATUSES = new Set([408, 425, 429]);

/** How a failed send is treated by the queue. */
export function outcomeOf(error: unknown): Exclude<Outcome, { kind: "sent" }> {
  if (!(error instanceof ApiError)) {
    return { kind: "retry", reason: error instanceof Error ? error.message : "Error desconocido" };
  }
  if (error.kind !== "http") return { kind: "retry", reason: error.message };
  if (error.status === 401) return { kind: "signed-out" };
  if (error.status >= 500 || RETRY_STATUSES.has(error.status)) return { kind: "retry", reason: error.message };
  if (error.status === 409 && error.detail === KEY_IN_PROGRESS) return { kind: "retry", reason: error.message };
  return { kind: "refused", status: error.status, detail: error.detail ?? error.message, error };
}

/** A sale sent this long after it was made was kept on the phone: the server dates it when it was made. */
export const QUEUED_AFTER_MS = 60_000;
/** The server takes a sale's own time up to 72 h back; older, it is dated when it arrives (with margin). */
export const SOLD_AT_MAX_AGE_MS = 71 * 60 * 60_000;

/**
 * The time a queued sale was made, for the server to date it with (its day and till), or null: a sale
 * sent as it is made is dated by the server (the quicker path), and one older than the server accepts
 * is dated when it arrives rather than refused.
 */
export function soldAtOf(item: Pick<OutboxItem, "createdAt">, now = new Date()): string | null {
  const age = now.getTime() - Date.parse(item.createdAt);
  return age >= QUEUED_AFTER_MS && age <= SOLD_AT_MAX_AGE_MS ? item.createdAt : null;
}

/** Sends an item and answers what the server recorded; a failure throws as the API call did. */
export async function sendItem(item: OutboxItem): Promise<Delivered> {
  switch (item.kind) {
    case "sale": {
      const sale = await createSale({ ...item.payload, sold_at: soldAtOf(item) }, item.key);
      return {
        kind: "sale",
        saleId: sale.sale_id,
        total: sale.total_amount,
        receiptToken: sale.sale_details.receipt_token,
      };
    }
    case "expense": {
      const answer = await createExpense(item.payload, item.key);
      return { kind: "expense", concept: answer.expense.concept, amount: answer.expense.amount };
    }
    case "transfer":
      return { kind: "transfer", transferId: (await requestTransfer(item.payload, item.key)).transfer_request_id };
    case "single-foot":
      return { kind: "transfer", transferId: (await requestSingleFoot(item.payload, item.key)).transfer_request_id };
  }
}

/** Sends an item with its own Idempotency-Key: a replay of something already recorded answers it again. */
export async function deliver(item: OutboxItem): Promise<Outcome> {
  try {
    return { kind: "sent", delivered: await sendItem(item) };
  } catch (error) {
    return outcomeOf(error);
  }
}
