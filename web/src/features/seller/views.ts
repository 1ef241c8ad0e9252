import * as v from "valibot";
import { sectionsOf } from "../company/sectionList";
import { parsePrefill, type ScannerPrefill, TRANSFER_TABS, type TransfersTab } from "./transfers/search";

/** Views of the seller's area (spec 1 §2): the panel is /seller, each other view a route below it (/seller/scan). */
export const VIEW_TITLE = {
  dashboard: "Panel de Vendedor",
  scan: "Escanear Producto",
  "new-sale": "Nueva Venta",
  "today-sales": "Ventas del Día",
  expenses: "Registrar Gasto",
  "expenses-list": "Gastos del Día",
  transfers: "Gestión de Transferencias",
  orders: "Pedidos de reposición",
  notifications: "Notificaciones",
  till: "Caja",
  returns: "Devoluciones y Cambios",
  outbox: "Pendientes de sincronizar",
  reservations: "Reservas web",
};
export type SellerView = keyof typeof VIEW_TITLE;
export const SELLER_VIEWS = sectionsOf(VIEW_TITLE);

/** The URL of a view: the panel is /seller itself, the others below it (/seller/today-sales). */
export const sellerViewPath = (view: SellerView) => (view === "dashboard" ? "/seller" : `/seller/${view}`);

/** The view a /seller path shows (the panel for /seller itself). */
export const sellerViewAt = (pathname: string): SellerView => {
  const segment = pathname.slice("/seller".length).split("/")[1];
  return SELLER_VIEWS.find((view) => view !== "dashboard" && view === segment) ?? "dashboard";
};

export const SALES_FILTERS = ["all", "confirmed", "pending"] as const;
export type SalesFilter = (typeof SALES_FILTERS)[number];

export type SellerSearch = {
  /** only in links from before the views were routes (/seller?view=till): redirected to the view's path */
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

/** validateSearch of /seller (its views read theirs from it: one parser for the area). */
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

/** The search of the URL `go` opens: the view's own parameters, defaults left out. */
export function searchOfGo(view: SellerView, options: Parameters<Go>[1] = {}): SellerSearch {
  const search: SellerSearch = {};
  if (view === "today-sales" && options.filter && options.filter !== "all") search.filter = options.filter;
  if (view === "new-sale" && options.transferId !== undefined) search.transfer_id = options.transferId;
  if (view === "transfers" && options.tab && options.tab !== "pending") search.tab = options.tab;
  if (view === "returns" && options.sale !== undefined) search.sale = options.sale;
  return search;
}
