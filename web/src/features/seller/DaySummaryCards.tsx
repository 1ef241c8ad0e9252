import type { VendorDashboard } from "../../api/seller-schemas";
import { formatCOP } from "../../lib/format";
import { StatCard } from "../../lib/ui/StatCard";

/** The small dashboard summary: confirmed sales and amount sold, each with what is still pending. */
export function DaySummaryCards({ data }: { data: VendorDashboard }) {
  const sales = data.today_summary.sales;
  return (
    <section aria-label="Resumen del día" className="grid grid-cols-2 gap-3">
      <StatCard
        tone="green"
        label="Ventas confirmadas"
        value={sales.confirmed_count}
        detail={`${sales.pending_confirmations} por confirmar`}
      />
      <StatCard
        tone="orange"
        label="Total vendido"
        value={formatCOP(sales.total_amount)}
        detail={
          sales.returns_count > 0
            ? `Devoluciones: −${formatCOP(sales.returned_amount)}`
            : `Pendiente: ${formatCOP(sales.pending_amount)}`
        }
      />
    </section>
  );
}
