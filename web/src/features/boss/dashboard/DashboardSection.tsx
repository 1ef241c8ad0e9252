import { useState } from "react";
import { formatDate } from "../../../lib/format";
import { includes, type PlanModules } from "../../../lib/planModules";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { secondaryButton } from "../../../lib/ui/classes";
import { DataState } from "../../../lib/ui/DataState";
import { TextField } from "../../../lib/ui/form";
import { ListCount } from "../../../lib/ui/ListCount";
import { Panel } from "../../../lib/ui/Panel";
import { Definitions } from "../Definitions";
import { bogotaToday } from "../dates";
import { DEF_COMPARISON, DEF_EFFICIENCY, DEF_SALES, DEF_STOCK_VALUE } from "../definitions";
import { bossQueries } from "../queries";
import { type BossSection, type GoSection, SECTION_LABEL, SECTION_MODULE } from "../sections";
import { AlertsList } from "./AlertsList";
import { FinancialSummary } from "./FinancialSummary";
import { KpiCard } from "./KpiCard";
import { TopLocations } from "./TopLocations";

const QUICK_ACTIONS: readonly { section: BossSection; hint: string }[] = [
  { section: "locations", hint: "Ver y crear ubicaciones" },
  { section: "inventory", hint: "Stock de todas las ubicaciones" },
  { section: "financial", hint: "Ingresos, costos y márgenes" },
  { section: "sales", hint: "Reportes por rango, mes o día" },
  { section: "analytics", hint: "Tendencias y comparación" },
];

/** Dashboard: company and boss, six KPIs with their trend, top 5 locations, finances, alerts (spec §2.2). */
export function DashboardSection({ go, modules }: { go: GoSection; modules: PlanModules["modules"] | null }) {
  const today = bogotaToday();
  // Empty = today as the server sees it (no target_date sent).
  const [targetDate, setTargetDate] = useState("");
  const live = useRemoteData(bossQueries.dashboard(targetDate));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          {live.data && (
            <>
              <p className="text-lg font-semibold text-stone-900" data-testid="boss-company">
                {live.data.company_name}
              </p>
              <p className="text-sm text-stone-600">
                <span data-testid="boss-name">{live.data.boss_name}</span> · cifras del{" "}
                {formatDate(live.data.target_date)}
              </p>
            </>
          )}
        </div>
        <div className="flex items-end gap-2">
          <TextField
            label="Fecha"
            type="date"
            max={today}
            value={targetDate || today}
            onChange={(v) => setTargetDate(v === today ? "" : v)}
            compact
          />
          {targetDate && (
            <button type="button" className={secondaryButton} onClick={() => setTargetDate("")}>
              Hoy
            </button>
          )}
        </div>
      </div>
      <DataState live={live} loadingLabel="Cargando dashboard...">
        {(data) => (
          <>
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-3" data-testid="kpi-grid">
              {data.kpis.map((kpi) => (
                <KpiCard key={kpi.key} kpi={kpi} />
              ))}
            </div>
            <Definitions items={[DEF_COMPARISON, DEF_SALES, DEF_STOCK_VALUE]} />
            <div className="grid gap-4 xl:grid-cols-2">
              <Panel title="Top 5 ubicaciones" description="Por ventas del mes hasta la fecha">
                <TopLocations locations={data.locations_performance} />
                {data.locations_performance.length > 0 && (
                  <ListCount
                    className="mt-2 text-xs text-stone-500"
                    shown={data.locations_performance.length}
                    total={data.locations_total}
                    one="ubicación activa"
                    many="ubicaciones activas"
                  />
                )}
                <Definitions items={[DEF_EFFICIENCY]} title="¿Qué es la eficiencia?" />
              </Panel>
              <div className="space-y-4">
                <Panel title="Resumen financiero" description="Mes hasta la fecha">
                  <FinancialSummary summary={data.financial_summary} />
                </Panel>
                <Panel title="Alertas">
                  <AlertsList alerts={data.alerts} />
                </Panel>
              </div>
            </div>
          </>
        )}
      </DataState>
      <Panel title="Acciones rápidas">
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-5">
          {QUICK_ACTIONS.filter(({ section }) => includes(modules, SECTION_MODULE[section])).map(
            ({ section, hint }) => (
              <button
                key={section}
                type="button"
                onClick={() => go(section)}
                className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-3 text-left hover:border-orange-300 hover:bg-orange-50"
              >
                <span className="block text-sm font-semibold text-stone-800">{SECTION_LABEL[section]}</span>
                <span className="mt-0.5 block text-xs text-stone-500">{hint}</span>
              </button>
            ),
          )}
        </div>
      </Panel>
    </div>
  );
}
