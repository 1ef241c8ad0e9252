import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TransfersView } from "../../web/src/features/seller/TransfersView";
import { jsonResponse, mockFetch, render } from "./helpers";
import { event, FakeSocket, openWarehouse, signInAs, transfer } from "./transfers-fixtures";

// Issue 31 §8: an accepted request can be cancelled, with a reason, by the keeper who accepted it and by
// the seller who asked for it, until its units leave the source; no 45-minute wait for the expiry.

type Call = { url: string; body: unknown };

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});

function warehouseFetch(calls: Call[], accepted: unknown[]) {
  return mockFetch(async (url, init) => {
    if ((init?.method ?? "GET") === "POST") {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      return jsonResponse({ success: true, message: "ok" });
    }
    if (url.endsWith("/warehouse/pending-requests"))
      return jsonResponse({ pending_requests: [], urgent_count: 0, total_stock_value: 0 });
    if (url.endsWith("/warehouse/accepted-requests")) return jsonResponse({ accepted_requests: accepted });
    if (url.endsWith("/warehouse/returns")) return jsonResponse({ returns: [] });
    if (url.endsWith("/warehouse/stats"))
      return jsonResponse({
        totalRequests: 1,
        urgentRequests: 0,
        averageResponseTime: 4,
        completionRate: 50,
        period_days: 30,
      });
    return jsonResponse({ detail: "no" }, 404);
  });
}

function sellerFetch(calls: Call[], pending: unknown[], fail?: { status: number; detail: string }) {
  return mockFetch(async (url, init) => {
    if ((init?.method ?? "GET") === "POST") {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      return fail ? jsonResponse({ detail: fail.detail }, fail.status) : jsonResponse({ success: true, message: "ok" });
    }
    if (url.endsWith("/vendor/pending-transfers"))
      return jsonResponse({ pending_transfers: pending, total_pending: 0, urgent_count: 0, normal_count: 0 });
    if (url.endsWith("/vendor/completed-transfers"))
      return jsonResponse({
        completed_transfers: [],
        date: "2026-11-23",
        today_stats: { total_transfers: 0, completed: 0, cancelled: 0, success_rate: 0, average_duration: null },
      });
    if (url.endsWith("/vendor/incoming-requests"))
      return jsonResponse({ pending_requests: [], in_progress: [], total: 0, urgent_count: 0 });
    return jsonResponse({ detail: "no" }, 404);
  });
}

describe("the keeper cancels a request they accepted", () => {
  it("'Cancelar solicitud' on an accepted request asks for a reason and sends it; not once handed over", async () => {
    signInAs("bodeguero", 4, 3);
    const calls: Call[] = [];
    warehouseFetch(calls, [
      transfer({ id: 40, status: "accepted", pickup_type: "vendedor", requester_name: "Valentina Rojas" }),
      transfer({
        id: 41,
        status: "courier_assigned",
        courier_info: { assigned: true, id: 9, name: "Andrés Gómez" },
      }),
      transfer({ id: 42, status: "in_transit" }),
    ]);
    openWarehouse("preparation");
    const accepted = await screen.findByRole("article", { name: "Solicitud #40" });
    // the units already left with the courier: nothing to cancel
    const gone = screen.getByRole("article", { name: "Solicitud #42" });
    expect(within(gone).queryByRole("button", { name: "Cancelar solicitud" })).toBeNull();

    // a courier on the way is told in the dialog
    fireEvent.click(
      within(screen.getByRole("article", { name: "Solicitud #41" })).getByRole("button", {
        name: "Cancelar solicitud",
      }),
    );
    let dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/Andrés Gómez ya no debe recogerla/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Volver" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(within(accepted).getByRole("button", { name: "Cancelar solicitud" }));
    dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/las unidades reservadas quedan libres/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Sí, cancelar" }));
    expect(await within(dialog).findByText("Indica el motivo de la cancelación")).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "No encontramos los pares reservados" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Sí, cancelar" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: "/api/v1/warehouse/cancel-accepted/40",
      body: { reason: "No encontramos los pares reservados" },
    });
    expect(await screen.findByText("Solicitud Cancelada")).toBeTruthy();
  });
});

describe("the seller cancels a request the source already accepted", () => {
  it("'Cancelar' shows on an accepted request (not a delivered one); the reason is required and sent", async () => {
    signInAs("seller", 1);
    const calls: Call[] = [];
    const fetch = sellerFetch(calls, [
      transfer({ id: 51, status: "accepted", source_location_name: "Bodega Principal" }),
      transfer({ id: 52, status: "delivered" }),
    ]);
    render(<TransfersView tab="pending" prefill={null} onTab={() => undefined} go={() => undefined} />);
    const items = await screen.findAllByTestId("seller-pending-item");
    const accepted = items.find((el) => el.textContent?.includes("#51"));
    const delivered = items.find((el) => el.textContent?.includes("#52"));
    if (!accepted || !delivered) throw new Error("items");
    expect(within(delivered).queryByRole("button", { name: "Cancelar" })).toBeNull();
    fireEvent.click(within(accepted).getByRole("button", { name: "Cancelar" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/Bodega Principal ya la aceptó/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Motivo"), { target: { value: "  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Sí, cancelar" }));
    expect(await within(dialog).findByText("Indica el motivo de la cancelación")).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cliente ya no necesita el producto" }));
    const reads = () => fetch.mock.calls.filter(([url]) => String(url).endsWith("/vendor/pending-transfers")).length;
    const before = reads();
    fireEvent.click(within(dialog).getByRole("button", { name: "Sí, cancelar" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: "/api/v1/vendor/cancel-transfer/51",
      body: { cancellation_reason: "Cliente ya no necesita el producto" },
    });
    expect(await screen.findByText("Transferencia cancelada exitosamente")).toBeTruthy();
    // the board is read again
    expect(reads()).toBeGreaterThan(before);
  });

  it("a refusal (the pairs left meanwhile) stays in the dialog in the server's words", async () => {
    signInAs("seller", 1);
    const calls: Call[] = [];
    const detail = "Ya no se puede cancelar: la transferencia ya salió del origen (está en tránsito)";
    sellerFetch(calls, [transfer({ id: 53, status: "courier_assigned" })], { status: 409, detail });
    render(<TransfersView tab="pending" prefill={null} onTab={() => undefined} go={() => undefined} />);
    const item = await screen.findByTestId("seller-pending-item");
    fireEvent.click(within(item).getByRole("button", { name: "Cancelar" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Sí, cancelar" }));
    expect(await within(dialog).findByText(`Error: ${detail}`)).toBeTruthy();
  });

  it("learns at once when the source cancels one of this store's accepted requests", async () => {
    signInAs("seller", 1);
    sellerFetch([], [transfer({ id: 54, status: "accepted" })]);
    render(<TransfersView tab="pending" prefill={null} onTab={() => undefined} go={() => undefined} />);
    await screen.findByTestId("seller-pending-item");
    const socket = FakeSocket.latest();
    act(() => socket.hello(1));
    act(() =>
      socket.receive(
        JSON.stringify(
          event({ seq: 2, transfer_id: 54, status: "cancelled", action: "keeper_cancel", destination_location_id: 1 }),
        ),
      ),
    );
    expect(
      await screen.findByText("La solicitud #54 fue cancelada por el origen. Mira el motivo en 'Historial del Día'."),
    ).toBeTruthy();
  });
});
