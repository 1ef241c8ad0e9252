import type {
  ConnectionDiagnosis,
  Health,
  ProductAssignments,
  ProductMargin,
  ReorderReport,
  SalesReport,
  SystemOverview,
  TransfersOverview,
  UserPerformance,
  VatReport,
} from "../../../api/admin-schemas";
import { paymentLabel } from "../../../lib/format";
import { STATUS_LABEL } from "../../../lib/logistics/progress";
import { joinCsvTables, toCsv } from "../../company/csv";
import { labelOf, locationTypeLabel, PURPOSE_LABELS, roleLabel } from "../../company/labels";

/** A report shown as a table and downloaded as CSV; numbers stay raw in the CSV. */
export type ReportColumn = { header: string; kind?: "money" | "percent" | "number" | "text" | "date" };
export type ReportCell = string | number | null;
export type ReportTable = {
  title: string;
  columns: ReportColumn[];
  rows: ReportCell[][];
  /** False when the first column is not a name (phones then label every value). */
  cardTitle?: boolean;
};

const text = (header: string): ReportColumn => ({ header, kind: "text" });
const date = (header: string): ReportColumn => ({ header, kind: "date" });
const money = (header: string): ReportColumn => ({ header, kind: "money" });
const number = (header: string): ReportColumn => ({ header, kind: "number" });
const percent = (header: string): ReportColumn => ({ header, kind: "percent" });

export function tablesCsv(tables: readonly ReportTable[]): string {
  return joinCsvTables(
    tables.map((t) => ({
      title: t.title,
      csv: toCsv(
        t.columns.map((c, i) => ({ header: c.header, value: (row: ReportCell[]) => row[i] })),
        t.rows,
      ),
    })),
  );
}

const RATE_NAME: Record<VatReport["lines"][number]["tax_class"], string> = {
  iva_19: "IVA 19 %",
  iva_5: "IVA 5 %",
  exento: "Exento",
  excluido: "Excluido",
};

/**
 * IVA per store and rate: base and IVA of the period's sales, what returns carried back, and the net (the
 * CSV keeps centavos, as the sale lines stored them).
 */
export function vatReportTables(r: VatReport): ReportTable[] {
  const columns = [
    text("Local"),
    text("Tarifa"),
    money("Base ventas"),
    money("IVA ventas"),
    money("Base devoluciones"),
    money("IVA devuelto"),
    money("Base neta"),
    money("IVA neto"),
  ];
  const t = r.totals;
  return [
    {
      title: "IVA por local y tarifa",
      columns,
      rows: [
        ...r.lines.map((l) => [
          l.location_name,
          RATE_NAME[l.tax_class],
          l.sales_base,
          l.sales_tax,
          l.returns_base,
          l.returns_tax,
          l.net_base,
          l.net_tax,
        ]),
        ["Total", "", t.sales_base, t.sales_tax, t.returns_base, t.returns_tax, t.net_base, t.net_tax],
      ],
    },
  ];
}

export function salesReportTables(r: SalesReport): ReportTable[] {
  return [
    {
      title: "Resumen",
      cardTitle: false,
      columns: [
        date("Desde"),
        date("Hasta"),
        money("Ventas brutas"),
        number("Devoluciones"),
        money("Valor devuelto"),
        money("Ventas netas"),
        number("Transacciones"),
        money("Ticket promedio"),
      ],
      rows: [
        [
          r.report_period.start_date,
          r.report_period.end_date,
          r.gross_sales,
          r.returns_count,
          r.returns_amount,
          r.total_sales,
          r.total_transactions,
          r.average_ticket,
        ],
      ],
    },
    {
      title: "Ventas por ubicación",
      columns: [
        text("Ubicación"),
        number("Transacciones"),
        money("Ticket promedio"),
        money("Total"),
        percent("% del total"),
      ],
      rows: r.sales_by_location.map((l) => [
        l.location_name,
        l.transactions_count,
        l.average_ticket,
        l.total_sales,
        l.percentage_of_total,
      ]),
    },
    {
      title: "Mejores vendedores",
      columns: [text("Vendedor"), text("Ubicación"), number("Transacciones"), money("Total")],
      rows: r.top_sellers.map((s) => [s.user_name, s.location_name, s.transactions_count, s.total_sales]),
    },
    {
      title: "Productos más vendidos",
      columns: [
        text("Referencia"),
        text("Marca"),
        text("Modelo"),
        number("Unidades"),
        money("Ingresos"),
        money("Precio promedio"),
      ],
      rows: r.top_products.map((p) => [
        p.reference_code,
        p.brand,
        p.model,
        p.units_sold,
        p.total_revenue,
        p.average_price,
      ]),
    },
    {
      title: "Métodos de pago",
      columns: [text("Método"), number("Pagos"), money("Total"), percent("% del total")],
      rows: r.payment_methods_breakdown.map((p) => [
        paymentLabel(p.payment_type),
        p.payments_count,
        p.total_amount,
        p.percentage_of_total,
      ]),
    },
  ];
}

export function performanceTables(p: UserPerformance): ReportTable[] {
  return [
    {
      title: `Rendimiento de usuarios (${p.period.start_date} a ${p.period.end_date})`,
      columns: [
        text("Usuario"),
        text("Rol"),
        text("Ubicación"),
        text("Estado"),
        number("Ventas"),
        money("Total vendido"),
        money("Ticket promedio"),
        number("Gastos"),
        money("Total gastos"),
        percent("Puntaje"),
      ],
      rows: p.users.map((u) => [
        u.user_name,
        roleLabel(u.role),
        u.location_name,
        u.is_active ? "Activo" : "Inactivo",
        u.sales_count,
        u.total_sales,
        u.average_ticket,
        u.expenses_count,
        u.expenses_total,
        u.performance_score,
      ]),
    },
  ];
}

export function transfersTables(t: TransfersOverview): ReportTable[] {
  return [
    {
      title: "Resumen de transferencias",
      columns: [text("Métrica"), text("Valor")],
      rows: [
        ["Transferencias abiertas", t.open_transfers],
        ["Tasa de completadas (%)", t.completion_rate],
        ["Duración promedio (min)", t.average_completion_minutes ?? "—"],
        ["Pedidas hoy", t.today.requested],
        ["Completadas hoy", t.today.completed],
      ],
    },
    {
      title: "Por estado",
      columns: [text("Estado"), number("Cantidad")],
      rows: Object.entries(t.by_status).map(([s, n]) => [labelOf(STATUS_LABEL, s), n]),
    },
    {
      title: "Por propósito",
      columns: [text("Propósito"), number("Cantidad")],
      rows: Object.entries(t.by_purpose).map(([s, n]) => [labelOf(PURPOSE_LABELS, s), n]),
    },
  ];
}

export function assignmentsTables(a: ProductAssignments): ReportTable[] {
  return [
    {
      title: "Asignaciones de productos por ubicación",
      columns: [
        text("Ubicación"),
        text("Tipo"),
        number("Productos"),
        number("Pares"),
        number("Pies sueltos"),
        number("Exhibición"),
        number("Usuarios"),
      ],
      rows: a.assignments.map((x) => [
        x.location_name,
        locationTypeLabel(x.location_type),
        x.products_count,
        x.total_pairs,
        x.single_feet,
        x.exhibition_units,
        x.assigned_users,
      ]),
    },
  ];
}

export function healthTables(h: Health): ReportTable[] {
  return [
    {
      title: "Estado del módulo",
      cardTitle: false,
      columns: [text("Módulo"), text("Estado"), date("Verificado")],
      rows: [[h.module, h.status === "ok" ? "Operativo" : h.status, h.timestamp]],
    },
  ];
}

export function systemTables(s: SystemOverview): ReportTable[] {
  return [
    {
      title: "Resumen del sistema",
      columns: [text("Métrica"), number("Valor")],
      rows: [
        ["Usuarios activos", s.users.active],
        ["Vendedores", s.users.sellers],
        ["Bodegueros", s.users.warehouse_keepers],
        ["Corredores", s.users.couriers],
        ["Locales de venta", s.locations.stores],
        ["Bodegas", s.locations.warehouses],
        ["Productos activos", s.catalogue.active_products],
        ["Productos de mayoreo", s.catalogue.wholesale_products],
        ["Pares en stock", s.stock.pairs],
        ["Pies sueltos en stock", s.stock.single_feet],
        ["Transferencias abiertas", s.transfers.open],
      ],
    },
  ];
}

const SERVICE_LABELS: Record<string, string> = {
  d1: "Base de datos (D1)",
  r2: "Archivos (R2)",
  durable_object: "TransferHub (Durable Object)",
};

export function diagnosisTables(d: ConnectionDiagnosis): ReportTable[] {
  return [
    {
      title: `Conexión con microservicios: ${d.status === "ok" ? "todo operativo" : "con fallas"}`,
      columns: [text("Servicio"), text("Estado"), number("Latencia (ms)"), text("Detalle")],
      rows: Object.entries(d.checks).map(([name, check]) => [
        labelOf(SERVICE_LABELS, name),
        check.status === "ok" ? "OK" : "Error",
        check.latency_ms,
        check.detail,
      ]),
    },
  ];
}

/** Qué reponer: one row per location × product × size (the CSV keeps every figure). */
export function reorderTables(r: ReorderReport): ReportTable[] {
  return [
    {
      title: "Qué reponer",
      columns: [
        text("Ubicación"),
        text("Producto"),
        text("Talla"),
        number(`Vendido (${r.window_days} d)`),
        number("Por día"),
        number("Disponible"),
        number("En tránsito"),
        number("Mínimo"),
        number("Sugerido"),
      ],
      rows: r.rows.map((x) => [
        x.location_name,
        `${x.reference_code} · ${x.brand} ${x.model}`,
        x.size,
        x.units_sold,
        x.daily_velocity,
        x.available,
        x.in_transit,
        x.minimum,
        x.suggested,
      ]),
    },
  ];
}

/** Margen por producto: units, sales with and without IVA, cost, margin, sell-through and days of stock. */
export function productMarginTables(r: ProductMargin): ReportTable[] {
  const t = r.totals;
  return [
    {
      title: "Margen por producto",
      columns: [
        text("Producto"),
        number("Unidades"),
        money("Ventas netas (con IVA)"),
        money("Ventas sin IVA"),
        money("Costo"),
        number("Unid. sin costo"),
        money("Margen"),
        percent("Margen %"),
        number("Stock hoy"),
        percent("Sell-through"),
        number("Días de inventario"),
      ],
      rows: [
        ...r.products.map((p) => [
          `${p.reference_code} · ${p.brand} ${p.model}`,
          p.units,
          p.net_sales,
          p.net_sales_base,
          p.cost,
          p.uncosted_units,
          p.margin,
          p.margin_pct,
          p.on_hand,
          p.sell_through,
          p.days_of_stock,
        ]),
        ...(r.products.length > 0
          ? [
              [
                "Total",
                t.units,
                t.net_sales,
                t.net_sales_base,
                t.cost,
                t.uncosted_units,
                t.margin,
                null,
                null,
                null,
                null,
              ],
            ]
          : []),
      ],
    },
  ];
}
