import { useState } from "react";
import type { FinancialAnalysis, LocationFinancials } from "../../../api/boss-schemas";
import { countLabel, formatCOP, formatDate } from "../../../lib/format";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { Badge } from "../../../lib/ui/Badge";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { ListCount } from "../../../lib/ui/ListCount";
import { Notice } from "../../../lib/ui/Notice";
import { Panel } from "../../../lib/ui/Panel";
import { StatGrid, type StatSpec } from "../../../lib/ui/StatCard";
import { RankingChart } from "../../company/charts";
import { locationTypeLabel } from "../../company/labels";
import { Definitions } from "../Definitions";
import { DEF_COSTS, DEF_GOODS, DEF_PROFIT, DEF_SALES } from "../definitions";
import { ExportButton } from "../ExportButton";
import { formatPercent } from "../format";
import { costTypeLabel } from "../labels";
import { PeriodPicker } from "../PeriodPicker";
import { defaultPeriod, type Period, periodKey } from "../period";
import { bossQueries } from "../queries";
import { financialCsv } from "../reportCsv";
import { numericColumn, SortableTable, textColumn } from "../table/SortableTable";

const marginTone = (n: number) => (n < 0 ? "text-red-700" : "text-stone-900");

/** The first references of the products without a cost, "Mostrando 12 de N" and all of them on request. */
function MissingCosts({ references }: { references: readonly string[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? references : references.slice(0, MISSING_SHOWN);
  return (
    <>
      <p className="mt-1 text-xs">{shown.join(" · ")}</p>
      {shown.length < references.length && (
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
          <ListCount
            className="inline"
            shown={shown.length}
            total={references.length}
            one="producto sin costo"
            many="productos sin costo"
          />
          <button type="button" className="font-semibold underline" onClick={() => setAll(true)}>
            Ver todos
          </button>
        </div>
      )}
    </>
  );
}

const MISSING_SHOWN = 12;

/** Margin on the goods sold (at the cost each line had when sold, net of returns) and the stock's value. */
function GoodsPanel({ data }: { data: FinancialAnalysis }) {
  const missing = data.products_without_cost;
  return (
    <Panel
      title="Mercancía: margen bruto e inventario"
      description="Cada venta al costo que tenía el producto cuando se vendió, menos lo devuelto; el inventario de las ubicaciones activas"
    >
      <StatGrid
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
        cards={[
          { label: "Costo de la mercancía vendida", value: formatCOP(data.cost_of_goods_sold), tone: "amber" },
          {
            label: "Margen bruto (ventas netas − costo de la mercancía)",
            value: formatPercent(data.gross_margin_percentage),
            detail: `${formatCOP(data.gross_profit)} sobre las ventas con costo registrado`,
            tone: data.gross_profit < 0 ? "red" : "green",
            testId: "financial-gross-profit",
          },
          { label: "Inventario al costo", value: formatCOP(data.inventory_value.at_cost), tone: "sky" },
          { label: "Inventario a precio de venta", value: formatCOP(data.inventory_value.at_price), tone: "sky" },
        ]}
      />
      {(missing.count > 0 || data.revenue_without_cost > 0) && (
        <Notice tone="warning">
          <p>
            {countLabel(missing.count, "producto sin costo", "productos sin costo")}
            {data.revenue_without_cost > 0
              ? ` · ${formatCOP(data.revenue_without_cost)} de ventas del período sin costo registrado (no entran al margen bruto)`
              : ""}
            {data.inventory_value.units_without_cost > 0
              ? ` · ${countLabel(data.inventory_value.units_without_cost, "par", "pares")} en inventario sin valor al costo`
              : ""}
          </p>
          {missing.references.length > 0 && <MissingCosts references={missing.references} />}
        </Notice>
      )}
    </Panel>
  );
}

/** The best or the worst location of the period and its net margin; a dash when no location sold. */
function rankedCard(
  label: string,
  place: FinancialAnalysis["best_performing_location"],
  tone: "green" | "red",
  testId: string,
): StatSpec {
  return {
    label,
    value: place ? place.location_name : "—",
    detail: place ? `Margen neto ${formatPercent(place.profit_margin)}` : "Ninguna ubicación vendió en el período",
    tone,
    testId,
  };
}

function Content({ data }: { data: FinancialAnalysis }) {
  const costs = Object.entries(data.costs_by_type).sort((a, b) => b[1] - a[1]);
  const best = data.best_performing_location;
  const worst = data.worst_performing_location;
  return (
    <>
      {data.overdue_costs_count > 0 && (
        <Notice tone="warning">
          {countLabel(data.overdue_costs_count, "costo operativo vencido", "costos operativos vencidos")} sin pagar al
          cierre del período
        </Notice>
      )}
      <StatGrid
        className="grid grid-cols-2 gap-3 lg:grid-cols-3"
        cards={[
          {
            label: "Ventas brutas",
            value: formatCOP(data.gross_sales),
            tone: "orange",
            testId: "financial-gross-sales",
          },
          {
            label: "Devoluciones",
            value: formatCOP(data.returns_amount),
            detail: countLabel(data.returns_count, "devolución", "devoluciones"),
            tone: "amber",
            testId: "financial-returns",
          },
          { label: "Ventas netas", value: formatCOP(data.total_revenue), tone: "orange", testId: "financial-revenue" },
          {
            label: "Costo de la mercancía",
            value: formatCOP(data.cost_of_goods_sold),
            tone: "amber",
            testId: "financial-cogs",
          },
          { label: "Costos operativos y gastos", value: formatCOP(data.total_costs), tone: "amber" },
          {
            label: "Utilidad neta",
            value: formatCOP(data.net_profit),
            detail: `Margen neto ${formatPercent(data.overall_margin_percentage)} (ventas netas − mercancía − costos y gastos)`,
            tone: data.net_profit < 0 ? "red" : "green",
            testId: "financial-net-profit",
          },
        ]}
      />
      <Definitions items={[DEF_SALES, DEF_GOODS, DEF_COSTS, DEF_PROFIT]} />
      <GoodsPanel data={data} />
      <StatGrid
        className="grid gap-3 sm:grid-cols-2"
        cards={[
          rankedCard("Mejor ubicación", best, "green", "financial-best"),
          rankedCard("Peor ubicación", worst, "red", "financial-worst"),
        ]}
      />
      <Panel title="Costos por tipo" description="Costos operativos del período y gastos registrados">
        <RankingChart
          empty="Sin costos en el período"
          testId="chart-costs-by-type"
          name="Costos"
          kind="money"
          rows={costs.map(([type, amount]) => ({ label: costTypeLabel(type), value: amount }))}
        />
      </Panel>
      <Panel
        title="Por ubicación"
        description="Ventas netas, mercancía, costos y margen neto de cada ubicación; solo las que vendieron entran al ranking"
      >
        <SortableTable<LocationFinancials>
          label="Finanzas por ubicación"
          rows={data.locations_financials}
          rowKey={(l) => l.location_id}
          empty="No hay ubicaciones"
          rowTestId="financial-location-row"
          initialSort={{ column: "margin", direction: "desc" }}
          columns={[
            textColumn("name", "Ubicación", (l) => l.location_name),
            {
              key: "type",
              header: "Tipo",
              cell: (l) => (
                <Badge tone={l.location_type === "bodega" ? "info" : "neutral"}>
                  {locationTypeLabel(l.location_type ?? "")}
                </Badge>
              ),
              sort: (l) => l.location_type,
            },
            numericColumn("sales", "Ventas netas", (l) => l.total_sales, formatCOP),
            numericColumn("goods", "Mercancía", (l) => l.cost_of_goods_sold, formatCOP),
            {
              key: "costs",
              header: "Costos",
              cell: (l) => (
                <>
                  {formatCOP(l.operational_costs)}
                  {Object.entries(l.cost_breakdown).map(([type, amount]) => (
                    <span key={type} className="block text-xs text-stone-500">
                      {costTypeLabel(type)}: {formatCOP(amount)}
                    </span>
                  ))}
                </>
              ),
              sort: (l) => l.operational_costs,
              numeric: true,
            },
            {
              key: "profit",
              header: "Utilidad neta",
              cell: (l) => <span className={marginTone(l.net_profit)}>{formatCOP(l.net_profit)}</span>,
              sort: (l) => l.net_profit,
              numeric: true,
            },
            {
              key: "margin",
              header: "Margen neto",
              cell: (l) => (
                <span className={`font-semibold ${marginTone(l.profit_margin_percentage)}`}>
                  {l.total_sales === 0 ? "—" : formatPercent(l.profit_margin_percentage)}
                </span>
              ),
              // Without sales the margin is not a number to rank by: such rows go last.
              sort: (l) => (l.total_sales === 0 ? null : l.profit_margin_percentage),
              numeric: true,
            },
          ]}
        />
      </Panel>
    </>
  );
}

/** Análisis financiero: a range (default this month so far) or a month; totals, costs, per-location margins. */
export default function FinancialSection() {
  const [period, setPeriod] = useState<Period>(() => defaultPeriod());
  const live = useRemoteData(bossQueries.financial(period));
  const empty = (d: FinancialAnalysis) => d.total_revenue === 0 && d.total_costs === 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PeriodPicker kinds={["range", "month"]} value={period} onChange={setPeriod} />
        {live.data && !empty(live.data) && (
          <ExportButton
            fileName={`analisis-financiero-${periodKey(period)}`}
            build={() => (live.data ? financialCsv(live.data) : "")}
          />
        )}
      </div>
      <DataState live={live} loadingLabel="Cargando análisis financiero...">
        {(data) => (
          <>
            <p className="text-sm text-stone-600" data-testid="financial-period">
              Del {formatDate(data.analysis_period.start_date)} al {formatDate(data.analysis_period.end_date)} (
              {countLabel(data.analysis_period.days, "día", "días")})
            </p>
            {empty(data) ? (
              <EmptyState text="No hay ventas ni costos en el período seleccionado" />
            ) : (
              <Content data={data} />
            )}
          </>
        )}
      </DataState>
    </div>
  );
}
