import { countLabel, formatCOP, formatDate } from "../../../lib/format";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { Panel } from "../../../lib/ui/Panel";
import { StatGrid } from "../../../lib/ui/StatCard";
import { shortDate } from "../../company/dates";
import { Definitions } from "../Definitions";
import { bogotaToday } from "../dates";
import { DEF_SALES } from "../definitions";
import { ExportButton } from "../ExportButton";
import { formatChange, formatCount, formatPercent, shortMonthLabel } from "../format";
import { bossQueries } from "../queries";
import { trendsCsv } from "../reportCsv";
import { numericColumn, SortableTable, textColumn } from "../table/SortableTable";
import { LocationComparisonChart, TrendChart } from "./charts";
import { type LocationRow, locationComparison, TREND_DAYS, TREND_MONTHS, type Trends } from "./loadTrends";

function Content({ data }: { data: Trends }) {
  const months = data.months.map((m) => ({
    label: shortMonthLabel(m.year, m.month),
    total_sales: m.report.total_sales,
    transactions: m.report.total_transactions,
  }));
  const locations = locationComparison(data.months);
  const sixMonths = locations.reduce((a, l) => a + l.total_sales, 0);
  const daysTotal = data.days.reduce((a, d) => a + d.total_sales, 0);
  const daysCount = data.days.reduce((a, d) => a + d.transactions, 0);
  const monthChange = data.month_to_date?.change_percentage ?? null;
  const best = [...months].sort((a, b) => b.total_sales - a.total_sales)[0];
  // Recharts wants one object per month with a key per location.
  const comparison = data.months.map((m, i) => {
    const row: Record<string, string | number> = { label: shortMonthLabel(m.year, m.month) };
    for (const l of locations) row[`loc${l.location_id}`] = l.monthly[i] ?? 0;
    return row;
  });

  return (
    <>
      <StatGrid
        className="grid grid-cols-2 gap-3 lg:grid-cols-4"
        cards={[
          {
            label: `Últimos ${TREND_DAYS} días`,
            value: formatCOP(daysTotal),
            detail: countLabel(daysCount, "venta", "ventas"),
            tone: "orange",
            testId: "trend-days-total",
          },
          {
            label: `Últimos ${TREND_MONTHS} meses`,
            value: formatCOP(sixMonths),
            detail: countLabel(
              months.reduce((a, m) => a + m.transactions, 0),
              "venta",
              "ventas",
            ),
            tone: "sky",
          },
          {
            label: "Este mes vs. el anterior",
            value: monthChange === null ? "—" : formatChange(monthChange),
            detail:
              monthChange === null
                ? "Los mismos días del mes anterior no tuvieron ventas"
                : "Mes hasta hoy vs. los mismos días del mes anterior (como en el Dashboard)",
            tone: monthChange === null ? "stone" : monthChange < 0 ? "red" : "green",
          },
          {
            label: "Mejor mes",
            value: best && best.total_sales > 0 ? best.label : "—",
            detail: best && best.total_sales > 0 ? formatCOP(best.total_sales) : "Sin ventas",
            tone: "green",
          },
        ]}
      />
      <Panel title={`Ventas por mes (últimos ${TREND_MONTHS})`} description="Total vendido y número de ventas">
        <TrendChart testId="chart-monthly-trend" data={months} />
      </Panel>
      <Panel
        title={`Ventas por día (últimos ${TREND_DAYS})`}
        description={`Del ${formatDate(data.start)} al ${formatDate(data.end)}`}
      >
        <TrendChart
          testId="chart-daily-trend"
          data={data.days.map((d) => ({
            label: shortDate(d.date),
            total_sales: d.total_sales,
            transactions: d.transactions,
          }))}
        />
      </Panel>
      <Panel
        title="Comparación de ubicaciones"
        description={`Ventas de cada ubicación mes a mes (últimos ${TREND_MONTHS})`}
      >
        {locations.length === 0 ? (
          <EmptyState text="Ninguna ubicación vendió en estos meses" />
        ) : (
          <div className="space-y-4">
            <LocationComparisonChart
              data={comparison}
              series={locations.map((l) => ({ key: `loc${l.location_id}`, name: l.location_name }))}
            />
            <SortableTable<LocationRow>
              label="Comparación de ubicaciones"
              rows={locations}
              rowKey={(l) => l.location_id}
              empty="Sin ventas"
              columns={[
                textColumn("name", "Ubicación", (l) => l.location_name),
                {
                  key: "current",
                  header: "Este mes",
                  cell: (l) => formatCOP(l.monthly.at(-1) ?? 0),
                  sort: (l) => l.monthly.at(-1) ?? 0,
                  numeric: true,
                },
                {
                  key: "total",
                  header: `${TREND_MONTHS} meses`,
                  cell: (l) => formatCOP(l.total_sales),
                  sort: (l) => l.total_sales,
                  numeric: true,
                },
                numericColumn("count", "Ventas", (l) => l.transactions, formatCount),
                {
                  key: "share",
                  header: "% del total",
                  cell: (l) => formatPercent(sixMonths === 0 ? 0 : Math.round((l.total_sales / sixMonths) * 1000) / 10),
                  sort: (l) => l.total_sales,
                  numeric: true,
                },
              ]}
            />
          </div>
        )}
      </Panel>
      <Definitions
        items={[
          DEF_SALES,
          "Cada mes es el reporte mensual de ventas y cada día el reporte diario, tal como los entrega el servidor; el mes en curso va hasta hoy.",
        ]}
      />
    </>
  );
}

/** Tendencias: sales over the last months and days, and how the locations compare (real reports only). */
export default function AnalyticsSection() {
  const today = bogotaToday();
  const live = useRemoteData(bossQueries.trends(today));
  const empty = (d: Trends) =>
    d.months.every((m) => m.report.total_transactions === 0) && d.days.every((x) => x.transactions === 0);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-600">
          Últimos {TREND_MONTHS} meses y últimos {TREND_DAYS} días, ventas completadas
        </p>
        {live.data && !empty(live.data) && (
          <ExportButton
            fileName={`tendencias-${today}`}
            build={() => (live.data ? trendsCsv(live.data, locationComparison(live.data.months)) : "")}
          />
        )}
      </div>
      <DataState live={live} loadingLabel="Cargando tendencias...">
        {(data) =>
          empty(data) ? (
            <EmptyState text={`No hay ventas en los últimos ${TREND_MONTHS} meses`} />
          ) : (
            <Content data={data} />
          )
        }
      </DataState>
    </div>
  );
}
