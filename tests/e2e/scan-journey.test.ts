import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ENROL_VIEWS } from "../../web/src/ml/views";
import { cameraPhoto } from "../bench/camera-photo";
import { PHONE, signInAs, suiteBrowser } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
const SELLER = "vendedor@demo.horma.co";
const ADMIN = "admin@demo.horma.co";
const PASSWORD = "Horma#2026";

const manifest = JSON.parse(readFileSync("models/manifest.json", "utf8")) as {
  default: string;
  models: Record<string, { weights: string; projection: { file: string } | null }>;
};
const MODEL = manifest.default;
const WEIGHTS = manifest.models[MODEL]?.weights ?? MODEL;
const PROJECTION = manifest.models[MODEL]?.projection?.file ?? null;
const SHOES = resolve(process.env.SHOES_DIR ?? join("..", "shared", "shoes-dev"));
const MODELS = resolve(process.env.MODELS_DIR ?? join("..", "shared", "models"));
// A demo product's photo: Converse Chuck 70 Low Negro (CONVERSE-01 in worker/db/seed/) is enrolled with
// the photos of its colourway (0001.jpg among them) by scripts/seed-embeddings.ts.
const PHOTO = join(SHOES, "converse_chuck_70_low", "0001.jpg");
const builtModel = join("dist", "client", "models", WEIGHTS, "model.json");
const haveWeights = existsSync(builtModel) || existsSync(join(MODELS, WEIGHTS, "model.json"));
const ready = Boolean(baseUrl) && existsSync(PHOTO) && haveWeights;

if (baseUrl && !ready) {
  console.log(
    `\n[e2e] AVISO: el recorrido de escaneo se omite: ${existsSync(PHOTO) ? `no hay pesos de ${MODEL} (MODELS_DIR o ../shared/models)` : `${PHOTO} no existe`}.\n`,
  );
}

/**
 * The weights and the WASM binaries are served from dist/client (wrangler dev reads it from disk). When
 * the SPA was built before `scripts/place-models.mjs` ran, place them now, as the build would have.
 */
function placeModels() {
  const built = [builtModel, join("dist", "client", "tfjs-wasm", "tfjs-backend-wasm-simd.wasm")];
  if (PROJECTION) built.push(join("dist", "client", "models", PROJECTION));
  if (built.every((file) => existsSync(file))) return;
  console.log("[e2e] colocando pesos y binarios WASM en dist/client (no estaban al compilar)");
  execFileSync("node", ["scripts/place-models.mjs"], { stdio: "inherit" });
  mkdirSync(join("dist", "client"), { recursive: true });
  cpSync(join("web", "public", "models"), join("dist", "client", "models"), { recursive: true });
  cpSync(join("web", "public", "tfjs-wasm"), join("dist", "client", "tfjs-wasm"), { recursive: true });
}

const logIn = (page: Page, email = SELLER, landing = "/seller") => signInAs(page, baseUrl, email, landing, PASSWORD);

/** The scanner's options stage; on a timeout the test fails with what the screen shows instead. */
async function waitForOptions(page: Page) {
  try {
    await page.getByTestId("scan-stage-options").waitFor({ timeout: 40_000 });
  } catch {
    throw new Error(
      `Sin opciones de escaneo; la pantalla muestra: ${(await page.locator("main").innerText()).slice(0, 600)}`,
    );
  }
}

/** A WebM recorded with MediaRecorder from a canvas that shows the photo, slowly zooming. */
async function recordVideo(page: Page, jpegBase64: string): Promise<Buffer> {
  const base64 = await page.evaluate(`(async () => {
    const img = new Image();
    img.src = "data:image/jpeg;base64,${jpegBase64}";
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext("2d");
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: "video/webm" });
    const chunks = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((r) => { recorder.onstop = r; });
    recorder.start(100);
    const t0 = performance.now();
    while (performance.now() - t0 < 2000) {
      const k = 1 + (performance.now() - t0) / 8000;
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, 320, 240);
      ctx.drawImage(img, 160 - 120 * k, 120 - 90 * k, 240 * k, 180 * k);
      await new Promise((r) => setTimeout(r, 60));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let text = "";
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  })()`);
  return Buffer.from(String(base64), "base64");
}

const title = (page: Page) => page.locator("h1").first().textContent();

/**
 * Before any page script: the first candidate card as the DOM gets it (tagged, to tell later whether the
 * server's answer refined that same element), and the scan upload's photo (size, type, pixels).
 */
const SCAN_PROBE = `(() => {
  const probe = { guessAt: null, optionsAt: null, firstSameCard: null, upload: null };
  window.__scanProbe = probe;
  let first = null;
  new MutationObserver(() => {
    if (!first) {
      first = document.querySelector('[data-testid="device-guess"]');
      if (first) { probe.guessAt = performance.now(); first.dataset.probeFirst = "1"; }
    }
    if (probe.optionsAt === null && document.querySelector('[data-testid="scan-stage-options"]')) {
      probe.optionsAt = performance.now();
      probe.firstSameCard = document.querySelector('[data-testid="scan-match"]') === first && first !== null;
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-testid"] });
  const send = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === "string" ? input : input instanceof Request ? input.url : String(input);
    const image = url.includes("/api/v1/classify/scan") && init && init.body instanceof FormData ? init.body.get("image") : null;
    if (image instanceof Blob) {
      probe.upload = { bytes: image.size, type: image.type, width: 0, height: 0 };
      createImageBitmap(image).then((b) => { probe.upload.width = b.width; probe.upload.height = b.height; });
    }
    return send.apply(this, arguments);
  };
})();`;

type ScanProbe = {
  guessAt: number | null;
  optionsAt: number | null;
  firstSameCard: boolean | null;
  upload: { bytes: number; type: string; width: number; height: number } | null;
};
const readProbe = (page: Page) =>
  page.evaluate(() => (window as unknown as { __scanProbe: ScanProbe }).__scanProbe, undefined);

describe.skipIf(!ready)("scan journey on a phone (390×844)", () => {
  beforeAll(() => {
    placeModels();
  });
  const browser = suiteBrowser(SHOTS);

  it("a demo product's photo through the file input → match with stock → details → sales form prefilled", async () => {
    const context = await browser().newContext(PHONE);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await logIn(page);
    await expect.poll(() => title(page)).toBe("Panel de Vendedor");
    // TF.js, the worker and the weights are not part of the login or the dashboard
    expect(requested.filter((p) => /scan\.worker|\/models\/|tfjs-wasm/.test(p))).toEqual([]);

    // headless Chromium has no camera: 'Vender Producto' opens the file input (capture="environment")
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Vender Producto" }).click();
    await (await chooser).setFiles(PHOTO);
    await page.waitForURL(/\/seller\/scan/);
    await expect.poll(() => title(page)).toBe("Escanear Producto");

    await waitForOptions(page);
    expect(requested.some((p) => /scan\.worker/.test(p))).toBe(true);
    expect(requested).toContain(`/models/${WEIGHTS}/model.json`);
    if (PROJECTION) expect(requested).toContain(`/models/${PROJECTION}`);
    expect(requested.some((p) => p.startsWith("/tfjs-wasm/") && p.endsWith(".wasm"))).toBe(true);
    // no cross-origin isolation: the threaded build's workers cannot load our bundled module worker,
    // so the backend is WASM with SIMD and one thread
    expect(requested.some((p) => p.endsWith("threaded-simd.wasm"))).toBe(false);
    expect(await page.getByTestId("footwear-verdict").textContent()).toMatch(/^Calzado detectado/);
    const info = (await page.getByTestId("scan-info").textContent()) ?? "";
    expect(info).toContain("Valentina Rojas");
    expect(info).toContain("Local Centro");
    expect(info).not.toContain(MODEL);
    expect(await page.getByTestId("scan-info").getAttribute("data-model")).toBe(MODEL);
    const deviceMs = Number(/\+ (\d+) ms en el dispositivo/.exec(info)?.[1]);
    console.log(`[e2e] huella visual en Chromium (Web Worker, WASM): ${deviceMs} ms`);
    expect(deviceMs).toBeGreaterThan(0);

    const first = page.getByTestId("scan-match").first();
    const card = (await first.textContent()) ?? "";
    expect(card).toContain("Converse");
    expect(card).toContain("Chuck 70 Low");
    expect(card).toMatch(/#1/);
    expect(card).toContain("Disponible en tu local");
    // the same photo is one of its references: a very high confidence
    expect(card).toMatch(/(9\d(,\d)?|100) % · Muy alta/);
    const sizes = await first.getByTestId("match-sizes").locator("span.rounded-md").count();
    expect(sizes).toBeGreaterThan(0);
    expect(sizes).toBeLessThanOrEqual(5);
    await page.screenshot({ path: `${SHOTS}/scan-options.png`, fullPage: true });

    await first.getByRole("button", { name: "Ver detalles" }).click();
    const details = page.getByTestId("scan-details");
    await details.waitFor();
    const size = (await details.locator('button[aria-pressed="true"]').textContent())?.trim() ?? "";
    expect(size).toMatch(/^\d+(\.5)?$/);
    expect(await page.getByTestId("local-stock").textContent()).toContain("Puedes venderlo ahora");
    const reference = /(CONVERSE-0\d)/.exec((await details.textContent()) ?? "")?.[1] ?? "";
    expect(reference).toMatch(/^CONVERSE-0\d$/);
    await page.screenshot({ path: `${SHOTS}/scan-details.png`, fullPage: true });

    await page.getByRole("button", { name: "Vender", exact: true }).click();
    await page.waitForURL(/\/seller\/new-sale/);
    await expect.poll(() => title(page)).toBe("Nueva Venta - Producto Escaneado");
    expect(await page.getByLabel(/^Código de referencia/).inputValue()).toBe(reference);
    expect(await page.getByLabel(/^Marca/).inputValue()).toBe("Converse");
    expect(await page.getByLabel(/^Modelo/).inputValue()).toBe("Chuck 70 Low");
    expect(await page.getByLabel(/^Talla/).inputValue()).toBe(size);
    // priced from the catalogue, read-only: another price needs an administrador's PIN
    expect(await page.getByTestId("line-price").textContent()).toMatch(/369\.900/);
    await page.screenshot({ path: `${SHOTS}/scan-sale.png`, fullPage: true });
    await context.close();
  });

  it("a phone camera's 12 MP photo: the on-device candidate first, the server's answer fills the same card; the next visit starts warm", async () => {
    const photo = join(tmpdir(), "horma-e2e", "camera-4032x3024.jpg");
    await cameraPhoto(PHOTO, photo);
    const context = await browser().newContext(PHONE);
    await context.addInitScript(SCAN_PROBE);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    // the server's answer waits until the phone's own candidate has been seen on screen
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let scans = 0;
    await page.route("**/api/v1/classify/scan", async (route) => {
      scans++;
      await held;
      await route.continue();
    });
    await logIn(page);

    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Vender Producto" }).click();
    await (await chooser).setFiles(photo);
    const guess = page.getByTestId("device-guess");
    await guess.waitFor({ timeout: 60_000 });
    // the phone's candidate is on screen while the server has not answered
    expect(await page.getByTestId("scan-stage-processing").count()).toBe(1);
    expect(await page.getByTestId("scan-match").count()).toBe(0);
    expect(await guess.textContent()).toContain("Converse Chuck 70 Low");
    expect(await guess.textContent()).toContain("Consultando stock en el servidor");
    await expect.poll(() => scans, { timeout: 30_000 }).toBe(1);
    // the photo shown is the small upright JPEG (portrait: the EXIF orientation was applied)
    await page.getByRole("img", { name: "Foto del producto" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/scan-camera-photo-device.png` });
    release();

    await waitForOptions(page);
    const probe = await readProbe(page);
    expect(probe.guessAt).not.toBeNull();
    expect(probe.optionsAt).not.toBeNull();
    expect(probe.guessAt ?? Number.POSITIVE_INFINITY).toBeLessThan(probe.optionsAt ?? 0);
    // refined in place: the server's first option is the very element that showed the phone's candidate
    expect(probe.firstSameCard).toBe(true);
    expect(await page.getByTestId("scan-match").first().textContent()).toContain("Converse");
    // the server got a small JPEG, not the 1.4 MB, 4032×3024 original
    await expect.poll(async () => (await readProbe(page)).upload?.height ?? 0).toBeGreaterThan(0);
    const upload = (await readProbe(page)).upload;
    expect(upload?.type).toBe("image/jpeg");
    expect(upload?.bytes ?? Number.POSITIVE_INFINITY).toBeLessThan(300_000);
    expect(Math.max(upload?.width ?? 0, upload?.height ?? 0)).toBeLessThanOrEqual(1280);
    expect(upload?.height ?? 0).toBeGreaterThan(upload?.width ?? 0);
    await page.screenshot({ path: `${SHOTS}/scan-camera-photo-options.png`, fullPage: true });

    await context.close();

    // another phone (routing above keeps Chromium's HTTP cache off): one scan, then a new visit, where
    // the panel, once idle, starts the scan worker from the phone's cache on its own
    const phone = await browser().newContext(PHONE);
    await phone.addInitScript(SCAN_PROBE);
    const again = await phone.newPage();
    await logIn(again);
    const first = again.waitForEvent("filechooser");
    await again.getByRole("button", { name: "Vender Producto" }).click();
    await (await first).setFiles(photo);
    await waitForOptions(again);
    await again.getByRole("button", { name: /Volver al Dashboard/ }).click();
    const workers: string[] = [];
    again.on("worker", (worker) => workers.push(worker.url()));
    await again.goto(`${baseUrl}/seller`);
    await again.getByTestId("vendor-sales-count").waitFor();
    await expect.poll(() => workers.some((url) => /scan\.worker/.test(url)), { timeout: 30_000 }).toBe(true);
    // and that visit's first scan still shows the phone's candidate before the server's options
    const next = again.waitForEvent("filechooser");
    await again.getByRole("button", { name: "Vender Producto" }).click();
    await (await next).setFiles(photo);
    await waitForOptions(again);
    const warm = await readProbe(again);
    expect(warm.guessAt ?? Number.POSITIVE_INFINITY).toBeLessThan(warm.optionsAt ?? 0);
    expect(warm.firstSameCard).toBe(true);
    await phone.close();
  });

  it("without a camera the overlay shows the spec's error with tips; a gallery photo is analysed", async () => {
    const context = await browser().newContext(PHONE);
    const page = await context.newPage();
    await logIn(page);
    await page.goto(`${baseUrl}/seller/scan`);
    const overlay = page.getByTestId("camera-overlay");
    await overlay.waitFor();
    const panel = overlay.getByRole("alert");
    await panel.waitFor();
    expect(await panel.textContent()).toMatch(
      /No se encontró ninguna cámara en tu dispositivo\.|Tu navegador no soporta acceso a la cámara\.|No se pudo acceder a la cámara\./,
    );
    await page.screenshot({ path: `${SHOTS}/scan-camera-error.png` });
    const chooser = page.waitForEvent("filechooser");
    await overlay.getByRole("button", { name: "Elegir foto" }).click();
    await (await chooser).setFiles(join(SHOES, "vans_authentic", "0002.jpg"));
    await waitForOptions(page);
    expect(await overlay.count()).toBe(0);
    expect(await page.getByTestId("scan-match").first().textContent()).toContain("Vans");
    await context.close();
  });

  it("an admin's inventory entry enrols its photo for the scanner: the seller then finds the new product first", async () => {
    const run = Date.now().toString(36).toUpperCase();
    const reference = `SCAN-${run}`;
    // a photo of no demo product's references (each colourway's photos in seed/catalogue-data.ts CATALOGUE)
    const photo = join(SHOES, "new_balance_327", "0004.jpg");
    const admin = await browser().newContext(PHONE);
    const page = await admin.newPage();
    await logIn(page, ADMIN, "/administrador");
    await page
      .getByRole("navigation", { name: "Secciones del panel" })
      .getByRole("button", { name: "Inventario" })
      .click();
    await page.getByLabel(/^Marca/).fill("Horma Scan");
    await page.getByLabel(/^Modelo/).fill(`Enrolado ${run}`);
    await page.getByLabel(/^Precio unitario/).fill("250000");
    await page.getByLabel(/^Código de referencia/).fill(reference);
    const size = page.getByTestId("size-row").first();
    await size.getByLabel("Talla 1").fill("40");
    await size.getByLabel("Ubicación 1 · Pares de la talla 40").selectOption({ label: "Local Centro" });
    await size.getByLabel("Cantidad 1 · Pares de la talla 40").fill("2");
    // a real 2-second WebM recorded in the page from the shoe photo: its frames are enrolled too
    const video = await recordVideo(page, readFileSync(photo).toString("base64"));
    await page
      .getByTestId("video-input")
      .setInputFiles({ name: "producto.webm", mimeType: "video/webm", buffer: video });
    await page.getByTestId("photo-input").setInputFiles(photo);
    await page.getByRole("button", { name: "Registrar Inventario con Distribución" }).click();
    await page.getByRole("region", { name: "Inventario registrado" }).waitFor({ timeout: 20_000 });
    const note = page.getByText(/Huellas visuales para el escáner: \d+ guardadas/);
    await note.waitFor({ timeout: 30_000 });
    // the photo and 8 video frames, each in every enrolment view (plain, mirrored, padded)
    expect(await note.textContent()).toBe(`Huellas visuales para el escáner: ${9 * ENROL_VIEWS.length} guardadas`);
    await page.screenshot({ path: `${SHOTS}/scan-admin-enrolled.png`, fullPage: true });
    await admin.close();

    const seller = await browser().newContext(PHONE);
    const phone = await seller.newPage();
    await logIn(phone);
    const chooser = phone.waitForEvent("filechooser");
    await phone.getByRole("button", { name: "Vender Producto" }).click();
    await (await chooser).setFiles(photo);
    await waitForOptions(phone);
    const first = (await phone.getByTestId("scan-match").first().textContent()) ?? "";
    expect(first).toContain(`Enrolado ${run}`);
    expect(first).toContain(reference);
    await seller.close();
  });
});
