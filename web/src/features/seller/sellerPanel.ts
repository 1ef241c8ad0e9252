import type { OutboxItem } from "../../lib/outbox/db";
import { panelContext } from "../../lib/panelContext";
import type { QueuedExpenses, QueuedToday } from "./outbox/actions";
import type { ScannerPrefill } from "./transfers/search";
import type { Go, SellerSearch } from "./views";

/** What the seller's area (routes/_auth/seller.tsx) shares with its views (routes/_auth/seller/*.tsx). */
export type SellerPanel = {
  go: Go;
  /** opens 'Nueva solicitud' of Transferencias with what the scanner saw */
  requestTransfer: (prefill: ScannerPrefill) => void;
  /** the area's search (each view reads its own parameters) */
  search: SellerSearch;
  /** changes the open view's search in place (a filter, a tab), without a new history entry */
  setSearch: (search: SellerSearch) => void;
  /** what this phone made without a connection, sent from here */
  outbox: readonly OutboxItem[];
  sending: boolean;
  online: boolean;
  flush: () => void;
  queued: QueuedToday;
  queuedExpenses: QueuedExpenses;
};

export const { Provider: SellerPanelProvider, usePanel: useSellerPanel } = panelContext<SellerPanel>("Vendedor");
