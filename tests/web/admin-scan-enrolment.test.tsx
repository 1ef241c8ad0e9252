import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MissingReferences, ScanEnrolment } from "../../web/src/api/admin-schemas";
import {
  MODEL_FAILED,
  NO_MEDIA,
  NO_WORKER,
  ScanEnrolmentPanel,
} from "../../web/src/features/admin/inventory/ScanEnrolmentPanel";
import { ScanClient, setScanClient, type WorkerLike } from "../../web/src/ml/client";
import { DEFAULT_MODEL_ID, scanModel } from "../../web/src/ml/models";
import type { Request, Response } from "../../web/src/ml/protocol";
import { COLOUR_BINS } from "../../worker/domain/scan/colour";
import { jsonBody, signInAdmin } from "./admin-helpers";
import { jsonResponse, mockFetch, render } from "./helpers";

const DIMS = scanModel().embeddingSize;
const STATUS_URL = `/api/v1/classify/enrolment?model_id=${encodeURIComponent(DEFAULT_MODEL_ID)}`;

/** A scan Web Worker stand-in: loads at once and answers two references (photo and mirror) and a colour per image. */
class FakeWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<Response>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly images: Blob[] = [];
  constructor(private readonly loadError: string | null = null) {}
  postMessage(message: Request) {
    if (message.type === "references") this.images.push(message.image);
    if (message.type === "init" && this.loadError) {
      const error = { id: message.id, ok: false as const, error: this.loadError };
      queueMicrotask(() => this.onmessage?.({ data: error } as MessageEvent<Response>));
      return;
    }
    const result =
      message.type === "init"
        ? { backend: "wasm", simd: true, threads: false, model_id: DEFAULT_MODEL_ID, load_ms: 5 }
        : message.type === "references"
          ? {
              vectors: [new Float32Array(DIMS).fill(0.1), new Float32Array(DIMS).fill(0.2)],
              colour: Float32Array.from({ length: COLOUR_BINS }, (_, i) => (i === 0 ? 1 : 0)),
              ms: 3,
            }
          : [];
    queueMicrotask(() => this.onmessage?.({ data: { id: message.id, ok: true, result } } as MessageEvent<Response>));
  }
  terminate() {}
}

const product = (id: number, brand: string, model: string, media: Partial<MissingReferences> = {}) =>
  ({
    product_id: id,
    reference_code: `${brand.toUpperCase()}-${id}`,
    brand,
    model,
    color: "Negro",
    image_url: null,
    video_url: null,
    references_other_models: [],
    ...media,
  }) satisfies MissingReferences;

const CONVERSE = product(11, "Converse", "Chuck 70 Low", {
  image_url: "/api/v1/files/company/1/products/converse.jpg",
  references_other_models: ["mobilenet_v1_0.75_224"],
});
const NIKE = product(12, "Nike", "Air Max 90", { image_url: "/api/v1/files/company/1/products/nike.jpg" });
const PUMA = product(13, "Puma", "Suede");

const status = (missing: MissingReferences[], total = 40): ScanEnrolment => ({
  model_id: DEFAULT_MODEL_ID,
  total_products: total,
  enrolled_products: total - missing.length,
  missing,
});

const jpegResponse = () =>
  new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), { status: 200, headers: { "Content-Type": "image/jpeg" } });

function renderPanel(worker = new FakeWorker(), workers = true) {
  signInAdmin();
  if (workers) vi.stubGlobal("Worker", class {});
  setScanClient(new ScanClient(worker));
  render(<ScanEnrolmentPanel />);
  return worker;
}

afterEach(() => setScanClient(null));

describe("Huellas del escáner", () => {
  it("says every product has references when nothing is missing", async () => {
    const fetch = mockFetch(async (url) =>
      url === STATUS_URL ? jsonResponse(status([])) : jsonResponse({ detail: "no" }, 404),
    );
    renderPanel();
    const panel = screen.getByRole("region", { name: "Huellas del escáner" });
    expect((await within(panel).findByTestId("enrolment-status")).textContent).toContain(
      `Todos los productos tienen huellas para el modelo actual (${DEFAULT_MODEL_ID})`,
    );
    expect(within(panel).queryByRole("button", { name: "Generar huellas" })).toBeNull();
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get("Authorization")).toBe("Bearer tok-admin");
  });

  it("generates the missing references one product at a time, with progress, then lists nothing missing", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const enrolled: { id: string; body: unknown; auth: string | null }[] = [];
    const downloads: string[] = [];
    mockFetch(async (url, init) => {
      if (url === STATUS_URL) return jsonResponse(status(enrolled.length === 2 ? [] : [CONVERSE, NIKE]));
      if (url.startsWith("/api/v1/files/")) {
        downloads.push(`${url} ${new Headers(init?.headers).get("Authorization")}`);
        return jpegResponse();
      }
      const match = /^\/api\/v1\/classify\/enroll\/(\d+)$/.exec(url);
      if (match && init?.method === "POST") {
        if (enrolled.length === 0) await gate;
        enrolled.push({
          id: match[1] ?? "",
          body: jsonBody(init),
          auth: new Headers(init.headers).get("Authorization"),
        });
        return jsonResponse({ product_id: Number(match[1]), model_id: DEFAULT_MODEL_ID, references_stored: 2 }, 201);
      }
      return jsonResponse({ detail: "no" }, 404);
    });
    const worker = renderPanel();
    const panel = screen.getByRole("region", { name: "Huellas del escáner" });
    expect((await within(panel).findByTestId("enrolment-status")).textContent).toContain(
      `2 de 40 productos no tienen huellas visuales para el modelo actual (${DEFAULT_MODEL_ID})`,
    );
    expect(panel.textContent).toContain("1 tiene huellas de un modelo anterior.");
    const button = within(panel).getByRole("button", { name: "Generar huellas" }) as HTMLButtonElement;
    fireEvent.click(button);
    // the model loads first, then the products one at a time
    expect(within(panel).getByRole("status").textContent).toBe("Cargando el modelo de reconocimiento...");

    await waitFor(() =>
      expect(within(panel).getByText(/^Generando huellas:/).textContent).toBe(
        "Generando huellas: 1 de 2 · Converse Chuck 70 Low",
      ),
    );
    expect((within(panel).getByRole("button", { name: "Generando..." }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect((await within(panel).findByText(/Huellas guardadas para/)).closest("[role=status]")?.textContent).toContain(
      "Huellas guardadas para 2 de 2 productos.",
    );
    expect(within(panel).queryByText(/^Generando huellas:/)).toBeNull();
    // each product's stored photo was downloaded with the session's token and embedded in the worker
    expect(downloads).toEqual([
      "/api/v1/files/company/1/products/converse.jpg Bearer tok-admin",
      "/api/v1/files/company/1/products/nike.jpg Bearer tok-admin",
    ]);
    expect(worker.images).toHaveLength(2);
    expect(enrolled.map((e) => e.id)).toEqual(["11", "12"]);
    expect(enrolled[0]?.auth).toBe("Bearer tok-admin");
    expect(enrolled[0]?.body).toMatchObject({ model_id: DEFAULT_MODEL_ID, sources: ["photo", "photo"], replace: true });
    // each reference carries the colour of its image, for the colourway re-rank
    const sent = enrolled[0]?.body as { colours?: number[][] } | undefined;
    expect(sent?.colours?.map((c) => c[0])).toEqual([1, 1]);
    // the status is read again: nothing is missing now
    await waitFor(() =>
      expect(within(panel).getByTestId("enrolment-status").textContent).toContain(
        "Todos los productos tienen huellas para el modelo actual",
      ),
    );
  });

  it("reports the products that failed and why, and lists those without photo and video as not enrollable", async () => {
    mockFetch(async (url, init) => {
      if (url === STATUS_URL) return jsonResponse(status([CONVERSE, NIKE, PUMA], 12));
      if (url === CONVERSE.image_url) return jsonResponse({ detail: "Archivo no encontrado" }, 404);
      if (url === NIKE.image_url) return jpegResponse();
      if (url === "/api/v1/classify/enroll/12" && init?.method === "POST") {
        return jsonResponse({ detail: "La huella debe tener 160 valores" }, 422);
      }
      return jsonResponse({ detail: "no" }, 404);
    });
    renderPanel();
    const panel = screen.getByRole("region", { name: "Huellas del escáner" });
    expect((await within(panel).findByTestId("enrolment-status")).textContent).toContain(
      "3 de 12 productos no tienen huellas visuales",
    );
    expect(within(panel).getByTestId("not-enrollable").textContent).toBe(
      "Sin foto ni video, no se pueden generar: Puma Suede (PUMA-13)",
    );
    fireEvent.click(within(panel).getByRole("button", { name: "Generar huellas" }));
    const summary = await within(panel).findByRole("alert");
    expect(summary.textContent).toContain("Huellas guardadas para 0 de 3 productos.");
    const reasons = within(summary)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(reasons).toEqual([
      "Converse Chuck 70 Low (CONVERSE-11): no se pudo descargar la foto (Error 404)",
      "Nike Air Max 90 (NIKE-12): no se guardaron las huellas: La huella debe tener 160 valores",
      `Puma Suede (PUMA-13): ${NO_MEDIA}`,
    ]);
    // nothing changed: the same three are still listed, and the button can try again
    expect((within(panel).getByRole("button", { name: "Generar huellas" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("cannot generate when only products without photo and video are missing", async () => {
    mockFetch(async (url) => (url === STATUS_URL ? jsonResponse(status([PUMA], 5)) : jsonResponse({}, 404)));
    renderPanel();
    const panel = screen.getByRole("region", { name: "Huellas del escáner" });
    expect((await within(panel).findByTestId("enrolment-status")).textContent).toContain(
      "1 de 5 productos no tiene huellas visuales",
    );
    expect((within(panel).getByRole("button", { name: "Generar huellas" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says so when the browser has no Web Workers, without downloading anything", async () => {
    const fetch = mockFetch(async (url) => (url === STATUS_URL ? jsonResponse(status([NIKE])) : jpegResponse()));
    renderPanel(new FakeWorker(), false);
    const panel = screen.getByRole("region", { name: "Huellas del escáner" });
    fireEvent.click(await within(panel).findByRole("button", { name: "Generar huellas" }));
    expect((await within(panel).findByRole("alert")).textContent).toContain(NO_WORKER);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([STATUS_URL]);
  });

  it("stops with the reason when the recognition model cannot load, before downloading anything", async () => {
    const fetch = mockFetch(async (url) => (url === STATUS_URL ? jsonResponse(status([NIKE])) : jpegResponse()));
    renderPanel(new FakeWorker("Uncaught ReferenceError: e is not defined"));
    const panel = screen.getByRole("region", { name: "Huellas del escáner" });
    fireEvent.click(await within(panel).findByRole("button", { name: "Generar huellas" }));
    expect((await within(panel).findByRole("alert")).textContent).toContain(
      `${MODEL_FAILED}: Uncaught ReferenceError: e is not defined`,
    );
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([STATUS_URL]);
    expect((within(panel).getByRole("button", { name: "Generar huellas" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's error and retries", async () => {
    let calls = 0;
    mockFetch(async (url) => {
      if (url !== STATUS_URL) return jsonResponse({}, 404);
      calls++;
      return calls === 1 ? jsonResponse({ detail: "Servicio no disponible" }, 503) : jsonResponse(status([]));
    });
    renderPanel();
    const panel = screen.getByRole("region", { name: "Huellas del escáner" });
    expect((await within(panel).findByText(/No se pudo consultar/)).textContent).toContain("Servicio no disponible");
    fireEvent.click(within(panel).getByRole("button", { name: "Reintentar" }));
    expect((await within(panel).findByTestId("enrolment-status")).textContent).toContain("Todos los productos");
  });
});
