import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { WebReservation, WebReservations } from "../../web/src/api/reservations";
import { WebReservationsPanel } from "../../web/src/features/company/WebReservationsPanel";
import { WebReservationsTile } from "../../web/src/features/seller/DashboardTiles";
import { jsonResponse, mockFetch, render, signInSeller } from "./helpers";

const pending = {
  id: 12,
  code: "R-7K2Q",
  status: "pending",
  location_id: 1,
  location_name: "Local Centro",
  customer_name: "Laura Gómez",
  customer_phone: "3001234567",
  customer_email: null,
  held_until: "2026-11-22T18:00:00.000Z",
  created_at: "2026-11-21T18:00:00.000Z",
  confirmed_at: null,
  confirmed_by: null,
  completed_at: null,
  completed_by: null,
  cancelled_at: null,
  cancelled_by: null,
  cancellation_reason: null,
  expired_at: null,
  lines: [
    {
      product_id: 3,
      reference_code: "NIKE-01",
      brand: "Nike",
      model: "Air Max 1",
      color: "Blanco",
      size: "41",
      quantity: 1,
      unit_price: 450_000,
    },
  ],
  total_amount: 450_000,
} satisfies WebReservation;

const page = (reservations: WebReservation[]): WebReservations => ({
  reservations,
  total: reservations.length,
  pending: reservations.filter((r) => r.status === "pending").length,
  offset: 0,
  limit: 50,
});

describe("web reservations", () => {
  it("confirming one shows the answer's row at once and reads the list (and the dashboard tile) again", async () => {
    signInSeller();
    let current: WebReservation = pending;
    const fetch = mockFetch(async (url, init) => {
      if (url.endsWith("/store-reservations/12/confirm") && init?.method === "POST") {
        current = {
          ...pending,
          status: "confirmed",
          confirmed_at: "2026-11-21T19:00:00.000Z",
          confirmed_by: "Valentina Rojas",
        };
        return jsonResponse({ success: true, message: "Reserva confirmada", reservation: current });
      }
      if (url.includes("/store-reservations?")) return jsonResponse(page([current]));
      return jsonResponse({ detail: "no esperado" }, 404);
    });
    const reads = () => fetch.mock.calls.filter((c) => String(c[0]).includes("/store-reservations?")).length;
    render(
      <>
        <WebReservationsTile go={() => undefined} />
        <WebReservationsPanel area="seller" />
      </>,
    );
    expect((await screen.findByTestId("web-reservation")).textContent).toContain("Por confirmar");
    expect(screen.getByRole("button", { name: /Reservas web/ }).textContent).toContain("1 por confirmar");
    const before = reads();

    fireEvent.click(screen.getByRole("button", { name: /Confirmar la reserva R-7K2Q/ }));
    expect(await screen.findByText("Reserva confirmada (R-7K2Q)")).toBeTruthy();
    expect(screen.getByTestId("web-reservation").textContent).toContain("Confirmada por Valentina Rojas");
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByRole("button", { name: /Reservas web/ }).textContent).toContain("Al día"));
  });

  it("a refusal says why and reads the list again (someone else may have handled it)", async () => {
    signInSeller();
    let current: WebReservation = pending;
    const fetch = mockFetch(async (url, init) => {
      if (url.endsWith("/store-reservations/12/complete") && init?.method === "POST") {
        current = { ...pending, status: "expired", expired_at: "2026-11-21T19:00:00.000Z" };
        return jsonResponse({ detail: "La reserva ya venció" }, 409);
      }
      if (url.includes("/store-reservations?")) return jsonResponse(page([current]));
      return jsonResponse({ detail: "no esperado" }, 404);
    });
    const reads = () => fetch.mock.calls.filter((c) => String(c[0]).includes("/store-reservations?")).length;
    render(<WebReservationsPanel area="seller" />);
    await screen.findByTestId("web-reservation");
    const before = reads();
    fireEvent.click(screen.getByRole("button", { name: /Completar la reserva R-7K2Q/ }));
    expect(await screen.findByText("No se pudo actualizar la reserva: La reserva ya venció")).toBeTruthy();
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByTestId("web-reservation").textContent).toContain("Venció"));
  });
});
