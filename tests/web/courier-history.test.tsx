import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "./helpers";
import { delivery, FakeSocket, noDeliveries, openCourier, signInAs } from "./transfers-fixtures";

// Issue 32 §4: the courier's history comes a page at a time and says how much of it is shown; the
// earnings name their period and cover every delivery of it, not the page on screen.

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  signInAs("corredor", null, 6);
});

function courierFetch() {
  return mockFetch(async (url) => {
    if (url.startsWith("/api/v1/courier/available-requests")) return jsonResponse({ available_requests: [] });
    if (url.endsWith("/my-transports"))
      return jsonResponse({
        my_transports: [],
        courier_stats: { total_transports: 70, in_progress: 0, completed: 70, completion_rate: 100 },
      });
    if (url.includes("/my-deliveries?offset=0"))
      return jsonResponse({
        ...noDeliveries,
        recent_deliveries: [delivery(1), delivery(2)],
        total: 3,
        limit: 2,
        // 40 deliveries in the last 30 days, far more than the page
        period_deliveries: 40,
        total_estimated_earnings: 700_000,
        period_distance_km: 140,
      });
    if (url.includes("/my-deliveries?offset=2"))
      return jsonResponse({ ...noDeliveries, recent_deliveries: [delivery(3)], total: 3, offset: 2, limit: 2 });
    return jsonResponse({ detail: "no" }, 404);
  });
}

describe("the courier's history and earnings", () => {
  it("'Historial' says 'Mostrando 2 de 3 entregas' and 'Ver más' brings the rest", async () => {
    const fetch = courierFetch();
    openCourier("history");
    expect((await screen.findByTestId("list-count")).textContent).toBe("Mostrando 2 de 3 entregas");
    expect(screen.getAllByTestId("history-item")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Ver más" }));
    await waitFor(() => expect(screen.getAllByTestId("history-item")).toHaveLength(3));
    expect(screen.getByTestId("list-count").textContent).toBe("3 entregas");
    expect(fetch).toHaveBeenCalledWith("/api/v1/courier/my-deliveries?offset=2", expect.anything());
  });

  it("'Estadísticas' shows the period's earnings over every delivery of it, and names the period", async () => {
    courierFetch();
    openCourier("stats");
    const earned = await screen.findByText("Ganancias estimadas");
    const card = earned.parentElement;
    expect(card?.textContent).toMatch(/\$\s700\.000/);
    expect(card?.textContent).toContain("40 entregas · Últimos 30 días");
    // the average is over the period's 40 deliveries, not the 2 rows of the first page
    expect(screen.getByText(/^\$\s17\.500$/)).toBeTruthy();
    expect(screen.getByText("140 km")).toBeTruthy();
  });
});
