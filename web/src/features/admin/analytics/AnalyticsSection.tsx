import { useRef, useState } from "react";
import { countLabel, formatCOP, formatDate, formatPercent, productName } from "../../../lib/format";
import { STATUS_LABEL } from "../../../lib/logistics/progress";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { primaryButton, secondaryButton } from "../../../lib/ui/classes";
import { DataState } from "../../../lib/ui/DataState";
import { SelectField } from "../../../lib/ui/form";
import { ListCount } from "../../../lib/ui/ListCount";
import { Panel } from "../../../lib/ui/Panel";
import { StatGrid } from "../../../lib/ui/StatCard";
import { RankingChart, SalesOverTimeChart, shortLabel, TransactionsChart } from "../../company/charts";
import { type CsvColumn, downloadCsv, joinCsvTables, toCsv } from "../../company/csv";
import { labelOf, PURPOSE_LABELS, roleLabel } from "../../company/labels";
import { type Analytics, RANGES, type RangeDays } from "../../company/loadAnalytics";
import { adminQueries } from "../queries";

type Rows<T> = { columns: CsvColumn<T>[]; rows: readonly T[] };
/** Sellers the performance chart ranks (the rest: "Mostrando 10 de N vendedores"; the CSV has all). */
const TOP_SELLERS = 10;

const table = <T,>({ columns, rows }: Rows<T>) => toCsv(columns, rows);

/** Every table behind the charts, in one CSV file. */
export function analyticsCsv(data: Analytics): string {
  return joinCsvTables([
    {
      title: `Ventas por día (${data.start} a ${data.end})`,
      csv: table({
        columns: [
          { header: "Fecha", value: (d) => d.date },
          { header: "Ventas (COP)", value: (d) => d.total_sales },
          { header: "Número de ventas", value: (d) => d.transactions },
        ],
        rows: data.daily,
      }),
    },
    {
      title: "Ventas por ubicación",
      csv: table({
        columns: [
          { header: "Ubicación", value: (l) => l.location_name },
          { header: "Ventas (COP)", value: (l) => l.total_sales },
          { header: "Transacciones", value: (l) => l.transactions_count },
          { header: "% del total", value: (l) => l.percentage_of_total },
        ],
        rows: data.report.sales_by_location,
      }),
    },
    {
      title: "Productos más vendidos",
      csv: table({
        columns: [
          { header: "Referencia", value: (p) => p.reference_code },
          { header: "Marca", value: (p) => p.brand },
          { header: "Modelo", value: (p) => p.model },
          { header: "Unidades", value: (p) => p.units_sold },
          { header: "Ingresos (COP)", value: (p) => p.total_revenue },
        ],
        rows: data.report.top_products,
      }),
    },
    {
      title: "Desempeño de usuarios",
      csv: table({
        columns: [
          { header: "Usuario", value: (u) => u.user_name },
          { header: "Rol", value: (u) => roleLabel(u.role) },
          { header: "Ubicación", value: (u) => u.location_name },
          { header: "Ventas", value: (u) => u.sales_count },
          { header: "Total (COP)", value: (u) => u.total_sales },
          { header: "Puntaje", value: (u) => u.performance_score },
        ],
        rows: data.performance.users,
      }),
    },
  ]);
}

/** Análisis: real charts of sales over time, by location, top products and user performance. */
export default function AnalyticsSection() {
  const [days, setDays] = useState<RangeDays>(14);
  const [showTransfers, setShowTransfers] = useState(false);
  const performanceRef = useRef<HTMLDivElement>(null);
  const live = useRemoteData(adminQueries.analytics(days));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectField label="Período" value={days} onChange={(v) => setDays(Number(v) as RangeDays)} compact>
          {RANGES.map((n) => (
            <option key={n} value={n}>
              Últimos {n} días
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={primaryButton}
            disabled={!live.data}
            onClick={() =>
              live.data && downloadCsv(`analisis-${live.data.start}-${live.data.end}`, analyticsCsv(live.data))
            }
          >
            Exportar
          </button>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => performanceRef.current?.scrollIntoView({ behavior: "smooth" })}
          >
            Rendimiento
          </button>
          <button
            type="button"
            className={secondaryButton}
            aria-pressed={showTransfers}
            onClick={() => setShowTransfers((s) => !s)}
          >
            Transferencias
          </button>
        </div>
      </div>
      <DataState live={live} loadingLabel="Cargando análisis...">
        {(data) => {
          const { report, performance, overview, costs } = data;
          const sellers = performance.users.filter((u) => u.role === "seller");
          const best = [...sellers].sort((a, b) => b.total_sales - a.total_sales)[0];
          const avgScore =
            sellers.length === 0 ? 0 : sellers.reduce((acc, u) => acc + u.performance_score, 0) / sellers.length;
          return (
            <>
              <p className="text-sm text-stone-600">
                Del {formatDate(data.start)} al {formatDate(data.end)} · ventas completadas
              </p>
              <StatGrid
                className="grid grid-cols-2 gap-3 xl:grid-cols-4"
                cards={[
                  {
                    label: "Ventas",
                    value: formatCOP(report.total_sales),
                    detail: `${countLabel(report.total_transactions, "venta", "ventas")} · ticket ${formatCOP(report.average_ticket)}${
                      report.returns_count > 0 ? ` · devoluciones −${formatCOP(report.returns_amount)}` : ""
                    }`,
                    tone: "orange",
                    testId: "analytics-total-sales",
                  },
                  {
                    label: "Desempeño de usuarios",
                    value: formatPercent(avgScore),
                    detail: best && best.total_sales > 0 ? `Mejor: ${best.user_name}` : "Sin ventas en el período",
                    tone: "sky",
                  },
                  {
                    label: "Inventario",
                    value: countLabel(overview.stock.pairs, "par", "pares"),
                    detail: `${countLabel(overview.stock.single_feet, "pie suelto", "pies sueltos")} · ${countLabel(overview.catalogue.active_products, "producto", "productos")}`,
                    tone: "green",
                  },
                  {
                    label: "Financiero",
                    value: formatCOP(costs.monthly_summary.total_monthly_costs),
                    detail: `Costos operativos al mes · vencido ${formatCOP(costs.summary.total_overdue_amount)}`,
                    tone: "amber",
                  },
                ]}
              />
              {showTransfers && (
                <Panel title="Transferencias">
                  <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
                    <div>
                      <dt className="text-stone-500">Abiertas</dt>
                      <dd className="font-semibold">{data.transfers.open_transfers}</dd>
                    </div>
                    <div>
                      <dt className="text-stone-500">Tasa de completadas</dt>
                      <dd className="font-semibold">{formatPercent(data.transfers.completion_rate)}</dd>
                    </div>
                    <div>
                      <dt className="text-stone-500">Hoy</dt>
                      <dd className="font-semibold">
                        {data.transfers.today.requested} pedidas · {data.transfers.today.completed} completadas
                      </dd>
                    </div>
                    <div>
                      <dt className="text-stone-500">Duración promedio</dt>
                      <dd className="font-semibold">
                        {data.transfers.average_completion_minutes === null
                          ? "—"
                          : `${data.transfers.average_completion_minutes} min`}
                      </dd>
                    </div>
                  </dl>
                  <p className="mt-3 text-sm text-stone-600">
                    {Object.entries(data.transfers.by_status)
                      .map(([status, n]) => `${labelOf(STATUS_LABEL, status)}: ${n}`)
                      .join(" · ") || "Sin transferencias"}
                  </p>
                  <p className="mt-1 text-sm text-stone-600">
                    {Object.entries(data.transfers.by_purpose)
                      .map(([purpose, n]) => `${labelOf(PURPOSE_LABELS, purpose)}: ${n}`)
                      .join(" · ")}
                  </p>
                </Panel>
              )}
              <Panel title="Ventas en el tiempo" description="Total vendido por día y número de ventas">
                <SalesOverTimeChart data={data.daily} />
                <TransactionsChart data={data.daily} />
              </Panel>
              <div className="grid gap-4 xl:grid-cols-2">
                <Panel title="Ventas por ubicación">
                  <RankingChart
                    empty="Sin ventas en el período"
                    testId="chart-by-location"
                    name="Ventas"
                    kind="money"
                    rows={report.sales_by_location.map((l) => ({
                      label: shortLabel(l.location_name, 18),
                      value: l.total_sales,
                    }))}
                  />
                </Panel>
                <Panel title="Productos más vendidos" description="Unidades vendidas en el período (los 8 primeros)">
                  <RankingChart
                    empty="Sin ventas en el período"
                    testId="chart-top-products"
                    name="Unidades"
                    kind="units"
                    rows={report.top_products.slice(0, 8).map((p) => ({
                      label: shortLabel(productName(p), 18),
                      value: p.units_sold,
                    }))}
                  />
                </Panel>
              </div>
              <div ref={performanceRef} className="scroll-mt-4">
                <Panel title="Desempeño de usuarios" description="Total vendido por vendedor en el período">
                  <RankingChart
                    empty="No hay usuarios"
                    testId="chart-user-performance"
                    name="Ventas"
                    kind="money"
                    rows={sellers
                      .slice(0, TOP_SELLERS)
                      .map((u) => ({ label: shortLabel(u.user_name, 18), value: u.total_sales }))}
                  />
                  {sellers.length > TOP_SELLERS && (
                    <ListCount
                      className="mt-2 text-xs text-stone-500"
                      shown={TOP_SELLERS}
                      total={sellers.length}
                      one="vendedor"
                      many="vendedores"
                    />
                  )}
                </Panel>
              </div>
            </>
          );
        }}
      </DataState>
    </div>
  );
}
