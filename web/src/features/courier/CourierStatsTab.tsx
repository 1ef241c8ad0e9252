import type { CourierBoard } from "../../api/transfers-schemas";
import { countLabel, formatCOP, formatPercent } from "../../lib/format";
import { SummaryCard } from "../../lib/logistics/SummaryCard";

/** 'Estadísticas': the courier_stats of my-transports and the earnings of the real transports. */
export function CourierStatsTab({ board }: { board: CourierBoard }) {
  const stats = board.transports.courier_stats;
  // the period's figures cover every delivery of the period, whatever page the history shows
  const { period_days: days, period_deliveries: delivered, period_distance_km: km } = board.deliveries;
  const earned = board.deliveries.total_estimated_earnings;
  const period = `Últimos ${days} días`;
  const inProgress = board.transports.my_transports.reduce((acc, t) => acc + t.estimated_earning, 0);
  const figures = [
    { label: "Transportes totales", value: String(stats.total_transports) },
    { label: "En curso", value: String(stats.in_progress) },
    { label: "Completados", value: String(stats.completed) },
    {
      label: "Tasa de completado",
      value: formatPercent(stats.completion_rate),
    },
    {
      label: "Ganancias estimadas",
      value: formatCOP(earned),
      detail: `${countLabel(delivered, "entrega", "entregas")} · ${period}`,
    },
    { label: "Ganancia en curso", value: formatCOP(inProgress), detail: "Transportes sin entregar" },
    {
      label: "Promedio por entrega",
      value: delivered === 0 ? "—" : formatCOP(Math.round(earned / delivered)),
      detail: period,
    },
    {
      label: "Distancia recorrida",
      value: `${(Math.round(km * 10) / 10).toLocaleString("es-CO")} km`,
      detail: period,
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map((f) => (
        <SummaryCard key={f.label} label={f.label} value={f.value} detail={f.detail} />
      ))}
    </div>
  );
}
