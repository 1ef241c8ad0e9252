import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { rememberStock } from "../../web/src/features/scan/lastStock";
import { NewSaleView } from "../../web/src/features/seller/NewSaleView";
import { scannedSaleAtom } from "../../web/src/features/seller/state";
import { appStore } from "../../web/src/lib/store";
import { ScanClient, setScanClient, type WorkerLike } from "../../web/src/ml/client";
import { DEFAULT_MODEL_ID } from "../../web/src/ml/models";
import type { Request, Response as WorkerResponse } from "../../web/src/ml/protocol";
import { createAppRouter } from "../../web/src/router";
import { jsonResponse, mockFetch, render } from "./helpers";
import {
  converseCatalogueProduct,
  converseLookup,
  converseMatch,
  phoneCatalogue,
  signInLocalSeller as signIn,
} from "./scan-fixtures";

/** The phone catalogue: one enrolled product, and one without photos (no references) that has box codes. */
const catalogue = phoneCatalogue([
  converseCatalogueProduct(),
  {
    product_id: 12,
    reference_code: "NIKEAIRM-01",
    brand: "Nike",
    model: "Air Max 90",
    color: "Azul océano",
    unit_price: 499_900,
    image_url: null,
    has_references: false,
    variants: [{ size: "41", barcode: "7701234567897", sku: "NIKEAIRM-01-41" }],
  },
]);

type Server = { urls: string[] };

/** The catalogue, the discounts of the sales form, and the code lookup (`lookup` decides its answer). */
function server(lookup: () => Promise<Response> = async () => jsonResponse({ detail: "Código no encontrado" }, 404)) {
  const seen: Server = { urls: [] };
  mockFetch(async (url) => {
    seen.urls.push(url);
    if (url.startsWith("/api/v1/classify/catalog")) return jsonResponse(catalogue);
    if (url === "/api/v1/discounts/my-requests") return jsonResponse({ requests: [], total: 0 });
    if (url.startsWith("/api/v1/products/lookup")) return lookup();
    return jsonResponse({ detail: "Servicio no disponible" }, 503);
  });
  return seen;
}

/** The suggestions shown (the form's selects have options too). */
const options = () => {
  const list = screen.queryByRole("listbox", { name: "Productos del catálogo" });
  return list ? within(list).queryAllByRole("option") : [];
};

describe("catalogue search in the sales form", () => {
  it("loads the catalogue on focus; typing a model shows suggestions and choosing fills the line", async () => {
    signIn();
    const seen = server();
    render(<NewSaleView go={vi.fn()} />);
    const field = screen.getByLabelText(/^Código de referencia/) as HTMLInputElement;
    expect(field.getAttribute("role")).toBe("combobox");
    expect(seen.urls.some((u) => u.startsWith("/api/v1/classify/catalog"))).toBe(false);

    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: "chuck 70" } });
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(field.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("listbox", { name: "Productos del catálogo" })).toBeTruthy();
    expect(options()[0]?.textContent).toContain("Converse Chuck 70 Low");
    expect(options()[0]?.textContent).toMatch(/369\.900/);

    fireEvent.click(options()[0] as HTMLElement);
    expect(field.value).toBe("CONVERSE-01");
    expect((screen.getByLabelText(/^Marca/) as HTMLInputElement).value).toBe("Converse");
    expect((screen.getByLabelText(/^Modelo/) as HTMLInputElement).value).toBe("Chuck 70 Low");
    expect((screen.getByLabelText(/^Color/) as HTMLInputElement).value).toBe("Negro");
    expect(screen.getByTestId("line-price").textContent).toMatch(/369\.900/);
    expect(options()).toHaveLength(0);
    // priced from the phone's catalogue: leaving the field asks the server nothing (the one lookup is
    // the size chips' read of the stock)
    const lookups = () => seen.urls.filter((u) => u.startsWith("/api/v1/products/lookup")).length;
    await waitFor(() => expect(lookups()).toBe(1));
    fireEvent.blur(field);
    expect(lookups()).toBe(1);
  });

  it("ignores accents and case, finds products without photos, and a box barcode fills the size too (keyboard)", async () => {
    signIn();
    server();
    render(<NewSaleView go={vi.fn()} />);
    const field = screen.getByLabelText(/^Código de referencia/) as HTMLInputElement;
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: "OCEANO" } });
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(options()[0]?.textContent).toContain("Nike Air Max 90");

    // the barcode printed on the box of size 41
    fireEvent.change(field, { target: { value: "7701234567897" } });
    await waitFor(() => expect(options()[0]?.textContent).toContain("Código de barras · talla 41"));
    fireEvent.keyDown(field, { key: "ArrowDown" });
    expect(options()[0]?.getAttribute("aria-selected")).toBe("true");
    expect(field.getAttribute("aria-activedescendant")).toBe(options()[0]?.id);
    fireEvent.keyDown(field, { key: "Enter" });
    expect(field.value).toBe("NIKEAIRM-01");
    expect((screen.getByLabelText(/^Talla/) as HTMLInputElement).value).toBe("41");
    expect((screen.getByLabelText(/^Color/) as HTMLInputElement).value).toBe("Azul océano");
    expect(screen.getByTestId("line-price").textContent).toMatch(/499\.900/);
  });

  it("offline, a full box code typed and entered is priced from the phone's catalogue", async () => {
    signIn();
    server(async () => {
      throw new TypeError("Failed to fetch");
    });
    render(<NewSaleView go={vi.fn()} />);
    const field = screen.getByLabelText(/^Código de referencia/) as HTMLInputElement;
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: "nikeairm-01-41" } });
    await waitFor(() => expect(options()).toHaveLength(1));
    fireEvent.keyDown(field, { key: "Enter" });
    await waitFor(() => expect(field.value).toBe("NIKEAIRM-01"));
    expect((screen.getByLabelText(/^Talla/) as HTMLInputElement).value).toBe("41");
    expect(screen.getByTestId("line-price").textContent).toMatch(/499\.900/);
  });

  it("says so when nothing matches, and Escape closes the list", async () => {
    signIn();
    server();
    render(<NewSaleView go={vi.fn()} />);
    const field = screen.getByLabelText(/^Código de referencia/) as HTMLInputElement;
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: "zapatilla inexistente" } });
    const list = await screen.findByRole("listbox");
    await waitFor(() => expect(list.textContent).toContain("Ningún producto del catálogo coincide"));
    fireEvent.keyDown(field, { key: "Escape" });
    expect(field.getAttribute("aria-expanded")).toBe("false");
  });
});

/** A Web Worker stand-in: the scan screen starts the model and the catalogue as it opens. */
class IdleWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(message: Request) {
    const result =
      message.type === "init"
        ? { backend: "wasm", simd: true, threads: false, model_id: DEFAULT_MODEL_ID, load_ms: 1 }
        : { model_id: DEFAULT_MODEL_ID, references: 0, products: 2, source: "network" };
    queueMicrotask(() =>
      this.onmessage?.({ data: { id: message.id, ok: true, result } } as MessageEvent<WorkerResponse>),
    );
  }
  terminate() {}
}

async function openScanSearch() {
  signIn();
  setScanClient(new ScanClient(new IdleWorker()));
  const router = createAppRouter(createMemoryHistory({ initialEntries: ["/seller/scan"] }));
  render(<RouterProvider router={router} />);
  await router.load();
  const field = (await screen.findByLabelText("Buscar por referencia, código, marca o modelo")) as HTMLInputElement;
  return { router, field };
}

afterEach(() => {
  setScanClient(null);
  appStore.set(scannedSaleAtom, null);
});

describe("catalogue search in the scan screen", () => {
  it("choosing a product opens its details with the stock everywhere; 'Vender' prefills the sale", async () => {
    const seen = server(async () => jsonResponse(converseLookup()));
    const { router, field } = await openScanSearch();
    expect(screen.getByTestId("scan-stage-idle")).toBeTruthy();
    fireEvent.change(field, { target: { value: "convérse" } });
    await waitFor(() => expect(options()).toHaveLength(1));
    fireEvent.click(options()[0] as HTMLElement);

    const details = await screen.findByTestId("scan-details");
    expect(seen.urls).toContain("/api/v1/products/lookup?code=CONVERSE-01");
    expect(details.textContent).toContain("Converse Chuck 70 Low");
    expect(details.textContent).not.toContain("Confianza");
    expect(screen.queryByTestId("scan-info")).toBeNull();
    expect(within(details).getByRole("button", { name: "39" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(within(details).getByRole("button", { name: "40" }));
    expect(screen.getByTestId("local-stock").textContent).toContain("Pares para venta: 3");
    fireEvent.click(screen.getByRole("button", { name: "Vender" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/seller/new-sale"));
    expect(((await screen.findByLabelText(/^Código de referencia/)) as HTMLInputElement).value).toBe("CONVERSE-01");
    expect((screen.getByLabelText(/^Talla/) as HTMLInputElement).value).toBe("40");
  });

  it("offline: the product and its price from the phone, 'Sin conexión: stock no disponible', and back to the search", async () => {
    server(async () => {
      throw new TypeError("Failed to fetch");
    });
    const { field } = await openScanSearch();
    fireEvent.change(field, { target: { value: "air max" } });
    await waitFor(() => expect(options()).toHaveLength(1));
    fireEvent.click(options()[0] as HTMLElement);
    const details = await screen.findByTestId("scan-details");
    expect(details.textContent).toContain("Nike Air Max 90");
    expect(details.textContent).toMatch(/499\.900/);
    expect(screen.getByTestId("scan-offline").textContent).toBe("Sin conexión: stock no disponible");
    fireEvent.click(screen.getByRole("button", { name: "← Volver a la búsqueda" }));
    expect(await screen.findByTestId("scan-stage-idle")).toBeTruthy();
  });

  it("offline: a product looked up before shows the stock it last received, labelled with its time, and sells", async () => {
    let online = true;
    server(async () => {
      if (!online) throw new TypeError("Failed to fetch");
      return jsonResponse(converseLookup());
    });
    const { router, field } = await openScanSearch();
    fireEvent.change(field, { target: { value: "converse" } });
    await waitFor(() => expect(options()).toHaveLength(1));
    fireEvent.click(options()[0] as HTMLElement);
    await screen.findByTestId("local-stock");
    // live: no age label
    expect(screen.queryByTestId("stock-age")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "← Volver a la búsqueda" }));

    // the connection goes away: the same product shows the stock it had, said to be old
    online = false;
    const again = (await screen.findByLabelText("Buscar por referencia, código, marca o modelo")) as HTMLInputElement;
    fireEvent.change(again, { target: { value: "converse" } });
    await waitFor(() => expect(options()).toHaveLength(1));
    fireEvent.click(options()[0] as HTMLElement);
    const age = await screen.findByTestId("stock-age");
    expect(age.textContent).toMatch(/^Stock de hace menos de 1 min · sin conexión/);
    expect(age.textContent).toContain("Último stock recibido en este teléfono");
    expect(screen.queryByTestId("scan-offline")).toBeNull();
    const details = screen.getByTestId("scan-details");
    fireEvent.click(within(details).getByRole("button", { name: "40" }));
    expect(screen.getByTestId("local-stock").textContent).toContain("Pares para venta: 3");
    fireEvent.click(screen.getByRole("button", { name: "Vender" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/seller/new-sale"));
    expect((screen.getByLabelText(/^Talla/) as HTMLInputElement).value).toBe("40");
  });

  it("offline: the stock kept is dated ('Stock de hace 12 min'); a product never looked up can still be sold", async () => {
    rememberStock(5, [converseMatch()], new Date(Date.now() - 12 * 60_000));
    server(async () => {
      throw new TypeError("Failed to fetch");
    });
    const { router, field } = await openScanSearch();
    fireEvent.change(field, { target: { value: "chuck" } });
    await waitFor(() => expect(options()).toHaveLength(1));
    fireEvent.click(options()[0] as HTMLElement);
    expect((await screen.findByTestId("stock-age")).textContent).toMatch(/^Stock de hace 12 min · sin conexión/);
    fireEvent.click(screen.getByRole("button", { name: "← Volver a la búsqueda" }));

    // never looked up on this phone: no stock to show, said so, and still sold (the server checks it later)
    const again = (await screen.findByLabelText("Buscar por referencia, código, marca o modelo")) as HTMLInputElement;
    fireEvent.change(again, { target: { value: "air max" } });
    await waitFor(() => expect(options()).toHaveLength(1));
    fireEvent.click(options()[0] as HTMLElement);
    expect((await screen.findByTestId("scan-offline")).textContent).toBe("Sin conexión: stock no disponible");
    const details = screen.getByTestId("scan-details");
    // the sizes its box codes name
    expect(within(details).getByRole("button", { name: "41" })).toBeTruthy();
    fireEvent.click(within(details).getByRole("button", { name: "41" }));
    fireEvent.click(within(details).getByRole("button", { name: "Vender" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/seller/new-sale"));
    expect(((await screen.findByLabelText(/^Código de referencia/)) as HTMLInputElement).value).toBe("NIKEAIRM-01");
    expect((screen.getByLabelText(/^Talla/) as HTMLInputElement).value).toBe("41");
  });
});
