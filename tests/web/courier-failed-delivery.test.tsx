import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { failedDeliveryProblem } from "../../web/src/features/courier/FailedDeliveryDialog";
import { jsonResponse, mockFetch } from "./helpers";
import { FakeSocket, noDeliveries, openCourier, signInAs, transfer } from "./transfers-fixtures";

// Issue 32 §3: the courier reports a failed delivery from the phone (a reason from a list and a note),
// sees the attempts on the card, and can take a transfer back to its origin.

type Call = { url: string; body: unknown; key: string | null };

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  signInAs("corredor", null, 6);
});

const FAILED = {
  id: 1,
  outcome: "failed" as const,
  successful: false,
  reason: "local_cerrado" as const,
  reason_label: "Local cerrado",
  notes: null,
  attempted_at: "2026-11-21T18:40:00.000Z",
  courier_name: "Prueba Horma",
};

function courierFetch(calls: Call[], mine: unknown[], answer?: (url: string) => Response | null) {
  return mockFetch(async (url, init) => {
    if ((init?.method ?? "GET") === "POST") {
      calls.push({
        url,
        body: init?.body ? JSON.parse(String(init.body)) : null,
        key: new Headers(init?.headers).get("Idempotency-Key"),
      });
      return answer?.(url) ?? jsonResponse({ success: true, message: "ok" });
    }
    if (url.startsWith("/api/v1/courier/available-requests")) return jsonResponse({ available_requests: [] });
    if (url.endsWith("/my-transports"))
      return jsonResponse({
        my_transports: mine,
        courier_stats: { total_transports: 1, in_progress: 1, completed: 0, completion_rate: 0 },
      });
    if (url.includes("/my-deliveries")) return jsonResponse(noDeliveries);
    return jsonResponse({ detail: "no" }, 404);
  });
}

describe("'No se pudo entregar'", () => {
  it("asks for a reason (and a note with «Otro»), sends both with an Idempotency-Key, and says the product stays", async () => {
    const calls: Call[] = [];
    const fetch = courierFetch(calls, [transfer({ id: 8, status: "in_transit" })]);
    const boardReads = () => fetch.mock.calls.filter(([url]) => String(url).endsWith("/my-transports")).length;
    openCourier("mine");
    const card = await screen.findByRole("article", { name: "Transporte #8" });
    // no failed attempt yet: nothing to take back
    expect(within(card).queryByRole("button", { name: "Devolver al origen" })).toBeNull();
    fireEvent.click(within(card).getByRole("button", { name: "No se pudo entregar" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText(/El producto sigue contigo/)).toBeTruthy();
    const chips = within(dialog)
      .getAllByRole("radio")
      .map((r) => r.closest("label")?.textContent);
    expect(chips).toEqual(["Local cerrado", "Nadie recibe", "Dirección errada", "Otro"]);

    fireEvent.click(within(dialog).getByRole("button", { name: "Registrar intento" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Elige por qué no se pudo entregar");
    fireEvent.click(within(dialog).getByLabelText("Otro"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Registrar intento" }));
    expect(within(dialog).getAllByText("Con el motivo «Otro», cuenta en la nota qué pasó").length).toBeGreaterThan(0);
    expect(calls).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Nota/), { target: { value: "  Portón sin timbre " } });
    const before = boardReads();
    fireEvent.click(within(dialog).getByRole("button", { name: "Registrar intento" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      url: "/api/v1/courier/report-failed-delivery/8",
      body: { reason: "otro", notes: "Portón sin timbre" },
    });
    expect(calls[0]?.key).toBeTruthy();
    expect(await screen.findByText("Intento registrado")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    // the courier's board is read again (the card lists the attempt)
    expect(boardReads()).toBeGreaterThan(before);
  });

  it("keeps the dialog open with the server's reason when it fails, and retries with the same key", async () => {
    const calls: Call[] = [];
    let first = true;
    courierFetch(calls, [transfer({ id: 9, status: "in_transit" })], () => {
      if (!first) return null;
      first = false;
      return jsonResponse({ detail: "No se puede realizar esta acción: la transferencia está entregada" }, 409);
    });
    openCourier("mine");
    const card = await screen.findByRole("article", { name: "Transporte #9" });
    fireEvent.click(within(card).getByRole("button", { name: "No se pudo entregar" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.click(within(dialog).getByLabelText("Nadie recibe"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Registrar intento" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("la transferencia está entregada");
    fireEvent.click(within(dialog).getByRole("button", { name: "Registrar intento" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]?.body).toEqual({ reason: "nadie_recibe" });
    expect(calls[1]?.key).toBe(calls[0]?.key);
  });

  it("the form's rule, alone", () => {
    expect(failedDeliveryProblem(null, "")).toBe("Elige por qué no se pudo entregar");
    expect(failedDeliveryProblem("otro", "  ")).toBe("Con el motivo «Otro», cuenta en la nota qué pasó");
    expect(failedDeliveryProblem("otro", "Lluvia")).toBeNull();
    expect(failedDeliveryProblem("direccion_errada", "")).toBeNull();
  });
});

describe("back to the origin", () => {
  it("after a failed attempt: the card lists it and offers 'Devolver al origen'; on the way back, 'Entregado en el origen'", async () => {
    const calls: Call[] = [];
    courierFetch(calls, [
      transfer({ id: 10, status: "in_transit", delivery_attempts: [FAILED], failed_attempts: 1 }),
      transfer({
        id: 11,
        status: "returning_to_origin",
        delivery_attempts: [FAILED],
        failed_attempts: 1,
        source_location_name: "Bodega Principal",
      }),
      // a return keeps trying the warehouse: no way back to the store
      transfer({
        id: 12,
        status: "in_transit",
        request_type: "return",
        delivery_attempts: [FAILED],
        failed_attempts: 1,
      }),
    ]);
    openCourier("mine");
    const failed = await screen.findByRole("article", { name: "Transporte #10" });
    expect(within(failed).getByTestId("delivery-attempts").textContent).toContain("1 intento de entrega fallido");
    expect(within(failed).getByTestId("delivery-attempts").textContent).toContain("Local cerrado");
    expect(
      within(screen.getByRole("article", { name: "Transporte #12" })).queryByRole("button", {
        name: "Devolver al origen",
      }),
    ).toBeNull();

    fireEvent.click(within(failed).getByRole("button", { name: "Devolver al origen" }));
    let dialog = screen.getByRole("dialog");
    expect(dialog.textContent).toContain("Lleva el producto de vuelta a Bodega Principal");
    fireEvent.click(within(dialog).getByRole("button", { name: "Devolver al origen" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe("/api/v1/courier/return-to-origin/10");
    expect(await screen.findByText("De vuelta al origen")).toBeTruthy();

    const back = screen.getByRole("article", { name: "Transporte #11" });
    expect(within(back).queryByRole("button", { name: "Confirmar Entrega" })).toBeNull();
    fireEvent.click(within(back).getByRole("button", { name: "Entregado en el origen" }));
    dialog = screen.getByRole("dialog");
    expect(dialog.textContent).toContain("vuelve al inventario de Bodega Principal");
    fireEvent.click(within(dialog).getByRole("button", { name: "Entregado en el origen" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ url: "/api/v1/courier/confirm-origin-return/11", body: {} });
    expect(await screen.findByText("Devuelto en el origen")).toBeTruthy();
  });
});
