import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ProductMargin, ReorderReport, SizeCurve } from "../../web/src/api/admin-schemas";
import { ReportsSection } from "../../web/src/features/admin/reports/ReportsSection";
import { productMarginTables, tablesCsv } from "../../web/src/features/admin/reports/reportTables";
import { signOutAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";
import { signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

afterEach(() => appStore.set(signOutAtom));

// Reportes → "Qué reponer", "Curva de tallas" and "Margen por producto" (issue 37).
const REORDER: ReorderReport = {
  as_of: "2026-03-28",
  start_date: "2026-03-01",
  window_days: 28,
  lead_time_days: 7,
  review_days: 7,
  supplier_id: null,
  total_suggested: 14,
  rows: [
    {
      location_id: 1,
      location_name: "Local Centro",
      product_id: 9,
      reference_code: "REPON-01",
      brand: "Repone",
      model: "Runner",
      color: null,
      size: "38",
      units_sold: 14,
      daily_velocity: 0.5,
      on_hand: 0,
      available: 0,
      in_transit: 0,
      minimum: 3,
      target: 10,
      suggested: 10,
    },
    {
      location_id: 1,
      location_name: "Local Centro",
      product_id: 9,
      reference_code: "REPON-01",
      brand: "Repone",
      model: "Runner",
      color: null,
      size: "39",
      units_sold: 7,
      daily_velocity: 0.25,
      on_hand: 2,
      available: 2,
      in_transit: 1,
      minimum: 3,
      target: 6.5,
      suggested: 4,
    },
  ],
};

const CURVE: SizeCurve = {
  as_of: "2026-03-28",
  start_date: "2025-12-29",
  window_days: 90,
  core_sales_share: 60,
  sizes: [
    { size: "38", units_sold: 14, sales_share: 63.6, available: 0, stock_share: 0 },
    { size: "39", units_sold: 7, sales_share: 31.8, available: 2, stock_share: 20 },
  ],
  locations: [
    {
      location_id: 1,
      location_name: "Local Centro",
      sizes: [],
      broken: true,
      broken_runs: [
        {
          product_id: 9,
          reference_code: "REPON-01",
          brand: "Repone",
          model: "Runner",
          missing_sizes: ["38"],
          sizes_left: ["39", "40"],
        },
      ],
    },
  ],
  broken_count: 1,
};

const MARGIN: ProductMargin = {
  start_date: "2026-03-01",
  end_date: "2026-03-28",
  location_id: null,
  days: 28,
  products: [
    {
      product_id: 9,
      reference_code: "REPON-01",
      brand: "Repone",
      model: "Runner",
      units: 21,
      net_sales: 2_499_000,
      net_sales_base: 2_100_000,
      cost: 840_000,
      uncosted_units: 7,
      margin: 560_000,
      margin_pct: 40,
      on_hand: 10,
      sell_through: 67.7,
      days_of_stock: 13.3,
    },
  ],
  totals: {
    units: 21,
    net_sales: 2_499_000,
    net_sales_base: 2_100_000,
    cost: 840_000,
    margin: 560_000,
    uncosted_units: 7,
  },
};

function serve() {
  return mockFetch(async (url) => {
    const path = String(url);
    if (path.includes("/reports/reorder")) return jsonResponse(REORDER);
    if (path.includes("/reports/size-curve")) return jsonResponse(CURVE);
    if (path.includes("/reports/product-margin")) return jsonResponse(MARGIN);
    if (path.includes("/suppliers"))
      return jsonResponse({ suppliers: [{ id: 5, name: "Calzado Andino", lead_time_days: 21 }], total: 1 });
    if (path.includes("/inventory-alerts")) return jsonResponse({ alerts: [] });
    if (path.includes("/newsletter")) return jsonResponse({ subscribers: [], total: 0, offset: 0, limit: 200 });
    return jsonResponse({ locations: [{ id: 1, name: "Local Centro", type: "local" }] });
  });
}

const asked = (calls: ReturnType<typeof serve>, part: string) =>
  calls.mock.calls.map(([u]) => String(u)).filter((u) => u.includes(part));

describe("Reportes: what to reorder", () => {
  it("asks nothing until told, then shows the suggestion per size and how it is computed", async () => {
    signInAdmin();
    const calls = serve();
    render(<ReportsSection />);
    const panel = await screen.findByRole("region", { name: "Qué reponer" });
    expect(within(panel).getByText("Cómo se calcula")).toBeTruthy();
    expect(asked(calls, "/reports/reorder")).toEqual([]);
    fireEvent.change(within(panel).getByLabelText("Ventana (días)"), { target: { value: "5" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Calcular" }));
    expect(await within(panel).findByText("La ventana va de 7 a 180 días")).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText("Ventana (días)"), { target: { value: "28" } });
    await within(panel).findByRole("option", { name: "Calzado Andino: 21 días" });
    fireEvent.change(within(panel).getByLabelText("Proveedor (tiempo de entrega)"), { target: { value: "5" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Calcular" }));
    const table = await within(panel).findByRole("table", { name: "Qué reponer" });
    expect(asked(calls, "/reports/reorder")[0]).toContain("window_days=28");
    expect(asked(calls, "/reports/reorder")[0]).toContain("supplier_id=5");
    const rows = within(table)
      .getAllByRole("row")
      .map((r) => r.textContent ?? "");
    expect(rows.some((r) => r.includes("REPON-01") && r.includes("38") && r.includes("0,5") && r.includes("10"))).toBe(
      true,
    );
    expect(within(panel).getByText(/total sugerido/).textContent).toContain("14 pares");
  });

  it("turns one location's suggestions into a purchase order: the form filled in, the cost typed, one POST", async () => {
    signInAdmin();
    const posted: { url: string; body: unknown }[] = [];
    mockFetch(async (url, init) => {
      const path = String(url);
      if (init?.method === "POST") {
        posted.push({ url: path, body: JSON.parse(String(init.body)) });
        return jsonResponse(
          { success: true, message: "Orden de compra creada", order: { id: 77, supplier: { name: "Calzado Andino" } } },
          201,
        );
      }
      if (path.includes("/reports/reorder")) return jsonResponse(REORDER);
      if (path.includes("/suppliers"))
        return jsonResponse({ suppliers: [{ id: 5, name: "Calzado Andino", lead_time_days: 21 }], total: 1 });
      if (path.includes("/inventory-alerts")) return jsonResponse({ alerts: [] });
      if (path.includes("/newsletter")) return jsonResponse({ subscribers: [], total: 0, offset: 0, limit: 200 });
      if (path.includes("/reports/")) return jsonResponse({ detail: "no esperado" }, 404);
      return jsonResponse({ locations: [{ id: 1, name: "Local Centro", type: "local" }] });
    });
    render(<ReportsSection />);
    const panel = await screen.findByRole("region", { name: "Qué reponer" });
    await within(panel).findByRole("option", { name: "Calzado Andino: 21 días" });
    await within(panel).findByRole("option", { name: "Local Centro" });
    // every location: an order goes to one, so it asks for it
    fireEvent.click(within(panel).getByRole("button", { name: "Calcular" }));
    expect(await within(panel).findByText(/Elige una ubicación para crear la orden de compra/)).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText("Ubicación"), { target: { value: "1" } });
    fireEvent.change(within(panel).getByLabelText("Proveedor (tiempo de entrega)"), { target: { value: "5" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Calcular" }));
    fireEvent.click(await within(panel).findByRole("button", { name: "Crear orden de compra" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Nueva orden de compra" }));
    const lines = dialog.getAllByTestId("order-line");
    expect(lines).toHaveLength(2);
    expect((within(lines[0] as HTMLElement).getByLabelText("Pares") as HTMLInputElement).value).toBe("10");
    expect((within(lines[1] as HTMLElement).getByLabelText("Talla") as HTMLInputElement).value).toBe("39");
    // the cost per pair is the administrador's to type
    fireEvent.click(dialog.getByRole("button", { name: "Crear y enviar" }));
    expect(await dialog.findAllByText("El costo por par son pesos enteros")).toHaveLength(2);
    expect(posted).toEqual([]);
    for (const line of lines)
      fireEvent.change(within(line).getByLabelText("Costo por par"), { target: { value: "90000" } });
    fireEvent.click(dialog.getByRole("button", { name: "Crear y enviar" }));
    expect(await within(panel).findByText(/Orden de compra #77 enviada a Calzado Andino/)).toBeTruthy();
    expect(posted).toEqual([
      {
        url: "/api/v1/admin/admin/purchase-orders",
        body: {
          supplier_id: 5,
          location_id: 1,
          notes: "",
          send: true,
          lines: [
            { product_id: 9, size: "38", quantity: 10, unit_cost: 90000 },
            { product_id: 9, size: "39", quantity: 4, unit_cost: 90000 },
          ],
        },
      },
    ]);
  });

  it("draws the size curve and flags the broken run", async () => {
    signInAdmin();
    const calls = serve();
    render(<ReportsSection />);
    const panel = await screen.findByRole("region", { name: "Curva de tallas" });
    fireEvent.change(within(panel).getByLabelText("Marca"), { target: { value: "Repone" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Ver curva" }));
    expect(await within(panel).findByText(/agotada la talla 38; quedan 39, 40/)).toBeTruthy();
    expect(within(panel).getAllByText("Quedan tallas sueltas").length).toBeGreaterThan(0);
    expect(within(panel).getByText(/63,6 %/)).toBeTruthy();
    expect(asked(calls, "/reports/size-curve")[0]).toContain("brand=Repone");
  });

  it("shows the margin per product and keeps every figure in its CSV", async () => {
    signInAdmin();
    const calls = serve();
    render(<ReportsSection />);
    const panel = await screen.findByRole("region", { name: "Margen por producto" });
    fireEvent.click(within(panel).getByRole("button", { name: "Generar" }));
    const table = await within(panel).findByRole("table", { name: "Margen por producto" });
    expect(asked(calls, "/reports/product-margin")[0]).toMatch(
      /start_date=\d{4}-\d{2}-\d{2}&end_date=\d{4}-\d{2}-\d{2}/,
    );
    const rows = within(table)
      .getAllByRole("row")
      .map((r) => r.textContent ?? "");
    expect(rows.some((r) => r.includes("REPON-01") && r.includes("560.000") && r.includes("40 %"))).toBe(true);
    expect(rows.at(-1)).toMatch(/^Total/);
    expect(within(panel).getByRole("button", { name: "Descargar CSV" })).toBeTruthy();
    const csv = tablesCsv(productMarginTables(MARGIN));
    expect(csv).toContain("Ventas sin IVA");
    expect(csv).toContain("2100000");
    expect(csv).toContain("67.7");
  });
});
