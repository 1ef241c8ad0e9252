import type { Sale } from "../../api/seller-schemas";
import type { SalesFilter } from "./views";

export const FILTER_LABEL: Record<SalesFilter, string> = {
  all: "Todas",
  confirmed: "Confirmadas",
  pending: "Pendientes",
};

export const EMPTY_MESSAGE: Record<SalesFilter, string> = {
  all: "No hay ventas registradas hoy",
  confirmed: "No hay ventas confirmadas hoy",
  pending: "No hay ventas pendientes de confirmación",
};

/** Rejected sales stay on the record, so they are neither confirmed nor pending. */
export function isPending(sale: Sale): boolean {
  return sale.status === "completed" && sale.requires_confirmation && !sale.confirmed;
}

export function isConfirmed(sale: Sale): boolean {
  return sale.status === "completed" && sale.confirmed;
}

/** Spec 1 §5: all, confirmed, pending (unconfirmed and requiring confirmation). */
export function filterSales(sales: readonly Sale[], filter: SalesFilter): Sale[] {
  if (filter === "confirmed") return sales.filter(isConfirmed);
  if (filter === "pending") return sales.filter(isPending);
  return [...sales];
}

export type SaleBadge = "Confirmada" | "Pendiente" | "Rechazada";

export function saleBadge(sale: Sale): SaleBadge {
  if (sale.status === "rejected") return "Rechazada";
  return sale.confirmed ? "Confirmada" : "Pendiente";
}
