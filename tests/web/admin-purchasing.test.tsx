import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AvailableLocation } from "../../web/src/api/admin-schemas";
import type { PurchaseOrder, PurchaseOrderRow, Supplier } from "../../web/src/api/purchasing";
import { PurchasingSection } from "../../web/src/features/admin/purchasing/PurchasingSection";
import { jsonBody, signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

const ORDERS = "/api/v1/admin/admin/purchase-orders";
const SUPPLIERS = "/api/v1/admin/admin/suppliers";
const PLACES: AvailableLocation[] = [
  { id: 4, name: "Bodega Principal", type: "bodega" },
  { id: 1, name: "Local Centro", type: "local" },
];

const SUPPLIER = {
  id: 3,
  name: "Distribuidora Andina",
  nit: "900.123.456-8",
  contact_name: "Marta Ruiz",
  phone: "6025550000",
  email: null,
  lead_time_days: 10,
  is_active: true,
  created_at: "2026-11-20T15:00:00.000Z",
} satisfies Supplier;

const row = (patch: Partial<PurchaseOrderRow> = {}): PurchaseOrderRow => ({
  id: 12,
  status: "enviada",
  supplier_id: 3,
  supplier_name: "Distribuidora Andina",
  location_id: 4,
  location_name: "Bodega Principal",
  expected_on: "2026-12-05",
  created_at: "2026-11-25T15:00:00.000Z",
  total_pairs: 6,
  received_pairs: 0,
  total_cost: 780_000,
  ...patch,
});

const ORDER = {
  id: 12,
  status: "enviada",
  supplier: SUPPLIER,
  location_id: 4,
  location_name: "Bodega Principal",
  notes: null,
  expected_on: "2026-12-05",
  created_at: "2026-11-25T15:00:00.000Z",
  sent_at: "2026-11-25T15:00:00.000Z",
  closed_at: null,
  lines: [
    {
      id: 31,
      product_id: 8,
      sneaker_reference_code: "CONVERSE-02",
      brand: "Converse",
      model: "Chuck 70 Low",
      color: "Crema",
      size: "40",
      quantity: 4,
      received: 0,
      pending: 4,
      unit_cost: 120_000,
      average_cost: 110_000,
    },
    {
      id: 32,
      product_id: 8,
      sneaker_reference_code: "CONVERSE-02",
      brand: "Converse",
      model: "Chuck 70 Low",
      color: "Crema",
      size: "41",
      quantity: 2,
      received: 0,
      pending: 2,
      unit_cost: 150_000,
      average_cost: 110_000,
    },
  ],
  total_pairs: 6,
  received_pairs: 0,
  total_cost: 780_000,
} satisfies PurchaseOrder;

function open(rows: () => PurchaseOrderRow[], post: (url: string, init: RequestInit | undefined) => Response) {
  signInAdmin();
  const fetch = mockFetch(async (url, init) => {
    if ((init?.method ?? "GET") !== "GET") return post(url, init);
    if (url.startsWith(`${ORDERS}/12`)) return jsonResponse({ order: ORDER });
    if (url.startsWith(ORDERS)) return jsonResponse({ orders: rows() });
    if (url.startsWith(SUPPLIERS)) return jsonResponse({ suppliers: [SUPPLIER], total: 1 });
    if (url.includes("/available-locations-for-users")) return jsonResponse({ locations: PLACES });
    return jsonResponse({ detail: "no esperado" }, 404);
  });
  render(<PurchasingSection />);
  const reads = () =>
    fetch.mock.calls.filter(([url, init]) => String(url).startsWith(ORDERS) && (init?.method ?? "GET") === "GET")
      .length;
  return { fetch, reads };
}

describe("Compras", () => {
  it("lists the orders with their state and what can be done, and the suppliers with their lead time", async () => {
    open(
      () => [row(), row({ id: 13, status: "parcial", received_pairs: 3 }), row({ id: 14, status: "borrador" })],
      () => jsonResponse({}),
    );
    const cards = await screen.findAllByTestId("purchase-order");
    expect(cards).toHaveLength(3);
    const [sent, partial, draft] = cards.map((c) => within(c));
    expect(sent?.getByText("Enviada")).toBeTruthy();
    expect(sent?.getByText("0 de 6 pares recibidos · $ 780.000")).toBeTruthy();
    expect(sent?.getByRole("button", { name: "Recibir orden #12" })).toBeTruthy();
    expect(sent?.queryByRole("button", { name: "Cerrar orden #12" })).toBeNull();
    expect(partial?.getByText("Recibida en parte")).toBeTruthy();
    expect(partial?.getByRole("button", { name: "Cerrar orden #13" })).toBeTruthy();
    expect(partial?.queryByRole("button", { name: "Cancelar orden #13" })).toBeNull();
    expect(draft?.getByRole("button", { name: "Enviar orden #14" })).toBeTruthy();
    expect(draft?.queryByRole("button", { name: "Recibir orden #14" })).toBeNull();
    const supplier = await screen.findByTestId("supplier");
    expect(supplier.textContent).toContain("NIT 900.123.456-8 · entrega en 10 días · Marta Ruiz");
  });

  it("a reception sends the pairs that arrived per line (0 left out) with a key, and reads the orders again", async () => {
    const posted: { url: string; body: unknown; key: string | null }[] = [];
    const { reads } = open(
      () => [row()],
      (url, init) => {
        posted.push({ url, body: jsonBody(init), key: new Headers(init?.headers).get("Idempotency-Key") });
        return jsonResponse(
          { success: true, message: "Recepción registrada", reception_id: 5, order: { ...ORDER, status: "parcial" } },
          201,
        );
      },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Recibir orden #12" }));
    const dialog = within(await screen.findByRole("dialog"));
    const fields = dialog.getAllByLabelText(/^Llegaron/);
    expect(fields.map((f) => (f as HTMLInputElement).value)).toEqual(["4", "2"]);
    fireEvent.change(fields[0] as HTMLElement, { target: { value: "3" } });
    fireEvent.change(fields[1] as HTMLElement, { target: { value: "0" } });
    const before = reads();
    fireEvent.click(dialog.getByRole("button", { name: "Registrar recepción" }));
    expect(
      await screen.findByText("Recepción registrada: 3 pares en Bodega Principal · orden #12 recibida en parte"),
    ).toBeTruthy();
    expect(posted).toEqual([
      {
        url: `${ORDERS}/12/receptions`,
        body: { notes: "", lines: [{ line_id: 31, quantity: 3 }] },
        key: expect.any(String),
      },
    ]);
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it("refuses to receive more than pending before calling the API", async () => {
    const { fetch } = open(
      () => [row()],
      () => jsonResponse({}),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Recibir orden #12" }));
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.change(dialog.getAllByLabelText(/^Llegaron/)[1] as HTMLElement, { target: { value: "5" } });
    fireEvent.click(dialog.getByRole("button", { name: "Registrar recepción" }));
    expect(await dialog.findByText("Talla 41 de Converse Chuck 70 Low: entre 0 y 2 pares")).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("closing a partial order asks first and says the server's refusal", async () => {
    open(
      () => [row({ id: 12, status: "parcial", received_pairs: 3 })],
      () => jsonResponse({ detail: "Solo se cierra una orden recibida en parte (lo que falta ya no llegará)" }, 409),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Cerrar orden #12" }));
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.click(dialog.getByRole("button", { name: "Cerrar orden" }));
    expect(await dialog.findByText(/Solo se cierra una orden recibida en parte/)).toBeTruthy();
  });

  it("shows an order's lines with the product's average cost", async () => {
    open(
      () => [row()],
      () => jsonResponse({}),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Ver orden #12" }));
    const lines = await screen.findAllByTestId("order-line-detail");
    const text = (i: number) => lines[i]?.textContent?.replace(/\s+/g, " ") ?? "";
    expect(text(0)).toContain("CONVERSE-02 · $ 120.000 por par · costo promedio del producto: $ 110.000");
    expect(text(1)).toContain("0 / 2 pares");
  });
});
