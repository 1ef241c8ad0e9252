import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { BossDashboard, Kpi } from "../../web/src/api/boss-schemas";
import { DashboardSection } from "../../web/src/features/boss/dashboard/DashboardSection";
import { KpiCard } from "../../web/src/features/boss/dashboard/KpiCard";
import { trendView } from "../../web/src/features/boss/dashboard/kpi";
import { formatCOP } from "../../web/src/lib/format";
import { lastData } from "../../web/src/lib/lastData";
import { BOSS_ID, jsonResponse, mockFetch, render, signInBoss } from "./helpers";

const DASHBOARD: BossDashboard = {
  company_name: "Calzado Horma Demo",
  boss_name: "Beatriz Ospina",
  target_date: "2026-11-21",
  kpis: [
    {
      key: "sales_today",
      label: "Ventas de hoy",
      value: 1_949_600,
      previous_value: 369_900,
      unit: "money",
      change_percentage: 427.1,
      trend: "up",
    },
    {
      key: "sales_month",
      label: "Ventas del mes",
      value: 2_719_400,
      previous_value: 0,
      unit: "money",
      change_percentage: null,
      trend: "new",
    },
    {
      key: "transactions_today",
      label: "Transacciones de hoy",
      value: 3,
      previous_value: 3,
      unit: "count",
      change_percentage: 0,
      trend: "stable",
    },
    {
      key: "average_ticket",
      label: "Ticket promedio",
      value: 649_866.67,
      previous_value: 700_000,
      unit: "money",
      change_percentage: -7.2,
      trend: "down",
    },
    {
      key: "stock_value",
      label: "Valor del inventario",
      value: 1_612_258_800,
      previous_value: 1_600_000_000,
      unit: "money",
      change_percentage: 0.8,
      trend: "stable",
    },
    {
      key: "pending_transfers",
      label: "Transferencias pendientes",
      value: 9,
      previous_value: 7,
      unit: "count",
      change_percentage: 28.6,
      trend: "up",
    },
  ],
  locations_performance: [
    {
      location_id: 1,
      location_name: "Local Centro",
      location_type: "local",
      active_users: 1,
      pending_transfers: 7,
      daily_sales: 1_399_700,
      monthly_sales: 1_769_600,
      efficiency_score: 100,
    },
    {
      location_id: 4,
      location_name: "Bodega Principal",
      location_type: "bodega",
      active_users: 2,
      pending_transfers: 0,
      daily_sales: 0,
      monthly_sales: 0,
      efficiency_score: 0,
    },
  ],
  locations_total: 3,
  financial_summary: {
    period: { start_date: "2026-11-01", end_date: "2026-11-21", days: 21 },
    gross_sales: 3_089_300,
    returns_count: 1,
    returns_amount: 369_900,
    total_revenue: 2_719_400,
    cost_of_goods_sold: 1_250_000,
    gross_profit: 1_469_400,
    gross_margin_percentage: 54,
    total_costs: 3_030_500,
    net_profit: -1_561_100,
    margin_percentage: -57.4,
    margin_labels: {
      gross_margin_percentage:
        "Margen bruto (ventas netas − costo de la mercancía) / ventas netas con costo registrado",
      margin_percentage:
        "Margen neto (ventas netas − costo de la mercancía − costos operativos y gastos) / ventas netas",
    },
  },
  alerts: [
    { type: "overdue_costs", severity: "error", message: "2 costos operativos vencidos sin pagar" },
    { type: "low_stock", severity: "warning", message: "475 tallas con 2 pares o menos en alguna ubicación" },
    { type: "pending_discounts", severity: "info", message: "1 solicitudes de descuento esperan aprobación" },
  ],
};

const kpi = (key: string): Kpi => {
  const found = DASHBOARD.kpis.find((k) => k.key === key);
  if (!found) throw new Error(key);
  return found;
};

function renderDashboard(go = vi.fn()) {
  render(<DashboardSection go={go} modules={{ mayoreo: true, reportes_avanzados: true }} />);
  return go;
}

describe("KPI trend", () => {
  it("shows an up arrow with the signed change in green for a rise", () => {
    render(<KpiCard kpi={kpi("sales_today")} />);
    const trend = screen.getByTestId("kpi-trend-sales_today");
    expect(trend.textContent).toBe("▲Sube: +427,1 %");
    expect(trend.className).toContain("green");
    expect(screen.getByTestId("kpi-value-sales_today").textContent).toBe(formatCOP(1_949_600));
    expect(screen.getByTestId("kpi-previous-sales_today").textContent).toBe(`Antes: ${formatCOP(369_900)}`);
    // today runs: yesterday is compared up to the same time of day
    expect(screen.getByText("vs. ayer a la misma hora")).toBeTruthy();
  });

  it("shows a down arrow in red for a fall", () => {
    render(<KpiCard kpi={kpi("average_ticket")} />);
    const trend = screen.getByTestId("kpi-trend-average_ticket");
    expect(trend.textContent).toBe("▼Baja: -7,2 %");
    expect(trend.className).toContain("red");
  });

  it("shows 'Nuevo' without a percentage when the previous value was 0", () => {
    render(<KpiCard kpi={kpi("sales_month")} />);
    expect(screen.getByTestId("kpi-trend-sales_month").textContent).toBe("★Nuevo: Nuevo");
    expect(screen.getByText("vs. los mismos días del mes anterior")).toBeTruthy();
    expect(screen.getByTestId("kpi-previous-sales_month").textContent).toBe(`Antes: ${formatCOP(0)}`);
  });

  it("shows stable changes in grey, including small non-zero ones", () => {
    render(<KpiCard kpi={kpi("stock_value")} />);
    const trend = screen.getByTestId("kpi-trend-stock_value");
    expect(trend.textContent).toBe("▬Estable: +0,8 %");
    expect(trend.className).toContain("stone");
    expect(trendView(kpi("transactions_today")).change).toBe("0 %");
  });

  it("counts are plain numbers, and more pending transfers is bad news (red, arrow still up)", () => {
    render(<KpiCard kpi={kpi("pending_transfers")} />);
    expect(screen.getByTestId("kpi-value-pending_transfers").textContent).toBe("9");
    const trend = screen.getByTestId("kpi-trend-pending_transfers");
    expect(trend.textContent).toBe("▲Sube: +28,6 %");
    expect(trend.className).toContain("red");
    expect(trendView({ ...kpi("pending_transfers"), trend: "down", change_percentage: -20 }).tone).toBe("good");
  });
});

describe("boss dashboard", () => {
  it("shows company and boss, six KPIs, the top locations, finances and alerts by severity", async () => {
    signInBoss();
    const fetch = mockFetch(async () => jsonResponse(DASHBOARD));
    const go = renderDashboard();
    expect((await screen.findByTestId("boss-company")).textContent).toBe("Calzado Horma Demo");
    expect(screen.getByTestId("boss-name").textContent).toBe("Beatriz Ospina");
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/v1/boss/boss/dashboard");
    expect(within(screen.getByTestId("kpi-grid")).getAllByTestId(/^kpi-[a-z_]+$/)).toHaveLength(6);
    const top = screen.getAllByTestId("top-location");
    expect(top.map((t) => t.textContent?.includes("Local Centro"))).toEqual([true, false]);
    expect(top[1]?.textContent).toContain("2 usuarios activos");
    expect(top[0]?.textContent).toContain("1 usuario activo");
    expect(screen.getByTestId("summary-revenue").textContent).toBe(formatCOP(2_719_400));
    const net = screen.getByTestId("summary-net-profit");
    expect(net.textContent).toBe(formatCOP(-1_561_100));
    expect(net.className).toContain("red");
    // gross sales, returns and net; the goods at cost and what each margin is
    expect(screen.getByTestId("summary-gross-sales").textContent).toBe(formatCOP(3_089_300));
    expect(screen.getByTestId("summary-returns").textContent).toBe(formatCOP(369_900));
    expect(screen.getByText("1 devolución")).toBeTruthy();
    expect(screen.getByTestId("summary-cogs").textContent).toBe(formatCOP(1_250_000));
    expect(screen.getByTestId("summary-gross-margin").textContent).toBe("54 %");
    expect(screen.getByText("Margen bruto (ventas netas − costo de la mercancía)")).toBeTruthy();
    expect(screen.getByTestId("summary-net-margin").textContent).toBe("-57,4 %");
    expect(screen.getByText("Margen neto (ventas netas − mercancía − costos y gastos)")).toBeTruthy();
    const alerts = screen.getAllByTestId("boss-alert");
    expect(alerts.map((a) => a.getAttribute("data-severity"))).toEqual(["error", "warning", "info"]);
    expect(alerts[0]?.className).toContain("red");
    expect(alerts[1]?.className).toContain("amber");
    expect(alerts[2]?.className).toContain("sky");
    fireEvent.click(screen.getByRole("button", { name: /Inventario consolidado/ }));
    expect(go).toHaveBeenCalledWith("inventory");
  });

  it("shows at most five alerts", async () => {
    signInBoss();
    const alerts = Array.from({ length: 7 }, (_, i) => ({
      type: `t${i}`,
      severity: "warning",
      message: `Alerta ${i}`,
    }));
    mockFetch(async () => jsonResponse({ ...DASHBOARD, alerts }));
    renderDashboard();
    await screen.findByTestId("boss-company");
    expect(screen.getAllByTestId("boss-alert")).toHaveLength(5);
  });

  it("asks for another day with target_date", async () => {
    signInBoss();
    const fetch = mockFetch(async (url) =>
      jsonResponse(url.includes("target_date") ? { ...DASHBOARD, target_date: "2026-11-10" } : DASHBOARD),
    );
    renderDashboard();
    await screen.findByTestId("boss-company");
    fireEvent.change(screen.getByLabelText("Fecha"), { target: { value: "2026-11-10" } });
    await waitFor(() =>
      expect(fetch.mock.calls.map((c) => c[0])).toContain("/api/v1/boss/boss/dashboard?target_date=2026-11-10"),
    );
    expect(await screen.findByText(/cifras del 10\/11\/2026/)).toBeTruthy();
  });

  it("on failure says 'Error al cargar datos' with 'Reintentar', which loads again", async () => {
    signInBoss();
    let fail = true;
    mockFetch(async () => (fail ? jsonResponse({ detail: "Servicio no disponible" }, 503) : jsonResponse(DASHBOARD)));
    renderDashboard();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Error al cargar datos");
    expect(alert.textContent).toContain("Servicio no disponible");
    expect(alert.textContent).toContain("No hay datos guardados en este dispositivo");
    expect(screen.queryByTestId("kpi-grid")).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect((await screen.findByTestId("boss-company")).textContent).toBe("Calzado Horma Demo");
    expect(screen.queryByText("Error al cargar datos")).toBeNull();
  });

  it("offline, shows the last real dashboard labelled with when it was received — never invented figures", async () => {
    signInBoss();
    lastData.admin.save("boss-dashboard:today", BOSS_ID, DASHBOARD, new Date("2026-11-21T15:00:00Z"));
    mockFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    renderDashboard();
    const label = await screen.findByTestId("stale-label");
    expect(label.textContent).toContain("Mostrando los últimos datos recibidos (21/11/2026");
    expect(screen.getByText("Error al cargar datos")).toBeTruthy();
    expect(screen.getByTestId("kpi-value-sales_today").textContent).toBe(formatCOP(1_949_600));
  });
});
