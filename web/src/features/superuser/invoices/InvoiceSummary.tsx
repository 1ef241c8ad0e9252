import { countLabel, formatCOP } from "../../../lib/format";
import { StatCard } from "../../../lib/ui/StatCard";
import type { InvoiceTotals } from "./invoices";

const invoices = (n: number) => countLabel(n, "factura", "facturas");

const TOTALS = [
  ["pending", "Total pendiente", "amber"],
  ["paid", "Total cobrado", "green"],
  ["overdue", "Total vencido", "red"],
] as const;

/** Pending, collected and overdue totals. */
export function InvoiceSummary({ totals }: { totals: InvoiceTotals }) {
  return (
    <section aria-label="Resumen de facturas" className="grid gap-3 sm:grid-cols-3">
      {TOTALS.map(([key, label, tone]) => (
        <StatCard
          key={key}
          label={label}
          value={formatCOP(totals[key].amount)}
          detail={invoices(totals[key].count)}
          tone={tone}
          cardTestId={`summary-${key}`}
        />
      ))}
    </section>
  );
}
