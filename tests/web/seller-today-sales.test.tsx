import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Answer, api } from "../../web/src/api/http";
import type { Sale, SalesToday } from "../../web/src/api/seller-schemas";
import { EMPTY_MESSAGE, filterSales, saleBadge } from "../../web/src/features/seller/salesFilter";
import { TodaySalesView } from "../../web/src/features/seller/TodaySalesView";
import type { SalesFilter } from "../../web/src/features/seller/views";
import { lastData } from "../../web/src/lib/lastData";
import { jsonResponse, mockFetch, render, signIn as signInUser } from "./helpers";
import { lineTaxFields, taxesOf } from "./tax-fixtures";

const USER_ID = 5;

function signIn() {
  signInUser({
    id: USER_ID,
    name: "Valentina Rojas",
    email: "vendedor@demo.horma.co",
    role: "seller",
    token: "tok-seller",
    token_type: "bearer",
    location_id: 1,
    company_name: "Calzado Horma Demo",
    location_name: "Local Centro",
  });
}

const AT = "2026-11-21T23:00:00.000Z";

function sale(id: number, patch: Partial<Sale> = {}): Sale {
  return {
    id,
    seller_id: USER_ID,
    location_id: 1,
    subtotal_amount: 369900,
    discount_amount: 0,
    total_amount: 369900,
    receipt_image: null,
    has_receipt: false,
    receipt_token: `${"0".repeat(30)}${String(id).padStart(2, "0")}`,
    fiscal_number: null,
    sale_date: "2026-11-21T23:00:00.000Z",
    status: "completed",
    items_count: 1,
    notes: null,
    requires_confirmation: false,
    confirmed: true,
    confirmed_at: "2026-11-21T23:00:00.000Z",
    confirmation_notes: null,
    transfer_id: null,
    first_name: "Valentina",
    last_name: "Rojas",
    seller_name: "Valentina Rojas",
    location_name: "Local Centro",
    customer: null,
    items: [
      {
        id: id * 10,
        sale_id: id,
        sneaker_reference_code: `REF-${id}`,
        brand: "Converse",
        model: "Chuck 70 Low",
        color: "Negro",
        size: "40",
        quantity: 1,
        returned_quantity: 0,
        unit_price: 369900,
        subtotal: 369900,
        ...lineTaxFields(369900),
      },
    ],
    taxes: taxesOf(369900),
    payment_methods: [
      {
        id: id * 10,
        sale_id: id,
        payment_type: "efectivo",
        amount: 184950,
        reference: null,
        cash_received: 200000,
        change: 15050,
        created_at: AT,
      },
      {
        id: id * 10 + 1,
        sale_id: id,
        payment_type: "tarjeta",
        amount: 184950,
        reference: "****1234",
        cash_received: null,
        change: null,
        created_at: AT,
      },
    ],
    ...patch,
  };
}

const confirmed = sale(1);
const pending = sale(2, { requires_confirmation: true, confirmed: false, confirmed_at: null, notes: "Cliente vuelve" });
const rejected = sale(3, {
  requires_confirmation: true,
  confirmed: false,
  status: "rejected",
  confirmed_at: "2026-11-21T23:30:00.000Z",
  confirmation_notes: "Devolvió el par",
});

function today(sales: Sale[], returned = { returns_count: 0, returned_amount: 0 }): SalesToday {
  const summary = {
    total_sales: 2,
    confirmed_sales: 1,
    pending_sales: 1,
    rejected_sales: 1,
    total_amount: 739800,
    confirmed_amount: 369900,
    pending_amount: 369900,
    average_sale: 369900,
    confirmed_items: 1,
    ...returned,
  };
  // the spec's names sit at the top level too (worker/routes/sales/sales.ts)
  return {
    success: true,
    message: "Ventas del día",
    timestamp: AT,
    date: "2026-11-21",
    seller_info: { seller_id: 5, seller_name: "Valentina Rojas" },
    ...summary,
    summary,
    sales,
  };
}

describe("filterSales", () => {
  const all = [confirmed, pending, rejected];
  it("'all' keeps every sale, rejected included", () => {
    expect(filterSales(all, "all").map((s) => s.id)).toEqual([1, 2, 3]);
  });
  it("'confirmed' keeps confirmed completed sales", () => {
    expect(filterSales(all, "confirmed").map((s) => s.id)).toEqual([1]);
  });
  it("'pending' keeps unconfirmed sales that require confirmation, not rejected ones", () => {
    expect(filterSales(all, "pending").map((s) => s.id)).toEqual([2]);
    expect(filterSales([sale(4, { confirmed: false, requires_confirmation: false })], "pending")).toEqual([]);
  });
  it("badges: Confirmada, Pendiente, Rechazada", () => {
    expect(all.map(saleBadge)).toEqual(["Confirmada", "Pendiente", "Rechazada"]);
  });
});

function renderView(filter: SalesFilter, answer: () => Response | Promise<Response>) {
  signIn();
  const onFilter = vi.fn<(filter: SalesFilter) => void>();
  const posts: { url: string; body: unknown }[] = [];
  let loads = 0;
  const fetch = mockFetch(async (url, init) => {
    if (url === "/api/v1/sales/today") {
      loads++;
      return answer();
    }
    if (url.startsWith("/api/v1/files/")) return new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])]));
    posts.push({ url, body: JSON.parse(String(init?.body)) });
    return confirmAnswer(url);
  });
  const view = render(<TodaySalesView filter={filter} onFilter={onFilter} />);
  const rerender = (next: SalesFilter) => view.rerender(<TodaySalesView filter={next} onFilter={onFilter} />);
  return { onFilter, posts, fetch, rerender, loads: () => loads };
}

let confirmAnswer: (url: string) => Response = () =>
  jsonResponse({ message: "Venta confirmada exitosamente", sale_id: 2, confirmed: true, confirmed_at: "2026-11-21" });

describe("TodaySalesView", () => {
  it("shows the four summary cards and every sale with its details", async () => {
    renderView("all", () => jsonResponse(today([confirmed, pending, rejected])));
    expect(await screen.findAllByTestId("sale-card")).toHaveLength(3);
    const summary = screen.getByRole("region", { name: "Resumen de ventas" });
    for (const label of ["Total ventas", "Confirmadas", "Pendientes", "Promedio por venta"]) {
      expect(within(summary).getByText(label)).toBeTruthy();
    }
    expect(summary.textContent).toMatch(/739\.800/);
    const first = screen.getAllByTestId("sale-card")[1] as HTMLElement;
    expect(first.textContent).toContain("Pendiente");
    expect(first.textContent).toContain("Venta #2");
    expect(first.textContent).toContain("REF-2");
    expect(first.textContent).toContain("Talla 40");
    expect(first.textContent).toContain("(****1234)");
    expect(first.textContent).toContain("Cliente vuelve");
    expect(within(first).getByRole("button", { name: "Confirmar" })).toBeTruthy();
    const third = screen.getAllByTestId("sale-card")[2] as HTMLElement;
    expect(third.textContent).toContain("Rechazada");
    expect(third.textContent).toContain("Devolvió el par");
    expect(within(third).queryByRole("button", { name: "Confirmar" })).toBeNull();
    // Only the pending sale can be confirmed.
    expect(screen.getAllByRole("button", { name: "Confirmar" })).toHaveLength(1);
  });

  it("shows the day's returns under the net total", async () => {
    renderView("all", () => jsonResponse(today([confirmed], { returns_count: 1, returned_amount: 100000 })));
    await screen.findAllByTestId("sale-card");
    const summary = screen.getByRole("region", { name: "Resumen de ventas" });
    expect(summary.textContent).toMatch(/devoluciones −\$\s?100\.000/);
  });

  it("filters by the select and reports the choice", async () => {
    const { onFilter, rerender } = renderView("all", () => jsonResponse(today([confirmed, pending, rejected])));
    await screen.findAllByTestId("sale-card");
    fireEvent.change(screen.getByLabelText("Mostrar"), { target: { value: "pending" } });
    expect(onFilter).toHaveBeenCalledWith("pending");
    rerender("pending");
    expect(screen.getAllByTestId("sale-card")).toHaveLength(1);
    expect(screen.getByTestId("sale-card").textContent).toContain("Venta #2");
    rerender("confirmed");
    expect(screen.getAllByTestId("sale-card")).toHaveLength(1);
    expect(screen.getByTestId("sale-card").textContent).toContain("Venta #1");
  });

  it.each([
    ["all", "No hay ventas registradas hoy", []],
    ["confirmed", "No hay ventas confirmadas hoy", [pending]],
    ["pending", "No hay ventas pendientes de confirmación", [confirmed, rejected]],
  ] as const)("filter %s with nothing to show says %j", async (filter, message, sales) => {
    renderView(filter, () => jsonResponse(today([...sales])));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(EMPTY_MESSAGE[filter]).toBe(message);
    expect(screen.queryByTestId("sale-card")).toBeNull();
  });

  it("confirms a pending sale, says so and reloads the list", async () => {
    confirmAnswer = () =>
      jsonResponse({ message: "Venta confirmada exitosamente", sale_id: 2, confirmed: true, confirmed_at: "x" });
    const { posts, loads } = renderView("all", () => jsonResponse(today([confirmed, pending])));
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar" }));
    expect(await screen.findByText("Venta confirmada exitosamente")).toBeTruthy();
    expect(posts).toEqual([
      { url: "/api/v1/sales/confirm", body: { sale_id: 2, confirmed: true, confirmation_notes: "" } },
    ]);
    await waitFor(() => expect(loads()).toBe(2));
  });

  it("rejects with notes", async () => {
    confirmAnswer = () =>
      jsonResponse({
        success: true,
        message: "Venta rechazada; el inventario fue restaurado",
        sale_id: 2,
        confirmed: false,
        confirmed_at: "x",
      } satisfies Answer<typeof api.sales.confirm.$post>);
    const { posts } = renderView("all", () => jsonResponse(today([pending])));
    fireEvent.click(await screen.findByRole("button", { name: "Rechazar" }));
    fireEvent.change(screen.getByLabelText(/Motivo del rechazo/), { target: { value: "Cliente desistió" } });
    fireEvent.click(screen.getByRole("button", { name: "Rechazar venta" }));
    expect(await screen.findByText("Venta rechazada; el inventario fue restaurado")).toBeTruthy();
    expect(posts[0]?.body).toEqual({ sale_id: 2, confirmed: false, confirmation_notes: "Cliente desistió" });
  });

  it("reports a failed confirmation with 'Error al confirmar la venta: '", async () => {
    confirmAnswer = () => jsonResponse({ detail: "Esta venta no está pendiente de confirmación" }, 409);
    renderView("all", () => jsonResponse(today([pending])));
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar" }));
    expect(
      await screen.findByText("Error al confirmar la venta: Esta venta no está pendiente de confirmación"),
    ).toBeTruthy();
  });

  it("fetches a receipt with the bearer token and shows it from an object URL", async () => {
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:receipt");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const withReceipt = sale(7, { has_receipt: true, receipt_image: "/api/v1/files/company/1/receipts/sales/a.jpg" });
    const { fetch } = renderView("all", () => jsonResponse(today([withReceipt])));
    const img = await screen.findByAltText("Comprobante de pago de la venta #7");
    expect(img.getAttribute("src")).toBe("blob:receipt");
    const call = fetch.mock.calls.find(([url]) => String(url).startsWith("/api/v1/files/"));
    expect(new Headers(call?.[1]?.headers).get("Authorization")).toBe("Bearer tok-seller");
  });

  it("on failure shows 'Error al cargar las ventas del día' with the last real list, labelled", async () => {
    lastData.seller.save("sales-today", USER_ID, today([confirmed]), new Date("2026-11-21T22:15:00.000Z"));
    renderView("all", () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await screen.findByText("Error al cargar las ventas del día")).toBeTruthy();
    expect(screen.getByTestId("stale-label").textContent).toMatch(/últimos datos recibidos \(21\/11\/2026, 05:15/);
    expect(screen.getAllByTestId("sale-card")).toHaveLength(1);
    expect(screen.getByTestId("sale-card").textContent).toContain("Venta #1");
  });

  it("on failure without stored data shows no figures at all", async () => {
    renderView("all", () => jsonResponse({ detail: "Servicio no disponible" }, 503));
    expect(await screen.findByText("Error al cargar las ventas del día")).toBeTruthy();
    expect(screen.getByText("Servicio no disponible")).toBeTruthy();
    expect(screen.getByTestId("stale-label").textContent).toContain("Aún no hay datos guardados");
    expect(screen.queryByRole("region", { name: "Resumen de ventas" })).toBeNull();
    expect(screen.queryByTestId("sale-card")).toBeNull();
    expect(document.body.textContent).not.toMatch(/\$\s?\d/);
  });
});
