import * as v from "valibot";
import { sectionsOf } from "../company/sectionList";
import { parsePrefill, type ScannerPrefill, TRANSFER_TABS, type TransfersTab } from "./transfers/search";

/** Internal views of /seller (spec 1 §2), kept in the URL (?view=...) so the back button works. */
export const VIEW_TITLE = {
  dashboard: "Panel de Vendedor",
  scan: "Escanear Producto",
  "new-sale": "Nueva Venta",
  "today-sales": "Ventas del Día",
  expenses: "Registrar Gasto",
  "expenses-list": "Gastos del Día",
  transfers: "Gestión de Transferencias",
  notifications: "Notificaciones",
  till: "Caja",
  returns: "Devoluciones y Cambios",
  outbox: "Pendientes de sincronizar",
  reservations: "Reservas web",
};
export type SellerView = keyof typeof VIEW_TITLE;
export const SELLER_VIEWS = sectionsOf(VIEW_TITLE);

export const SALES_FILTERS = ["all", "confirmed", "pending"] as const;
export type SalesFilter = (typeof SALES_FILTERS)[number];

export type SellerSearch = {
  view?: SellerView;
  filter?: SalesFilter;
  /** Transfers view: its tab, and the scanner's request data for the 'new' tab. */
  tab?: TransfersTab;
  prefill?: ScannerPrefill;
  /** New sale from a completed transfer: its id as written in the URL (checked by the form). */
  transfer_id?: number | string;
  /** Returns: the sale 'Devolver / Cambiar' opened the view with (its id). */
  sale?: number;
};

// Unknown values fall back to the dashboard / all sales instead of an error page.
const ViewParam = v.fallback(v.optional(v.picklist(SELLER_VIEWS)), undefined);
const FilterParam = v.fallback(v.optional(v.picklist(SALES_FILTERS)), undefined);
const TabParam = v.fallback(v.optional(v.picklist(TRANSFER_TABS)), undefined);
// ?sale=41 arrives as the number 41 (the router reads search values as JSON) or, typed by hand, as text
const SaleParam = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number))]),
      v.integer(),
      v.minValue(1),
    ),
  ),
  undefined,
);

/** validateSearch of /seller. */
export function parseSellerSearch(search: Record<string, unknown>): SellerSearch {
  const parsed: SellerSearch = { view: v.parse(ViewParam, search.view), filter: v.parse(FilterParam, search.filter) };
  const tab = v.parse(TabParam, search.tab);
  if (tab) parsed.tab = tab;
  const prefill = search.prefill === undefined ? undefined : parsePrefill(search.prefill);
  if (prefill) parsed.prefill = prefill;
  const transferId = search.transfer_id;
  if (typeof transferId === "string" || typeof transferId === "number") parsed.transfer_id = transferId;
  const sale = v.parse(SaleParam, search.sale);
  if (sale !== undefined) parsed.sale = sale;
  return parsed;
}

/** Where a sub-view asks to go; the area turns it into a URL change. */
export type Go = (
  view: SellerView,
  options?: { filter?: SalesFilter; replace?: boolean; transferId?: number; tab?: TransfersTab; sale?: number },
) => void;
