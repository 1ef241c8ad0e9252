// The inventory entry by video from a purchase order (features/admin/inventory/OrderSource.tsx,
// OrderPairs.tsx): an open order and one of its products fill the form; the pairs are the pending ones at
// the order's destination, editable down and not above; the entry is sent with the order and the product.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ScanEnrolment } from "../../web/src/api/admin-schemas";
import type { InventoryEntry } from "../../web/src/api/inventory-entry";
import type { PurchaseOrder, PurchaseOrderRow } from "../../web/src/api/purchasing";
import { InventorySection } from "../../web/src/features/admin/inventory/InventorySection";
import { ORDER_PAIRS_ONLY } from "../../web/src/features/admin/inventory/OrderPairs";
import { LOCATIONS, signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

const sent = vi.hoisted(() => ({ entries: [] as unknown[] }));
vi.mock("../../web/src/api/inventory-entry", async (actual) => ({
  ...(await actual<typeof import("../../web/src/api/inventory-entry")>()),
  submitInventoryEntry: vi.fn(async (entry: InventoryEntry) => {
    sent.entries.push(entry);
    return {
      success: true,
      message: "Pares recibidos de la orden de compra #12",
      product_id: 8,
      created: false,
      brand: "Converse",
      model: "Chuck 70 Low",
      reference_code: "CONVERSE-02",
      total_pairs: 3,
      total_single_feet: 0,
      total_shoes: 6,
      locations_count: 1,
      distribution_summary: [],
      unit_price: 329_900,
      box_price: null,
      cost_price: 125_000,
      entry_ref: "r",
      embeddings_stored: 0,
      purchase_order: { id: 12, status: "parcial", reception_id: 5 },
      video_url: "/api/v1/files/v.webm",
      image_url: null,
      processing_time_seconds: 0.1,
    };
  }),
}));

const ORDERS = "/api/v1/admin/admin/purchase-orders";

const ROW: PurchaseOrderRow = {
  id: 12,
  status: "enviada",
  supplier_id: 3,
  supplier_name: "Distribuidora Andina",
  location_id: 4,
  location_name: "Bodega Principal",
  expected_on: "2026-12-05",
  created_at: "2026-11-25T15:00:00.000Z",
  total_pairs: 7,
  received_pairs: 1,
  total_cost: 900_000,
};

const line = (id: number, size: string, quantity: number, received: number, productId = 8) => ({
  id,
  product_id: productId,
  sneaker_reference_code: productId === 8 ? "CONVERSE-02" : "VANSAUTH-01",
  brand: productId === 8 ? "Converse" : "Vans",
  model: productId === 8 ? "Chuck 70 Low" : "Authentic",
  color: productId === 8 ? "Crema" : null,
  size,
  quantity,
  received,
  pending: quantity - received,
  unit_cost: 120_000,
  average_cost: 110_000,
});

const ORDER = {
  id: 12,
  status: "enviada",
  supplier: {
    id: 3,
    name: "Distribuidora Andina",
    nit: "900.123.456-8",
    contact_name: null,
    phone: null,
    email: null,
    lead_time_days: 10,
    is_active: true,
    created_at: "2026-11-20T15:00:00.000Z",
  },
  location_id: 4,
  location_name: "Bodega Principal",
  notes: null,
  expected_on: "2026-12-05",
  created_at: "2026-11-25T15:00:00.000Z",
  sent_at: "2026-11-25T15:00:00.000Z",
  closed_at: null,
  // size 42 of this product arrived in full: it is not offered
  lines: [line(31, "40", 4, 1), line(32, "41", 2, 0), line(33, "42", 1, 1), line(34, "38", 1, 0, 9)],
  total_pairs: 8,
  received_pairs: 2,
  total_cost: 960_000,
} satisfies PurchaseOrder;

const PRODUCT = {
  id: 8,
  reference_code: "CONVERSE-02",
  brand: "Converse",
  model: "Chuck 70 Low",
  color: "Crema",
  description: null,
  category: null,
  gender: null,
  unit_price: 329_900,
  box_price: null,
  cost_price: 110_000,
  tax_class: "general",
  is_active: true,
  published: false,
  image_url: null,
  video_url: null,
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
};

function renderSection() {
  signInAdmin();
  const enrolment: ScanEnrolment = { model_id: "mobilenet-v3", total_products: 0, enrolled_products: 0, missing: [] };
  mockFetch(async (url) => {
    if (url.startsWith("/api/v1/classify/enrolment")) return jsonResponse(enrolment);
    if (url.startsWith(`${ORDERS}/12`)) return jsonResponse({ order: ORDER });
    if (url.startsWith(`${ORDERS}?status=enviada`)) return jsonResponse({ orders: [ROW] });
    if (url.startsWith(ORDERS)) return jsonResponse({ orders: [] });
    if (url.startsWith("/api/v1/products/8")) return jsonResponse({ product: PRODUCT, sizes: [] });
    return jsonResponse({ locations: LOCATIONS });
  });
  render(<InventorySection />);
}

const webm = () =>
  new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], "producto.webm", { type: "video/webm" });

afterEach(() => {
  sent.entries = [];
});

describe("InventorySection from a purchase order", () => {
  it("fills the form from the order's product, caps the pairs at what is pending, and sends the order with the entry", async () => {
    renderSection();
    await screen.findAllByRole("option", { name: "Bodega Principal" });
    fireEvent.click(screen.getByRole("radio", { name: /Desde una orden de compra/ }));
    // nothing to fill until a product of an order is chosen
    expect(screen.queryByLabelText(/^Marca/)).toBeNull();
    const orderSelect = screen.getByLabelText(/^Orden de compra/) as HTMLSelectElement;
    await screen.findByRole("option", { name: /#12 · Distribuidora Andina → Bodega Principal · 6 pares pendientes/ });
    fireEvent.change(orderSelect, { target: { value: "12" } });
    const productOption = await screen.findByRole("option", {
      name: /CONVERSE-02 · Converse Chuck 70 Low Crema · 5 pares pendientes/,
    });
    expect(screen.getByRole("option", { name: /VANSAUTH-01 · Vans Authentic · 1 par pendiente/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Producto de la orden/), {
      target: { value: (productOption as HTMLOptionElement).value },
    });

    // the product's fields as the catalogue has them; the reference is the product's, read only
    await waitFor(() => expect((screen.getByLabelText(/^Marca/) as HTMLInputElement).value).toBe("Converse"));
    expect((screen.getByLabelText(/^Modelo/) as HTMLInputElement).value).toBe("Chuck 70 Low");
    expect((screen.getByLabelText(/^Precio unitario/) as HTMLInputElement).value).toBe("329900");
    expect((screen.getByLabelText(/^Código de referencia/) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByLabelText(/^Precio de costo/)).toBeNull();
    expect(screen.getByTestId("order-cost").textContent).toMatch(/talla 40: \$\s?120\.000 · talla 41: \$\s?120\.000/);

    // the pending sizes only, every pending pair by default; pairs only, said
    const rows = screen.getAllByTestId("order-size-row");
    expect(rows.map((r) => within(r).getByText(/^Talla/).textContent)).toEqual(["Talla 40", "Talla 41"]);
    expect(screen.getByText(ORDER_PAIRS_ONLY)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "+ Agregar talla" })).toBeNull();
    const size40 = within(rows[0] as HTMLElement).getByLabelText("Pares que llegaron") as HTMLInputElement;
    expect(size40.value).toBe("3");
    expect(size40.max).toBe("3");

    // not above what is pending
    fireEvent.change(size40, { target: { value: "4" } });
    fireEvent.change(screen.getByTestId("video-input"), { target: { files: [webm()] } });
    const submit = screen.getByRole("button", { name: "Recibir pares de la orden con video" });
    fireEvent.click(submit);
    expect((await screen.findByRole("alert")).textContent).toContain("Talla 40: entre 0 y 3 pares pendientes");
    expect(sent.entries).toHaveLength(0);

    // down is fine: 1 of size 40, none of 41
    fireEvent.change(size40, { target: { value: "1" } });
    fireEvent.change(within(rows[1] as HTMLElement).getByLabelText("Pares que llegaron"), { target: { value: "0" } });
    fireEvent.click(submit);
    await waitFor(() => expect(sent.entries).toHaveLength(1));
    expect(sent.entries[0]).toMatchObject({
      purchase_order_id: 12,
      product_id: 8,
      reference_code: "CONVERSE-02",
      cost_price: null,
      sizes: [{ size: "40", pairs: [{ location_id: 4, quantity: 1 }], left_feet: [], right_feet: [] }],
    });
    // the summary says which order received them; the form waits for the next product of an order
    expect((await screen.findByTestId("entry-order")).textContent).toBe("#12 · recibida en parte");
    expect(screen.getByText("✓ Pares recibidos de la orden de compra")).toBeTruthy();
    expect(screen.queryAllByTestId("order-size-row")).toHaveLength(0);
    expect(screen.getByText(/Elige la orden de compra y el producto que llegó/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Marca/)).toBeNull();
  });

  it("back to a free entry, the form is empty and takes single feet again", async () => {
    renderSection();
    await screen.findAllByRole("option", { name: "Bodega Principal" });
    fireEvent.click(screen.getByRole("radio", { name: /Desde una orden de compra/ }));
    await screen.findByRole("option", { name: /#12/ });
    fireEvent.change(screen.getByLabelText(/^Orden de compra/), { target: { value: "12" } });
    const option = await screen.findByRole("option", { name: /CONVERSE-02/ });
    fireEvent.change(screen.getByLabelText(/^Producto de la orden/), {
      target: { value: (option as HTMLOptionElement).value },
    });
    await waitFor(() => expect((screen.getByLabelText(/^Marca/) as HTMLInputElement).value).toBe("Converse"));
    fireEvent.click(screen.getByRole("radio", { name: /Ingreso libre/ }));
    expect((screen.getByLabelText(/^Marca/) as HTMLInputElement).value).toBe("");
    expect(screen.queryByLabelText(/^Orden de compra/)).toBeNull();
    expect(screen.getByRole("button", { name: "+ Agregar talla" })).toBeTruthy();
    expect(screen.getByLabelText(/^Precio de costo/)).toBeTruthy();
  });
});
