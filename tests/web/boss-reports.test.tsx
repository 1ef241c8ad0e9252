import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import type { ConsolidatedInventory, FinancialAnalysis, SalesReport, StockItem } from "../../web/src/api/boss-schemas";
import { loadTrends, locationComparison } from "../../web/src/features/boss/analytics/loadTrends";
import { currentMonthRange, lastMonths, parseYear, rangeError } from "../../web/src/features/boss/dates";
import FinancialSection from "../../web/src/features/boss/financial/FinancialSection";
import InventorySection from "../../web/src/features/boss/inventory/InventorySection";
import { financialCsv, inventoryCsv, salesReportCsv, trendsCsv } from "../../web/src/features/boss/reportCsv";
import SalesSection from "../../web/src/features/boss/sales/SalesSection";
import { SortableTable } from "../../web/src/features/boss/table/SortableTable";
import { nextSort, sortRows } from "../../web/src/features/boss/table/sort";
import { formatCOP } from "../../web/src/lib/format";
import { jsonBody } from "./admin-helpers";
import { jsonResponse, mockFetch, render, signInBoss } from "./helpers";
import { VAT_REPORT } from "./tax-fixtures";

const REPORT: SalesReport = {
  report_period: { start_date: "2026-11-01", end_date: "2026-11-21" },
  total_sales: 2_719_400,
  total_transactions: 5,
  gross_sales: 2_719_400,
  returns_count: 0,
  returns_amount: 0,
  average_ticket: 543_880,
  sales_by_location: [
    {
      location_id: 1,
      location_name: "Local Centro",
      location_type: "local",
      total_sales: 1_769_600,
      transactions_count: 3,
      average_ticket: 589_866.67,
      percentage_of_total: 65.07,
    },
    {
      location_id: 2,
      location_name: 'Local "Chapinero"; Norte',
      location_type: "local",
      total_sales: 949_800,
      transactions_count: 2,
      average_ticket: 474_900,
      percentage_of_total: 34.93,
    },
  ],
  top_sellers: [
    {
      user_id: 5,
      user_name: "Valentina Rojas",
      location_name: "Local Centro",
      total_sales: 1_769_600,
      transactions_count: 3,
    },
  ],
  top_products: [
    {
      reference_code: "NIKEAIRM-01",
      brand: "Nike",
      model: "Air Max 1",
      units_sold: 2,
      total_revenue: 1_299_800,
      average_price: 649_900,
    },
  ],
  payment_methods_breakdown: [
    { payment_type: "efectivo", total_amount: 1_499_720, payments_count: 3, percentage_of_total: 55.15 },
    { payment_type: "tarjeta", total_amount: 1_219_680, payments_count: 2, percentage_of_total: 44.85 },
  ],
};

const FINANCIAL: FinancialAnalysis = {
  analysis_period: { start_date: "2026-11-01", end_date: "2026-11-21", days: 21 },
  total_revenue: 2_719_400,
  gross_sales: 3_089_300,
  returns_count: 2,
  returns_amount: 369_900,
  total_costs: 2_030_500,
  net_profit: -611_100,
  overall_margin_percentage: -22.5,
  margin_labels: {
    gross_margin_percentage: "Margen bruto (ventas netas − costo de la mercancía) / ventas netas con costo registrado",
    overall_margin_percentage:
      "Margen neto (ventas netas − costo de la mercancía − costos operativos y gastos) / ventas netas",
    profit_margin_percentage:
      "Margen neto (ventas netas − costo de la mercancía − costos operativos y gastos) / ventas netas",
  },
  costs_by_type: { arriendo: 2_000_000, gastos: 30_500 },
  locations_financials: [
    {
      location_id: 1,
      location_name: "Local Centro",
      location_type: "local",
      sales_count: 3,
      total_sales: 1_769_600,
      cost_of_goods_sold: 850_000,
      gross_profit: 919_600,
      gross_margin_percentage: 52,
      operational_costs: 2_030_500,
      net_profit: -1_110_900,
      profit_margin_percentage: -62.8,
      cost_breakdown: { arriendo: 2_000_000, gastos: 30_500 },
    },
    {
      location_id: 2,
      location_name: "Local Chapinero",
      location_type: "local",
      sales_count: 2,
      total_sales: 949_800,
      cost_of_goods_sold: 450_000,
      gross_profit: 499_800,
      gross_margin_percentage: 52.6,
      operational_costs: 0,
      net_profit: 499_800,
      profit_margin_percentage: 52.6,
      cost_breakdown: {},
    },
  ],
  best_performing_location: { location_id: 2, location_name: "Local Chapinero", profit_margin: 52.6 },
  worst_performing_location: { location_id: 1, location_name: "Local Centro", profit_margin: -62.8 },
  overdue_costs_count: 0,
  cost_of_goods_sold: 1_300_000,
  gross_profit: 1_119_400,
  gross_margin_percentage: 46.3,
  revenue_with_cost: 2_419_400,
  revenue_without_cost: 300_000,
  units_sold_without_cost: 1,
  inventory_value: { at_price: 90_000_000, at_cost: 48_000_000, units_without_cost: 12 },
  products_without_cost: {
    count: 2,
    references: ["NIKELEBR-01 · Nike LeBron Witness 8", "ADIDASYE-02 · Adidas Yeezy Slide"],
  },
  profit_after_goods: -611_100,
};

const EMPTY_REPORT = {
  ...REPORT,
  total_sales: 0,
  total_transactions: 0,
  average_ticket: 0,
  sales_by_location: [],
  top_sellers: [],
  top_products: [],
  payment_methods_breakdown: [],
} satisfies SalesReport;

const item = (locationId: number, productId: number, pairs: number, singles: number) =>
  ({
    location_id: locationId,
    location_name: locationId === 4 ? "Bodega Principal" : "Local Centro",
    product_id: productId,
    reference_code: `REF-${productId}`,
    brand: "Nike",
    model: `Modelo ${productId}`,
    pairs,
    available_pairs: pairs,
    threshold: 2,
    single_feet: singles,
  }) satisfies StockItem;

const INVENTORY: ConsolidatedInventory = {
  locations_with_stock: 2,
  low_stock_count: 0,
  out_of_stock_count: 1,
  overstocked_count: 1,
  total_locations: 2,
  total_products: 3,
  total_units: 93,
  total_single_feet: 5,
  total_value: 40_500_000,
  by_brand: [
    {
      category_name: "Nike",
      total_units: 93,
      single_feet: 5,
      locations_count: 2,
      total_value: 40_500_000,
      percentage_of_total: 100,
    },
  ],
  by_location: [
    {
      location_id: 1,
      name: "Local Centro",
      type: "local",
      total_units: 2,
      single_feet: 5,
      total_products: 2,
      total_value: 1_500_000,
      low_stock_items: 1,
    },
    {
      location_id: 4,
      name: "Bodega Principal",
      type: "bodega",
      total_units: 91,
      single_feet: 0,
      total_products: 1,
      total_value: 39_000_000,
      low_stock_items: 0,
    },
  ],
  low_stock_alerts: [],
  out_of_stock_alerts: [item(1, 2, 0, 3)],
  overstocked_alerts: [item(4, 3, 91, 0)],
  thresholds: { low_stock_pairs: 2, overstock_pairs: 40 },
};

function renderIn(node: ReactElement) {
  render(node);
}

describe("dates and year bounds", () => {
  it("accepts years 2020 to 2030 only", () => {
    expect(parseYear("2020")).toEqual({ year: 2020 });
    expect(parseYear(" 2030 ")).toEqual({ year: 2030 });
    for (const bad of ["2019", "2031", "", "20255", "abcd", "1e3"]) {
      expect(parseYear(bad)).toEqual({ error: "El año debe estar entre 2020 y 2030" });
    }
  });

  it("checks ranges and computes the boss default and the last months in Bogotá", () => {
    expect(rangeError("2026-11-10", "2026-11-01")).toBe("La fecha inicial no puede ser posterior a la final");
    expect(rangeError("2025-01-01", "2026-11-01")).toBe("El rango máximo es de un año");
    expect(rangeError("2026-11-01", "")).toBe("Elige la fecha inicial y la final");
    expect(rangeError("2026-11-01", "2026-11-01")).toBeNull();
    // 02:00 UTC on 1 December is still 30 November in Bogotá.
    const now = new Date("2026-12-01T02:00:00Z");
    expect(currentMonthRange(now)).toEqual({ start: "2026-11-01", end: "2026-11-30" });
    expect(lastMonths(3, new Date("2026-02-10T12:00:00Z"))).toEqual([
      { year: 2025, month: 12 },
      { year: 2026, month: 1 },
      { year: 2026, month: 2 },
    ]);
  });

  it("the month selector refuses a year outside 2020–2030 and asks /reports/sales/monthly for a good one", async () => {
    signInBoss();
    const fetch = mockFetch(async (url) => jsonResponse(url.includes("/reports/iva") ? VAT : REPORT));
    renderIn(<SalesSection />);
    await screen.findByTestId("sales-total");
    fireEvent.click(screen.getByRole("button", { name: "Mes" }));
    const year = screen.getByLabelText("Año") as HTMLInputElement;
    expect(year.min).toBe("2020");
    expect(year.max).toBe("2030");
    const consult = screen.getByRole("button", { name: "Consultar" }) as HTMLButtonElement;
    for (const bad of ["2019", "2031"]) {
      fireEvent.change(year, { target: { value: bad } });
      expect(screen.getByRole("alert").textContent).toBe("El año debe estar entre 2020 y 2030");
      expect(consult.disabled).toBe(true);
    }
    fireEvent.change(year, { target: { value: "2030" } });
    expect(consult.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText("Mes"), { target: { value: "2" } });
    fireEvent.click(consult);
    await waitFor(() =>
      expect(fetch.mock.calls.map((c) => c[0])).toContain("/api/v1/boss/boss/reports/sales/monthly?year=2030&month=2"),
    );
    expect(await screen.findByText("Febrero de 2030")).toBeTruthy();
  });
});

describe("sales reports", () => {
  it("opens on this month so far (consolidated), then a single day; empty periods say so", async () => {
    signInBoss();
    const fetch = mockFetch(async (url) =>
      jsonResponse(url.includes("/reports/iva") ? VAT : url.includes("/daily") ? EMPTY_REPORT : REPORT),
    );
    renderIn(<SalesSection />);
    expect((await screen.findByTestId("sales-total")).textContent).toBe(formatCOP(2_719_400));
    const [url, init] = salesCalls(fetch)[0] ?? [];
    expect(url).toBe("/api/v1/boss/boss/reports/sales/consolidated");
    const { start, end } = currentMonthRange();
    expect(jsonBody(init)).toEqual({ start_date: start, end_date: end });
    const rows = screen.getAllByTestId("sales-location-row");
    expect(rows[0]?.textContent).toContain("65,1 %");
    fireEvent.click(screen.getByRole("button", { name: "Día" }));
    fireEvent.change(screen.getByLabelText("Fecha"), { target: { value: "2026-11-20" } });
    fireEvent.click(screen.getByRole("button", { name: "Consultar" }));
    expect(await screen.findByText("No hay ventas en el período seleccionado")).toBeTruthy();
    expect(salesCalls(fetch).at(-1)?.[0]).toBe("/api/v1/boss/boss/reports/sales/daily?report_date=2026-11-20");
  });

  it("a reversed range is explained and not sent", async () => {
    signInBoss();
    const fetch = mockFetch(async (url) => jsonResponse(url.includes("/reports/iva") ? VAT : REPORT));
    renderIn(<SalesSection />);
    await screen.findByTestId("sales-total");
    fireEvent.change(screen.getByLabelText("Desde"), { target: { value: "2026-11-20" } });
    fireEvent.change(screen.getByLabelText("Hasta"), { target: { value: "2026-11-02" } });
    expect(screen.getByRole("alert").textContent).toBe("La fecha inicial no puede ser posterior a la final");
    expect((screen.getByRole("button", { name: "Consultar" }) as HTMLButtonElement).disabled).toBe(true);
    expect(salesCalls(fetch)).toHaveLength(1);
  });

  it("shows the period's IVA per store and rate beside the sales, asked for the period's days", async () => {
    signInBoss();
    const fetch = mockFetch(async (url) => jsonResponse(url.includes("/reports/iva") ? VAT : REPORT));
    renderIn(<SalesSection />);
    const table = await screen.findByRole("table", { name: "IVA por local y tarifa" });
    const { start, end } = currentMonthRange();
    const asked = fetch.mock.calls.map((c) => String(c[0])).filter((u) => u.includes("/reports/iva"));
    expect(asked[0]).toBe(`/api/v1/boss/boss/reports/iva?start_date=${start}&end_date=${end}`);
    expect(table.textContent).toContain("Local Centro");
    expect(table.textContent).toContain("IVA 19 %");
    // a month asks its first to its last day
    fireEvent.click(screen.getByRole("button", { name: "Mes" }));
    fireEvent.change(screen.getByLabelText("Año"), { target: { value: "2026" } });
    fireEvent.change(screen.getByLabelText("Mes"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Consultar" }));
    await waitFor(() =>
      expect(fetch.mock.calls.map((c) => String(c[0]))).toContain(
        "/api/v1/boss/boss/reports/iva?start_date=2026-02-01&end_date=2026-02-28",
      ),
    );
  });
});

/** The sales report's calls (the IVA panel asks its own). */
const salesCalls = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls.filter((c) => !String(c[0]).includes("/reports/iva")) as [string, RequestInit | undefined][];

const VAT = VAT_REPORT;

describe("sortable table", () => {
  type Row = { name: string; total: number | null };
  const rows: Row[] = [
    { name: "Ñandú", total: 10 },
    { name: "andes", total: null },
    { name: "Bogotá", total: 30 },
    { name: "Zipa", total: 20 },
  ];

  it("sorts numbers and Spanish text, keeps empty values last, and cycles first/other/original", () => {
    expect(sortRows(rows, (r) => r.total, "desc").map((r) => r.name)).toEqual(["Bogotá", "Zipa", "Ñandú", "andes"]);
    expect(sortRows(rows, (r) => r.total, "asc").map((r) => r.name)).toEqual(["Ñandú", "Zipa", "Bogotá", "andes"]);
    expect(sortRows(rows, (r) => r.name, "asc").map((r) => r.name)).toEqual(["andes", "Bogotá", "Ñandú", "Zipa"]);
    expect(nextSort(null, "total", "desc")).toEqual({ column: "total", direction: "desc" });
    expect(nextSort({ column: "total", direction: "desc" }, "total", "desc")).toEqual({
      column: "total",
      direction: "asc",
    });
    expect(nextSort({ column: "total", direction: "asc" }, "total", "desc")).toBeNull();
    expect(nextSort({ column: "total", direction: "asc" }, "name", "asc")).toEqual({
      column: "name",
      direction: "asc",
    });
  });

  it("clicking a header sorts the rows and marks the column with aria-sort", () => {
    render(
      <SortableTable<Row>
        label="Prueba"
        rows={rows}
        rowKey={(r) => r.name}
        empty="Nada"
        rowTestId="row"
        columns={[
          { key: "name", header: "Nombre", cell: (r) => r.name, sort: (r) => r.name },
          { key: "total", header: "Total", cell: (r) => String(r.total ?? "—"), sort: (r) => r.total, numeric: true },
        ]}
      />,
    );
    const names = () => screen.getAllByTestId("row").map((r) => r.firstChild?.textContent);
    const header = () => screen.getByRole("columnheader", { name: /Total/ });
    expect(names()).toEqual(["Ñandú", "andes", "Bogotá", "Zipa"]);
    fireEvent.click(within(header()).getByRole("button"));
    expect(names()).toEqual(["Bogotá", "Zipa", "Ñandú", "andes"]);
    expect(header().getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(within(header()).getByRole("button"));
    expect(names()).toEqual(["Ñandú", "Zipa", "Bogotá", "andes"]);
    expect(header().getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(header()).getByRole("button"));
    expect(names()).toEqual(["Ñandú", "andes", "Bogotá", "Zipa"]);
    expect(header().getAttribute("aria-sort")).toBeNull();
    // Phones choose the order in a select (the header row is hidden there).
    fireEvent.change(screen.getByLabelText("Ordenar por"), { target: { value: "name" } });
    expect(names()).toEqual(["andes", "Bogotá", "Ñandú", "Zipa"]);
    fireEvent.click(screen.getByRole("button", { name: "Orden ascendente" }));
    expect(names()).toEqual(["Zipa", "Ñandú", "Bogotá", "andes"]);
  });

  it("long lists show the first rows and 'Ver todos (n)'", () => {
    render(
      <SortableTable<Row>
        label="Prueba"
        rows={rows}
        rowKey={(r) => r.name}
        empty="Nada"
        rowTestId="row"
        limit={2}
        columns={[{ key: "name", header: "Nombre", cell: (r) => r.name, sort: (r) => r.name }]}
      />,
    );
    expect(screen.getAllByTestId("row")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Ver todos (4)" }));
    expect(screen.getAllByTestId("row")).toHaveLength(4);
  });
});

describe("report CSV", () => {
  it("sales: every table, whole pesos, comma decimals, quoted text where needed", () => {
    expect(salesReportCsv(REPORT).split("\r\n")).toEqual([
      "Reporte de ventas",
      "Desde;Hasta;Total ventas (COP);Transacciones;Ticket promedio (COP)",
      "2026-11-01;2026-11-21;2719400;5;543880",
      "",
      "Ventas por ubicación",
      "Ubicación;Tipo;Transacciones;Ticket promedio (COP);Total (COP);% del total",
      "Local Centro;Local de venta;3;589867;1769600;65,07",
      '"Local ""Chapinero""; Norte";Local de venta;2;474900;949800;34,93',
      "",
      "Mejores vendedores",
      "Vendedor;Ubicación;Transacciones;Total (COP)",
      "Valentina Rojas;Local Centro;3;1769600",
      "",
      "Productos más vendidos",
      "Referencia;Marca;Modelo;Unidades;Ingresos (COP);Precio promedio (COP)",
      "NIKEAIRM-01;Nike;Air Max 1;2;1299800;649900",
      "",
      "Métodos de pago",
      "Método;Pagos;Total (COP);% del total",
      "Efectivo;3;1499720;55,15",
      "Tarjeta;2;1219680;44,85",
    ]);
  });

  it("financial: totals, costs by type with Spanish names, per-location margins", () => {
    const lines = financialCsv(FINANCIAL).split("\r\n");
    expect(lines.slice(0, 3)).toEqual([
      "Análisis financiero",
      "Desde;Hasta;Ventas brutas (COP);Devoluciones (COP);Ventas netas (COP);Costo de la mercancía (COP);Margen bruto %;Costos operativos y gastos (COP);Utilidad neta (COP);Margen neto %",
      "2026-11-01;2026-11-21;3089300;369900;2719400;1300000;46,3;2030500;-611100;-22,5",
    ]);
    expect(lines).toContain("Arriendo;2000000");
    expect(lines).toContain("Gastos registrados;30500");
    expect(lines).toContain("Local Centro;Local de venta;1769600;850000;2030500;-1110900;-62,8");
  });

  it("inventory: single feet in their own column, and every alert list even when empty", () => {
    const csv = inventoryCsv(INVENTORY);
    const lines = csv.split("\r\n");
    expect(lines.slice(0, 3)).toEqual([
      "Inventario consolidado",
      "Ubicaciones;Productos;Pares;Pies sueltos;Valor (COP)",
      "2;3;93;5;40500000",
    ]);
    expect(csv).toContain("Poco stock\r\nUbicación;Referencia;Marca;Modelo;Pares;Pies sueltos\r\n\r\nAgotados");
    expect(lines).toContain("Local Centro;REF-2;Nike;Modelo 2;0;3");
  });

  it("trends: months, days and each location month by month", () => {
    const months = [
      { year: 2026, month: 10, report: EMPTY_REPORT },
      { year: 2026, month: 11, report: REPORT },
    ];
    const trends = {
      months,
      days: [{ date: "2026-11-21", total_sales: 1_949_600, transactions: 3 }],
      month_to_date: null,
      start: "2026-11-21",
      end: "2026-11-21",
    };
    const lines = trendsCsv(trends, locationComparison(months)).split("\r\n");
    expect(lines).toContain("2026-11;2719400;5;543880");
    expect(lines).toContain("2026-11-21;1949600;3");
    expect(lines).toContain("Ubicación;oct 2026 (COP);nov 2026 (COP);Total (COP);Transacciones");
    expect(lines).toContain("Local Centro;0;1769600;1769600;3");
  });
});

describe("trends", () => {
  it("reads the last 6 monthly and 30 daily reports, and compares locations month by month", async () => {
    signInBoss();
    const monthToDate = { key: "sales_month", value: 2_719_400, previous_value: 2_000_000, change_percentage: 35.97 };
    const fetch = mockFetch(async (url) =>
      url.includes("/dashboard")
        ? jsonResponse({ kpis: [monthToDate] })
        : jsonResponse(url.includes("month=11") ? REPORT : EMPTY_REPORT),
    );
    const now = new Date("2026-11-21T20:00:00Z");
    const trends = await loadTrends(new AbortController().signal, now);
    const urls = fetch.mock.calls.map((c) => String(c[0]));
    expect(urls.filter((u) => u.includes("/reports/sales/monthly"))).toHaveLength(6);
    expect(urls).toContain("/api/v1/boss/boss/reports/sales/monthly?year=2026&month=6");
    expect(urls.filter((u) => u.includes("/reports/sales/daily"))).toHaveLength(30);
    expect(urls).toContain("/api/v1/boss/boss/reports/sales/daily?report_date=2026-10-23");
    expect(trends.days.at(-1)?.date).toBe("2026-11-21");
    // 'Este mes vs. el anterior' is the dashboard's figure: the same days of the previous month, not all of it
    expect(urls).toContain("/api/v1/boss/boss/dashboard");
    expect(trends.month_to_date).toEqual({ value: 2_719_400, previous_value: 2_000_000, change_percentage: 35.97 });
    const comparison = locationComparison(trends.months);
    expect(comparison.map((l) => [l.location_name, l.monthly])).toEqual([
      ["Local Centro", [0, 0, 0, 0, 0, 1_769_600]],
      ['Local "Chapinero"; Norte', [0, 0, 0, 0, 0, 949_800]],
    ]);
  });
});

describe("financial and inventory sections", () => {
  it("financial: this month by default, totals, best and worst location, margins sorted high to low", async () => {
    signInBoss();
    const fetch = mockFetch(async () => jsonResponse(FINANCIAL));
    renderIn(<FinancialSection />);
    expect((await screen.findByTestId("financial-revenue")).textContent).toBe(formatCOP(2_719_400));
    const { start, end } = currentMonthRange();
    expect(fetch.mock.calls[0]?.[0]).toBe(`/api/v1/boss/boss/financial/analysis?start_date=${start}&end_date=${end}`);
    expect(screen.getByTestId("financial-best").textContent).toBe("Local Chapinero");
    expect(screen.getByTestId("financial-worst").textContent).toBe("Local Centro");
    const rows = screen.getAllByTestId("financial-location-row");
    expect(rows.map((r) => r.firstChild?.textContent)).toEqual(["Local Chapinero", "Local Centro"]);
    expect(rows[1]?.textContent).toContain("Gastos registrados");
    // goods at cost: gross margin, stock value, and the products without a cost named, not guessed
    // gross sales, returns and net; each margin says what it is
    expect(screen.getByTestId("financial-gross-sales").textContent).toBe(formatCOP(3_089_300));
    expect(screen.getByTestId("financial-returns").textContent).toBe(formatCOP(369_900));
    expect(screen.getByText("2 devoluciones")).toBeTruthy();
    expect(screen.getByTestId("financial-cogs").textContent).toBe(formatCOP(1_300_000));
    expect(screen.getByTestId("financial-gross-profit").textContent).toBe("46,3 %");
    expect(screen.getByText("Margen bruto (ventas netas − costo de la mercancía)")).toBeTruthy();
    expect(screen.getByText(/Margen neto -22,5 %/)).toBeTruthy();
    expect(screen.getByTestId("financial-worst").parentElement?.textContent).toContain("Margen neto -62,8 %");
    expect(screen.getByText(/2 productos sin costo/).textContent).toContain(
      "de ventas del período sin costo registrado",
    );
    expect(screen.getByText(/NIKELEBR-01 · Nike LeBron Witness 8/)).toBeTruthy();
  });

  it("financial: an empty period says so", async () => {
    signInBoss();
    mockFetch(async () =>
      jsonResponse({ ...FINANCIAL, total_revenue: 0, total_costs: 0, net_profit: 0, costs_by_type: {} }),
    );
    renderIn(<FinancialSection />);
    expect(await screen.findByText("No hay ventas ni costos en el período seleccionado")).toBeTruthy();
  });

  it("inventory: pairs and single feet apart; the alerts open on the first list with items", async () => {
    signInBoss();
    mockFetch(async () => jsonResponse(INVENTORY));
    renderIn(<InventorySection />);
    expect((await screen.findByTestId("inventory-total-pairs")).textContent).toBe("93");
    expect(screen.getByTestId("inventory-single-feet").textContent).toBe("5");
    expect(screen.getByRole("button", { name: "Agotados (1)" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("stock-alert-row").textContent).toContain("Modelo 2");
    fireEvent.click(screen.getByRole("button", { name: "Sobrestock (1)" }));
    expect(screen.getByTestId("stock-alert-row").textContent).toContain("91");
  });

  it("inventory: nothing in stock shows the empty state", async () => {
    signInBoss();
    mockFetch(async () =>
      jsonResponse({
        ...INVENTORY,
        total_units: 0,
        total_single_feet: 0,
        by_brand: [],
        by_location: [],
        out_of_stock_alerts: [],
        overstocked_alerts: [],
      }),
    );
    renderIn(<InventorySection />);
    expect(await screen.findByText("No hay inventario registrado en las ubicaciones activas")).toBeTruthy();
  });
});
