import * as v from "valibot";

/** Internal views of /seller (spec 1 §2), kept in the URL (?view=...) so the back button works. */
export const SELLER_VIEWS = [
  "dashboard",
  "scan",
  "new-sale",
  "today-sales",
  "expenses",
  "expenses-list",
  "transfers",
  "notifications",
] as const;
export type SellerView = (typeof SELLER_VIEWS)[number];

export const VIEW_TITLE: Record<SellerView, string> = {
  dashboard: "Panel de Vendedor",
  scan: "Escanear Producto",
  "new-sale": "Nueva Venta",
  "today-sales": "Ventas del Día",
  expenses: "Registrar Gasto",
  "expenses-list": "Gastos del Día",
  transfers: "Gestión de Transferencias",
  notifications: "Notificaciones",
};

export const SALES_FILTERS = ["all", "confirmed", "pending"] as const;
export type SalesFilter = (typeof SALES_FILTERS)[number];

export type SellerSearch = { view?: SellerView; filter?: SalesFilter };

// Unknown values fall back to the dashboard / all sales instead of an error page.
const ViewParam = v.fallback(v.optional(v.picklist(SELLER_VIEWS)), undefined);
const FilterParam = v.fallback(v.optional(v.picklist(SALES_FILTERS)), undefined);

/** validateSearch of /seller. */
export function parseSellerSearch(search: Record<string, unknown>): SellerSearch {
  return { view: v.parse(ViewParam, search.view), filter: v.parse(FilterParam, search.filter) };
}

/** Where a sub-view asks to go; the area turns it into a URL change. */
export type Go = (view: SellerView, options?: { filter?: SalesFilter; replace?: boolean }) => void;
