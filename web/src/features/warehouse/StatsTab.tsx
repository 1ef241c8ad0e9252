import type { WarehouseBoard } from "../../api/transfers-schemas";
import { formatDateTime } from "../../lib/format";
import { SummaryCard } from "../../lib/logistics/SummaryCard";
import type { LiveMode } from "../../lib/logistics/useTransferLive";
import { cardClass } from "../../lib/ui/classes";
import { statsFigures } from "./stats";

type Props = { board: WarehouseBoard; mode: LiveMode; receivedAt: string | null; healthy: boolean };

const ENDPOINTS = [
  "/api/v1/warehouse/pending-requests",
  "/api/v1/warehouse/accepted-requests",
  "/api/v1/warehouse/returns",
  "/api/v1/warehouse/stats",
];

/** 'Estadísticas': computed figures and the real state of the panel's connections. */
export function StatsTab({ board, mode, receivedAt, healthy }: Props) {
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {statsFigures(board).map((f) => (
          <SummaryCard key={f.label} label={f.label} value={f.value} detail={f.detail} />
        ))}
      </div>
      <section className={cardClass} aria-label="Estado del sistema">
        <h3 className="font-semibold text-stone-900">Estado del sistema</h3>
        <dl className="mt-2 space-y-1 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">Actualizaciones</dt>
            <dd className="font-semibold">{mode === "live" ? "En vivo (WebSocket)" : "Consulta cada 15 s"}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">Última actualización</dt>
            <dd className="font-semibold">{formatDateTime(receivedAt)}</dd>
          </div>
        </dl>
        <ul className="mt-3 space-y-1 text-sm">
          {ENDPOINTS.map((path) => (
            <li key={path} className="flex items-center justify-between gap-3">
              <code className="min-w-0 truncate text-xs text-stone-700">{path}</code>
              <span className={healthy ? "font-semibold text-green-700" : "font-semibold text-red-700"}>
                {healthy ? "OK" : "Sin conexión"}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-stone-500">
          Funciones: solicitudes en vivo, aceptación con reserva de stock, entregas a corredor y vendedor, devoluciones
          e inventario de todas las ubicaciones.
        </p>
      </section>
    </div>
  );
}
