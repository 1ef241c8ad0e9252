import type { Invoice, InvoiceStatus } from "../../../api/superadmin-schemas";

/**
 * The status to show and count: a pending invoice whose due date has passed is overdue even while the
 * stored status still says pending (spec 2 §4). `today` is Bogotá's calendar date, as on the server.
 */
export function effectiveStatus(invoice: Pick<Invoice, "status" | "due_date">, today: string): InvoiceStatus {
  if (invoice.status === "paid") return "paid";
  if (invoice.status === "overdue") return "overdue";
  return invoice.due_date.slice(0, 10) < today ? "overdue" : "pending";
}

export type InvoiceTotals = Record<InvoiceStatus, { amount: number; count: number }>;

/** Summary cards: pending, collected (paid) and overdue totals of the listed invoices. */
export function invoiceTotals(invoices: readonly Invoice[], today: string): InvoiceTotals {
  const totals: InvoiceTotals = {
    pending: { amount: 0, count: 0 },
    paid: { amount: 0, count: 0 },
    overdue: { amount: 0, count: 0 },
  };
  for (const invoice of invoices) {
    const bucket = totals[effectiveStatus(invoice, today)];
    // Sum in centavos so many invoices add up without floating-point drift.
    bucket.amount = Math.round(bucket.amount * 100 + invoice.total_amount * 100) / 100;
    bucket.count += 1;
  }
  return totals;
}
