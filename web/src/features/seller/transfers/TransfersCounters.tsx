import type { SellerBoard } from "../../../api/transfers-schemas";
import { formatElapsed, formatPercent } from "../../../lib/format";
import { SummaryCard } from "../../../lib/logistics/SummaryCard";

/** One decimal at most, es-CO ("66,7 %"). */
export const successRateText = formatPercent;

/** Counters (pending, urgent, normal, completed today) and the day's stats header. */
export function TransfersCounters({ board }: { board: SellerBoard }) {
  const { pending, completed } = board;
  const stats = completed.today_stats;
  return (
    <div className="space-y-3">
      <section aria-label="Contadores de transferencias" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <SummaryCard label="Pendientes" value={pending.total_pending} tone="orange" testId="count-pending" />
        <SummaryCard
          label="Urgentes"
          value={pending.urgent_count}
          tone="red"
          detail="Por confirmar"
          testId="count-urgent"
        />
        <SummaryCard label="Normales" value={pending.normal_count} tone="sky" testId="count-normal" />
        <SummaryCard label="Completadas hoy" value={stats.completed} tone="green" testId="count-completed" />
      </section>
      <section
        aria-label="Estadísticas del día"
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm shadow-sm sm:grid-cols-4"
      >
        <p>
          <span className="text-stone-600">Total: </span>
          <span className="font-semibold" data-testid="stats-total">
            {stats.total_transfers}
          </span>
        </p>
        <p>
          <span className="text-stone-600">Completadas: </span>
          <span className="font-semibold">{stats.completed}</span>
        </p>
        <p>
          <span className="text-stone-600">Tasa de éxito: </span>
          <span className="font-semibold" data-testid="stats-success">
            {successRateText(stats.success_rate)}
          </span>
        </p>
        <p>
          <span className="text-stone-600">Duración promedio: </span>
          <span className="font-semibold">
            {stats.average_duration === null ? "—" : formatElapsed(stats.average_duration)}
          </span>
        </p>
      </section>
    </div>
  );
}
