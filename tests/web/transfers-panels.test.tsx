import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InventoryProduct } from "../../web/src/api/transfers-schemas";
import { transportAction } from "../../web/src/features/courier/transportAction";
import { NewSaleView } from "../../web/src/features/seller/NewSaleView";
import { TRANSFER_ID_MISSING } from "../../web/src/features/seller/transferSale";
import { filterPending } from "../../web/src/features/warehouse/filters";
import { productMatches } from "../../web/src/features/warehouse/inventory";
import { NO_COURIER } from "../../web/src/features/warehouse/preparationAction";
import type { WarehouseTab } from "../../web/src/features/warehouse/tabs";
import { type AppNotification, addNotification, expireNotifications } from "../../web/src/lib/logistics/notifications";
import { jsonResponse, mockFetch, render } from "./helpers";
import {
  FakeSocket,
  noDeliveries,
  openCourier,
  openWarehouse,
  parsedTransfer,
  signInAs,
  transfer,
} from "./transfers-fixtures";

type Call = { url: string; method: string; body: unknown };

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});

describe("notification list", () => {
  it("keeps at most 10, newest first, and drops success ones after 8 s", () => {
    const incoming: AppNotification[] = Array.from({ length: 12 }, (_, i) => ({
      id: i,
      type: "info",
      title: `n${i}`,
      message: "",
      at: 0,
    }));
    const list = incoming.reduce<AppNotification[]>((acc, n) => addNotification(acc, n), []);
    expect(list.map((n) => n.id)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    const withSuccess = addNotification(list, { id: 20, type: "success", title: "ok", message: "", at: 1_000 });
    expect(expireNotifications(withSuccess, 8_999)[0]?.id).toBe(20);
    expect(expireNotifications(withSuccess, 9_000).map((n) => n.id)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });
});

describe("warehouse rules", () => {
  it("pending filters by priority and purpose", () => {
    const list = [
      parsedTransfer({ id: 1, priority: "high", purpose: "cliente" }),
      parsedTransfer({ id: 2, priority: "normal", purpose: "restock" }),
      parsedTransfer({ id: 3, priority: "high", purpose: "pair_formation" }),
    ];
    const ids = (p: "all" | "high" | "normal", q: "all" | "cliente" | "restock") =>
      filterPending(list, p, q).map((t) => t.id);
    // urgent first (1 and 3, the same time: by number), then the normal one
    expect(ids("all", "all")).toEqual([1, 3, 2]);
    expect(ids("high", "all")).toEqual([1, 3]);
    expect(ids("normal", "all")).toEqual([2]);
    expect(ids("all", "restock")).toEqual([2]);
    expect(ids("high", "restock")).toEqual([]);
  });

  it("pending: urgent first, then the oldest first, whatever order the list came in", () => {
    const at = (minute: number) => `2026-11-21T18:${String(minute).padStart(2, "0")}:00.000Z`;
    const list = [
      parsedTransfer({ id: 1, priority: "normal", purpose: "restock", requested_at: at(1) }),
      parsedTransfer({ id: 2, priority: "high", requested_at: at(30) }),
      parsedTransfer({ id: 3, priority: "normal", purpose: "restock", requested_at: at(40) }),
      parsedTransfer({ id: 4, priority: "high", requested_at: at(5) }),
      parsedTransfer({ id: 5, priority: "high", requested_at: at(50) }),
    ];
    expect(filterPending(list, "all", "all").map((t) => t.id)).toEqual([4, 2, 5, 1, 3]);
    expect(filterPending([...list].reverse(), "all", "all").map((t) => t.id)).toEqual([4, 2, 5, 1, 3]);
  });

  it("inventory search covers description, brand, model, reference, colour, location, id, prices and sizes", () => {
    const product = {
      product_id: 17,
      brand: "Vans",
      model: "Authentic",
      description: "Lona clásica",
      reference_code: "VANSAUTH-02",
      color_info: "Negro",
      image_url: null,
      video_url: null,
      unit_price: 289_900,
      box_price: 2_000_000,
      total_quantity: 4,
      single_feet: 0,
      is_active: 1,
      created_at: "2026-11-01 10:00:00",
      updated_at: "2026-11-01 10:00:00",
      location_name: "Bodega Sur",
      sizes: [{ size: "42", quantity: 4, quantity_exhibition: 1, left_feet: 0, right_feet: 0, reserved: 0 }],
    };
    for (const q of [
      "lona",
      "VANS",
      "authent",
      "vansauth",
      "negro",
      "bodega sur",
      "17",
      "289900",
      "289.900",
      "talla 42",
      "",
    ]) {
      expect(productMatches(product, q)).toBe(true);
    }
    expect(productMatches(product, "nike")).toBe(false);
  });

  it("inventory search takes several words: each must match some field, accents and case ignored", () => {
    const shoe = (over: Partial<InventoryProduct>): InventoryProduct => ({
      product_id: 30,
      brand: "Vans",
      model: "Authentic",
      description: null,
      reference_code: "VANSAUTH-01",
      color_info: "Blanco",
      image_url: null,
      video_url: null,
      unit_price: 239_900,
      box_price: null,
      total_quantity: 3,
      single_feet: 0,
      is_active: 1,
      created_at: "2026-11-01 10:00:00",
      updated_at: "2026-11-01 10:00:00",
      location_name: "Bodega Principal",
      sizes: [{ size: "39", quantity: 3, quantity_exhibition: 0, left_feet: 0, right_feet: 0, reserved: 0 }],
      ...over,
    });
    const white39 = shoe({});
    const black40 = shoe({
      product_id: 31,
      color_info: "Negro",
      reference_code: "VANSAUTH-02",
      sizes: [{ size: "40", quantity: 2, quantity_exhibition: 0, left_feet: 0, right_feet: 0, reserved: 0 }],
    });
    const campus = shoe({
      product_id: 32,
      brand: "Adidas",
      model: "Campús 00s",
      color_info: "Café",
      reference_code: "ADI-7",
    });
    const matches = (q: string) =>
      [white39, black40, campus].filter((p) => productMatches(p, q)).map((p) => p.product_id);
    expect(matches("vans blanco")).toEqual([30]);
    expect(matches("blanco vans")).toEqual([30]);
    expect(matches("  VANS   Negro ")).toEqual([31]);
    // a size is a whole word: 39 is size 39, not a price with 39 in it (black40 costs 239.900 too)
    expect(matches("authentic 39")).toEqual([30]);
    expect(matches("authentic 40")).toEqual([31]);
    expect(matches("authentic talla 40")).toEqual([31]);
    // accents ignored either way
    expect(matches("campus cafe")).toEqual([32]);
    expect(matches("CAMPÚS café 39")).toEqual([32]);
    expect(matches("vansauth-02 negro")).toEqual([31]);
    // every word must match: one that matches nothing leaves nothing
    expect(matches("vans rojo")).toEqual([]);
    expect(matches("authentic 41")).toEqual([]);
  });
});

function warehouseFetch(calls: Call[], board: { pending?: unknown[]; accepted?: unknown[]; returns?: unknown[] }) {
  return mockFetch(async (url, init) => {
    const method = init?.method ?? "GET";
    if (method === "POST") {
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null });
      return jsonResponse({ success: true, message: "ok", received_quantity: 1 });
    }
    if (url.endsWith("/warehouse/pending-requests"))
      return jsonResponse({ pending_requests: board.pending ?? [], urgent_count: 0, total_stock_value: 0 });
    if (url.endsWith("/warehouse/accepted-requests")) return jsonResponse({ accepted_requests: board.accepted ?? [] });
    if (url.endsWith("/warehouse/returns")) return jsonResponse({ returns: board.returns ?? [] });
    if (url.endsWith("/warehouse/stats"))
      return jsonResponse({
        totalRequests: 7,
        urgentRequests: 2,
        averageResponseTime: 4,
        completionRate: 66.7,
        period_days: 30,
      });
    return jsonResponse({ detail: "no" }, 404);
  });
}

function renderWarehouse(tab: WarehouseTab) {
  openWarehouse(tab);
}

describe("'Panel de Bodega'", () => {
  beforeEach(() => signInAs("bodeguero", 4, 3));

  it("shows real summary figures and accepts with 10 minutes for an urgent request", async () => {
    const calls: Call[] = [];
    warehouseFetch(calls, { pending: [transfer({ id: 8, available_stock: 3 })] });
    renderWarehouse("pending");
    const card = await screen.findByRole("article", { name: "Solicitud #8" });
    expect(screen.getByTestId("summary-0").textContent).toBe("7");
    expect(screen.getByTestId("summary-1").textContent).toBe("2");
    expect(screen.getByTestId("summary-2").textContent).toBe("4 min");
    expect(screen.getByTestId("summary-3").textContent).toBe("66,7 %");
    // the figures say the period they cover
    expect(screen.getByText("Últimos 30 días · 1 pendiente")).toBeTruthy();
    expect(within(card).getByTestId("stock-line").textContent).toContain("Stock disponible: 3");
    fireEvent.click(within(card).getByRole("button", { name: "Ver detalles" }));
    expect(within(card).getByText("NIKEAIRM-02")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Aceptar Solicitud" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: "/api/v1/warehouse/accept-request",
      method: "POST",
      body: { transfer_request_id: 8, accepted: true, estimated_preparation_time: 10 },
    });
    expect(await screen.findByText("Solicitud Aceptada")).toBeTruthy();
  });

  it("preparation: deliver to the assigned courier, 'No hay corredor asignado…' without one, deliver to the seller", async () => {
    const calls: Call[] = [];
    warehouseFetch(calls, {
      accepted: [
        transfer({ id: 1, status: "accepted" }),
        transfer({ id: 2, status: "courier_assigned", courier_info: { assigned: true, id: 9, name: "Carlos Moto" } }),
        transfer({ id: 3, status: "accepted", pickup_type: "vendedor", warehouse_status_label: "Esperando vendedor" }),
      ],
    });
    renderWarehouse("preparation");
    const noCourier = await screen.findByRole("article", { name: "Solicitud #1" });
    expect(within(noCourier).getByText(NO_COURIER)).toBeTruthy();
    expect((within(noCourier).getByRole("button", { name: "Entregar a Corredor" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(noCourier).getByTestId("status-info").textContent).toContain("33 %");
    const assigned = screen.getByRole("article", { name: "Solicitud #2" });
    fireEvent.click(within(assigned).getByRole("button", { name: "Entregar a Corredor" }));
    const seller = screen.getByRole("article", { name: "Solicitud #3" });
    expect(within(seller).getByText("Esperando vendedor")).toBeTruthy();
    fireEvent.click(within(seller).getByRole("button", { name: "Entregar a Vendedor" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toContainEqual({
      url: "/api/v1/warehouse/deliver-to-courier",
      method: "POST",
      body: { transfer_request_id: 2, courier_id: 9 },
    });
    expect(calls).toContainEqual({
      url: "/api/v1/warehouse/deliver-to-vendor/3",
      method: "POST",
      body: { delivered: true },
    });
  });

  it("returns: timeline, and 'Confirmar Recepción' with quantity 1, condition and back to inventory", async () => {
    const calls: Call[] = [];
    const delivered = transfer({
      id: 40,
      status: "delivered",
      request_type: "return",
      purpose: "return",
      quantity: 2,
      accepted_at: "2026-11-21T18:03:00.000Z",
      courier_accepted_at: "2026-11-21T18:06:00.000Z",
      picked_up_at: "2026-11-21T18:12:00.000Z",
      delivered_at: "2026-11-21T18:30:00.000Z",
      time_since_accepted: "40 min",
      courier_info: { assigned: true, id: 9, name: "Carlos Moto" },
    });
    warehouseFetch(calls, { returns: [delivered, transfer({ id: 41, status: "accepted", request_type: "return" })] });
    renderWarehouse("returns");
    const card = await screen.findByRole("article", { name: "Devolución #40" });
    const timeline = within(card).getByRole("list", { name: "Línea de tiempo" }).textContent ?? "";
    for (const step of ["Solicitada", "Aceptada", "Corredor asignado", "Recogida", "Entregada en bodega"]) {
      expect(timeline).toContain(step);
    }
    expect(within(card).getByText("Tiempo desde aceptación: 40 min")).toBeTruthy();
    expect(within(screen.getByRole("article", { name: "Devolución #41" })).queryByRole("button")).toBeNull();
    fireEvent.click(within(card).getByRole("button", { name: "Confirmar Recepción" }));
    const dialog = screen.getByRole("dialog");
    expect((within(dialog).getByLabelText("Cantidad recibida") as HTMLInputElement).value).toBe("1");
    const back = within(dialog).getByLabelText("Devolver al inventario") as HTMLInputElement;
    expect(back.checked).toBe(true);
    // 'Dañado' unticks 'Devolver al inventario' (a damaged unit is never sellable stock) and says why
    fireEvent.change(within(dialog).getByLabelText("Condición del producto"), { target: { value: "damaged" } });
    expect(back.checked).toBe(false);
    expect(back.disabled).toBe(true);
    expect(within(dialog).getByText(/Un producto dañado no vuelve al inventario vendible/)).toBeTruthy();
    // back to 'Buena': ticked again
    fireEvent.change(within(dialog).getByLabelText("Condición del producto"), { target: { value: "good" } });
    expect(back.checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Condición del producto"), { target: { value: "damaged" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar Recepción" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: "/api/v1/warehouse/confirm-return-reception/40",
      method: "POST",
      body: {
        received_quantity: 1,
        product_condition: "damaged",
        return_to_inventory: false,
        quality_check_passed: false,
      },
    });
  });

  it("without a connection: the spec's banner over the last real data, labelled", async () => {
    const calls: Call[] = [];
    warehouseFetch(calls, { pending: [transfer({ id: 8, available_stock: 3 })] });
    renderWarehouse("pending");
    await screen.findByRole("article", { name: "Solicitud #8" });
    mockFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    expect(await screen.findByText("Error de conexión - Usando datos locales")).toBeTruthy();
    expect(screen.getByTestId("stale-label").textContent).toMatch(/Mostrando los últimos datos recibidos/);
    expect(screen.getByRole("article", { name: "Solicitud #8" })).toBeTruthy();
    expect(screen.getAllByText("No se pudieron actualizar los datos").length).toBeGreaterThan(0);
  });
});

describe("'Panel de Corredor'", () => {
  beforeEach(() => signInAs("corredor", null, 6));

  it("next actions of assigned transports, returns included", () => {
    expect(transportAction({ status: "courier_assigned", request_type: "transfer" })).toEqual({
      kind: "pickup",
      label: "Confirmar Recolección",
    });
    expect(transportAction({ status: "courier_assigned", request_type: "return" })).toEqual({
      kind: "pickup",
      label: "Recibir de Vendedor",
    });
    expect(transportAction({ status: "in_transit", request_type: "return" })).toEqual({
      kind: "deliver",
      label: "Entregar a Bodeguero",
      takeBack: false,
    });
    // after a failed attempt a transfer may go back to its origin; a return keeps trying the warehouse
    expect(transportAction({ status: "in_transit", request_type: "transfer", failed_attempts: 0 })).toMatchObject({
      takeBack: false,
    });
    expect(transportAction({ status: "in_transit", request_type: "transfer", failed_attempts: 1 })).toEqual({
      kind: "deliver",
      label: "Confirmar Entrega",
      takeBack: true,
    });
    expect(transportAction({ status: "in_transit", request_type: "return", failed_attempts: 2 })).toMatchObject({
      takeBack: false,
    });
    expect(transportAction({ status: "returning_to_origin", request_type: "transfer" })).toEqual({
      kind: "origin_return",
      label: "Entregado en el origen",
    });
    expect(transportAction({ status: "delivered", request_type: "transfer" })).toEqual({ kind: "wait" });
  });

  it("accepts with the ETA, confirms pickup and delivery, with the spec's toasts", async () => {
    const calls: Call[] = [];
    const fetch = mockFetch(async (url, init) => {
      const method = init?.method ?? "GET";
      if (method === "POST") {
        calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null });
        if (url.includes("confirm-pickup")) return jsonResponse({ detail: "La transferencia está completada" }, 409);
        return jsonResponse({ success: true, message: "ok" });
      }
      if (url.startsWith("/api/v1/courier/available-requests"))
        return jsonResponse({
          available_requests: [
            transfer({ id: 5, status: "accepted", purpose: "restock", priority: "normal" }),
            transfer({ id: 6, status: "accepted", request_type: "return", purpose: "return" }),
          ],
        });
      if (url.endsWith("/my-transports"))
        return jsonResponse({
          my_transports: [transfer({ id: 7, status: "courier_assigned" }), transfer({ id: 8, status: "in_transit" })],
          courier_stats: { total_transports: 4, in_progress: 2, completed: 2, completion_rate: 50 },
        });
      if (url.includes("/my-deliveries")) return jsonResponse(noDeliveries);
      return jsonResponse({ detail: "no" }, 404);
    });
    const { showTab } = openCourier("available");
    const restock = await screen.findByRole("article", { name: "Transporte #5" });
    const availableReads = () =>
      fetch.mock.calls.filter(([url]) => String(url).startsWith("/api/v1/courier/available-requests")).length;
    const before = availableReads();
    fireEvent.click(within(restock).getByRole("button", { name: "Aceptar Entrega" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: "/api/v1/courier/accept-request/5",
      method: "POST",
      body: { estimated_pickup_time: 20 },
    });
    expect(await screen.findByText("Entrega Aceptada")).toBeTruthy();
    // the accepted transport leaves the available ones: they are read again
    expect(availableReads()).toBeGreaterThan(before);
    fireEvent.click(
      within(screen.getByRole("article", { name: "Transporte #6" })).getByRole("button", { name: "Aceptar Entrega" }),
    );
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe("/api/v1/courier/accept-return/6");

    await showTab("mine");
    const pickup = await screen.findByRole("article", { name: "Transporte #7" });
    fireEvent.click(within(pickup).getByRole("button", { name: "Confirmar Recolección" }));
    expect(await screen.findByText("Error en Recolección")).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole("article", { name: "Transporte #8" })).getByRole("button", { name: "Confirmar Entrega" }),
    );
    await waitFor(() => expect(calls).toHaveLength(4));
    expect(calls[3]?.url).toBe("/api/v1/courier/confirm-delivery/8?delivery_successful=true");
    expect(await screen.findByText("Entrega Completada")).toBeTruthy();
  });
});

describe("'Vender' from a completed transfer", () => {
  beforeEach(() => signInAs("seller", 1));

  it("opens the new-sale form prefilled and sells through create-from-transfer", async () => {
    const calls: Call[] = [];
    mockFetch(async (url, init) => {
      if (url === "/api/v1/vendor/transfer-details/12")
        return jsonResponse(
          transfer({ id: 12, status: "completed", received_quantity: 1, destination_location_name: "Local Centro" }),
        );
      // the form reads the store's till (open: nothing to say)
      if (url.startsWith("/api/v1/cash-sessions/current")) return jsonResponse({ session: null, open_required: false });
      calls.push({ url, method: init?.method ?? "GET", body: JSON.parse(String(init?.body ?? "null")) });
      return jsonResponse(
        {
          sale_id: 90,
          total_amount: 459_900,
          status: "completed",
          sale_timestamp: "2026-11-21T19:00:00.000Z",
          receipt_info: { has_receipt: false },
          seller_info: { seller_name: "Valentina Rojas" },
          sale_details: { receipt_token: null },
        },
        201,
      );
    });
    const go = vi.fn();
    render(<NewSaleView go={go} fromTransfer="12" />);
    expect((await screen.findByTestId("transfer-sale-banner")).textContent).toContain(
      "Venta desde la transferencia #12",
    );
    expect(screen.getByTestId("sale-line").textContent).toContain("NIKEAIRM-02");
    expect((screen.getByLabelText("Precio unitario *") as HTMLInputElement).value).toBe("459900");
    expect(screen.queryByText("+ Agregar producto")).toBeNull();
    fireEvent.change(screen.getByLabelText("Monto", { exact: true }), { target: { value: "459900" } });
    fireEvent.click(screen.getByRole("button", { name: "Revisar Venta" }));
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar Venta" }));
    expect((await screen.findByTestId("sale-recorded")).textContent).toMatch(/Venta #90 registrada exitosamente/);
    expect(calls).toEqual([
      {
        url: "/api/v1/sales/create-from-transfer",
        method: "POST",
        body: {
          transfer_id: 12,
          quantity: 1,
          total_amount: 459_900,
          payment_methods: [{ payment_type: "efectivo", amount: 459_900, reference: null, cash_received: null }],
        },
      },
    ]);
    // the next sale is a plain one, not of the transfer's pairs again
    fireEvent.click(screen.getByRole("button", { name: "Nueva venta" }));
    expect(go).toHaveBeenCalledWith("new-sale", { replace: true });
  });

  it("without a valid transfer id it says so and cannot be confirmed", async () => {
    const fetch = mockFetch(async () => jsonResponse({ detail: "no" }, 404));
    render(<NewSaleView go={() => undefined} fromTransfer="abc" />);
    expect(screen.getByText(TRANSFER_ID_MISSING)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Revisar Venta" }) as HTMLButtonElement).disabled).toBe(true);
    // nothing but the till's state is read: no sale, no transfer
    expect(fetch.mock.calls.filter(([url]) => !String(url).startsWith("/api/v1/cash-sessions/current"))).toEqual([]);
  });
});
