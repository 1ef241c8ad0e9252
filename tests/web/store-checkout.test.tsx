import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PublicStore } from "../../web/src/api/contact";
import type { StoreStock } from "../../web/src/api/reservations";
import { storesForCart, whatsappOrderLink, whatsappOrderText } from "../../web/src/features/store/order";
import { addToCartAtom, type CartLine, cartAtom } from "../../web/src/lib/cart";
import { appStore } from "../../web/src/lib/store";
import { createAppRouter } from "../../web/src/router";
import { jsonResponse, mockFetch, render } from "./helpers";

// Issue 32 §6: the cart ends somewhere real — a reservation at a store that has every size, or an order
// by WhatsApp to the store.

const STORES: PublicStore[] = [
  { id: 1, name: "Local Centro", address: "Cra. 7 # 12-45", phone: null, opening_hours: null, whatsapp: "3001234567" },
  { id: 2, name: "Local Chapinero", address: "Cl. 60 # 9-20", phone: null, opening_hours: null, whatsapp: null },
];
const LINES: CartLine[] = [
  {
    product_id: 7,
    reference_code: "NIKECORT-01",
    brand: "Nike",
    model: "Cortez",
    color: "Blanco/Azul",
    unit_price: 299900,
    image_url: null,
    size: "40",
    quantity: 2,
  },
  {
    product_id: 9,
    reference_code: "VANSAUTH-01",
    brand: "Vans",
    model: "Authentic",
    color: null,
    unit_price: 249900,
    image_url: null,
    size: "38",
    quantity: 1,
  },
];
const STOCK: StoreStock[] = [
  { product_id: 7, location_id: 1, size: "40", available: 1 },
  { product_id: 9, location_id: 1, size: "38", available: 3 },
  { product_id: 7, location_id: 2, size: "40", available: 2 },
  { product_id: 9, location_id: 2, size: "38", available: 1 },
];

describe("where a cart can go (order.ts)", () => {
  it("puts first the stores with every size free for the quantity, and says what the others lack", () => {
    const fits = storesForCart(LINES, STORES, STOCK);
    expect(fits.map((f) => [f.store.name, f.complete])).toEqual([
      ["Local Chapinero", true],
      ["Local Centro", false],
    ]);
    expect(fits[1]?.missing).toEqual(["Nike Cortez talla 40"]);
  });

  it("writes the WhatsApp order in Spanish with each line's size, quantity and price, and the total", () => {
    const text = whatsappOrderText("Local Centro", LINES, "Ana");
    expect(text).toContain("Hola, Local Centro.");
    expect(text).toContain("Nike Cortez Blanco/Azul (ref. NIKECORT-01), talla 40, 2 pares × $");
    expect(text).toContain("Vans Authentic (ref. VANSAUTH-01), talla 38, 1 par × $");
    expect(text).toMatch(/Total: \$\s?849\.700/);
    expect(text).toContain("Mi nombre es Ana.");
    const link = whatsappOrderLink(STORES[0] as PublicStore, LINES);
    expect(link?.startsWith("https://wa.me/573001234567?text=")).toBe(true);
    expect(decodeURIComponent(link?.split("text=")[1] ?? "")).toContain("talla 40");
    expect(whatsappOrderLink(STORES[1] as PublicStore, LINES)).toBeNull();
  });
});

describe("the cart's reservation", () => {
  it("reserves at the chosen complete store with name and phone (one Idempotency-Key), then shows the code, where and until when", async () => {
    appStore.set(cartAtom, []);
    for (const line of LINES) {
      for (let i = 0; i < line.quantity; i++) appStore.set(addToCartAtom, { ...line, id: line.product_id });
    }
    const sent: { body: unknown; key: string | null }[] = [];
    mockFetch(async (url, init) => {
      if (url.startsWith("/api/v1/public/stores")) return jsonResponse({ stores: STORES });
      if (url.startsWith("/api/v1/public/stock")) return jsonResponse({ stock: STOCK });
      if (url.startsWith("/api/v1/public/reservations")) {
        sent.push({ body: JSON.parse(String(init?.body)), key: new Headers(init?.headers).get("Idempotency-Key") });
        return jsonResponse(
          {
            message: "Reservamos tus pares en Local Chapinero. Tu código es RW-7K3Q9P.",
            reservation: {
              code: "RW-7K3Q9P",
              status: "pending",
              customer_name: "Ana",
              held_until: "2026-12-01T15:00:00.000Z",
              created_at: "2026-11-29T15:00:00.000Z",
              store: STORES[1],
              lines: LINES.map((l) => ({ ...l, color: l.color })),
              total_amount: 849700,
            },
          },
          201,
        );
      }
      return jsonResponse({ detail: "no" }, 404);
    });
    render(<RouterProvider router={createAppRouter(createMemoryHistory({ initialEntries: ["/cart"] }))} />);
    fireEvent.click(await screen.findByLabelText(/Local Chapinero/));
    expect(screen.getByText("Tiene todo tu pedido")).toBeTruthy();
    // Chapinero has no WhatsApp: the reservation only
    expect(screen.getByText(/no tiene WhatsApp/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reservar por 48 horas" }));
    expect(await screen.findByText("Escribe tu nombre.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Nombre/), { target: { value: "Ana" } });
    fireEvent.change(screen.getByLabelText(/^Celular/), { target: { value: "310 555 1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Reservar por 48 horas" }));
    expect((await screen.findByTestId("reservation-code")).textContent).toBe("RW-7K3Q9P");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toBeTruthy();
    expect(sent[0]?.body).toEqual({
      location_id: 2,
      name: "Ana",
      phone: "310 555 1234",
      items: [
        { product_id: 7, size: "40", quantity: 2 },
        { product_id: 9, size: "38", quantity: 1 },
      ],
    });
    expect(screen.getByText(/Te guardamos los pares en/).textContent).toContain("Local Chapinero");
    expect(screen.getByText(/Apartados hasta el/)).toBeTruthy();
    await waitFor(() => expect(appStore.get(cartAtom)).toEqual([]));
  });

  it("offers the WhatsApp order for a store that has a number, even when it lacks a size", async () => {
    localStorage.removeItem("horma.reservation");
    appStore.set(cartAtom, LINES);
    mockFetch(async (url) => {
      if (url.startsWith("/api/v1/public/stores")) return jsonResponse({ stores: STORES });
      if (url.startsWith("/api/v1/public/stock")) return jsonResponse({ stock: STOCK });
      return jsonResponse({ detail: "no" }, 404);
    });
    render(<RouterProvider router={createAppRouter(createMemoryHistory({ initialEntries: ["/cart"] }))} />);
    fireEvent.click(await screen.findByLabelText(/Local Centro/));
    expect(screen.getByText(/No tiene: Nike Cortez talla 40/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reservar por 48 horas" })).toBeNull();
    const link = screen.getByRole("link", { name: /Pedir por WhatsApp a Local Centro/ });
    expect(link.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/573001234567\?text=/);
  });
});
