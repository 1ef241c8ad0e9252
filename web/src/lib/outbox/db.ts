// The seller's outbox: creates made without a connection, kept in IndexedDB until the server has them.
// One database per browser, items keyed by their Idempotency-Key and indexed by user, so another user
// signing in on the same phone neither sends nor sees them.
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { Customer } from "../../api/customers";
import type { NewExpense, NewSale } from "../../api/seller";
import type { SingleFootPayload, TransferRequestPayload } from "../../api/transfers";
import type { SaleDraft } from "../saleDraft";

/** A sale as the form held it (lines, payments, discount), to show it and to start a corrected sale. */
export type SaleSnapshot = {
  draft: SaleDraft;
  customer: Customer | null;
  total: number;
};

type Common = {
  /** the Idempotency-Key: one per create, from the moment it was made */
  key: string;
  userId: number;
  /** the acting company (X-Company-Id) of a superuser, null for everyone else */
  company: string | null;
  createdAt: string;
  status: "pending" | "blocked" | "discarded";
  attempts: number;
  lastTriedAt: string | null;
  /** the server's refusal, when it refused ("Por resolver") */
  problem: { detail: string; status: number; at: string } | null;
  /** why the seller discarded it, kept so nothing disappears without a trace */
  discarded: { reason: string; at: string } | null;
};

export type OutboxItem =
  | (Common & { kind: "sale"; payload: NewSale; snapshot: SaleSnapshot })
  | (Common & { kind: "expense"; payload: NewExpense })
  | (Common & { kind: "transfer"; payload: TransferRequestPayload })
  | (Common & { kind: "single-foot"; payload: SingleFootPayload });

export type OutboxKind = OutboxItem["kind"];

interface OutboxSchema extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { byUser: number } };
}

const DB_NAME = "horma-outbox";
let opened: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function database(): Promise<IDBPDatabase<OutboxSchema>> {
  opened ??= openDB<OutboxSchema>(DB_NAME, 1, {
    upgrade(db) {
      const items = db.createObjectStore("items", { keyPath: "key" });
      items.createIndex("byUser", "userId");
    },
    // another tab opening a newer version: let it, this tab reopens on its next call
    blocking() {
      void opened?.then((db) => db.close());
      opened = null;
    },
    // the browser closed it (site data cleared, storage pressure): open again on the next call
    terminated() {
      opened = null;
    },
  });
  return opened;
}

/** Whether this browser can keep an outbox at all (private modes may refuse IndexedDB). */
export function outboxAvailable(): boolean {
  return typeof indexedDB !== "undefined";
}

/** Adds an item; the same key twice (a double tap) keeps the first. */
export async function addItem(item: OutboxItem): Promise<void> {
  const db = await database();
  const tx = db.transaction("items", "readwrite");
  if (!(await tx.store.get(item.key))) await tx.store.put(item);
  await tx.done;
}

/** A user's items, oldest first (the order they were made, the order they are sent). */
export async function itemsOf(userId: number): Promise<OutboxItem[]> {
  const db = await database();
  const items = await db.getAllFromIndex("items", "byUser", userId);
  return items.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

export async function getItem(key: string): Promise<OutboxItem | undefined> {
  return (await database()).get("items", key);
}

/** Changes an item in one transaction (read and write together, so two tabs never lose a change). */
export async function updateItem(key: string, change: (item: OutboxItem) => OutboxItem | null): Promise<void> {
  const db = await database();
  const tx = db.transaction("items", "readwrite");
  const current = await tx.store.get(key);
  if (current) {
    const next = change(current);
    if (next === null) await tx.store.delete(key);
    else await tx.store.put(next);
  }
  await tx.done;
}

export async function removeItem(key: string): Promise<void> {
  await (await database()).delete("items", key);
}

/** Tests: forget the open connection (fake-indexeddb is replaced between tests). */
export function resetOutboxConnection(): void {
  opened = null;
}
