import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PublicStore } from "../../web/src/api/contact";
import { ContactForm, SEND_FAILED } from "../../web/src/features/store/ContactForm";
import { createAppRouter } from "../../web/src/router";
import { jsonResponse, mockFetch, render } from "./helpers";

// The storefront's /contact (issue 32 §6): the form keeps the message through the API and the stores
// show how to reach them.

const STORES: PublicStore[] = [
  {
    id: 1,
    name: "Local Centro",
    address: "Cra. 7 # 12-45, Bogotá",
    phone: "+57 601 555 0101",
    opening_hours: "Lun–Sáb 9:00–19:00 · Dom 10:00–17:00",
    whatsapp: "3001234567",
  },
  {
    id: 2,
    name: "Local Chapinero",
    address: "Cl. 60 # 9-20, Bogotá",
    phone: null,
    opening_hours: null,
    whatsapp: null,
  },
];

const THANKS = { message: "Recibimos tu mensaje; te responderemos a tu correo" };

function fill(values: Partial<Record<"Nombre" | "Correo electrónico" | "Teléfono" | "Mensaje", string>>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
}
const send = () => fireEvent.click(screen.getByRole("button", { name: "Enviar mensaje" }));
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const keyOf = (init: RequestInit | undefined) => new Headers(init?.headers).get("Idempotency-Key");

describe("ContactForm", () => {
  it("sends the message to the API with a key and thanks only once it was kept", async () => {
    const fetch = mockFetch(async () => jsonResponse(THANKS, 201));
    render(<ContactForm stores={STORES} />);
    fill({
      Nombre: " Mariana López ",
      "Correo electrónico": "mariana@correo.co",
      Teléfono: "310 555 1234",
      Mensaje: "¿Tienen los Air Max en talla 38?",
    });
    fireEvent.change(screen.getByLabelText(/¿A qué tienda le escribes\?/), { target: { value: "2" } });
    send();
    const thanks = await screen.findByRole("status");
    expect(thanks.textContent).toContain("¡Gracias por escribirnos, Mariana López!");
    expect(thanks.textContent).toContain("Recibimos tu mensaje; te responderemos a tu correo (mariana@correo.co).");
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe("/api/v1/public/contact");
    expect(init?.method).toBe("POST");
    expect(bodyOf(init)).toEqual({
      name: "Mariana López",
      email: "mariana@correo.co",
      phone: "310 555 1234",
      message: "¿Tienen los Air Max en talla 38?",
      location_id: 2,
    });
    expect(keyOf(init)).toMatch(/.{8,}/);
    // another message starts with an empty form
    fireEvent.click(screen.getByRole("button", { name: "Escribir otro mensaje" }));
    expect((screen.getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe("");
  });

  it("leaves out an empty phone and store, and checks the fields before calling", async () => {
    const fetch = mockFetch(async () => jsonResponse(THANKS, 201));
    render(<ContactForm stores={[]} />);
    // no stores (still loading, or none): no choice of store
    expect(screen.queryByLabelText(/¿A qué tienda/)).toBeNull();
    fill({ Nombre: "A", "Correo electrónico": "ana@", Teléfono: "llámame", Mensaje: "Hola" });
    send();
    expect(screen.getByText("Escribe tu nombre.")).toBeTruthy();
    expect(screen.getByText("Escribe un correo electrónico válido.")).toBeTruthy();
    expect(screen.getByText(/Escribe un teléfono válido/)).toBeTruthy();
    expect(screen.getByText("Cuéntanos un poco más (mínimo 10 caracteres).")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fill({ Nombre: "Ana", "Correo electrónico": "ana@correo.co", Teléfono: "", Mensaje: "Precios por volumen" });
    send();
    await screen.findByRole("status");
    expect(bodyOf(fetch.mock.calls[0]?.[1])).toEqual({
      name: "Ana",
      email: "ana@correo.co",
      message: "Precios por volumen",
    });
  });

  it("shows the server's refusal or a connection failure, keeps what was typed, and retries with the same key", async () => {
    let answer: () => Promise<Response> = async () =>
      jsonResponse(
        { detail: "Recibimos varios mensajes tuyos en la última hora. Intenta de nuevo en 12 minutos." },
        429,
      );
    const fetch = mockFetch(() => answer());
    render(<ContactForm stores={STORES} />);
    fill({ Nombre: "Luisa", "Correo electrónico": "luisa@correo.co", Mensaje: "Quiero cambiar unos Converse" });
    send();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Recibimos varios mensajes tuyos en la última hora. Intenta de nuevo en 12 minutos.",
    );
    expect(screen.queryByRole("status")).toBeNull();

    answer = async () => {
      throw new TypeError("Failed to fetch");
    };
    send();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(SEND_FAILED));
    expect((screen.getByLabelText(/^Mensaje/) as HTMLTextAreaElement).value).toBe("Quiero cambiar unos Converse");

    answer = async () => jsonResponse(THANKS, 201);
    send();
    await screen.findByRole("status");
    const keys = fetch.mock.calls.map((c) => keyOf(c[1]));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });
});

describe("/contact", () => {
  function renderContact() {
    const router = createAppRouter(createMemoryHistory({ initialEntries: ["/contact"] }));
    render(<RouterProvider router={router} />);
  }

  it("lists the stores with address, phone, hours and a WhatsApp link, and offers them in the form", async () => {
    mockFetch(async (url) =>
      url === "/api/v1/public/stores" ? jsonResponse({ stores: STORES }) : jsonResponse({ detail: "no" }, 404),
    );
    renderContact();
    const cards = await screen.findAllByTestId("store-card");
    expect(cards).toHaveLength(2);
    const centro = within(cards[0] as HTMLElement);
    expect(centro.getByText("Local Centro")).toBeTruthy();
    expect(centro.getByText("Cra. 7 # 12-45, Bogotá")).toBeTruthy();
    expect(centro.getByText("Lun–Sáb 9:00–19:00 · Dom 10:00–17:00")).toBeTruthy();
    expect(centro.getByRole("link", { name: "+57 601 555 0101" }).getAttribute("href")).toBe("tel:+576015550101");
    const whatsapp = centro.getByRole("link", { name: "WhatsApp de Local Centro: 300 123 4567" });
    expect(whatsapp.textContent).toBe("WhatsApp 300 123 4567");
    expect(whatsapp.getAttribute("href")).toBe(
      `https://wa.me/573001234567?text=${encodeURIComponent("Hola, les escribo desde la página web (Local Centro).")}`,
    );
    expect(whatsapp.getAttribute("target")).toBe("_blank");
    // a store without those details shows only what it has
    const chapinero = within(cards[1] as HTMLElement);
    expect(chapinero.queryByRole("link")).toBeNull();
    const choice = screen.getByLabelText(/¿A qué tienda le escribes\?/) as HTMLSelectElement;
    expect([...choice.options].map((o) => o.textContent)).toEqual([
      "Cualquiera de nuestras tiendas",
      "Local Centro",
      "Local Chapinero",
    ]);
  });

  it("says when the stores cannot be loaded, and 'Reintentar' brings them; the form works meanwhile", async () => {
    let online = false;
    mockFetch(async (url) => {
      if (url !== "/api/v1/public/stores") return jsonResponse({ detail: "no" }, 404);
      if (!online) throw new TypeError("Failed to fetch");
      return jsonResponse({ stores: STORES });
    });
    renderContact();
    expect((await screen.findByRole("alert")).textContent).toContain("No pudimos cargar nuestras tiendas");
    expect(screen.getByRole("button", { name: "Enviar mensaje" })).toBeTruthy();
    online = true;
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findAllByTestId("store-card")).toHaveLength(2);
  });
});
