import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminLocation } from "../../web/src/api/admin-schemas";
import type { StockItem } from "../../web/src/api/boss-schemas";
import { LocationStatsModal } from "../../web/src/features/admin/locations/LocationStatsModal";
import { NewsletterSubscribers } from "../../web/src/features/admin/reports/NewsletterSubscribers";
import { StockAlertTable } from "../../web/src/features/boss/inventory/StockAlertTable";
import { AdjustmentsReport } from "../../web/src/features/company/products/StockControlReports";
import { periodLabel, shownOfTotal } from "../../web/src/lib/format";
import { fetchAllPages } from "../../web/src/lib/paging";
import { createAppRouter } from "../../web/src/router";
import { jsonResponse, mockFetch, render, signIn } from "./helpers";

// Issue 32 §4 "Every list says when it is cut": a list on screen says "Mostrando N de M" while it shows
// part of it, brings the rest with "Ver más", and its CSV has every row (every page), never the page.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The CSV files the screen downloads (downloadCsv hands a Blob to URL.createObjectURL), as text. */
function downloads() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return "blob:csv";
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
  // without the BOM Excel needs
  return { files: async () => Promise.all(blobs.map(async (b) => (await b.text()).replace(/^\uFEFF/, ""))) };
}

describe("shownOfTotal and periodLabel", () => {
  it("say how much of a list is on screen, with the noun agreeing with the total", () => {
    expect(shownOfTotal(48, 252, "producto", "productos")).toBe("Mostrando 48 de 252 productos");
    expect(shownOfTotal(252, 252, "producto", "productos")).toBe("252 productos");
    expect(shownOfTotal(1, 1, "producto", "productos")).toBe("1 producto");
    expect(shownOfTotal(100, 1500, "fila", "filas")).toBe("Mostrando 100 de 1.500 filas");
  });

  it("state a period as its days", () => {
    expect(periodLabel("2026-10-29", "2026-11-27")).toBe("del 29 oct al 27 nov");
    expect(periodLabel("2025-12-20", "2026-01-18")).toBe("del 20 dic 2025 al 18 ene 2026");
    expect(periodLabel("2026-11-27", "2026-11-27")).toBe("el 27 nov");
  });
});

describe("fetchAllPages", () => {
  it("asks for every page until the total came, without repeating a row", async () => {
    const rows = Array.from({ length: 250 }, (_, i) => ({ id: i + 1 }));
    const load = vi.fn(async (offset: number, limit: number) => ({
      rows: rows.slice(offset, offset + limit),
      total: 250,
    }));
    const all = await fetchAllPages(load, (r) => r.id, 100);
    expect(all).toHaveLength(250);
    expect(load.mock.calls.map(([offset]) => offset)).toEqual([0, 100, 200]);
  });
});

function product(id: number) {
  return {
    id,
    reference_code: `REF-${id}`,
    brand: "Horma",
    model: `Modelo ${id}`,
    color: null,
    description: null,
    category: "running" as const,
    unit_price: 150_000,
    image_url: null,
    sizes: [{ size: "40", available: 3 }],
  };
}

describe("the storefront's catalogue (/products)", () => {
  it("shows 48 of 100 products, says so, and 'Ver más' brings the next pages until all are on screen", async () => {
    const all = Array.from({ length: 100 }, (_, i) => product(i + 1));
    const fetch = mockFetch(async (url) => {
      const query = new URL(url, "http://x").searchParams;
      const offset = Number(query.get("offset") ?? 0);
      const limit = Number(query.get("limit") ?? 48);
      return jsonResponse({ products: all.slice(offset, offset + limit), total: all.length, offset, limit });
    });
    const router = createAppRouter(createMemoryHistory({ initialEntries: ["/products"] }));
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId("list-count")).textContent).toBe("Mostrando 48 de 100 productos");
    expect(screen.getAllByRole("button", { name: "Agregar al carrito" })).toHaveLength(48);

    fireEvent.click(screen.getByRole("button", { name: "Ver más" }));
    await waitFor(() => expect(screen.getByTestId("list-count").textContent).toBe("Mostrando 96 de 100 productos"));
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain("/api/v1/public/products?offset=48");

    fireEvent.click(screen.getByRole("button", { name: "Ver más" }));
    await waitFor(() => expect(screen.getByTestId("list-count").textContent).toBe("100 productos"));
    expect(screen.getAllByRole("button", { name: "Agregar al carrito" })).toHaveLength(100);
    expect(screen.queryByRole("button", { name: "Ver más" })).toBeNull();
    expect(screen.getByText("Modelo 100")).toBeTruthy();
  });
});

describe("the boss's stock alert table", () => {
  const items: StockItem[] = Array.from({ length: 164 }, (_, i) => ({
    location_id: 1 + (i % 3),
    location_name: `Local ${1 + (i % 3)}`,
    product_id: i + 1,
    reference_code: `BAJO-${i + 1}`,
    brand: "Horma",
    model: `Modelo ${i + 1}`,
    pairs: 1,
    available_pairs: 1,
    threshold: 2,
    single_feet: 0,
  }));

  it("shows 8 of 164 rows saying so, 'Ver todos' shows the rest, and its CSV has all 164", async () => {
    const download = downloads();
    render(<StockAlertTable label="Poco stock" items={items} empty="Nada" csvName="stock-bajo" />);
    expect(screen.getAllByTestId("stock-alert-row")).toHaveLength(8);
    expect(screen.getByTestId("list-count").textContent).toBe("Mostrando 8 de 164 productos por ubicación");

    fireEvent.click(screen.getByRole("button", { name: "Descargar CSV" }));
    const [file] = await download.files();
    // header and one line per item
    expect(file?.split("\r\n")).toHaveLength(165);
    expect(file).toContain("BAJO-164");

    fireEvent.click(screen.getByRole("button", { name: "Ver todos (164)" }));
    expect(screen.getAllByTestId("stock-alert-row")).toHaveLength(164);
    expect(screen.queryByTestId("list-count")).toBeNull();
  });
});

describe("the newsletter's subscribers", () => {
  it("downloads every subscriber, page after page, not only those on screen", async () => {
    const all = Array.from({ length: 2300 }, (_, i) => ({
      id: 2300 - i,
      email: `persona${2300 - i}@correo.co`,
      subscribed_at: "2026-11-21T15:30:00.000Z",
    }));
    signIn({ role: "administrador" });
    const fetch = mockFetch(async (url) => {
      const query = new URL(url, "http://x").searchParams;
      const offset = Number(query.get("offset") ?? 0);
      const limit = Number(query.get("limit") ?? 200);
      return jsonResponse({ subscribers: all.slice(offset, offset + limit), total: all.length, offset, limit });
    });
    const download = downloads();
    render(<NewsletterSubscribers data={{ subscribers: all.slice(0, 200), total: 2300, offset: 0, limit: 200 }} />);
    expect(screen.getByTestId("list-count").textContent).toBe("Mostrando 200 de 2.300 suscriptores");

    fireEvent.click(screen.getByRole("button", { name: "Descargar CSV" }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const [file] = await download.files();
    expect(file?.split("\r\n")).toHaveLength(2301);
    expect(file).toContain("persona1@correo.co");
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      "/api/v1/admin/admin/newsletter/subscribers?limit=1000",
      "/api/v1/admin/admin/newsletter/subscribers?offset=1000&limit=1000",
      "/api/v1/admin/admin/newsletter/subscribers?offset=2000&limit=1000",
    ]);

    fireEvent.click(screen.getByRole("button", { name: "Ver más" }));
    await waitFor(() =>
      expect(screen.getByTestId("list-count").textContent).toBe("Mostrando 400 de 2.300 suscriptores"),
    );
  });
});

describe("a location's statistics", () => {
  it("state their 30 days and that sales are net of returns", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T15:00:00Z"));
    signIn({ role: "administrador" });
    mockFetch(async () =>
      jsonResponse({
        location_id: 1,
        location_name: "Local Centro",
        location_type: "local",
        period: { start_date: "2026-10-29", end_date: "2026-11-27", days: 30 },
        sales: { count: 3, total_amount: 500_000, gross_amount: 600_000, returns_count: 1, returns_amount: 100_000 },
        goods: {
          cost_of_goods_sold: 200_000,
          gross_profit: 300_000,
          gross_margin_percentage: 60,
          revenue_without_cost: 0,
        },
        expenses: { count: 1, total_amount: 50_000 },
        operating_costs: { total_amount: 100_000, items: 1 },
        transfers: { incoming_completed: 0, outgoing_completed: 0 },
        stock: { pairs: 10, single_feet: 1, inventory_value: 1_000_000 },
        net_result: 150_000,
        net_margin_percentage: 30,
        margin_labels: { gross_margin_percentage: "Margen bruto", net_margin_percentage: "Margen neto" },
      }),
    );
    const location = { id: 1, name: "Local Centro" } as AdminLocation;
    render(<LocationStatsModal location={location} onClose={() => undefined} />);
    expect(screen.getByTestId("location-stats-period").textContent).toContain("Últimos 30 días: del 29 oct al 27 nov");
    expect(screen.getByTestId("location-stats-period").textContent).toContain("netas de devoluciones");
    expect(await screen.findByText("Ventas netas")).toBeTruthy();
    expect(screen.getByText("Ventas brutas − devoluciones del período")).toBeTruthy();
  });
});

describe("the stock adjustments report", () => {
  it("shows a page of the adjustments saying so, and its cards count all of them in the stated days", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T15:00:00Z"));
    signIn({ role: "administrador" });
    const row = (id: number) => ({
      id,
      created_at: "2026-11-20T15:00:00.000Z",
      product_id: 1,
      sneaker_reference_code: "REF-1",
      product_name: "Horma Uno",
      location_id: 1,
      location_name: "Local Centro",
      size: "40",
      unit_kind: "pairs" as const,
      delta: -1,
      reason: "dano" as const,
      reason_text: "Daño",
      notes: null,
      user_name: "Ana Admin",
      unit_cost: 100_000,
      value_at_cost: -100_000,
    });
    const fetch = mockFetch(async (url) => {
      const offset = Number(new URL(url, "http://x").searchParams.get("offset") ?? 0);
      const rows = Array.from({ length: Math.min(100, 150 - offset) }, (_, i) => row(offset + i + 1));
      return jsonResponse({
        adjustments: rows,
        totals: { count: 150, units_added: 0, units_removed: 150, value_at_cost: -15_000_000, without_cost: 0 },
        total: 150,
        offset,
        limit: 100,
        costs_visible: true,
      });
    });
    render(<AdjustmentsReport />);
    expect((await screen.findByTestId("list-count")).textContent).toBe("Mostrando 100 de 150 ajustes");
    expect(screen.getAllByText("Todos los ajustes del 29 oct al 27 nov").length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: "Ver más" }));
    await waitFor(() => expect(screen.queryByTestId("list-count")).toBeNull());
    expect(screen.queryByRole("button", { name: "Ver más" })).toBeNull();
    expect(fetch.mock.calls.map(([url]) => String(url)).at(-1)).toContain("offset=100");
  });
});
