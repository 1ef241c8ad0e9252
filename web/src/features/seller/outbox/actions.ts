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

export type QueuedSale = Extract<OutboxItem, { kind: "sale" }>;

/** Today's sales (Bogotá's day) still on the phone: waiting to be sent, and refused ("Por resolver"). */
export type QueuedToday = { pending: QueuedSale[]; blocked: QueuedSale[]; pendingTotal: number };

export function queuedToday(items: readonly OutboxItem[], now = new Date()): QueuedToday {
  const today = formatDate(now.toISOString());
  const sales = items.filter(
    (item): item is QueuedSale => item.kind === "sale" && formatDate(item.createdAt) === today,
  );
  const pending = sales.filter((s) => s.status === "pending");
  return {
    pending,
    blocked: sales.filter((s) => s.status === "blocked"),
    pendingTotal: pending.reduce((sum, s) => sum + s.snapshot.total, 0),
  };
}

export type QueuedExpense = Extract<OutboxItem, { kind: "expense" }>;

/**
 * Today's expenses still on the phone, as `queuedToday` for sales: the pending ones count in "Gastos del
 * día" (labelled "pendiente de enviar"); once sent the item leaves the outbox and the server's list has it,
 * so it is never counted twice. Refused ones ("Por resolver") are listed but not counted.
 */
export type QueuedExpenses = { pending: QueuedExpense[]; blocked: QueuedExpense[]; pendingTotal: number };

export const NO_QUEUED_EXPENSES: QueuedExpenses = { pending: [], blocked: [], pendingTotal: 0 };

export function queuedExpensesToday(items: readonly OutboxItem[], now = new Date()): QueuedExpenses {
  const today = formatDate(now.toISOString());
  const expenses = items.filter(
    (item): item is QueuedExpense => item.kind === "expense" && formatDate(item.createdAt) === today,
  );
  const pending = expenses.filter((e) => e.status === "pending");
  return {
    pending,
    blocked: expenses.filter((e) => e.status === "blocked"),
    pendingTotal: pending.reduce((sum, e) => sum + Number(e.payload.amount), 0),
  };
}
