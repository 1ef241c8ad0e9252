import type { OperationalDashboard } from "../../../api/admin-schemas";
import { countLabel, formatCOP, formatDate } from "../../../lib/format";
import type { BadgeTone } from "../../../lib/ui/Badge";
import { Badge } from "../../../lib/ui/Badge";
import { ItemList } from "../../../lib/ui/ItemList";
import { Panel } from "../../../lib/ui/Panel";
import { StatCard } from "../../../lib/ui/StatCard";
import { costTypeLabel, upcomingLabel } from "../../company/costForm";
import { DataTable } from "../DataTable";

const STATUS: Record<OperationalDashboard["locations_status"][number]["status"], { label: string; tone: BadgeTone }> = {
  ok: { label: "Al día", tone: "success" },
  attention: { label: "Atención", tone: "warning" },
  critical: { label: "Crítico", tone: "error" },
};

const PRIORITY: Record<
  OperationalDashboard["critical_alerts"][number]["priority"],
  { label: string; tone: BadgeTone }
> = {
  high: { label: "Alta", tone: "error" },
  medium: { label: "Media", tone: "warning" },
  low: { label: "Baja", tone: "neutral" },
};

/** The operational cost dashboard: month total, overdue, location status, the week ahead and critical alerts. */
export function OperationalDashboardView({ data }: { data: OperationalDashboard }) {
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Costos mensuales"
          value={formatCOP(data.monthly_summary.total_monthly_costs)}
          tone="orange"
          testId="costs-monthly-total"
        />
        <StatCard
          label="Vencido"
          value={formatCOP(data.summary.total_overdue_amount)}
          tone={data.summary.total_overdue_amount > 0 ? "red" : "stone"}
        />
        <StatCard label="Alertas críticas" value={data.summary.critical_alerts_count} tone="amber" />
        <StatCard label="Ubicaciones" value={data.summary.total_locations} />
      </div>
      <Panel title="Estado por ubicación">
        <DataTable
          label="Estado por ubicación"
          rows={data.locations_status}
          rowKey={(l) => l.location_id}
          empty="No hay ubicaciones"
          columns={[
            { header: "Ubicación", cell: (l) => <span className="font-medium">{l.location_name}</span> },
            { header: "Costo mensual", cell: (l) => formatCOP(l.monthly_costs), align: "right" },
            {
              header: "Vencido",
              cell: (l) =>
                l.overdue_count === 0
                  ? formatCOP(0)
                  : `${formatCOP(l.overdue_amount)} · ${countLabel(l.overdue_count, "costo", "costos")}`,
              align: "right",
            },
            { header: "Próximos", cell: (l) => l.upcoming_count, align: "right" },
            {
              header: "Estado",
              cell: (l) => <Badge tone={STATUS[l.status].tone}>{STATUS[l.status].label}</Badge>,
            },
          ]}
        />
      </Panel>
      <div className="grid gap-4 xl:grid-cols-2">
        <Panel title="Próximos 7 días">
          <ItemList
            items={data.upcoming_week}
            empty="No hay costos por vencer esta semana"
            className="divide-y divide-stone-100"
          >
            {(u, i) => (
              <li
                key={u.cost_id ?? i}
                data-testid="upcoming-cost"
                className="flex items-start justify-between gap-3 py-2.5 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium text-stone-900">
                    {u.description || costTypeLabel(u.cost_type)} · {u.location_name}
                  </p>
                  <p className="text-xs text-stone-500">
                    {costTypeLabel(u.cost_type)} · vence {formatDate(u.due_date)}
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="font-semibold tabular-nums">{formatCOP(u.amount)}</p>
                  <Badge tone={u.days_until_due <= 1 ? "warning" : "info"}>{upcomingLabel(u.days_until_due)}</Badge>
                </div>
              </li>
            )}
          </ItemList>
        </Panel>
        <Panel title="Alertas críticas">
          <ItemList items={data.critical_alerts} empty="No hay alertas críticas" className="divide-y divide-stone-100">
            {(a, i) => (
              <li key={a.cost_id ?? i} className="flex items-start justify-between gap-3 py-2.5 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-stone-900">
                    {a.description || costTypeLabel(a.cost_type)} · {a.location_name}
                  </p>
                  <p className="text-xs text-stone-500">
                    Venció {formatDate(a.due_date)} · {countLabel(a.days_overdue, "día", "días")} de retraso
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="font-semibold tabular-nums">{formatCOP(a.amount)}</p>
                  <Badge tone={PRIORITY[a.priority].tone}>Prioridad {PRIORITY[a.priority].label}</Badge>
                </div>
              </li>
            )}
          </ItemList>
        </Panel>
      </div>
    </div>
  );
}
