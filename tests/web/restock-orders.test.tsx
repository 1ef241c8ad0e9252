import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RestockLine, RestockOrder } from "../../web/src/api/transfer-orders";
import { lineForCode } from "../../web/src/features/company/restock/PickList";
import { receptionLines } from "../../web/src/features/company/restock/ReceiveOrderModal";
import { RestockSection } from "../../web/src/features/company/restock/RestockSection";
import { jsonResponse, mockFetch, render, signIn } from "./helpers";

const line = (id: number, size: string, patch: Partial<RestockLine> = {}): RestockLine => ({
  id,
  status: "accepted",
  sneaker_reference_code: "ADIDASYE-01",
  brand: "Adidas",
  model: "Yeezy Slide",
  color: "Negro",
  size,
  quantity: 2,
  foot_side: null,
  units_label: "2 pares",
  barcode: `20010000${id}`,
  sku: `ADIDASYE-01-${size}`,
  image_url: null,
  picked: false,
  picked_at: null,
  received_quantity: null,
  cancellation_reason: null,
  ...patch,
});

const order = (patch: Partial<RestockOrder> = {}, lines = [line(71, "38"), line(72, "39")]): RestockOrder => ({
  id: 9,
  status: "accepted",
  status_label: "Aceptado: por alistar",
  open: true,
  source_location_id: 4,
  source_location_name: "Bodega Principal",
  destination_location_id: 1,
  destination_location_name: "Local Centro",
  requester_id: 3,
  requester_name: "Andrés Gómez",
  courier_name: null,
  pickup_type: "vendedor",
  notes: null,
  created_at: "2026-11-29T15:00:00.000Z",
  updated_at: "2026-11-29T15:00:00.000Z",
  lines_count: lines.length,
  units: lines.reduce((n, l) => n + l.quantity, 0),
  picked_count: lines.filter((l) => l.picked).length,
  lines,
  ...patch,
});

/** The list answers `current`; every write is recorded and answers the order as `after` says. */
function serve(current: () => RestockOrder, after: (url: string, body: unknown) => RestockOrder) {
  const writes: { url: string; body: unknown }[] = [];
  mockFetch(async (url, init) => {
    if (url.includes("/api/v1/locations")) return jsonResponse([]);
    if (init?.method === "POST") {
      const body = JSON.parse(String(init.body ?? "{}"));
      writes.push({ url, body });
      return jsonResponse({ success: true, message: "Recepción registrada", order: after(url, body) });
    }
    return jsonResponse({ orders: [current()], total: 1, offset: 0, limit: 30 });
  });
  return writes;
}

describe("the pick list", () => {
  it("finds the line a scanned code names among those still to pick: barcode, SKU or reference", () => {
    const lines = [line(71, "38", { picked: true }), line(72, "39")];
    expect(lineForCode(lines, "2001000072")?.id).toBe(72);
    expect(lineForCode(lines, "adidasye-01-39")?.id).toBe(72);
    // a line already in the package is not picked twice
    expect(lineForCode(lines, "2001000071")).toBeUndefined();
  });

  it("the keeper scans a box: its line is picked with the code; an unknown code is told, nothing sent", async () => {
    signIn({ role: "bodeguero", location_id: 4 });
    let current = order();
    const writes = serve(
      () => current,
      (url) => {
        current = order({}, [line(71, "38", { picked: url.includes("/71/") }), line(72, "39")]);
        return current;
      },
    );
    render(<RestockSection />);
    const card = await screen.findByRole("article", { name: "Pedido #9" });
    fireEvent.change(within(card).getByLabelText("Código de la caja"), { target: { value: "9999" } });
    fireEvent.click(within(card).getByRole("button", { name: "Alistar" }));
    expect(await screen.findByText("El código 9999 no es de ninguna línea por alistar")).toBeTruthy();
    expect(writes).toHaveLength(0);
    fireEvent.change(within(card).getByLabelText("Código de la caja"), { target: { value: "2001000071" } });
    fireEvent.click(within(card).getByRole("button", { name: "Alistar" }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.url).toContain("/transfer-orders/9/lines/71/pick");
    expect(writes[0]?.body).toEqual({ picked: true, code: "2001000071" });
  });
});

describe("the reception", () => {
  const delivered = order({ status: "delivered", status_label: "Entregado: por recibir" }, [
    line(71, "38", { status: "delivered" }),
    line(72, "39", { status: "delivered" }),
  ]);

  it("sends only the lines that did not arrive whole, and refuses counts outside what was sent", () => {
    expect(receptionLines(delivered, {})).toEqual({ lines: [] });
    expect(receptionLines(delivered, { 72: { received: "1", damaged: "0" } })).toEqual({
      lines: [{ transfer_id: 72, received_quantity: 1, damaged_quantity: 0 }],
    });
    expect(receptionLines(delivered, { 71: { received: "3", damaged: "0" } })).toEqual({
      problem: "Recibidos de Adidas Yeezy Slide talla 38: un número entre 0 y 2",
    });
    expect(receptionLines(delivered, { 71: { received: "1", damaged: "2" } })).toEqual({
      problem: "Dañados de Adidas Yeezy Slide talla 38: un número entre 0 y 1",
    });
  });

  it("the store's seller receives the package with one pair short", async () => {
    signIn({ role: "seller", location_id: 1 });
    const writes = serve(
      () => delivered,
      () => order({ status: "completed", status_label: "Recibido", open: false }),
    );
    render(<RestockSection />);
    const card = await screen.findByRole("article", { name: "Pedido #9" });
    // the keeper's steps are not the store's
    expect(within(card).queryByRole("button", { name: /Alistar/ })).toBeNull();
    fireEvent.click(within(card).getByRole("button", { name: "Recibir pedido" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Recibidos de Adidas Yeezy Slide talla 39"), {
      target: { value: "1" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar recepción" }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.url).toContain("/transfer-orders/9/actions");
    expect(writes[0]?.body).toEqual({
      action: "confirm_reception",
      lines: [{ transfer_id: 72, received_quantity: 1, damaged_quantity: 0 }],
    });
  });
});
