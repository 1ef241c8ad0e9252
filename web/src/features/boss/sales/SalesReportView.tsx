import type { SalesReport } from "../../../api/boss-schemas";
import { formatCOP, paymentLabel, productName } from "../../../lib/format";
import { Panel } from "../../../lib/ui/Panel";
import { StatGrid } from "../../../lib/ui/StatCard";
import { Definitions } from "../Definitions";
import { DEF_SALES } from "../definitions";
import { formatCount, formatPercent } from "../format";
import { ChartedTable } from "../table/ChartedTable";
import { numericColumn, SortableTable, textColumn } from "../table/SortableTable";

type ByLocation = SalesReport["sales_by_location"][number];
type Seller = SalesReport["top_sellers"][number];
type Product = SalesReport["top_products"][number];
type Payment = SalesReport["payment_methods_breakdown"][number];

/** A share of the total: a small bar and the percentage. */
function share(value: number) {
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden="true" className="hidden h-1.5 w-16 overflow-hidden rounded-full bg-stone-100 sm:inline-block">
        <span className="block h-full bg-orange-500" style={{ width: `${Math.min(100, Math.max(0, value))}%` }} />
      </span>
      {formatPercent(value)}
    </span>
  );
}

/** A sales report: totals, by location with share, top sellers, top products and payment methods. */
export function SalesReportView({ report }: { report: SalesReport }) {
  return (
    <>
      <StatGrid
        className="grid grid-cols-2 gap-3 lg:grid-cols-3"
        cards={[
          {
            label: "Total ventas",
            value: formatCOP(report.total_sales),
            detail:
              report.returns_count > 0
                ? `Vendido ${formatCOP(report.gross_sales)} − devoluciones ${formatCOP(report.returns_amount)}`
                : undefined,
            tone: "orange",
            testId: "sales-total",
          },
          {
            label: "Transacciones",
            value: formatCount(report.total_transactions),
            tone: "sky",
            testId: "sales-transactions",
          },
          {
            wrap: "col-span-2 lg:col-span-1",
            label: "Ticket promedio",
            value: formatCOP(report.average_ticket),
            detail: "Total ventas / transacciones",
            tone: "green",
          },
        ]}
      />
      <Definitions
        items={[
          DEF_SALES,
          "Métodos de pago: un pago mixto cuenta en cada método con su parte, por eso puede haber más pagos que ventas.",
        ]}
      />
      <Panel title="Ventas por ubicación" description="Porcentaje del total vendido en el período">
        <ChartedTable<ByLocation>
          chart={{
            testId: "chart-sales-by-location",
            name: "Ventas",
            kind: "money",
            label: (l) => l.location_name,
            value: (l) => l.total_sales,
          }}
          label="Ventas por ubicación"
          rows={report.sales_by_location}
          rowKey={(l) => l.location_id}
          empty="Sin ventas"
          rowTestId="sales-location-row"
          columns={[
            textColumn("name", "Ubicación", (l) => l.location_name),
            numericColumn("count", "Transacciones", (l) => l.transactions_count, formatCount),
            numericColumn("ticket", "Ticket promedio", (l) => l.average_ticket, formatCOP),
            numericColumn("total", "Total", (l) => l.total_sales, formatCOP),
            numericColumn("pct", "% del total", (l) => l.percentage_of_total, share),
          ]}
        />
      </Panel>
      <div className="grid gap-4 2xl:grid-cols-2">
        <Panel title="Mejores vendedores">
          <SortableTable<Seller>
            label="Mejores vendedores"
            rows={report.top_sellers}
            rowKey={(s) => s.user_id}
            empty="Sin vendedores con ventas"
            limit={10}
            noun={{ one: "vendedor con ventas", many: "vendedores con ventas" }}
            columns={[
              textColumn("name", "Vendedor", (s) => s.user_name),
              {
                key: "location",
                header: "Ubicación",
                cell: (s) => s.location_name ?? "—",
                sort: (s) => s.location_name,
              },
              numericColumn("count", "Ventas", (s) => s.transactions_count, formatCount),
              numericColumn("total", "Total", (s) => s.total_sales, formatCOP),
            ]}
          />
        </Panel>
        <Panel title="Métodos de pago">
          <SortableTable<Payment>
            label="Métodos de pago"
            rows={report.payment_methods_breakdown}
            rowKey={(p) => p.payment_type}
            empty="Sin pagos"
            columns={[
              textColumn("type", "Método", (p) => paymentLabel(p.payment_type)),
              numericColumn("count", "Pagos", (p) => p.payments_count, formatCount),
              numericColumn("total", "Total", (p) => p.total_amount, formatCOP),
              numericColumn("pct", "%", (p) => p.percentage_of_total, share),
            ]}
          />
        </Panel>
      </div>
      <Panel title="Productos más vendidos" description="Por unidades vendidas">
        <SortableTable<Product>
          label="Productos más vendidos"
          rows={report.top_products}
          rowKey={(p) => p.reference_code}
          empty="Sin productos vendidos"
          limit={10}
          noun={{ one: "producto vendido", many: "productos vendidos" }}
          columns={[
            textColumn("product", "Producto", (p) => productName(p)),
            textColumn("ref", "Referencia", (p) => p.reference_code),
            numericColumn("units", "Unidades", (p) => p.units_sold, formatCount),
            numericColumn("revenue", "Ingresos", (p) => p.total_revenue, formatCOP),
            numericColumn("avg", "Precio promedio", (p) => p.average_price, formatCOP),
          ]}
        />
      </Panel>
    </>
  );
}
