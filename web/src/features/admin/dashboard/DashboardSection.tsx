import { countLabel, formatCOP, formatPercent } from "../../../lib/format";
import { includes, type PlanModules } from "../../../lib/planModules";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { DataState } from "../../../lib/ui/DataState";
import { ItemList, TitledRow } from "../../../lib/ui/ItemList";
import { Panel } from "../../../lib/ui/Panel";
import { StatGrid } from "../../../lib/ui/StatCard";
import { locationTypeLabel } from "../../company/labels";
import { adminQueries } from "../queries";
import { type AdminSection, type GoSection, SECTION_LABEL, SECTION_MODULE } from "../sections";

const QUICK_ACTIONS: readonly AdminSection[] = ["users", "inventory", "wholesale", "analytics", "costs"];

/** Dashboard: the six metrics, managed locations with today's sales, quick actions (spec §2.1). */
export function DashboardSection({ go, modules }: { go: GoSection; modules: PlanModules["modules"] | null }) {
  const live = useRemoteData(adminQueries.dashboard());

  return (
    <div className="space-y-4">
      <DataState live={live} loadingLabel="Cargando dashboard...">
        {({ dashboard: { metrics, managed_locations } }) => (
          <>
            <StatGrid
              className="grid grid-cols-2 gap-3 lg:grid-cols-3"
              cards={[
                {
                  label: "Ventas de hoy",
                  value: formatCOP(metrics.total_sales_today),
                  detail: countLabel(metrics.sales_count_today, "venta", "ventas"),
                  tone: "orange",
                  testId: "metric-sales-today",
                },
                {
                  label: "Ventas del mes",
                  value: formatCOP(metrics.total_sales_month),
                  detail: countLabel(metrics.sales_count_month, "venta", "ventas"),
                  tone: "green",
                },
                { label: "Usuarios activos", value: metrics.active_users, tone: "sky" },
                {
                  label: "Poco stock",
                  value: metrics.low_stock_alerts,
                  detail: "Productos por ubicación con pocos pares disponibles",
                  tone: metrics.low_stock_alerts > 0 ? "red" : "stone",
                },
                {
                  label: "Descuentos por aprobar",
                  value: metrics.pending_discount_approvals,
                  tone: metrics.pending_discount_approvals > 0 ? "amber" : "stone",
                  testId: "metric-pending-discounts",
                },
                {
                  label: "Desempeño promedio",
                  value: formatPercent(metrics.avg_performance_score),
                  detail: "Vendedores activos, este mes",
                },
              ]}
            />
            <Panel title="Acciones rápidas">
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
                {QUICK_ACTIONS.filter((section) => includes(modules, SECTION_MODULE[section])).map((section) => (
                  <button
                    key={section}
                    type="button"
                    onClick={() => go(section)}
                    className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-3 text-sm font-semibold text-stone-800 hover:border-orange-300 hover:bg-orange-50"
                  >
                    {SECTION_LABEL[section]}
                  </button>
                ))}
              </div>
            </Panel>
            <Panel title="Ubicaciones administradas" description="Ventas de hoy por ubicación">
              <ItemList items={managed_locations} empty="No hay ubicaciones" className="divide-y divide-stone-100">
                {(l) => (
                  <TitledRow
                    key={l.location_id}
                    className="py-2.5"
                    title={l.location_name}
                    detail={locationTypeLabel(l.location_type)}
                    end={
                      <p className="shrink-0 font-semibold text-stone-900 tabular-nums">{formatCOP(l.daily_sales)}</p>
                    }
                  />
                )}
              </ItemList>
            </Panel>
          </>
        )}
      </DataState>
    </div>
  );
}
