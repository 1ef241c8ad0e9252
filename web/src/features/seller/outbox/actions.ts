// What the seller does with an item the server refused ("Por resolver"): send it again, or discard it
// with a reason (kept on the phone, never silently dropped).

import { formatDate } from "../../../lib/format";
import { type OutboxItem, updateItem } from "../../../lib/outbox/db";
import { outboxChanged } from "../../../lib/outbox/events";

export const SAVED_ON_PHONE = "Guardada en el teléfono – se enviará al volver la conexión";
export const REPLACED_REASON = "Reemplazada por una venta corregida";

/** Back in the queue: the next round sends it again with the same key. */
export async function retryItem(key: string): Promise<void> {
  await updateItem(key, (item) => ({ ...item, status: "pending", problem: null }));
  outboxChanged();
}

export async function discardItem(key: string, reason: string, now = new Date()): Promise<void> {
  await updateItem(key, (item) => ({ ...item, status: "discarded", discarded: { reason, at: now.toISOString() } }));
  outboxChanged();
}

/** What the seller sees of an item: its kind and amount in a few words. */
export function itemTitle(item: OutboxItem): string {
  switch (item.kind) {
    case "sale":
      return "Venta";
    case "expense":
      return `Gasto: ${item.payload.concept}`;
    case "transfer":
    case "single-foot":
      return `Solicitud de transferencia: ${item.payload.sneaker_reference_code} talla ${item.payload.size}`;
  }
}

export function itemAmount(item: OutboxItem): number | null {
  if (item.kind === "sale") return item.snapshot.total;
  if (item.kind === "expense") return Number(item.payload.amount);
  return null;
}

/** Today's items of one kind (Bogotá's day) still on the phone: waiting to be sent, and refused ("Por resolver"). */
type Queued<I> = { pending: I[]; blocked: I[]; pendingTotal: number };

type OfKind<K extends OutboxItem["kind"]> = Extract<OutboxItem, { kind: K }>;

function queuedOfKind<K extends OutboxItem["kind"]>(
  items: readonly OutboxItem[],
  kind: K,
  now: Date,
): Queued<OfKind<K>> {
  const today = formatDate(now.toISOString());
  const mine = items.filter((item): item is OfKind<K> => item.kind === kind && formatDate(item.createdAt) === today);
  const pending = mine.filter((item) => item.status === "pending");
  return {
    pending,
    blocked: mine.filter((item) => item.status === "blocked"),
    pendingTotal: pending.reduce((sum, item) => sum + (itemAmount(item) ?? 0), 0),
  };
}

export type QueuedSale = OfKind<"sale">;

/** Today's sales still on the phone. */
export type QueuedToday = Queued<QueuedSale>;

export function queuedToday(items: readonly OutboxItem[], now = new Date()): QueuedToday {
  return queuedOfKind(items, "sale", now);
}

export type QueuedExpense = OfKind<"expense">;

/**
 * Today's expenses still on the phone, as `queuedToday` for sales: the pending ones count in "Gastos del
 * día" (labelled "pendiente de enviar"); once sent the item leaves the outbox and the server's list has it,
 * so it is never counted twice. Refused ones ("Por resolver") are listed but not counted.
 */
export type QueuedExpenses = Queued<QueuedExpense>;

export const NO_QUEUED_EXPENSES: QueuedExpenses = { pending: [], blocked: [], pendingTotal: 0 };

export function queuedExpensesToday(items: readonly OutboxItem[], now = new Date()): QueuedExpenses {
  return queuedOfKind(items, "expense", now);
}
