import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CataloguePage, Lookup, PriceOverride, ProductDetail } from "../../web/src/api/catalogue";
import { AdjustStockModal } from "../../web/src/features/company/products/AdjustStockModal";
import { ProductPhotoForm } from "../../web/src/features/company/products/ProductPhotoForm";
import { ProductsSection } from "../../web/src/features/company/products/ProductsSection";
import { SaleLineEditor } from "../../web/src/features/seller/SaleLineEditor";
import { emptyLine, emptySale, type LineDraft, toNewSale } from "../../web/src/features/seller/saleForm";
import { signOutAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";
import { jsonResponse, mockFetch, render, signIn, signInSeller } from "./helpers";

// the camera's reader (barcode-detector's WASM) is not in happy-dom: it "reads" this code
vi.mock("../../web/src/lib/barcode/reader", () => ({
  readBarcode: vi.fn(async () => ({ code: "2900000000018", format: "ean_13" })),
  barcodeReader: vi.fn(),
  BOX_FORMATS: [],
}));

afterEach(() => {
  appStore.set(signOutAtom);
  vi.unstubAllGlobals();
});

const product = {
  id: 12,
  reference_code: "CONVERSE-01",
  brand: "Converse",
  model: "Chuck 70 Low",
  color: "Negro",
  category: "casual",
  unit_price: 369900,
  box_price: null,
  is_active: true,
  image_url: null,
} satisfies Lookup["product"];

const lookup = {
  matched_by: "barcode",
  size: "41",
  product,
  availability: {
    sizes: { available_sizes: [], detailed_by_size: {} },
    distribution_matrix: {},
    global_summary: { total_pairs: 0, total_left_feet: 0, total_right_feet: 0, locations_with_stock: 0 },
    pair_formation_opportunities: [],
    transfer_suggestions: [],
    can_sell_now: false,
    available_elsewhere: false,
  },
} satisfies Lookup;

function LineHarness({ onLine }: { onLine: (line: LineDraft) => void }) {
  const [line, setLine] = useState<LineDraft>(emptyLine());
  return (
    <SaleLineEditor
      line={line}
      index={0}
      canRemove={false}
      onChange={(next) => {
        setLine(next);
        onLine(next);
      }}
      onRemove={() => undefined}
    />
  );
}

describe("sale line priced from the catalogue", () => {
  it("a scanned box code fills the product, its size and the catalogue price, read-only", async () => {
    signInSeller();
    const calls = mockFetch(async (url) =>
      url.includes("/products/lookup") ? jsonResponse(lookup) : jsonResponse({ detail: "?" }, 404),
    );
    let last = emptyLine();
    render(<LineHarness onLine={(l) => (last = l)} />);
    const code = screen.getByLabelText(/^Código de referencia/);
    fireEvent.change(code, { target: { value: "7701234567890" } });
    fireEvent.keyDown(code, { key: "Enter" });
    await waitFor(() => expect(screen.getByTestId("line-price").textContent).toMatch(/369\.900/));
    expect(String(calls.mock.calls[0]?.[0])).toContain("/api/v1/products/lookup?code=7701234567890");
    expect(last).toMatchObject({
      reference_code: "CONVERSE-01",
      brand: "Converse",
      size: "41",
      unit_price: "369900",
      catalogue_price: 369900,
      override: null,
    });
    expect(screen.queryByLabelText(/^Precio unitario/)).toBeNull();
  });

  it("'Escanear código de la caja' (a photo without a live camera) looks the code up and fills the line", async () => {
    signInSeller();
    vi.stubGlobal("navigator", { ...navigator, mediaDevices: undefined });
    const calls = mockFetch(async (url) =>
      url.includes("/products/lookup") ? jsonResponse(lookup) : jsonResponse({ detail: "?" }, 404),
    );
    let last = emptyLine();
    const { container } = render(<LineHarness onLine={(l) => (last = l)} />);
    const input = container.querySelector<HTMLInputElement>('[data-testid="barcode-file-input"]');
    if (!input) throw new Error("the line has no barcode reader");
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([1])], "caja.jpg", { type: "image/jpeg" })] },
    });
    await waitFor(() => expect(screen.getByTestId("line-price").textContent).toMatch(/369\.900/));
    expect(String(calls.mock.calls.at(-1)?.[0])).toContain("/api/v1/products/lookup?code=2900000000018");
    expect(last).toMatchObject({ reference_code: "CONVERSE-01", size: "41", catalogue_price: 369900 });
  });

  it("an unknown code says so and leaves the line unpriced", async () => {
    signInSeller();
    mockFetch(async () => jsonResponse({ detail: "Código no encontrado" }, 404));
    render(<LineHarness onLine={() => undefined} />);
    const code = screen.getByLabelText(/^Código de referencia/);
    fireEvent.change(code, { target: { value: "NO-EXISTE" } });
    fireEvent.blur(code);
    expect(await screen.findByText("Código no encontrado en el catálogo")).toBeTruthy();
  });

  it("'Cambiar precio' asks an administrador's PIN; the authorised price goes with the sale", async () => {
    signInSeller();
    const override = {
      id: 77,
      sneaker_reference_code: "CONVERSE-01",
      catalogue_price: 369900,
      new_price: 339900,
      reason: "Par de exhibición",
      approved_by: { id: 3, name: "Andrés Gómez" },
      expires_at: "2026-11-24T15:00:00.000Z",
    } satisfies PriceOverride;
    const calls = mockFetch(async (url) =>
      url.includes("/products/lookup")
        ? jsonResponse(lookup)
        : jsonResponse({ success: true, message: "ok", override }, 201),
    );
    let last = emptyLine();
    render(<LineHarness onLine={(l) => (last = l)} />);
    const code = screen.getByLabelText(/^Código de referencia/);
    fireEvent.change(code, { target: { value: "CONVERSE-01" } });
    fireEvent.blur(code);
    fireEvent.click(await screen.findByRole("button", { name: "Cambiar precio" }));
    const dialog = screen.getByRole("dialog", { name: "Cambiar precio" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Autorizar precio" }));
    expect(await within(dialog).findByText("Indica el motivo del cambio")).toBeTruthy();
    expect(calls).toHaveBeenCalledTimes(1);
    fireEvent.change(within(dialog).getByLabelText(/^Nuevo precio/), { target: { value: "339900" } });
    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: "Par de exhibición" } });
    fireEvent.change(within(dialog).getByLabelText(/^PIN del administrador/), { target: { value: "2468" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Autorizar precio" }));
    await waitFor(() => expect(screen.getByText(/Autorizado por Andrés Gómez/)).toBeTruthy());
    const [, init] = calls.mock.calls[1] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      sneaker_reference_code: "CONVERSE-01",
      new_price: 339900,
      reason: "Par de exhibición",
      admin_pin: "2468",
    });
    expect(new Headers(init?.headers).get("Idempotency-Key")).toBeTruthy();
    const sale = toNewSale(
      { ...emptySale(), lines: [{ ...last, quantity: "1" }] },
      { receipt: null, locationId: null },
    );
    expect(sale.items[0]).toMatchObject({ unit_price: 339900, price_override_id: 77 });
  });
});

const page = {
  products: [
    {
      id: 12,
      reference_code: "CONVERSE-01",
      brand: "Converse",
      model: "Chuck 70 Low",
      color: "Negro",
      description: null,
      category: "casual",
      gender: "unisex",
      unit_price: 369900,
      box_price: null,
      cost_price: 200000,
      tax_class: "iva_19",
      is_active: true,
      published: false,
      image_url: null,
      video_url: null,
      created_at: "2026-11-01T10:00:00.000Z",
      updated_at: "2026-11-01T10:00:00.000Z",
      stock: { pairs: 9, single_feet: 1, exhibition: 2 },
      scan_references: 0,
    },
  ],
  total: 1,
  page: 1,
  page_size: 25,
  brands: ["Converse"],
} satisfies CataloguePage;

const detail = {
  product: page.products[0] as ProductDetail["product"],
  sizes: [
    {
      size: "40",
      barcode: "2000000001205",
      sku: null,
      total_pairs: 3,
      locations: [
        {
          location_id: 1,
          location_name: "Local Centro",
          location_type: "local",
          pairs: 3,
          left_feet: 0,
          right_feet: 1,
          exhibition: 1,
          reserved_pairs: 0,
        },
      ],
    },
  ],
  price_history: [],
  scan_references: { total: 0, photo: 0, video_frame: 0, scan: 0, status: "sin_huellas" },
  movements: [],
  movements_total: 0,
} satisfies ProductDetail;

describe("Productos (administrador)", () => {
  it("lists the catalogue, opens a product and sends only the price that changed; the page and the list show it", async () => {
    signIn({ role: "administrador" });
    let price = 369900;
    const calls = mockFetch(async (url, init) => {
      if (init?.method === "PATCH") {
        price = 379900;
        return jsonResponse({ success: true, message: "ok", product: { ...detail.product, unit_price: price } });
      }
      if (/\/products\/12$/.test(url))
        return jsonResponse({ ...detail, product: { ...detail.product, unit_price: price } });
      return jsonResponse({ ...page, products: [{ ...page.products[0], unit_price: price }] });
    });
    render(<ProductsSection />);
    const row = await screen.findByTestId("catalogue-row");
    expect(row.textContent).toContain("Sin huellas");
    expect(row.textContent).toContain("9 pares");
    fireEvent.click(row);
    const dialog = await screen.findByRole("dialog", { name: "Converse Chuck 70 Low" });
    expect(await within(dialog).findByText("Local Centro")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("tab", { name: "Editar" }));
    fireEvent.change(within(dialog).getByLabelText(/^Precio unitario/), { target: { value: "379900" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(calls.mock.calls.some(([, i]) => i?.method === "PATCH")).toBe(true));
    const patch = calls.mock.calls.find(([, i]) => i?.method === "PATCH");
    expect(String(patch?.[0])).toContain("/api/v1/products/12");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ unit_price: 379900 });
    expect(await within(dialog).findByText(/aplica a las ventas nuevas/)).toBeTruthy();
    // the product's page and the catalogue are read again
    expect(
      within(dialog)
        .getAllByText(/379\.900/)
        .some((e) => e.tagName === "STRONG"),
    ).toBe(true);
    expect(screen.getByTestId("catalogue-row").textContent).toMatch(/379\.900/);
  });

  it("the boss reads the catalogue without the edit tabs", async () => {
    signIn({ role: "boss" });
    mockFetch(async (url) => (/\/products\/12$/.test(url) ? jsonResponse(detail) : jsonResponse(page)));
    render(<ProductsSection canEdit={false} />);
    fireEvent.click(await screen.findByTestId("catalogue-row"));
    const dialog = await screen.findByRole("dialog", { name: "Converse Chuck 70 Low" });
    await within(dialog).findByText("Local Centro");
    expect(within(dialog).queryByRole("tab", { name: "Editar" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: /Ajustar/ })).toBeNull();
  });
});

describe("product photos (authenticated file route)", () => {
  it("loads every photo with the session's token, once for the list, the product page and its Foto tab", async () => {
    signIn({ role: "administrador", token: "tok-photos" });
    const photo = "/api/v1/files/company/1/products/12/photo.jpg";
    const withPhoto = { ...page.products[0], image_url: photo };
    const many = Array.from({ length: 24 }, (_, i) => ({ ...withPhoto, id: 100 + i, reference_code: `REF-${i}` }));
    const calls = mockFetch(async (url, init) => {
      if (url.includes("/api/v1/files/")) {
        // the route answers 401 to a request without the bearer token
        if (new Headers(init?.headers).get("Authorization") !== "Bearer tok-photos")
          return jsonResponse({ detail: "No autenticado" }, 401);
        return new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" }));
      }
      if (/\/products\/\d+$/.test(url)) return jsonResponse({ ...detail, product: withPhoto });
      return jsonResponse({ ...page, products: many, total: many.length });
    });
    render(<ProductsSection />);
    const rows = await screen.findAllByTestId("catalogue-row");
    expect(rows).toHaveLength(24);
    await waitFor(() => expect(rows[0]?.querySelector("img")?.getAttribute("src")).toMatch(/^blob:/));
    for (const row of rows) expect(row.querySelector("img")?.getAttribute("src")).toMatch(/^blob:/);
    fireEvent.click(rows[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Converse Chuck 70 Low" });
    const header = await within(dialog).findByRole("img", { name: "Converse Chuck 70 Low" });
    expect(header.getAttribute("src")).toMatch(/^blob:/);
    fireEvent.click(within(dialog).getByRole("tab", { name: "Foto" }));
    const current = await within(dialog).findByRole("img", { name: "Foto actual" });
    expect(current.getAttribute("src")).toMatch(/^blob:/);
    // one request for the photo on every screen that shows it, never an <img> pointing at the route
    expect(calls.mock.calls.filter(([url]) => String(url).includes("/api/v1/files/"))).toHaveLength(1);
    expect(document.querySelector('img[src^="/api/v1/files/"]')).toBeNull();
  });
});

describe("Ajustar stock", () => {
  const target = {
    productId: 12,
    reference: "CONVERSE-01",
    size: "40",
    locationId: 1,
    locationName: "Local Centro",
    current: { pairs: 1, left: 0, right: 0, exhibition: 0 },
  };

  it("does not take more than there is, then sends the adjustment with its reason and key", async () => {
    signIn({ role: "administrador" });
    const calls = mockFetch(async () =>
      jsonResponse({ success: true, message: "Ajuste registrado", adjustment: {} }, 201),
    );
    let done = "";
    render(<AdjustStockModal target={target} onClose={() => undefined} onDone={(text) => (done = text)} />);
    fireEvent.change(screen.getByLabelText(/^Motivo/), { target: { value: "dano" } });
    fireEvent.change(screen.getByLabelText(/^Cantidad/), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Registrar ajuste" }));
    expect(await screen.findByText("Solo hay 1 par")).toBeTruthy();
    expect(calls).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^Cantidad/), { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Registrar ajuste" }));
    await waitFor(() => expect(done).toContain("Ajuste registrado"));
    const [url, init] = calls.mock.calls[0] ?? [];
    expect(String(url)).toContain("/api/v1/inventory/adjustments");
    expect(JSON.parse(String(init?.body))).toEqual({
      product_id: 12,
      location_id: 1,
      size: "40",
      unit_kind: "pairs",
      delta: -1,
      reason: "dano",
      notes: null,
    });
    expect(new Headers(init?.headers).get("Idempotency-Key")).toBeTruthy();
  });

  it("splits a pair with a damaged shoe: the foot written off, a reason of damage or loss, no more pairs than there are", async () => {
    signIn({ role: "administrador" });
    const calls = mockFetch(async () =>
      jsonResponse({ success: true, message: "1 par separado", split: 1, stock: {} }, 201),
    );
    let done = "";
    render(<AdjustStockModal target={target} onClose={() => undefined} onDone={(text) => (done = text)} />);
    // no single feet of both sides here: nothing to pair by hand
    expect(screen.queryByRole("option", { name: /Formar pares/ })).toBeNull();
    fireEvent.change(screen.getByLabelText("Qué hacer"), { target: { value: "split" } });
    fireEvent.change(screen.getByLabelText("Pie que se da de baja"), { target: { value: "right" } });
    fireEvent.change(screen.getByLabelText(/^Pares/), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Separar par" }));
    expect(await screen.findByText("Solo hay 1 par")).toBeTruthy();
    expect(await screen.findByText("Indica el motivo: daño o pérdida")).toBeTruthy();
    expect(calls).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^Pares/), { target: { value: "1" } });
    fireEvent.change(screen.getByLabelText(/^Motivo/), { target: { value: "perdida_robo" } });
    fireEvent.click(screen.getByRole("button", { name: "Separar par" }));
    await waitFor(() => expect(done).toBe("Par separado: CONVERSE-01 talla 40 en Local Centro"));
    const [url, init] = calls.mock.calls[0] ?? [];
    expect(String(url)).toContain("/api/v1/inventory/pairs/split");
    expect(JSON.parse(String(init?.body))).toEqual({
      product_id: 12,
      location_id: 1,
      size: "40",
      quantity: 1,
      write_off: "right",
      reason: "perdida_robo",
      notes: null,
    });
  });

  it("pairs single feet of both sides by hand", async () => {
    signIn({ role: "administrador" });
    const calls = mockFetch(async () =>
      jsonResponse({ success: true, message: "1 par formado", formed: 1, stock: {} }, 201),
    );
    let done = "";
    const feet = { ...target, current: { pairs: 0, left: 1, right: 2, exhibition: 0 } };
    render(<AdjustStockModal target={feet} onClose={() => undefined} onDone={(text) => (done = text)} />);
    expect(screen.queryByRole("option", { name: /Separar par/ })).toBeNull();
    fireEvent.change(screen.getByLabelText("Qué hacer"), { target: { value: "merge" } });
    expect(screen.getByText(/Se formarán 1 par/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Formar pares" }));
    await waitFor(() => expect(done).toBe("1 par formado: CONVERSE-01 talla 40 en Local Centro"));
    const [url, init] = calls.mock.calls[0] ?? [];
    expect(String(url)).toContain("/api/v1/inventory/pairs/merge");
    expect(JSON.parse(String(init?.body))).toEqual({ product_id: 12, location_id: 1, size: "40" });
    expect(new Headers(init?.headers).get("Idempotency-Key")).toBeTruthy();
  });
});

describe("Foto del producto", () => {
  it("uploads the chosen photo as the product's and says what became of its scan references", async () => {
    signIn({ role: "administrador" });
    const calls = mockFetch(async () =>
      jsonResponse({ success: true, message: "Foto actualizada", product: { ...product, image_url: "/x.jpg" } }),
    );
    let saved = "";
    const detail = { ...product, video_url: null } as unknown as ProductDetail["product"];
    render(<ProductPhotoForm product={detail} onSaved={(text) => (saved = text)} />);
    const save = screen.getByRole("button", { name: "Guardar foto" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "zapato.jpg", { type: "image/jpeg" });
    fireEvent.change(screen.getByLabelText("Elegir o tomar foto"), { target: { files: [photo] } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar foto" }));
    await waitFor(() => expect(saved).toMatch(/^Foto actualizada; /));
    const [url, init] = calls.mock.calls[0] ?? [];
    expect(String(url)).toContain("/api/v1/products/12/photo");
    expect(init?.method).toBe("PUT");
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData | undefined)?.get("image")).toBeInstanceOf(File);
  });

  it("adds another photo to the scan only when the browser can compute its references, never touching the catalogue photo", async () => {
    signIn({ role: "administrador" });
    const calls = mockFetch(async () => jsonResponse({}));
    const detail = { ...product, video_url: null } as unknown as ProductDetail["product"];
    render(<ProductPhotoForm product={detail} onSaved={() => undefined} />);
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "lado.jpg", { type: "image/jpeg" });
    fireEvent.change(screen.getByLabelText("Elegir o tomar foto"), { target: { files: [photo] } });
    fireEvent.click(screen.getByRole("button", { name: "Solo agregar al escaneo" }));
    // this test browser has no Web Worker for the model: it says so and sends nothing
    expect(await screen.findByText(/Error al agregar la foto: no se pudieron calcular las huellas/)).toBeTruthy();
    expect(calls).not.toHaveBeenCalled();
  });
});
