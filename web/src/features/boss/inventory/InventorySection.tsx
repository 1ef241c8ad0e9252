import { fetchConsolidatedInventory } from "../../../api/boss";
import { type ConsolidatedInventory, ConsolidatedInventorySchema } from "../../../api/boss-schemas";
import { RankingChart } from "../../../lib/company/charts";
import { locationTypeLabel } from "../../../lib/company/labels";
import { formatCOP } from "../../../lib/format";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { Badge } from "../../../lib/ui/Badge";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { Panel } from "../../../lib/ui/Panel";
import { StatCard } from "../../../lib/ui/StatCard";
import { Definitions } from "../Definitions";
import { bogotaToday } from "../dates";
import { DEF_SINGLE_FEET, DEF_STOCK_VALUE, defInventoryAlerts } from "../definitions";
import { ExportButton } from "../ExportButton";
import { formatCount, formatPercent } from "../format";
import { inventoryCsv } from "../reportCsv";
import { numericColumn, SortableTable } from "../table/SortableTable";
import { StockAlerts } from "./StockAlerts";

type Brand = ConsolidatedInventory["by_brand"][number];
type ByLocation = ConsolidatedInventory["by_location"][number];

const short = (text: string, max = 16) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function Content({ data }: { data: ConsolidatedInventory }) {
  const { low_stock_pairs: low, overstock_pairs: over } = data.thresholds;
  return (
    <>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        <div className="col-span-2">
          <StatCard
            label="Valor total"
            value={formatCOP(data.total_value)}
            detail="Pares, exhibición y pies sueltos"
            tone="green"
            testId="inventory-total-value"
          />
        </div>
        <StatCard label="Ubicaciones" value={formatCount(data.total_locations)} detail="Activas con inventario" />
        <StatCard label="Productos" value={formatCount(data.total_products)} detail="Con existencias" />
        <StatCard
          label="Pares"
          value={formatCount(data.total_units)}
          detail="Incluye exhibición"
          tone="orange"
          testId="inventory-total-pairs"
        />
        <StatCard
          label="Pies sueltos"
          value={formatCount(data.total_single_feet)}
          detail="Aparte de los pares"
          tone="amber"
          testId="inventory-single-feet"
        />
      </div>
      <Definitions items={[DEF_SINGLE_FEET, DEF_STOCK_VALUE]} />
      <Panel title="Por marca" description="Pares de cada marca y su porcentaje del total de pares">
        <div className="space-y-4">
          <RankingChart
            testId="chart-by-brand"
            name="Pares"
            kind="units"
            rows={data.by_brand.map((b) => ({ label: short(b.category_name), value: b.total_units }))}
          />
          <SortableTable<Brand>
            label="Inventario por marca"
            rows={data.by_brand}
            rowKey={(b) => b.category_name}
            empty="Sin marcas"
            columns={[
              { key: "brand", header: "Marca", cell: (b) => b.category_name, sort: (b) => b.category_name },
              numericColumn("pairs", "Pares", (b) => b.total_units, formatCount),
              numericColumn("pct", "% pares", (b) => b.percentage_of_total, formatPercent),
              numericColumn("single", "Pies sueltos", (b) => b.single_feet, formatCount),
              numericColumn("value", "Valor", (b) => b.total_value, formatCOP),
            ]}
          />
        </div>
      </Panel>
      <Panel title="Por ubicación">
        <SortableTable<ByLocation>
          label="Inventario por ubicación"
          rows={data.by_location}
          rowKey={(l) => l.location_id}
          empty="Sin ubicaciones con inventario"
          columns={[
            { key: "name", header: "Ubicación", cell: (l) => l.name, sort: (l) => l.name },
            {
              key: "type",
              header: "Tipo",
              cell: (l) => <Badge tone={l.type === "bodega" ? "info" : "neutral"}>{locationTypeLabel(l.type)}</Badge>,
              sort: (l) => locationTypeLabel(l.type),
            },
            numericColumn("pairs", "Pares", (l) => l.total_units, formatCount),
            numericColumn("single", "Pies sueltos", (l) => l.single_feet, formatCount),
            numericColumn("products", "Productos", (l) => l.total_products, formatCount),
            numericColumn("low", "Poco stock", (l) => l.low_stock_items, formatCount),
            numericColumn("value", "Valor", (l) => l.total_value, formatCOP),
          ]}
        />
      </Panel>
      <StockAlerts data={data} />
      <Definitions items={[defInventoryAlerts(low, over)]} title="¿Cuándo hay una alerta de stock?" />
    </>
  );
}

/** Inventario consolidado: totals (single feet apart), by brand with chart, by location, stock alerts. */
export default function InventorySection() {
  const live = useRemoteData({
    area: "admin",
    name: "boss-inventory",
    schema: ConsolidatedInventorySchema,
    load: fetchConsolidatedInventory,
  });
  const empty = (d: ConsolidatedInventory) => d.total_units === 0 && d.total_single_feet === 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-600">Existencias actuales de todas las ubicaciones activas</p>
        {live.data && !empty(live.data) && (
          <ExportButton
            fileName={`inventario-consolidado-${bogotaToday()}`}
            build={() => (live.data ? inventoryCsv(live.data) : "")}
          />
        )}
      </div>
      <DataState live={live} loadingLabel="Cargando inventario...">
        {(data) =>
          empty(data) ? (
            <EmptyState text="No hay inventario registrado en las ubicaciones activas" />
          ) : (
            <Content data={data} />
          )
        }
      </DataState>
    </div>
  );
}
