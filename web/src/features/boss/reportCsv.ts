import type { ConsolidatedInventory, FinancialAnalysis, SalesReport, StockItem } from "../../api/boss-schemas";
import { paymentLabel } from "../../lib/format";
import { type CsvColumn, joinCsvTables, toCsv } from "../company/csv";
import { locationTypeLabel } from "../company/labels";
import type { LocationRow, Trends } from "./analytics/loadTrends";
import { shortMonthLabel } from "./format";
import { costTypeLabel } from "./labels";

/**
 * The CSV of each boss report: ';' separated with a BOM (admin/csv.ts, what Excel in es-CO opens),
 * money in whole pesos and decimals with a comma, so the numbers stay numbers in a spreadsheet.
 */

const pesos = (n: number) => Math.round(n);
const decimal = (n: number) => String(n).replace(".", ",");

type Table<T> = { title: string; columns: CsvColumn<T>[]; rows: readonly T[] };
const table = <T>(t: Table<T>) => ({ title: t.title, csv: toCsv(t.columns, t.rows) });

export function salesReportCsv(r: SalesReport, title = "Reporte de ventas"): string {
  return joinCsvTables([
    table({
      title,
      columns: [
        { header: "Desde", value: () => r.report_period.start_date },
        { header: "Hasta", value: () => r.report_period.end_date },
        { header: "Total ventas (COP)", value: () => pesos(r.total_sales) },
        { header: "Transacciones", value: () => r.total_transactions },
        { header: "Ticket promedio (COP)", value: () => pesos(r.average_ticket) },
      ],
      rows: [r],
    }),
    table({
      title: "Ventas por ubicación",
      columns: [
        { header: "Ubicación", value: (l) => l.location_name },
        { header: "Tipo", value: (l) => locationTypeLabel(l.location_type ?? "") },
        { header: "Transacciones", value: (l) => l.transactions_count },
        { header: "Ticket promedio (COP)", value: (l) => pesos(l.average_ticket) },
        { header: "Total (COP)", value: (l) => pesos(l.total_sales) },
        { header: "% del total", value: (l) => decimal(l.percentage_of_total) },
      ],
      rows: r.sales_by_location,
    }),
    table({
      title: "Mejores vendedores",
      columns: [
        { header: "Vendedor", value: (s) => s.user_name },
        { header: "Ubicación", value: (s) => s.location_name },
        { header: "Transacciones", value: (s) => s.transactions_count },
        { header: "Total (COP)", value: (s) => pesos(s.total_sales) },
      ],
      rows: r.top_sellers,
    }),
    table({
      title: "Productos más vendidos",
      columns: [
        { header: "Referencia", value: (p) => p.reference_code },
        { header: "Marca", value: (p) => p.brand },
        { header: "Modelo", value: (p) => p.model },
        { header: "Unidades", value: (p) => p.units_sold },
        { header: "Ingresos (COP)", value: (p) => pesos(p.total_revenue) },
        { header: "Precio promedio (COP)", value: (p) => pesos(p.average_price) },
      ],
      rows: r.top_products,
    }),
    table({
      title: "Métodos de pago",
      columns: [
        { header: "Método", value: (p) => paymentLabel(p.payment_type) },
        { header: "Pagos", value: (p) => p.payments_count },
        { header: "Total (COP)", value: (p) => pesos(p.total_amount) },
        { header: "% del total", value: (p) => decimal(p.percentage_of_total) },
      ],
      rows: r.payment_methods_breakdown,
    }),
  ]);
}

const stockColumns: CsvColumn<StockItem>[] = [
  { header: "Ubicación", value: (i) => i.location_name },
  { header: "Referencia", value: (i) => i.reference_code },
  { header: "Marca", value: (i) => i.brand },
  { header: "Modelo", value: (i) => i.model },
  { header: "Pares", value: (i) => i.pairs },
  { header: "Pies sueltos", value: (i) => i.single_feet },
];

export function inventoryCsv(d: ConsolidatedInventory): string {
  return joinCsvTables([
    table({
      title: "Inventario consolidado",
      columns: [
        { header: "Ubicaciones", value: () => d.total_locations },
        { header: "Productos", value: () => d.total_products },
        { header: "Pares", value: () => d.total_units },
        { header: "Pies sueltos", value: () => d.total_single_feet },
        { header: "Valor (COP)", value: () => pesos(d.total_value) },
      ],
      rows: [d],
    }),
    table({
      title: "Por marca",
      columns: [
        { header: "Marca", value: (b) => b.category_name },
        { header: "Pares", value: (b) => b.total_units },
        { header: "Pies sueltos", value: (b) => b.single_feet },
        { header: "Ubicaciones", value: (b) => b.locations_count },
        { header: "Valor (COP)", value: (b) => pesos(b.total_value) },
        { header: "% de los pares", value: (b) => decimal(b.percentage_of_total) },
      ],
      rows: d.by_brand,
    }),
    table({
      title: "Por ubicación",
      columns: [
        { header: "Ubicación", value: (l) => l.name },
        { header: "Tipo", value: (l) => locationTypeLabel(l.type) },
        { header: "Pares", value: (l) => l.total_units },
        { header: "Pies sueltos", value: (l) => l.single_feet },
        { header: "Productos", value: (l) => l.total_products },
        { header: "Poco stock", value: (l) => l.low_stock_items },
        { header: "Valor (COP)", value: (l) => pesos(l.total_value) },
      ],
      rows: d.by_location,
    }),
    table({ title: "Poco stock", columns: stockColumns, rows: d.low_stock_alerts }),
    table({ title: "Agotados", columns: stockColumns, rows: d.out_of_stock_alerts }),
    table({ title: "Sobrestock", columns: stockColumns, rows: d.overstocked_alerts }),
  ]);
}

export function financialCsv(f: FinancialAnalysis): string {
  return joinCsvTables([
    table({
      title: "Análisis financiero",
      columns: [
        { header: "Desde", value: () => f.analysis_period.start_date },
        { header: "Hasta", value: () => f.analysis_period.end_date },
        { header: "Ventas brutas (COP)", value: () => pesos(f.gross_sales) },
        { header: "Devoluciones (COP)", value: () => pesos(f.returns_amount) },
        { header: "Ventas netas (COP)", value: () => pesos(f.total_revenue) },
        { header: "Costo de la mercancía (COP)", value: () => pesos(f.cost_of_goods_sold) },
        { header: "Margen bruto %", value: () => decimal(f.gross_margin_percentage) },
        { header: "Costos operativos y gastos (COP)", value: () => pesos(f.total_costs) },
        { header: "Utilidad neta (COP)", value: () => pesos(f.net_profit) },
        { header: "Margen neto %", value: () => decimal(f.overall_margin_percentage) },
      ],
      rows: [f],
    }),
    table({
      title: "Costos por tipo",
      columns: [
        { header: "Tipo", value: ([type]) => costTypeLabel(type) },
        { header: "Monto (COP)", value: ([, amount]) => pesos(amount) },
      ],
      rows: Object.entries(f.costs_by_type),
    }),
    table({
      title: "Por ubicación",
      columns: [
        { header: "Ubicación", value: (l) => l.location_name },
        { header: "Tipo", value: (l) => locationTypeLabel(l.location_type ?? "") },
        { header: "Ventas netas (COP)", value: (l) => pesos(l.total_sales) },
        { header: "Mercancía (COP)", value: (l) => pesos(l.cost_of_goods_sold) },
        { header: "Costos (COP)", value: (l) => pesos(l.operational_costs) },
        { header: "Utilidad neta (COP)", value: (l) => pesos(l.net_profit) },
        { header: "Margen neto %", value: (l) => decimal(l.profit_margin_percentage) },
      ],
      rows: f.locations_financials,
    }),
  ]);
}

export function trendsCsv(t: Trends, locations: readonly LocationRow[]): string {
  const monthNames = t.months.map((m) => shortMonthLabel(m.year, m.month));
  return joinCsvTables([
    table({
      title: "Ventas por mes",
      columns: [
        { header: "Mes", value: (m) => `${m.year}-${String(m.month).padStart(2, "0")}` },
        { header: "Ventas (COP)", value: (m) => pesos(m.report.total_sales) },
        { header: "Transacciones", value: (m) => m.report.total_transactions },
        { header: "Ticket promedio (COP)", value: (m) => pesos(m.report.average_ticket) },
      ],
      rows: t.months,
    }),
    table({
      title: `Ventas por día (${t.start} a ${t.end})`,
      columns: [
        { header: "Fecha", value: (d) => d.date },
        { header: "Ventas (COP)", value: (d) => pesos(d.total_sales) },
        { header: "Transacciones", value: (d) => d.transactions },
      ],
      rows: t.days,
    }),
    table({
      title: "Comparación de ubicaciones",
      columns: [
        { header: "Ubicación", value: (l) => l.location_name },
        ...monthNames.map((name, i) => ({
          header: `${name} (COP)`,
          value: (l: LocationRow) => pesos(l.monthly[i] ?? 0),
        })),
        { header: "Total (COP)", value: (l) => pesos(l.total_sales) },
        { header: "Transacciones", value: (l) => l.transactions },
      ],
      rows: locations,
    }),
  ]);
}
