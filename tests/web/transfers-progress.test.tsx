import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SellerBoard } from "../../web/src/api/transfers-schemas";
import { TransfersView } from "../../web/src/features/seller/TransfersView";
import { successRateText } from "../../web/src/features/seller/transfers/TransfersCounters";
import { ProgressBar } from "../../web/src/lib/logistics/ProgressBar";
import {
  progressOf,
  progressTone,
  sortByProgress,
  statusLabel,
  warehouseLabel,
} from "../../web/src/lib/logistics/progress";
import { jsonResponse, mockFetch, render } from "./helpers";
import { FakeSocket, signInAs, transfer } from "./transfers-fixtures";

describe("progress values (spec 3 §4)", () => {
  it.each([
    ["pending", 16],
    ["accepted", 33],
    ["courier_assigned", 50],
    ["in_transit", 67],
    ["delivered", 83],
    ["completed", 100],
  ])("courier pickup: %s → %i", (status, value) => {
    expect(progressOf(status, "corredor")).toBe(value);
  });

  it.each([
    ["pending", 25],
    ["accepted", 50],
    ["delivered", 75],
    ["completed", 100],
  ])("seller pickup: %s → %i", (status, value) => {
    expect(progressOf(status, "vendedor")).toBe(value);
  });

  it("an unknown status gives 0 and 'Estado desconocido'", () => {
    expect(progressOf("lost", "corredor")).toBe(0);
    expect(progressOf("in_transit", "vendedor")).toBe(0);
    expect(progressOf("constructor", "vendedor")).toBe(0);
    expect(statusLabel("lost")).toBe("Estado desconocido");
    expect(statusLabel("in_transit")).toBe("En tránsito");
  });

  it("colours: below 30 error, below 60 warning, below 90 primary, else success", () => {
    expect([0, 16, 25, 29].map(progressTone)).toEqual(["error", "error", "error", "error"]);
    expect([30, 33, 50, 59].map(progressTone)).toEqual(["warning", "warning", "warning", "warning"]);
    expect([60, 67, 75, 83, 89].map(progressTone)).toEqual(["primary", "primary", "primary", "primary", "primary"]);
    expect([90, 100].map(progressTone)).toEqual(["success", "success"]);
  });

  it("the bar shows the value and carries its colour", () => {
    render(
      <>
        <ProgressBar progress={16} label="a" />
        <ProgressBar progress={83} label="b" />
        <ProgressBar progress={100} label="c" />
      </>,
    );
    const bars = screen.getAllByRole("progressbar");
    expect(bars.map((b) => [b.getAttribute("aria-valuenow"), b.dataset.tone])).toEqual([
      ["16", "error"],
      ["83", "primary"],
      ["100", "success"],
    ]);
    expect(screen.getByText("83 %").className).toContain("text-sky-800");
  });

  it("warehouse labels by pickup type, status and returns", () => {
    expect(warehouseLabel("accepted", "corredor", false)).toBe("Esperando corredor");
    expect(warehouseLabel("courier_assigned", "corredor", false)).toBe("Corredor asignado");
    expect(warehouseLabel("in_transit", "corredor", true)).toBe("En tránsito");
    expect(warehouseLabel("accepted", "vendedor", false)).toBe("Esperando vendedor");
    expect(warehouseLabel("accepted", "vendedor", true)).toBe("Esperando que vendedor entregue");
    expect(warehouseLabel("delivered", "vendedor", false)).toBe("Listo para entrega");
  });

  it("sorts by progress, most advanced first, newest first on ties", () => {
    const list = [
      transfer({ id: 1, status: "pending" }),
      transfer({ id: 2, status: "delivered" }),
      transfer({ id: 3, status: "accepted", pickup_type: "vendedor" }),
      transfer({ id: 4, status: "in_transit" }),
      transfer({ id: 5, status: "accepted", pickup_type: "vendedor", requested_at: "2026-11-21T19:00:00.000Z" }),
    ];
    expect(sortByProgress(list).map((t) => t.id)).toEqual([2, 4, 5, 3, 1]);
  });

  it("success rate with one decimal, es-CO", () => {
    expect(successRateText(66.66)).toBe("66,7 %");
    expect(successRateText(100)).toBe("100 %");
  });
});

describe("seller pending list", () => {
  beforeEach(() => vi.stubGlobal("WebSocket", FakeSocket));
  afterEach(() => {
    FakeSocket.instances = [];
  });

  it("lists open transfers by progress with state, badges, bar colours, people and the allowed action", async () => {
    signInAs("seller", 1);
    const pending = [
      transfer({ id: 10, status: "pending", pickup_type: "vendedor" }),
      transfer({
        id: 11,
        status: "delivered",
        courier_info: { assigned: true, id: 9, name: "Carlos Moto" },
        warehouse_keeper_name: "Jorge Castaño",
      }),
      transfer({ id: 12, status: "accepted", request_type: "return", purpose: "return", pickup_type: "vendedor" }),
      transfer({ id: 13, status: "courier_assigned", purpose: "pair_formation", transfer_type: "single_foot" }),
    ];
    mockFetch(async (url) => {
      if (url.endsWith("/vendor/pending-transfers")) {
        return jsonResponse({ pending_transfers: pending, total_pending: 4, urgent_count: 1, normal_count: 3 });
      }
      if (url.endsWith("/vendor/completed-transfers")) {
        return jsonResponse({
          completed_transfers: [],
          date: "2026-11-21",
          today_stats: { total_transfers: 3, completed: 2, cancelled: 1, success_rate: 66.7, average_duration: 75 },
        } satisfies SellerBoard["completed"]);
      }
      if (url.endsWith("/vendor/incoming-requests"))
        return jsonResponse({ pending_requests: [], in_progress: [], total: 0, urgent_count: 0 });
      return jsonResponse({ detail: "no" }, 404);
    });
    render(<TransfersView tab="pending" prefill={null} onTab={() => undefined} go={() => undefined} />);
    const items = await screen.findAllByTestId("seller-pending-item");
    expect(items.map((i) => i.dataset.transferId)).toEqual(["11", "12", "13", "10"]);
    const [delivered, ret, single, waiting] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(delivered).getByRole("progressbar").dataset.tone).toBe("primary");
    expect(within(delivered).getByText("Entregada")).toBeTruthy();
    expect(within(delivered).getByText("Corredor")).toBeTruthy();
    expect(within(delivered).getByText(/Corredor: Carlos Moto · Entrega: Jorge Castaño/)).toBeTruthy();
    expect(within(delivered).getByRole("button", { name: "Confirmar Recepción" })).toBeTruthy();
    expect(within(ret).getByText("Devolución")).toBeTruthy();
    expect(within(ret).getByText("Vendedor")).toBeTruthy();
    expect(within(ret).getByRole("button", { name: "Entregar a Bodeguero" })).toBeTruthy();
    expect(within(single).getByText("Formar par")).toBeTruthy();
    // a courier is assigned but nothing left the source: the requester may still cancel (with a reason)
    expect(
      within(single)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Cancelar"]);
    expect(within(waiting).getByRole("progressbar").dataset.tone).toBe("error");
    expect(within(waiting).getByText(/Corredor: Sin asignar · Entrega: Sin asignar/)).toBeTruthy();
    expect(within(waiting).getByRole("button", { name: "Cancelar" })).toBeTruthy();
    // counters and the day's stats header
    expect(screen.getByTestId("count-pending").textContent).toBe("4");
    expect(screen.getByTestId("count-urgent").textContent).toBe("1");
    expect(screen.getByTestId("count-normal").textContent).toBe("3");
    expect(screen.getByTestId("count-completed").textContent).toBe("2");
    expect(screen.getByTestId("stats-success").textContent).toBe("66,7 %");
    expect(screen.getByText("1 h 15 min")).toBeTruthy();
  });
});
