import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { scanPhotoAtom } from "../../web/src/features/seller/state";
import {
  parseSellerSearch,
  SELLER_VIEWS,
  type SellerView,
  sellerViewAt,
  sellerViewPath,
} from "../../web/src/features/seller/views";
import { appStore } from "../../web/src/lib/store";
import { createAppRouter } from "../../web/src/router";
import { jsonResponse, mockFetch, render, signInSeller } from "./helpers";

// the box-code reader (barcode-detector's WASM) is not in happy-dom: the scan view reads no code here
vi.mock("../../web/src/lib/barcode/reader", () => ({
  readBarcode: vi.fn(async () => null),
  barcodeReader: vi.fn(),
  BOX_FORMATS: [],
}));

const signIn = signInSeller;

describe("parseSellerSearch", () => {
  it("keeps known views and filters and drops anything else", () => {
    expect(parseSellerSearch({ view: "new-sale" })).toEqual({ view: "new-sale", filter: undefined });
    expect(parseSellerSearch({ view: "today-sales", filter: "pending" })).toEqual({
      view: "today-sales",
      filter: "pending",
    });
    expect(parseSellerSearch({ view: "admin", filter: "todo" })).toEqual({ view: undefined, filter: undefined });
    expect(parseSellerSearch({ view: 3 })).toEqual({ view: undefined, filter: undefined });
  });

  it("keeps the sale the returns view opens with as a positive whole number", () => {
    expect(parseSellerSearch({ view: "returns", sale: 41 })).toEqual({ view: "returns", filter: undefined, sale: 41 });
    expect(parseSellerSearch({ view: "returns", sale: "41" }).sale).toBe(41);
    for (const bad of ["x", -1, 0, 1.5, "4e2", null]) expect(parseSellerSearch({ sale: bad }).sale).toBeUndefined();
  });
});

const TITLES: Record<SellerView, string> = {
  dashboard: "Panel de Vendedor",
  scan: "Escanear Producto",
  "new-sale": "Nueva Venta",
  "today-sales": "Ventas del Día",
  expenses: "Registrar Gasto",
  "expenses-list": "Gastos del Día",
  transfers: "Gestión de Transferencias",
  orders: "Pedidos de reposición",
  notifications: "Notificaciones",
  till: "Caja",
  returns: "Devoluciones y Cambios",
  outbox: "Pendientes de sincronizar",
  reservations: "Reservas web",
};

async function open(path: string) {
  signIn();
  // Every call fails: the titles and the way back must not depend on data.
  mockFetch(async () => jsonResponse({ detail: "Servicio no disponible" }, 503));
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  render(<RouterProvider router={router} />);
  await router.load();
  return router;
}

describe("/seller views", () => {
  it.each(SELLER_VIEWS)(
    "the %s view is a route, titled as the spec says, with 'Volver al Dashboard' unless home",
    async (view) => {
      const router = await open(sellerViewPath(view));
      expect(router.state.location.pathname).toBe(view === "dashboard" ? "/seller" : `/seller/${view}`);
      expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(TITLES[view]);
      const back = screen.queryByRole("button", { name: /Volver al Dashboard/ });
      expect(back === null).toBe(view === "dashboard");
    },
  );

  it("an unknown view shows the dashboard", async () => {
    await open("/seller?view=nada");
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Panel de Vendedor");
  });

  it("a link from before the views were routes opens the view's path with its search", async () => {
    const router = await open("/seller?view=today-sales&filter=pending");
    await waitFor(() => expect(router.state.location.pathname).toBe("/seller/today-sales"));
    expect(router.state.location.search).toEqual({ filter: "pending" });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Ventas del Día");
  });

  it("a filter changes the view's search in place", async () => {
    const router = await open("/seller/today-sales?filter=pending");
    expect(router.state.location.search).toEqual({ filter: "pending" });
    expect(sellerViewAt(router.state.location.pathname)).toBe("today-sales");
  });

  it("'Volver al Dashboard' clears the scanned photo and goes home", async () => {
    appStore.set(scanPhotoAtom, { url: "blob:x", name: "foto.jpg" });
    const router = await open("/seller/scan");
    expect(await screen.findByAltText("Foto del producto")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Volver al Dashboard/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/seller"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Panel de Vendedor");
    expect(appStore.get(scanPhotoAtom)).toBeNull();
  });

  it("'Venta manual' on the scan view opens the new-sale form", async () => {
    const router = await open("/seller/scan");
    fireEvent.click(await screen.findByRole("button", { name: "Venta manual" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/seller/new-sale"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Nueva Venta");
  });
});
