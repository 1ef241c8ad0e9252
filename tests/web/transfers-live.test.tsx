import { act, fireEvent, renderHook, screen, within } from "@testing-library/react";
import { Provider } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TransferEvent } from "../../web/src/api/transfers-schemas";
import { useTransferLive } from "../../web/src/lib/logistics/useTransferLive";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch } from "./helpers";
import { event, FakeSocket, openWarehouse, signInAs, transfer } from "./transfers-fixtures";

function wrapper({ children }: { children: React.ReactNode }) {
  return <Provider store={appStore}>{children}</Provider>;
}

function startLive(pollMs = 15_000) {
  const onEvents = vi.fn<(events: TransferEvent[]) => void>();
  const onPoll = vi.fn();
  const hook = renderHook(() => useTransferLive({ onEvents, onPoll, pollMs }), { wrapper });
  return { onEvents, onPoll, hook };
}

describe("useTransferLive", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    vi.stubGlobal("WebSocket", FakeSocket);
    signInAs("bodeguero", 4);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("connects with the token, applies each pushed event once, and keeps the socket alive with ping", async () => {
    const fetch = mockFetch(async () => jsonResponse({ events: [] }));
    const { onEvents, onPoll, hook } = startLive();
    const socket = FakeSocket.latest();
    expect(socket.url).toBe("ws://localhost:3000/api/v1/transfers/live?token=tok-bodeguero");
    expect(hook.result.current.mode).toBe("connecting");
    act(() => socket.hello(3));
    expect(hook.result.current.mode).toBe("live");
    const created = event({ seq: 4, transfer_id: 21, type: "transfer.created", status: "pending", action: "create" });
    act(() => socket.receive(JSON.stringify(created)));
    act(() => socket.receive(JSON.stringify(created)));
    act(() => socket.receive("not json"));
    expect(onEvents).toHaveBeenCalledTimes(1);
    expect(onEvents).toHaveBeenCalledWith([created]);
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(socket.sent).toEqual(["ping"]);
    act(() => socket.receive("pong"));
    // No polling while the socket is up, and no resync was needed.
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(onPoll).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fills a gap in the sequence from /events?since=", async () => {
    const missed = [
      event({ seq: 6, transfer_id: 8, status: "accepted" }),
      event({ seq: 7, transfer_id: 8, status: "courier_assigned", action: "courier_accept" }),
      event({ seq: 8, transfer_id: 9, status: "cancelled", action: "cancel" }),
    ];
    const fetch = mockFetch(async () => jsonResponse({ events: missed }));
    const { onEvents } = startLive();
    const socket = FakeSocket.latest();
    act(() => socket.hello(5));
    await act(async () => socket.receive(JSON.stringify(missed[2])));
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/v1/transfers/events?since=5");
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(onEvents).toHaveBeenCalledWith(missed);
  });

  it("falls back to polling when the socket fails, reconnects, resyncs what it missed and stops polling", async () => {
    const missed = [event({ seq: 11, transfer_id: 30, status: "delivered", action: "confirm_delivery" })];
    const fetch = mockFetch(async () => jsonResponse({ events: missed }));
    const { onEvents, onPoll, hook } = startLive(15_000);
    const first = FakeSocket.latest();
    act(() => first.hello(10));
    act(() => first.fail());
    expect(hook.result.current.mode).toBe("polling");

    // The server stays down: the reconnection fails too, the spec's polling runs every 15 s.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const second = FakeSocket.latest();
    expect(second).not.toBe(first);
    act(() => second.fail());
    await act(() => vi.advanceTimersByTimeAsync(14_000));
    expect(onPoll).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(onPoll).toHaveBeenCalledTimes(2);

    // Back online (the backoff had grown to 2 s, long since elapsed): hello says seq 11, one event missed.
    const third = FakeSocket.latest();
    expect(third).not.toBe(second);
    act(() => third.hello(11));
    expect(hook.result.current.mode).toBe("live");
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetch.mock.calls.at(-1)?.[0]).toBe("/api/v1/transfers/events?since=10");
    expect(onEvents).toHaveBeenCalledWith(missed);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(onPoll).toHaveBeenCalledTimes(2);
  });

  it("a socket that stops answering ping is dropped and polling takes over", async () => {
    mockFetch(async () => jsonResponse({ events: [] }));
    const { onPoll, hook } = startLive(15_000);
    act(() => FakeSocket.latest().hello(1));
    await act(() => vi.advanceTimersByTimeAsync(50_000));
    expect(hook.result.current.mode).toBe("polling");
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(onPoll).toHaveBeenCalled();
  });

  it("without WebSocket support it only polls", async () => {
    vi.stubGlobal("WebSocket", undefined);
    const { onPoll, hook } = startLive(20_000);
    expect(hook.result.current.mode).toBe("polling");
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(onPoll).toHaveBeenCalledTimes(2);
  });
});

describe("the keeper's panel applies live events", () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal("WebSocket", FakeSocket);
    signInAs("bodeguero", 4, 3);
  });

  it("a new request appears without reloading, with a notification in the bell", async () => {
    const stats = {
      totalRequests: 1,
      urgentRequests: 0,
      averageResponseTime: null,
      completionRate: 0,
      period_days: 30,
    };
    let pending = [transfer({ id: 1, priority: "normal", purpose: "restock", available_stock: 2 })];
    mockFetch(async (url) => {
      if (url.endsWith("/warehouse/pending-requests"))
        return jsonResponse({ pending_requests: pending, urgent_count: 0, total_stock_value: 1_000_000 });
      if (url.endsWith("/warehouse/accepted-requests")) return jsonResponse({ accepted_requests: [] });
      if (url.endsWith("/warehouse/returns")) return jsonResponse({ returns: [], awaiting_reception: 0 });
      if (url.endsWith("/warehouse/stats")) return jsonResponse(stats);
      return jsonResponse({ detail: "no" }, 404);
    });
    openWarehouse("pending");
    expect(await screen.findAllByTestId("pending-card")).toHaveLength(1);
    act(() => FakeSocket.latest().hello(40));
    expect(screen.getByTestId("live-mode").textContent).toBe("En vivo");

    pending = [transfer({ id: 2, available_stock: 0 }), ...pending];
    act(() =>
      FakeSocket.latest().receive(
        JSON.stringify(
          event({ seq: 41, transfer_id: 2, type: "transfer.created", status: "pending", action: "create" }),
        ),
      ),
    );
    const card = await screen.findByRole("article", { name: "Solicitud #2" });
    expect(within(card).getByText("URGENTE")).toBeTruthy();
    // no stock at the source: accepting is impossible
    expect((within(card).getByRole("button", { name: "Sin stock disponible" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByTestId("bell-count").textContent).toBe("1");
    fireEvent.click(screen.getByRole("button", { name: "Notificaciones (1)" }));
    expect(screen.getAllByText("Solicitud #2 recibida").length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: "Descartar todas" }));
    expect(screen.queryByTestId("bell-count")).toBeNull();
  });

  it("an event from another warehouse is not announced", async () => {
    mockFetch(async (url) => {
      if (url.endsWith("/warehouse/pending-requests"))
        return jsonResponse({ pending_requests: [], urgent_count: 0, total_stock_value: 0 });
      if (url.endsWith("/warehouse/accepted-requests")) return jsonResponse({ accepted_requests: [] });
      if (url.endsWith("/warehouse/returns")) return jsonResponse({ returns: [] });
      return jsonResponse({
        totalRequests: 0,
        urgentRequests: 0,
        averageResponseTime: null,
        completionRate: 0,
        period_days: 30,
      });
    });
    openWarehouse("pending");
    expect(await screen.findByText("No hay solicitudes pendientes")).toBeTruthy();
    act(() => FakeSocket.latest().hello(1));
    act(() =>
      FakeSocket.latest().receive(
        JSON.stringify(
          event({
            seq: 2,
            transfer_id: 5,
            type: "transfer.created",
            status: "pending",
            action: "create",
            source_location_id: 5,
          }),
        ),
      ),
    );
    expect(screen.queryByTestId("bell-count")).toBeNull();
  });
});
