import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SellerBoard } from "../../web/src/api/transfers-schemas";
import { TransfersView } from "../../web/src/features/seller/TransfersView";
import type { TransfersTab } from "../../web/src/features/seller/transfers/search";
import { jsonResponse, mockFetch, render } from "./helpers";
import { event, FakeSocket, openWarehouse, signInAs, transfer } from "./transfers-fixtures";

// The keeper's actions on screen: decline with a reason (warehouse and a store asked for pairs),
// "Solicitudes para mi local", what a finished transfer still offers, and a reception that does not add up.

type Call = { url: string; body: unknown };

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});

const EMPTY_INCOMING = {
  pending_requests: [],
  in_progress: [],
  total: 0,
  urgent_count: 0,
} satisfies SellerBoard["incoming"];

function sellerFetch(
  calls: Call[],
  board: { pending?: unknown[]; completed?: unknown[]; incoming?: { pending?: unknown[]; inProgress?: unknown[] } },
) {
  return mockFetch(async (url, init) => {
    if ((init?.method ?? "GET") === "POST") {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      return jsonResponse({ success: true, message: "ok" });
    }
    if (url.endsWith("/vendor/pending-transfers"))
      return jsonResponse({
        pending_transfers: board.pending ?? [],
        total_pending: 0,
        urgent_count: 0,
        normal_count: 0,
      });
    if (url.endsWith("/vendor/completed-transfers"))
      return jsonResponse({
        completed_transfers: board.completed ?? [],
        date: "2026-11-23",
        today_stats: { total_transfers: 0, completed: 0, cancelled: 0, success_rate: 0, average_duration: null },
      });
    if (url.endsWith("/vendor/incoming-requests")) {
      const pending = board.incoming?.pending ?? [];
      const inProgress = board.incoming?.inProgress ?? [];
      return jsonResponse({
        ...EMPTY_INCOMING,
        pending_requests: pending,
        in_progress: inProgress,
        total: pending.length + inProgress.length,
      });
    }
    return jsonResponse({ detail: "no" }, 404);
  });
}

function renderSeller(tab: TransfersTab) {
  render(<TransfersView tab={tab} prefill={null} onTab={() => undefined} go={() => undefined} />);
}

describe("the keeper declines a request", () => {
  it("in the warehouse: 'Rechazar' asks for a reason, then sends accepted: false with it; the board is read again", async () => {
    signInAs("bodeguero", 4, 3);
    const calls: Call[] = [];
    mockFetch(async (url, init) => {
      if ((init?.method ?? "GET") === "POST") {
        calls.push({ url, body: JSON.parse(String(init?.body)) });
        return jsonResponse({ success: true, message: "ok" });
      }
      if (url.endsWith("/warehouse/pending-requests"))
        return jsonResponse({
          pending_requests: calls.length > 0 ? [] : [transfer({ id: 8, available_stock: 2 })],
          urgent_count: 1,
          total_stock_value: 0,
        });
      if (url.endsWith("/warehouse/accepted-requests")) return jsonResponse({ accepted_requests: [] });
      if (url.endsWith("/warehouse/returns")) return jsonResponse({ returns: [] });
      if (url.endsWith("/warehouse/stats"))
        return jsonResponse({
          totalRequests: 1,
          urgentRequests: 1,
          averageResponseTime: 4,
          completionRate: 50,
          period_days: 30,
        });
      return jsonResponse({ detail: "no" }, 404);
    });
    openWarehouse("pending");
    const card = await screen.findByRole("article", { name: "Solicitud #8" });
    fireEvent.click(within(card).getByRole("button", { name: "Rechazar" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Rechazar solicitud" }));
    expect(await within(dialog).findByText("Indica el motivo del rechazo")).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Pares apartados para otro cliente" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Rechazar solicitud" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: "/api/v1/warehouse/accept-request",
      body: { transfer_request_id: 8, accepted: false, reason: "Pares apartados para otro cliente" },
    });
    expect(await screen.findByText("Solicitud Rechazada")).toBeTruthy();
    // no live event here: the decline's own write reads the board again
    expect(screen.queryByRole("article", { name: "Solicitud #8" })).toBeNull();
  });
});

describe("the requester learns of a decline at once", () => {
  it("a pushed decline of one of this store's requests says so and points to the day's history", async () => {
    signInAs("seller", 1);
    sellerFetch([], { pending: [transfer({ id: 51, status: "pending" })] });
    renderSeller("pending");
    await screen.findByTestId("seller-pending-item");
    const socket = FakeSocket.latest();
    act(() => socket.hello(1));
    // another store's decline is none of this seller's business
    act(() =>
      socket.receive(
        JSON.stringify(
          event({ seq: 2, transfer_id: 60, status: "cancelled", action: "decline", destination_location_id: 3 }),
        ),
      ),
    );
    expect(screen.queryByText(/fue rechazada/)).toBeNull();
    act(() =>
      socket.receive(
        JSON.stringify(
          event({ seq: 3, transfer_id: 51, status: "cancelled", action: "decline", destination_location_id: 1 }),
        ),
      ),
    );
    expect(
      await screen.findByText("La solicitud #51 fue rechazada. Mira el motivo en 'Historial del Día'."),
    ).toBeTruthy();
  });
});

describe("'Solicitudes para mi local'", () => {
  it("a store's seller accepts, declines and hands over through /vendor", async () => {
    signInAs("seller", 2, 7);
    const calls: Call[] = [];
    sellerFetch(calls, {
      incoming: {
        pending: [
          transfer({ id: 21, available_stock: 1, source_location_name: "Local Chapinero" }),
          transfer({ id: 22, available_stock: 1 }),
        ],
        inProgress: [
          transfer({
            id: 23,
            status: "accepted",
            pickup_type: "vendedor",
            warehouse_status_label: "Esperando vendedor",
          }),
        ],
      },
    });
    renderSeller("incoming");
    expect((await screen.findAllByText(/Solicitudes para mi local/)).length).toBeGreaterThan(0);
    const first = await screen.findByRole("article", { name: "Solicitud #21" });
    fireEvent.click(within(first).getByRole("button", { name: "Aceptar Solicitud" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: "/api/v1/vendor/accept-request",
      body: { transfer_request_id: 21, accepted: true, estimated_preparation_time: 10 },
    });

    const second = screen.getByRole("article", { name: "Solicitud #22" });
    fireEvent.click(within(second).getByRole("button", { name: "Rechazar" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Motivo del rechazo"), {
      target: { value: "Es el último par de exhibición" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Rechazar solicitud" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({
      url: "/api/v1/vendor/accept-request",
      body: { transfer_request_id: 22, accepted: false, reason: "Es el último par de exhibición" },
    });

    const ready = screen.getByRole("article", { name: "Solicitud #23" });
    fireEvent.click(within(ready).getByRole("button", { name: "Entregar a Vendedor" }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual({ url: "/api/v1/vendor/deliver-to-vendor/23", body: { delivered: true } });
  });

  it("says so when no one asked this store for anything", async () => {
    signInAs("seller", 2, 7);
    sellerFetch([], {});
    renderSeller("incoming");
    expect(await screen.findByText("Ningún otro local ni bodega te ha pedido productos")).toBeTruthy();
  });
});

describe("a finished transfer", () => {
  it("offers 'Vender' and 'Generar Devolución' only while its pairs are neither sold nor returned", async () => {
    signInAs("seller", 1);
    sellerFetch([], {
      completed: [
        transfer({ id: 31, status: "completed" }),
        transfer({ id: 32, status: "completed", sold: true, can_sell: false, can_return: false }),
        transfer({ id: 33, status: "completed", returned: true, can_sell: false, can_return: false }),
      ],
    });
    renderSeller("completed");
    const items = await screen.findAllByTestId("seller-completed-item");
    const [open, sold, returned] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(open).getByRole("button", { name: "Vender" })).toBeTruthy();
    expect(within(open).getByRole("button", { name: "Generar Devolución" })).toBeTruthy();
    expect(within(sold).queryByRole("button")).toBeNull();
    expect(within(sold).getByText("Vendida")).toBeTruthy();
    expect(within(returned).queryByRole("button")).toBeNull();
    expect(within(returned).getByText("Devuelta")).toBeTruthy();
  });

  it("a declined request shows who declined it and why", async () => {
    signInAs("seller", 1);
    sellerFetch([], {
      completed: [
        transfer({
          id: 34,
          status: "cancelled",
          declined: true,
          cancellation_reason: "Sin stock real de esa talla",
          source_location_name: "Bodega Principal",
        }),
      ],
    });
    renderSeller("completed");
    const item = await screen.findByTestId("seller-completed-item");
    expect(within(item).getByText("Rechazada")).toBeTruthy();
    expect(item.textContent).toContain("Rechazada por Bodega Principal: Sin stock real de esa talla");
  });
});

describe("a reception that does not add up", () => {
  it("says what is held for the administrador and sends the damaged count", async () => {
    signInAs("seller", 1);
    const calls: Call[] = [];
    sellerFetch(calls, { pending: [transfer({ id: 41, status: "delivered", quantity: 3 })] });
    renderSeller("pending");
    const item = await screen.findByTestId("seller-pending-item");
    fireEvent.click(within(item).getByRole("button", { name: "Confirmar Recepción" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Cantidad recibida"), { target: { value: "4" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar Recepción" }));
    expect(within(dialog).getByText("No puedes recibir más de lo enviado (3)")).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText("Cantidad recibida"), { target: { value: "2" } });
    fireEvent.click(within(dialog).getByLabelText("Llegó en buen estado"));
    fireEvent.change(within(dialog).getByLabelText("¿Cuántos llegaron dañados?"), { target: { value: "1" } });
    expect(within(dialog).getByTestId("reception-discrepancy").textContent).toMatch(
      /1 faltante y 1 dañado: quedan registrados como diferencia para el administrador; solo 1 entra a tu inventario/,
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar Recepción" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe(
      "/api/v1/vendor/confirm-reception/41?received_quantity=2&condition_ok=false&damaged_quantity=1",
    );
  });
});

// ---------------------------------------------------------------- issue 32 §3: what the courier met, and who comes next

const CLOSED = {
  id: 1,
  outcome: "failed" as const,
  successful: false,
  reason: "local_cerrado" as const,
  reason_label: "Local cerrado",
  notes: "Cerrado por inventario",
  attempted_at: "2026-11-21T18:40:00.000Z",
  courier_name: "Carlos Moto",
};

const ATTEMPTS = [
  {
    id: 1,
    outcome: "failed" as const,
    successful: false,
    reason: "local_cerrado" as const,
    reason_label: "Local cerrado",
    notes: "Cerrado por inventario",
    attempted_at: "2026-11-21T18:40:00.000Z",
    courier_name: "Carlos Moto",
  },
  {
    id: 2,
    outcome: "failed" as const,
    successful: false,
    reason: "nadie_recibe" as const,
    reason_label: "Nadie recibe",
    notes: null,
    attempted_at: "2026-11-21T19:10:00.000Z",
    courier_name: "Carlos Moto",
  },
];

describe("failed delivery attempts on the transfer's cards", () => {
  it("the seller's card lists every attempt with its reason and note", async () => {
    signInAs("seller", 1);
    sellerFetch([], {
      pending: [transfer({ id: 51, status: "in_transit", delivery_attempts: ATTEMPTS, failed_attempts: 2 })],
    });
    renderSeller("pending");
    const item = await screen.findByTestId("seller-pending-item");
    const attempts = within(item).getByRole("region", { name: "Intentos de entrega" });
    expect(attempts.textContent).toContain("2 intentos de entrega fallidos");
    const lines = within(attempts)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("Local cerrado — Cerrado por inventario (Carlos Moto)");
    expect(lines[1]).toContain("Nadie recibe");
  });

  it("a delivered transfer keeps its failures, the delivery one more line", async () => {
    signInAs("seller", 1);
    const delivered = {
      id: 3,
      outcome: "delivered" as const,
      successful: true,
      reason: null,
      reason_label: null,
      notes: null,
      attempted_at: "2026-11-21T19:40:00.000Z",
      courier_name: "Carlos Moto",
    };
    sellerFetch([], {
      pending: [transfer({ id: 52, status: "delivered", delivery_attempts: [CLOSED, delivered], failed_attempts: 1 })],
    });
    renderSeller("pending");
    const item = await screen.findByTestId("seller-pending-item");
    const lines = within(within(item).getByTestId("delivery-attempts")).getAllByRole("listitem");
    expect(lines.map((li) => li.textContent)).toEqual([
      expect.stringContaining("Local cerrado"),
      expect.stringContaining("Entregada"),
    ]);
    expect(within(item).getByText("1 intento de entrega fallido")).toBeTruthy();
  });

  it("a transfer brought back to its origin reads 'Devuelta al origen' with why, in the day's history", async () => {
    signInAs("seller", 1);
    sellerFetch([], {
      completed: [
        transfer({
          id: 53,
          status: "cancelled",
          returned_to_origin: true,
          cancellation_reason: "Devuelta al origen tras una entrega fallida (Local cerrado)",
          delivery_attempts: [CLOSED],
          failed_attempts: 1,
        }),
      ],
    });
    renderSeller("completed");
    const item = await screen.findByTestId("seller-completed-item");
    expect(within(item).getByText("Devuelta al origen")).toBeTruthy();
    expect(item.textContent).toContain("Motivo: Devuelta al origen tras una entrega fallida (Local cerrado)");
    expect(within(item).getByTestId("delivery-attempts").textContent).toContain("Local cerrado");
  });

  it("a request whose reservation lapsed says so on the seller's card and the keeper's", async () => {
    signInAs("seller", 1);
    const lapsed = transfer({ id: 54, status: "pending", reservation_expired_at: "2026-11-21T19:00:00.000Z" });
    sellerFetch([], { pending: [lapsed] });
    renderSeller("pending");
    const item = await screen.findByTestId("seller-pending-item");
    expect(within(item).getByTestId("reservation-expired").textContent).toMatch(
      /La reserva venció el .+ sin corredor ni entrega: la solicitud volvió a pendientes/,
    );
  });
});

function keeperBoard(accepted: unknown[], pending: unknown[] = []) {
  mockFetch(async (url) => {
    if (url.endsWith("/warehouse/pending-requests"))
      return jsonResponse({ pending_requests: pending, urgent_count: 0, total_stock_value: 0 });
    if (url.endsWith("/warehouse/accepted-requests")) return jsonResponse({ accepted_requests: accepted });
    if (url.endsWith("/warehouse/returns")) return jsonResponse({ returns: [] });
    if (url.endsWith("/warehouse/stats"))
      return jsonResponse({
        totalRequests: 0,
        urgentRequests: 0,
        averageResponseTime: null,
        completionRate: 0,
        period_days: 30,
      });
    return jsonResponse({ detail: "no" }, 404);
  });
}

describe("the keeper's 'Preparación' card", () => {
  it("says what happens next for the seller, by pickup type and step", async () => {
    signInAs("bodeguero", 4, 3);
    keeperBoard([
      transfer({ id: 61, status: "accepted", pickup_type: "corredor" }),
      transfer({ id: 62, status: "accepted", pickup_type: "vendedor" }),
      transfer({ id: 63, status: "in_transit", courier_info: { assigned: true, id: 9, name: "Carlos Moto" } }),
      transfer({ id: 64, status: "delivered", pickup_type: "vendedor" }),
      transfer({ id: 65, status: "accepted", request_type: "return", pickup_type: "vendedor" }),
    ]);
    openWarehouse("preparation");
    const step = async (id: number) =>
      within(await screen.findByRole("article", { name: `Solicitud #${id}` })).getByTestId("seller-step").textContent;
    expect(await step(61)).toBe("Vendedor: El vendedor espera al corredor");
    expect(await step(62)).toBe("Vendedor: El vendedor recogerá el producto aquí");
    expect(await step(63)).toBe("Vendedor: El vendedor espera la entrega del corredor");
    expect(await step(64)).toBe("Vendedor: El vendedor debe confirmar la recepción");
    expect(await step(65)).toBe("Vendedor: El vendedor traerá la devolución a la bodega");
  });

  it("shows the courier's failed attempts, and a transfer on its way back", async () => {
    signInAs("bodeguero", 4, 3);
    keeperBoard([
      transfer({
        id: 66,
        status: "returning_to_origin",
        warehouse_status_label: "Volviendo al origen",
        courier_info: { assigned: true, id: 9, name: "Carlos Moto" },
        delivery_attempts: ATTEMPTS,
        failed_attempts: 2,
      }),
    ]);
    openWarehouse("preparation");
    const card = await screen.findByRole("article", { name: "Solicitud #66" });
    expect(within(card).getAllByText("Volviendo al origen").length).toBeGreaterThan(0);
    expect(within(card).getByTestId("delivery-attempts").textContent).toContain("2 intentos de entrega fallidos");
    expect(within(card).getByText("No se pudo entregar: el corredor trae el producto de vuelta")).toBeTruthy();
    expect(within(card).getByTestId("seller-step").textContent).toContain("el corredor trae el producto de vuelta");
    // nothing for the keeper to hand over or cancel on the way back
    expect(within(card).queryByRole("button")).toBeNull();
  });

  it("a pending request whose reservation lapsed says so", async () => {
    signInAs("bodeguero", 4, 3);
    keeperBoard([], [transfer({ id: 67, available_stock: 2, reservation_expired_at: "2026-11-21T19:00:00.000Z" })]);
    openWarehouse("pending");
    const card = await screen.findByRole("article", { name: "Solicitud #67" });
    expect(within(card).getByTestId("reservation-expired")).toBeTruthy();
  });
});

describe("the keeper's 'Avisos'", () => {
  it("keeps the saved notices (a lapsed reservation) and marks them read", async () => {
    signInAs("bodeguero", 4, 3);
    const notice = {
      id: 31,
      type: "transfer",
      title: "Reserva vencida",
      message:
        "La reserva de la solicitud #9 (Vans Authentic talla 40) venció a los 45 minutos sin corredor ni entrega",
      transfer_id: 9,
      is_read: false,
      read_at: null,
      created_at: "2026-11-21T18:00:00.000Z",
    };
    const fetch = mockFetch(async (url, init) => {
      if (url === "/api/v1/notifications/returns/31/mark-read" && init?.method === "POST")
        return jsonResponse({ success: true, id: 31, is_read: true, read_at: "2026-11-21T19:00:00.000Z" });
      if (url.startsWith("/api/v1/notifications/returns"))
        return jsonResponse({ notifications: [notice], total: 1, offset: 0, limit: 50, unread_count: 1 });
      if (url.endsWith("/warehouse/pending-requests"))
        return jsonResponse({ pending_requests: [], urgent_count: 0, total_stock_value: 0 });
      if (url.endsWith("/warehouse/accepted-requests")) return jsonResponse({ accepted_requests: [] });
      if (url.endsWith("/warehouse/returns")) return jsonResponse({ returns: [] });
      if (url.includes("/warehouse/stats"))
        return jsonResponse({ totalRequests: 0, urgentRequests: 0, averageResponseTime: null, completionRate: 0 });
      return jsonResponse({ detail: "no" }, 404);
    });
    openWarehouse("notices");
    expect(await screen.findByText("Reserva vencida")).toBeTruthy();
    expect(screen.getByText("1 sin leer")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Marcar como leída" }));
    expect(await screen.findByText("No tienes notificaciones sin leer.")).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith("/api/v1/notifications/returns/31/mark-read", expect.anything());
  });
});
