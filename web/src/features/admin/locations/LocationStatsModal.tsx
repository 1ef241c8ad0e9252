import type { AdminLocation } from "../../../api/admin-schemas";
import { countLabel, formatCOP, formatPercent, periodLabel } from "../../../lib/format";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { secondaryButton } from "../../../lib/ui/classes";
import { Modal } from "../../../lib/ui/Modal";
import { Notice } from "../../../lib/ui/Notice";
import { Spinner } from "../../../lib/ui/Spinner";
import { lastDays } from "../../company/dates";
import { adminQueries } from "../queries";

/** The stats window of a location (spec §9: 30 days). */
export const STATS_DAYS = 30;

function Line({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-sm text-stone-600">
        {label}
        {detail && <span className="block text-xs text-stone-500">{detail}</span>}
      </dt>
      <dd className="text-right font-semibold text-stone-900 tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * A location's real figures for the last 30 days, the days stated ("del 28 oct al 27 nov"): sales net of
 * returns (the daily rollups, as the boss's financial analysis), expenses, costs, transfers; stock of today.
 */
export function LocationStatsModal({ location, onClose }: { location: AdminLocation; onClose: () => void }) {
  const { start, end } = lastDays(STATS_DAYS);
  const remote = useRemoteData(adminQueries.locationStats(location.id, start, end));
  return (
    <Modal title={`Estadísticas · ${location.name}`} onClose={onClose}>
      <p className="text-sm text-stone-600" data-testid="location-stats-period">
        Últimos {STATS_DAYS} días: {periodLabel(start, end)} · ventas netas de devoluciones, como el análisis
        financiero; el stock y su valor son los de hoy
      </p>
      {remote.status === "loading" && <Spinner label="Cargando estadísticas..." />}
      {remote.status === "error" && (
        <div className="mt-3 space-y-2">
          <Notice tone="error">Error al obtener estadísticas: {remote.error}</Notice>
          <button type="button" onClick={() => remote.reload()} className={secondaryButton}>
            Reintentar
          </button>
        </div>
      )}
      {remote.data && (
        <dl className="mt-2 divide-y divide-stone-100" data-testid="location-stats">
          <Line
            label="Ventas brutas"
            value={formatCOP(remote.data.sales.gross_amount)}
            detail={countLabel(remote.data.sales.count, "venta completada", "ventas completadas")}
          />
          <Line
            label="Devoluciones"
            value={formatCOP(remote.data.sales.returns_amount)}
            detail={countLabel(remote.data.sales.returns_count, "devolución", "devoluciones")}
          />
          <Line
            label="Ventas netas"
            value={formatCOP(remote.data.sales.total_amount)}
            detail="Ventas brutas − devoluciones del período"
          />
          <Line
            label="Costo de la mercancía"
            value={formatCOP(remote.data.goods.cost_of_goods_sold)}
            detail={`Margen bruto (ventas netas − costo de la mercancía): ${formatPercent(remote.data.goods.gross_margin_percentage)}`}
          />
          <Line
            label="Gastos"
            value={formatCOP(remote.data.expenses.total_amount)}
            detail={countLabel(remote.data.expenses.count, "gasto", "gastos")}
          />
          <Line
            label="Costos operativos del período"
            value={formatCOP(remote.data.operating_costs.total_amount)}
            detail={`${countLabel(remote.data.operating_costs.items, "costo activo", "costos activos")}, proporcionales a ${countLabel(remote.data.period.days, "día", "días")}`}
          />
          <Line
            label="Resultado neto"
            value={formatCOP(remote.data.net_result)}
            detail={`Ventas netas − mercancía − gastos − costos · margen neto ${formatPercent(remote.data.net_margin_percentage)}`}
          />
          <Line label="Transferencias recibidas" value={String(remote.data.transfers.incoming_completed)} />
          <Line label="Transferencias enviadas" value={String(remote.data.transfers.outgoing_completed)} />
          <Line
            label="Stock de hoy"
            value={`${countLabel(remote.data.stock.pairs, "par", "pares")} · ${countLabel(remote.data.stock.single_feet, "pie suelto", "pies sueltos")}`}
          />
          <Line label="Valor del inventario hoy" value={formatCOP(remote.data.stock.inventory_value)} />
        </dl>
      )}
    </Modal>
  );
}
