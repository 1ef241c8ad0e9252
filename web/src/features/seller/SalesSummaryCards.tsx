import type { DaySummary } from "../../api/seller-schemas";
import { formatCOP, countLabel as plural } from "../../lib/format";
import { StatCard } from "../../lib/ui/StatCard";

/** The four cards of 'Ventas del Día' (spec 1 §2), straight from the server's day summary (net of the day's returns). */
export function SalesSummaryCards({ summary }: { summary: DaySummary }) {
  return (
    <section aria-label="Resumen de ventas" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        tone="orange"
        label="Total ventas"
        value={formatCOP(summary.total_amount)}
        detail={
          summary.returns_count > 0
            ? `${plural(summary.total_sales, "venta", "ventas")} · devoluciones −${formatCOP(summary.returned_amount)}`
            : plural(summary.total_sales, "venta", "ventas")
        }
      />
      <StatCard
        tone="green"
        label="Confirmadas"
        value={summary.confirmed_sales}
        detail={`${plural(summary.confirmed_items, "producto", "productos")} · ${formatCOP(summary.confirmed_amount)}`}
      />
      <StatCard
        tone="amber"
        label="Pendientes"
        value={summary.pending_sales}
        detail={formatCOP(summary.pending_amount)}
      />
      <StatCard label="Promedio por venta" value={formatCOP(summary.average_sale)} />
    </section>
  );
}
