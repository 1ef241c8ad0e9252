import { pluralWord } from "../../../../shared/plural";
import type { VendorDashboard } from "../../api/seller-schemas";
import { countLabel, formatCOP } from "../../lib/format";
import { StatCard } from "../../lib/ui/StatCard";
import type { QueuedToday } from "./outbox/actions";

const NOTHING_QUEUED: QueuedToday = { pending: [], blocked: [], pendingTotal: 0 };

/**
 * The small dashboard summary: confirmed sales and amount sold, each with what is still pending. Sales
 * kept on the phone (no connection yet) are added to the amount sold and said apart.
 */
export function DaySummaryCards({ data, queued = NOTHING_QUEUED }: { data: VendorDashboard; queued?: QueuedToday }) {
  const sales = data.today_summary.sales;
  const onPhone = queued.pending.length;
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
        value={formatCOP(sales.total_amount + queued.pendingTotal)}
        detail={
          sales.returns_count > 0
            ? `Devoluciones: −${formatCOP(sales.returned_amount)}`
            : `Pendiente: ${formatCOP(sales.pending_amount)}`
        }
      />
      {(onPhone > 0 || queued.blocked.length > 0) && (
        <p
          className="col-span-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 ring-1 ring-sky-200"
          data-testid="queued-figures"
        >
          {onPhone > 0 &&
            `Incluye ${countLabel(onPhone, "venta", "ventas")} en el teléfono, ${pluralWord(onPhone, "pendiente", "pendientes")} de sincronizar: ${formatCOP(queued.pendingTotal)}.`}
          {queued.blocked.length > 0 &&
            ` ${countLabel(queued.blocked.length, "venta", "ventas")} por resolver, sin contar.`}
        </p>
      )}
    </section>
  );
}
