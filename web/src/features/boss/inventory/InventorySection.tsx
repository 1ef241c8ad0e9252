import type { ConsolidatedInventory } from "../../../api/boss-schemas";
import { formatCOP } from "../../../lib/format";
import { useRemoteData } from "../../../lib/query/useRemoteData";
import { Badge } from "../../../lib/ui/Badge";
import { DataState } from "../../../lib/ui/DataState";
import { EmptyState } from "../../../lib/ui/EmptyState";
import { Panel } from "../../../lib/ui/Panel";
import { StatGrid } from "../../../lib/ui/StatCard";
import { locationTypeLabel } from "../../company/labels";
import { Definitions } from "../Definitions";
import { bogotaToday } from "../dates";
import { DEF_SINGLE_FEET, DEF_STOCK_VALUE, defInventoryAlerts } from "../definitions";
import { ExportButton } from "../ExportButton";
import { formatCount, formatPercent } from "../format";
import { bossQueries } from "../queries";
import { inventoryCsv } from "../reportCsv";
import { ChartedTable } from "../table/ChartedTable";
import { numericColumn, SortableTable, textColumn } from "../table/SortableTable";
import { StockAlerts } from "./StockAlerts";

type Brand = ConsolidatedInventory["by_brand"][number];
type ByLocation = ConsolidatedInventory["by_location"][number];

function Content({ data }: { data: ConsolidatedInventory }) {
  const { low_stock_pairs: low, overstock_pairs: over } = data.thresholds;
  return (
    <>
      <StatGrid
        className="grid grid-cols-2 gap-3 lg:grid-cols-6"
        cards={[
          {
            wrap: "col-span-2",
            label: "Valor total",
            value: formatCOP(data.total_value),
            detail: "Pares, exhibición y pies sueltos",
            tone: "green",
            testId: "inventory-total-value",
          },
          { label: "Ubicaciones", value: formatCount(data.total_locations), detail: "Activas con inventario" },
          { label: "Productos", value: formatCount(data.total_products), detail: "Con existencias" },
          {
            label: "Pares",
            value: formatCount(data.total_units),
            detail: "Incluye exhibición",
            tone: "orange",
            testId: "inventory-total-pairs",
          },
          {
            label: "Pies sueltos",
            value: formatCount(data.total_single_feet),
            detail: "Aparte de los pares",
            tone: "amber",
            testId: "inventory-single-feet",
          },
        ]}
      />
      <Definitions items={[DEF_SINGLE_FEET, DEF_STOCK_VALUE]} />
      <Panel title="Por marca" description="Pares de cada marca y su porcentaje del total de pares">
        <ChartedTable<Brand>
          chart={{
            testId: "chart-by-brand",
            name: "Pares",
            kind: "units",
            label: (b) => b.category_name,
            value: (b) => b.total_units,
          }}
          label="Inventario por marca"
          rows={data.by_brand}
          rowKey={(b) => b.category_name}
          empty="Sin marcas"
          columns={[
            textColumn("brand", "Marca", (b) => b.category_name),
            numericColumn("pairs", "Pares", (b) => b.total_units, formatCount),
            numericColumn("pct", "% pares", (b) => b.percentage_of_total, formatPercent),
            numericColumn("single", "Pies sueltos", (b) => b.single_feet, formatCount),
            numericColumn("value", "Valor", (b) => b.total_value, formatCOP),
          ]}
        />
      </Panel>
      <Panel title="Por ubicación">
        <SortableTable<ByLocation>
          label="Inventario por ubicación"
          rows={data.by_location}
          rowKey={(l) => l.location_id}
          empty="Sin ubicaciones con inventario"
          columns={[
            textColumn("name", "Ubicación", (l) => l.name),
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
  const live = useRemoteData(bossQueries.inventory());
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
