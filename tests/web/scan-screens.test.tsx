import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CameraOverlay } from "../../web/src/features/scan/CameraOverlay";
import { knownStock, rememberStock } from "../../web/src/features/scan/lastStock";
import { scannedSaleAtom, setScanPhotoAtom } from "../../web/src/features/seller/state";
import { appStore } from "../../web/src/lib/store";
import { BASIC_CONSTRAINTS, PREFERRED_CONSTRAINTS } from "../../web/src/lib/ui/camera";
import { ScanClient, setScanClient, type WorkerLike } from "../../web/src/ml/client";
import { DEFAULT_MODEL_ID, scanModel } from "../../web/src/ml/models";
import type { Request, Response } from "../../web/src/ml/protocol";
import { createAppRouter } from "../../web/src/router";
import { jsonResponse, mockFetch, render } from "./helpers";
import {
  converseCatalogueProduct,
  converseMatch,
  LOCAL,
  phoneCatalogue,
  scanResponse,
  signInLocalSeller as signIn,
} from "./scan-fixtures";

// the box-code reader (barcode-detector's WASM) is not in happy-dom: a photo "holds" this code when set
const boxCode = vi.hoisted(() => ({ next: null as { code: string; format: string } | null }));
vi.mock("../../web/src/lib/barcode/reader", () => ({
  readBarcode: vi.fn(async () => boxCode.next),
  barcodeReader: vi.fn(),
  BOX_FORMATS: [],
}));

const DIMS = scanModel().embeddingSize;
/** What the worker makes of the photo for the server (a JPEG of at most 1280 px in the app). */
const SMALL_PHOTO = new Blob([new Uint8Array(2048).fill(7)], { type: "image/jpeg" });

/** A Web Worker stand-in answering like scan.worker.ts. */
class FakeWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<Response>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly seen: Request["type"][] = [];
  constructor(
    private readonly fail = false,
    /** no catalogue on the phone: its download fails and the photo has no on-device guess */
    private readonly noCatalogue = false,
  ) {}
  postMessage(message: Request) {
    this.seen.push(message.type);
    const reply = (result: unknown): Response =>
      (this.fail && (message.type === "analyse" || message.type === "upload")) ||
      (this.noCatalogue && message.type === "catalogue")
        ? { id: message.id, ok: false, error: "No se pudo cargar el modelo de reconocimiento" }
        : message.type === "analyse" && this.noCatalogue
          ? { id: message.id, ok: true, result: { ...(result as object), guesses: [] } }
          : { id: message.id, ok: true, result };
    const result =
      message.type === "init"
        ? { backend: "wasm", simd: true, threads: false, model_id: DEFAULT_MODEL_ID, load_ms: 10 }
        : message.type === "analyse"
          ? {
              embedding: new Float32Array(DIMS).fill(1 / Math.sqrt(DIMS)),
              footwear: { is_footwear: true, score: 0.93, best_class: "running shoe", best_probability: 0.9 },
              ms: 41,
              backend: "wasm",
              guesses: [
                {
                  product_id: 11,
                  similarity: 0.91,
                  product: {
                    product_id: 11,
                    reference_code: "CONVERSE-01",
                    brand: "Converse",
                    model: "Chuck 70 Low",
                    color: "Negro",
                    unit_price: 369_900,
                    image_url: null,
                  },
                },
              ],
            }
          : message.type === "catalogue"
            ? { model_id: DEFAULT_MODEL_ID, references: 10, products: 1, source: "network" }
            : message.type === "upload"
              ? SMALL_PHOTO
              : [];
    queueMicrotask(() => this.onmessage?.({ data: reply(result) } as MessageEvent<Response>));
  }
  terminate() {}
}

/** The scan call waits until the test releases it, so the on-device guess can be seen first. */
function scanServer(body: unknown) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const calls: FormData[] = [];
  mockFetch(async (url, init) => {
    if (url === "/api/v1/classify/scan") {
      calls.push(init?.body as FormData);
      await gate;
      return jsonResponse(body);
    }
    return jsonResponse({ detail: "Servicio no disponible" }, 503);
  });
  return { release, calls };
}

async function openScan(worker = new FakeWorker()) {
  signIn();
  setScanClient(new ScanClient(worker));
  vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:photo");
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  appStore.set(setScanPhotoAtom, new File([new Uint8Array([0xff, 0xd8, 0xff])], "zapato.jpg", { type: "image/jpeg" }));
  const router = createAppRouter(createMemoryHistory({ initialEntries: ["/seller/scan"] }));
  // StrictMode as in web/src/main.tsx: effects run twice in development and the scan must still finish
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  await router.load();
  return router;
}

afterEach(() => {
  setScanClient(null);
  appStore.set(scannedSaleAtom, null);
  boxCode.next = null;
});

describe("scanner screen", () => {
  it("shows the on-device guess at once, then the server's options; 'Vender' opens the sales form prefilled", async () => {
    const server = scanServer(scanResponse());
    const router = await openScan();
    const guess = await screen.findByTestId("device-guess");
    expect(guess.textContent).toContain("Probable · en el dispositivo");
    expect(guess.textContent).toContain("Converse Chuck 70 Low");
    expect(guess.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByTestId("footwear-verdict").textContent).toBe("Calzado detectado (93 %)");
    // multipart: image, embedding as JSON text, model id, footwear verdict
    await waitFor(() => expect(server.calls).toHaveLength(1));
    const form = server.calls[0] as FormData;
    expect(form.get("model_id")).toBe(DEFAULT_MODEL_ID);
    expect(form.get("is_footwear")).toBe("true");
    expect(JSON.parse(String(form.get("embedding")))).toHaveLength(DIMS);
    // the server gets the worker's small JPEG, not the photo as chosen
    const image = form.get("image") as File;
    expect(image.size).toBe(SMALL_PHOTO.size);
    expect(image.name).toBe("zapato.jpg");
    expect(image.type).toBe("image/jpeg");

    server.release();
    const card = await screen.findByTestId("scan-match");
    // the server's answer filled the phone's card in place: the same element, first in its list
    expect(card).toBe(guess);
    expect(card.getAttribute("aria-busy")).toBeNull();
    const info = screen.getByTestId("scan-info").textContent ?? "";
    // no internals on a seller's screen: the model's id and the backend only as data for support
    expect(info).not.toContain(DEFAULT_MODEL_ID);
    expect(info).not.toMatch(/WASM|Procesado en/i);
    expect(screen.getByTestId("scan-info").dataset.model).toBe(DEFAULT_MODEL_ID);
    for (const text of [
      "Valentina Rojas",
      "Local Centro",
      "12 ms + 41 ms en el dispositivo",
      "Coincidencias en base de datos",
      "Venta inmediata: 1",
      "Requieren transferencia: 0",
    ]) {
      expect(info).toContain(text);
    }
    // first 5 sizes, first 2 transfer suggestions
    const sizes = within(card).getByTestId("match-sizes").textContent ?? "";
    expect(sizes).toContain("3839404142+2 más");
    expect(card.textContent).toContain("Talla 38: transferir desde Bodega Principal");
    expect(card.textContent).toContain("Local Chapinero");
    expect(card.textContent).not.toContain("Tercera Sugerencia");
    expect(card.textContent).toContain("92,4 % · Muy alta");

    fireEvent.click(within(card).getByRole("button", { name: "Ver detalles" }));
    const details = await screen.findByTestId("scan-details");
    expect(within(details).getByRole("button", { name: "39" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(within(details).getByRole("button", { name: "40" }));
    expect(screen.getByTestId("local-stock").textContent).toContain("Pares para venta: 3");
    fireEvent.click(screen.getByRole("button", { name: "Vender" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/seller/new-sale"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Nueva Venta - Producto Escaneado");
    expect(((await screen.findByLabelText(/^Código de referencia/)) as HTMLInputElement).value).toBe("CONVERSE-01");
    expect((screen.getByLabelText(/^Talla/) as HTMLInputElement).value).toBe("40");
    // priced from the catalogue: read-only, changed only with an administrador's PIN
    expect(screen.getByTestId("line-price").textContent).toMatch(/369\.900/);
    expect(screen.getByRole("button", { name: "Cambiar precio" })).toBeTruthy();
    // the stock the server answered is kept on the phone for when the connection goes away
    expect(knownStock(5, 11)?.stock.global_summary).toEqual(converseMatch().global_summary);
  });

  it("'Solicitar transferencia' opens the transfers 'new' tab with the scanner's payload and transfer type", async () => {
    scanServer(scanResponse()).release();
    const router = await openScan();
    fireEvent.click(await screen.findByRole("button", { name: "Ver detalles" }));
    fireEvent.click(screen.getByRole("button", { name: "41" }));
    // a lone left foot here: the warehouse's right foot completes the pair
    fireEvent.click(screen.getByRole("radio", { name: /Bodega Principal/ }));
    fireEvent.click(screen.getByRole("button", { name: "Solicitar transferencia" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/seller/transfers"));
    expect(router.state.location.search).toMatchObject({ tab: "new" });
    expect(router.state.location.search).toMatchObject({
      prefill: {
        sneaker_reference_code: "CONVERSE-01",
        size: "41",
        source_location_id: 4,
        destination_location_id: LOCAL.id,
        transfer_type: "right_foot",
        missing_foot: "right",
        right_feet: 2,
      },
    });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Gestión de Transferencias");
  });

  it("the seller's own location is no transfer source: the spec's error", async () => {
    scanServer(scanResponse()).release();
    await openScan();
    fireEvent.click(await screen.findByRole("button", { name: "Ver detalles" }));
    fireEvent.click(screen.getByRole("button", { name: "40" }));
    fireEvent.click(screen.getByRole("radio", { name: /Local Centro/ }));
    fireEvent.click(screen.getByRole("button", { name: "Solicitar transferencia" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Error: No se pudo determinar la ubicación de origen para la transferencia",
    );
  });

  it("no match: 'No se encontraron productos' with advice and a retry", async () => {
    scanServer(scanResponse([])).release();
    await openScan();
    const none = await screen.findByTestId("scan-none");
    expect(none.textContent).toContain("No se encontraron productos");
    expect(none.textContent).toContain("otro ángulo");
    expect(within(none).getByRole("button", { name: "Intentar de nuevo" })).toBeTruthy();
  });

  it("the API's success false and a failed model show the spec's scan errors", async () => {
    scanServer({ ...scanResponse(), success: false }).release();
    await openScan();
    expect((await screen.findByTestId("scan-error")).textContent).toContain("La API no pudo procesar la imagen");
  });

  it("a model that cannot load: 'Error desconocido al procesar la imagen' with the reason and 'Venta manual'", async () => {
    scanServer(scanResponse());
    await openScan(new FakeWorker(true));
    const error = await screen.findByTestId("scan-error");
    expect(error.textContent).toContain("Error desconocido al procesar la imagen");
    expect(error.textContent).toContain("No se pudo cargar el modelo de reconocimiento");
    expect(screen.getByRole("button", { name: "Venta manual" })).toBeTruthy();
  });

  it("a photo of a box's label opens its product and size, even when the model cannot load", async () => {
    boxCode.next = { code: "2900000000018", format: "ean_13" };
    const lookup = converseMatch();
    const seen: string[] = [];
    mockFetch(async (url) => {
      seen.push(url);
      if (!url.includes("/products/lookup")) return jsonResponse({ detail: "?" }, 404);
      return jsonResponse({
        matched_by: "barcode",
        size: "41",
        product: {
          id: lookup.product.product_id,
          reference_code: lookup.product.reference_code,
          brand: lookup.product.brand,
          model: lookup.product.model,
          color: lookup.product.color,
          category: "casual",
          unit_price: lookup.product.unit_price,
          box_price: null,
          is_active: true,
          image_url: null,
        },
        availability: {
          sizes: lookup.sizes,
          distribution_matrix: lookup.distribution_matrix,
          global_summary: lookup.global_summary,
          pair_formation_opportunities: lookup.pair_formation_opportunities,
          transfer_suggestions: lookup.transfer_suggestions,
          can_sell_now: true,
          available_elsewhere: false,
        },
      });
    });
    await openScan(new FakeWorker(true));
    const found = await screen.findByTestId("found-by");
    expect(found.textContent).toBe("Encontrado por código de barras 2900000000018 · talla 41");
    expect(seen.some((u) => u.includes("/api/v1/products/lookup?code=2900000000018"))).toBe(true);
    // no photo ranking was asked for: the code named the product
    expect(seen.some((u) => u.includes("/classify/scan"))).toBe(false);
  });

  it("offline, a box code is found in the phone's copy of the catalogue: product, price and size, labelled", async () => {
    boxCode.next = { code: "2900000000018", format: "ean_13" };
    mockFetch(async (url) => {
      if (url.startsWith("/api/v1/classify/catalog")) {
        return jsonResponse(
          phoneCatalogue([
            converseCatalogueProduct({ variants: [{ size: "41", barcode: "2900000000018", sku: null }] }),
          ]),
        );
      }
      throw new TypeError("Failed to fetch");
    });
    await openScan(new FakeWorker(true));
    const details = await screen.findByTestId("scan-details");
    expect(details.textContent).toContain("Converse Chuck 70 Low");
    expect(details.textContent).toContain("Talla 41");
    expect(details.textContent).toMatch(/369\.900/);
    expect(screen.getByTestId("scan-offline").textContent).toBe("Sin conexión: stock no disponible");
  });

  it("offline, the photo is recognised on the phone: its candidates with the stock last received, a retry, and 'Vender'", async () => {
    rememberStock(5, [converseMatch()], new Date(Date.now() - 12 * 60_000));
    const scans: string[] = [];
    const online = false;
    mockFetch(async (url) => {
      if (url === "/api/v1/classify/scan") {
        scans.push(url);
        if (!online) throw new TypeError("Failed to fetch");
        return jsonResponse(scanResponse());
      }
      throw new TypeError("Failed to fetch");
    });
    const router = await openScan();
    const offline = await screen.findByTestId("scan-device-offline");
    expect(offline.textContent).toContain("Resultados del teléfono (sin conexión)");
    expect(screen.queryByTestId("scan-error")).toBeNull();
    const option = screen.getByTestId("device-option");
    expect(option.textContent).toContain("Converse Chuck 70 Low");
    expect(option.textContent).toMatch(/369\.900/);
    expect(within(option).getByTestId("device-option-stock").textContent).toMatch(
      /pares en tu local.*Stock de hace 12 min · sin conexión/,
    );

    // 'Reintentar' asks the server again with the same photo; still offline, the phone's results stay
    fireEvent.click(within(offline).getByRole("button", { name: "Reintentar" }));
    await waitFor(() => expect(scans).toHaveLength(2));
    await screen.findByTestId("scan-device-offline");

    fireEvent.click(within(screen.getByTestId("device-option")).getByRole("button", { name: "Ver detalles" }));
    expect((await screen.findByTestId("stock-age")).textContent).toMatch(/^Stock de hace 12 min · sin conexión/);
    const details = screen.getByTestId("scan-details");
    fireEvent.click(within(details).getByRole("button", { name: "40" }));
    expect(screen.getByTestId("local-stock").textContent).toContain("Pares para venta: 3");
    // back to the phone's results, then on to sell
    fireEvent.click(within(details).getByRole("button", { name: "← Volver a las opciones" }));
    fireEvent.click(within(await screen.findByTestId("device-option")).getByRole("button", { name: "Ver detalles" }));
    fireEvent.click(within(await screen.findByTestId("scan-details")).getByRole("button", { name: "40" }));
    fireEvent.click(screen.getByRole("button", { name: "Vender" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/seller/new-sale"));
    expect(((await screen.findByLabelText(/^Código de referencia/)) as HTMLInputElement).value).toBe("CONVERSE-01");
    expect((screen.getByLabelText(/^Talla/) as HTMLInputElement).value).toBe("40");
  });

  it("a server error (5xx) also leaves the phone's candidates; without stock kept it says so", async () => {
    mockFetch(async () => jsonResponse({ detail: "Servicio no disponible" }, 503));
    await openScan();
    expect((await screen.findByTestId("scan-device-offline")).textContent).toContain("El servidor no respondió (503)");
    expect(screen.getByTestId("device-option-stock").textContent).toBe("Sin conexión: stock no disponible");
  });

  it("offline with no catalogue on the phone: an error in Spanish that says so", async () => {
    mockFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    await openScan(new FakeWorker(false, true));
    const error = await screen.findByTestId("scan-error");
    expect(error.textContent).toContain("Sin conexión y sin catálogo en este teléfono");
    expect(error.textContent).toContain("Conéctate una vez para descargarlo");
    expect(error.textContent).not.toContain("Error de conexión");
  });

  it("a match card's level reads medium when the server sends an unknown one", async () => {
    const odd = { ...converseMatch(), confidence_level: "altísima" };
    scanServer({ ...scanResponse(), results: { total_matches: 1, matches: [odd] } }).release();
    await openScan();
    expect((await screen.findByTestId("scan-match")).textContent).toContain("· Media");
  });
});

describe("camera overlay", () => {
  function stubCamera(getUserMedia: (c: MediaStreamConstraints) => Promise<MediaStream>) {
    const spy = vi.fn(getUserMedia);
    vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia: spy, enumerateDevices: async () => [] } });
    return spy;
  }

  it("asks for the rear camera 1280×720 (max 1920×1080), then basic video; no camera → the spec's text and tips", async () => {
    const spy = stubCamera(async () => {
      throw new DOMException("none", "NotFoundError");
    });
    render(<CameraOverlay onConfirm={async () => undefined} onClose={() => undefined} />);
    const panel = await screen.findByRole("alert");
    expect(spy.mock.calls.map((c) => c[0])).toEqual([PREFERRED_CONSTRAINTS, BASIC_CONSTRAINTS]);
    expect(PREFERRED_CONSTRAINTS.video).toEqual({
      facingMode: { ideal: "environment" },
      width: { ideal: 1280, max: 1920 },
      height: { ideal: 720, max: 1080 },
    });
    expect(panel.textContent).toContain("No se encontró ninguna cámara en tu dispositivo.");
    expect(panel.querySelectorAll("li").length).toBeGreaterThan(0);
    expect(within(panel).getByRole("button", { name: "Reintentar" })).toBeTruthy();
    expect(within(panel).getByRole("button", { name: "Elegir foto" })).toBeTruthy();
  });

  it("a refused permission is not retried with other constraints; 'Reintentar' asks again", async () => {
    const spy = stubCamera(async () => {
      throw new DOMException("no", "NotAllowedError");
    });
    render(<CameraOverlay onConfirm={async () => undefined} onClose={() => undefined} />);
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Acceso a la cámara denegado. Por favor, permite el acceso y reintenta.",
    );
    expect(spy).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
  });

  it("a browser without camera access says so; a gallery photo is analysed ('Analizando con IA...') and the overlay closes", async () => {
    vi.stubGlobal("navigator", { ...navigator, mediaDevices: undefined });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:g");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const onClose = vi.fn();
    const onFrame = vi.fn();
    render(<CameraOverlay onConfirm={onConfirm} onClose={onClose} onFrame={onFrame} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Tu navegador no soporta acceso a la cámara.");
    const input = screen.getByTestId("camera-gallery-input") as HTMLInputElement;
    expect(input.getAttribute("capture")).toBe("environment");
    const photo = new File(["x"], "galeria.jpg", { type: "image/jpeg" });
    fireEvent.change(input, { target: { files: [photo] } });
    expect(await screen.findByText("Analizando con IA...")).toBeTruthy();
    expect(onConfirm).toHaveBeenCalledWith(photo);
    // a gallery photo is not the camera frame analysed at a shutter: any such analysis is dropped
    expect(onFrame).toHaveBeenCalledWith(null);
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
