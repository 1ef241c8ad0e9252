import type { WarehouseBoard } from "../../api/transfers-schemas";
import { countLabel, formatCOP, formatElapsed, formatPercent } from "../../lib/format";
import { isUrgent } from "../../lib/logistics/progress";

export type Figure = { label: string; value: string; detail?: string };

function minutes(value: number | null): string {
  return value === null ? "—" : formatElapsed(value);
}

function average(values: number[]): number | null {
  return values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length);
}

const percent = formatPercent;

/** The period every statistic of the stats call covers (the requests made in its last days). */
function periodOf(board: WarehouseBoard): string {
  return `Últimos ${board.stats.period_days} días`;
}

/** The four summary cards: total requests, urgent, average response time, completion rate. */
export function summaryFigures(board: WarehouseBoard): Figure[] {
  const { stats } = board;
  return [
    {
      label: "Solicitudes totales",
      value: String(stats.totalRequests),
      detail: `${periodOf(board)} · ${countLabel(board.pending.pending_requests.length, "pendiente", "pendientes")}`,
    },
    { label: "Urgentes", value: String(stats.urgentRequests), detail: "Pendientes de prioridad alta" },
    {
      label: "Tiempo de respuesta",
      value: minutes(stats.averageResponseTime),
      detail: "Promedio hasta aceptar",
    },
    {
      label: "Tasa de completado",
      value: percent(stats.completionRate),
      detail: `Completadas / cerradas · ${periodOf(board)}`,
    },
  ];
}

/**
 * 'Estadísticas' from real data (design §4 replaces the spec's static figures): the stats call, the
 * queues and the stock value of the pending call.
 */
export function statsFigures(board: WarehouseBoard): Figure[] {
  const { stats, pending, accepted, returns } = board;
  const prep = average(
    accepted.accepted_requests.map((t) => t.estimated_preparation_time).filter((m): m is number => m !== null),
  );
  const urgentPending = pending.pending_requests.filter(isUrgent).length;
  return [
    { label: "Solicitudes procesadas", value: String(stats.totalRequests), detail: periodOf(board) },
    { label: "Tiempo promedio de respuesta", value: minutes(stats.averageResponseTime), detail: periodOf(board) },
    { label: "Urgentes pendientes", value: String(urgentPending) },
    { label: "Entregadas a corredores", value: String(stats.deliveredToCouriers), detail: periodOf(board) },
    { label: "Canceladas", value: String(stats.cancelled), detail: periodOf(board) },
    { label: "Tasa de completado", value: percent(stats.completionRate), detail: periodOf(board) },
    { label: "Preparación estimada promedio", value: minutes(prep), detail: "Solicitudes en preparación" },
    { label: "En preparación", value: String(accepted.accepted_requests.length) },
    { label: "Devoluciones por recibir", value: String(returns.awaiting_reception) },
    { label: "Valor total del stock", value: formatCOP(pending.total_stock_value), detail: "Pares y exhibición" },
  ];
}
