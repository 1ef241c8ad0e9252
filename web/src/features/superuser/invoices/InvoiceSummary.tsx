import { formatCOP } from "../../../lib/format";
import { StatCard } from "../../../lib/ui/StatCard";
import type { InvoiceTotals } from "./invoices";

const invoices = (n: number) => (n === 1 ? "1 factura" : `${n} facturas`);

/** Pending, collected and overdue totals. */
export function InvoiceSummary({ totals }: { totals: InvoiceTotals }) {
  return (
    <section aria-label="Resumen de facturas" className="grid gap-3 sm:grid-cols-3">
      <StatCard
        label="Total pendiente"
        value={formatCOP(totals.pending.amount)}
        detail={invoices(totals.pending.count)}
        tone="amber"
        cardTestId="summary-pending"
      />
      <StatCard
        label="Total cobrado"
        value={formatCOP(totals.paid.amount)}
        detail={invoices(totals.paid.count)}
        tone="green"
        cardTestId="summary-paid"
      />
      <StatCard
        label="Total vencido"
        value={formatCOP(totals.overdue.amount)}
        detail={invoices(totals.overdue.count)}
        tone="red"
        cardTestId="summary-overdue"
      />
    </section>
  );
}
