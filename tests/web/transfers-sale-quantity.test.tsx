import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { NewSaleView } from "../../web/src/features/seller/NewSaleView";
import { jsonResponse, mockFetch, render } from "./helpers";
import { signInAs, transfer } from "./transfers-fixtures";

// Issue 31 §8: selling from a transfer of several pairs asks how many, bounded by what is left of it.

type Call = { url: string; body: unknown };

beforeEach(() => signInAs("seller", 1));

function serve(details: ReturnType<typeof transfer>, calls: Call[]) {
  mockFetch(async (url, init) => {
    if (url === `/api/v1/vendor/transfer-details/${details.id}`) return jsonResponse(details);
    if (url.startsWith("/api/v1/cash-sessions/current")) return jsonResponse({ session: null, open_required: false });
    calls.push({ url, body: JSON.parse(String(init?.body ?? "null")) });
    return jsonResponse(
      {
        sale_id: 91,
        total_amount: 919_800,
        status: "completed",
        sale_timestamp: "2026-11-21T19:00:00.000Z",
        receipt_info: { has_receipt: false },
        seller_info: { seller_name: "Valentina Rojas" },
      },
      201,
    );
  });
}

describe("selling from a transfer of several pairs", () => {
  it("asks how many, bounded by what is left, and sends that quantity with its total", async () => {
    const calls: Call[] = [];
    serve(
      transfer({
        id: 14,
        status: "completed",
        quantity: 4,
        received_quantity: 4,
        sellable_quantity: 4,
        sold_quantity: 1,
        left_to_sell: 3,
      }),
      calls,
    );
    render(<NewSaleView go={vi.fn()} fromTransfer="14" />);
    const field = (await screen.findByLabelText("¿Cuántos pares vendes? *")) as HTMLInputElement;
    // every pair left, at first
    expect(field.value).toBe("3");
    expect(screen.getByText("Quedan 3 de 4 pares de esta transferencia (ya se vendieron 1)")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Monto", { exact: true }), { target: { value: "919800" } });
    fireEvent.change(field, { target: { value: "4" } });
    expect(
      (await screen.findAllByText("Solo quedan 3 pares de esta transferencia por vender (pediste 4)")).length,
    ).toBeGreaterThan(0);
    expect((screen.getByRole("button", { name: "Revisar Venta" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: "2" } });
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Revisar Venta" }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole("button", { name: "Revisar Venta" }));
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar Venta" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      url: "/api/v1/sales/create-from-transfer",
      body: { transfer_id: 14, quantity: 2, total_amount: 919_800 },
    });
  });

  it("a transfer of one pair shows its quantity without asking", async () => {
    serve(transfer({ id: 15, status: "completed", received_quantity: 1 }), []);
    render(<NewSaleView go={vi.fn()} fromTransfer="15" />);
    expect((await screen.findByTestId("sale-line")).textContent).toContain("Cantidad1");
    expect(screen.queryByLabelText("¿Cuántos pares vendes? *")).toBeNull();
  });

  it("a transfer not received yet, or already sold, says so instead of a form", async () => {
    serve(transfer({ id: 16, status: "delivered" }), []);
    const { unmount } = render(<NewSaleView go={vi.fn()} fromTransfer="16" />);
    expect(
      await screen.findByText(/La transferencia aún no se recibió: confirma la recepción antes de venderla/),
    ).toBeTruthy();
    unmount();
    serve(
      transfer({ id: 17, status: "completed", quantity: 2, sellable_quantity: 2, sold_quantity: 2, left_to_sell: 0 }),
      [],
    );
    render(<NewSaleView go={vi.fn()} fromTransfer="17" />);
    expect(await screen.findByText(/Ya se vendieron todos los pares de esta transferencia/)).toBeTruthy();
  });
});
