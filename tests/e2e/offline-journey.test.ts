import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { CHROMIUM, CHROMIUM_FLAGS, PHONE, receiptJpeg, sessionToken, signInAs, suiteBrowser } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
const SELLER = "vendedor@demo.horma.co";
const OTHER_SELLER = "vendedor2@demo.horma.co";
const STORE = "Local Centro";
// products no other journey sells (worker/db/seed catalogue)
const SOLD_OFFLINE = "NEWBALAN-02";
const SOLD_OUT_MEANWHILE = "REEBOKCL-02";
const LOST_TO_OTHER_USER = "ADIDASSU-02";

// the scan's photo and weights (as tests/e2e/scan-journey.test.ts): without them the offline scan is skipped
const SCAN_PHOTO = join(
  resolve(process.env.SHOES_DIR ?? join("..", "shared", "shoes-dev")),
  "converse_chuck_70_low",
  "0001.jpg",
);
const canScan =
  existsSync(SCAN_PHOTO) && existsSync(join("dist", "client", "tfjs-wasm", "tfjs-backend-wasm-simd.wasm"));

type Stock = { global_distribution: { by_location: { location_name: string; pairs: number }[] } };
type Found = { product: { unit_price: number }; availability: { sizes: { detailed_by_size: Record<string, Stock> } } };

async function api<T>(token: string, path: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: init.method ?? "GET",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      ...(init.key ? { "Idempotency-Key": init.key } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Pairs of each size of a product at the seller's store, and its catalogue price. */
async function stockOf(token: string, ref: string) {
  const found = await api<Found>(token, `/products/lookup?code=${ref}`);
  const pairs = new Map<string, number>();
  for (const [size, stock] of Object.entries(found.availability.sizes.detailed_by_size)) {
    pairs.set(size, stock.global_distribution.by_location.find((l) => l.location_name === STORE)?.pairs ?? 0);
  }
  return { price: found.product.unit_price, pairs };
}

function sizeWith(pairs: Map<string, number>, atLeast: number): string {
  const found = [...pairs].find(([, n]) => n >= atLeast);
  if (!found) throw new Error(`no size with ${atLeast} pairs at ${STORE}`);
  return found[0];
}

/** The seller's sales of the day that carry a product (the API's answer, as the admin would count them). */
async function salesOf(token: string, ref: string): Promise<number> {
  const today = await api<{ sales: unknown[] }>(token, "/sales/today");
  return today.sales.filter((sale) => JSON.stringify(sale).includes(ref)).length;
}

async function expensesNamed(token: string, concept: string): Promise<number> {
  const today = await api<{ data: { concept: string }[] }>(token, "/expenses/today");
  return today.data.filter((e) => e.concept === concept).length;
}

/** The service worker is active (shell precached): from now on the app opens without a network. */
async function installed(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

type SaleInput = { ref: string; size: string; price: number; cashReceived?: number; receipt?: Buffer };

/**
 * A one-pair cash sale through the form, confirmed; answers with what the sale's screen says
 * (kept on the phone or recorded), then goes back to the dashboard ('Volver al inicio').
 */
async function sell(page: Page, sale: SaleInput, shot?: string): Promise<string> {
  await page.goto(`${baseUrl}/seller/new-sale`);
  const reference = page.getByLabel(/^Código de referencia/);
  await reference.fill(sale.ref);
  await reference.press("Enter");
  await expect.poll(() => page.getByTestId("line-price").textContent()).toMatch(/\d/);
  await page.getByLabel(/^Talla/).fill(sale.size);
  await page.getByLabel("Monto", { exact: true }).first().fill(String(sale.price));
  if (sale.cashReceived) await page.getByLabel(/^Efectivo recibido/).fill(String(sale.cashReceived));
  if (sale.receipt) {
    await page
      .getByTestId("receipt-input")
      .setInputFiles({ name: "recibo.jpg", mimeType: "image/jpeg", buffer: sale.receipt });
    await page.getByAltText("Vista previa del recibo").waitFor();
  }
  await page.getByRole("button", { name: "Revisar Venta" }).click();
  await page.getByRole("button", { name: "Confirmar Venta" }).click();
  const said = page.getByText(/Guardada en el teléfono|registrada exitosamente/).first();
  await said.waitFor();
  const text = (await said.textContent()) ?? "";
  if (shot) await page.screenshot({ path: shot, fullPage: true });
  await page.getByRole("button", { name: "Volver al inicio" }).click();
  await page.waitForURL(`${baseUrl}/seller`);
  return text;
}

/** Types in the reference field until the phone's catalogue answers (it is then in Cache Storage). */
async function keepCatalogueOnPhone(page: Page) {
  await page.goto(`${baseUrl}/seller/new-sale`);
  await page.getByLabel(/^Código de referencia/).fill("New Bal");
  await page.getByRole("option").first().waitFor({ timeout: 20_000 });
}

describe.skipIf(!baseUrl)("the seller keeps selling offline (phone, 390×844)", () => {
  const browser = suiteBrowser(SHOTS);

  it("is installable: Chromium finds the manifest, icons and service worker it asks for", async () => {
    // a real profile: Chromium never offers to install from an incognito window (a new context is one)
    const profile = mkdtempSync(join(tmpdir(), "horma-profile-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: [...CHROMIUM_FLAGS],
      ...PHONE,
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await installed(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await fetch(`${baseUrl}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({
      lang: "es-CO",
      short_name: "Horma",
      display: "standalone",
      start_url: "/login?origen=app",
    });
    // the API is never answered from the service worker's caches (the scan's own catalogue copy, kept
    // by the app and labelled with its time, is not one of them)
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of (await caches.keys()).filter((n) => n !== "horma-scan-catalogue-v1")) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached.some((path) => path === "/index.html")).toBe(true);
    expect(cached.filter((path) => path.startsWith("/api/"))).toEqual([]);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it("three sales and an expense offline, a reload offline, two tabs back online: each arrives once; a sold-out pair waits 'Por resolver'", async () => {
    const context = await browser().newContext(PHONE);
    const page = await context.newPage();
    await signInAs(page, baseUrl, SELLER, "/seller");
    await installed(page);
    await page.getByTestId("vendor-sales-count").waitFor();
    await keepCatalogueOnPhone(page);
    const token = (await sessionToken(page)) ?? "";

    const offline = await stockOf(token, SOLD_OFFLINE);
    const size = sizeWith(offline.pairs, 2);
    const scarce = await stockOf(token, SOLD_OUT_MEANWHILE);
    const scarceSize = sizeWith(scarce.pairs, 1);
    const before = { sales: await salesOf(token, SOLD_OFFLINE), scarce: await salesOf(token, SOLD_OUT_MEANWHILE) };
    const concept = `Café sin conexión ${Date.now()}`;

    await context.setOffline(true);
    const receipt = await receiptJpeg(page, "Recibo offline");
    const first = await sell(
      page,
      { ref: SOLD_OFFLINE, size, price: offline.price, receipt },
      `${SHOTS}/offline-sale-saved.png`,
    );
    expect(first).toContain("Guardada en el teléfono – se enviará al volver la conexión");
    await sell(page, { ref: SOLD_OFFLINE, size, price: offline.price, cashReceived: offline.price + 30_100 });
    await sell(page, { ref: SOLD_OUT_MEANWHILE, size: scarceSize, price: scarce.price });

    await page.getByRole("button", { name: "Registrar Gasto" }).click();
    await page.getByLabel(/^Concepto/).fill(concept);
    await page.getByLabel(/^Monto/).fill("4500");
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/seller`);
    await page
      .getByText(/Guardada en el teléfono/)
      .first()
      .waitFor();

    // the dashboard counts them, labelled; a reload without a network still opens the app
    await page.reload();
    await page.getByTestId("outbox-banner").waitFor();
    expect(await page.getByTestId("outbox-banner").textContent()).toContain("4 registros pendientes de sincronizar");
    expect(await page.getByTestId("queued-figures").textContent()).toContain("Incluye 3 ventas en el teléfono");
    await page.screenshot({ path: `${SHOTS}/offline-dashboard.png`, fullPage: true });
    // the queued expense counts in 'Gastos del día', labelled, like the queued sales
    expect(await page.getByRole("button", { name: /Gastos del día/ }).textContent()).toContain("1 pendiente de enviar");
    await page.getByRole("button", { name: /Gastos del día/ }).click();
    await page.getByTestId("queued-expense").waitFor();
    expect(await page.getByTestId("queued-expense").textContent()).toContain(concept);
    expect(await page.getByTestId("queued-expense").textContent()).toContain("Pendiente de enviar");
    expect(await page.getByTestId("queued-expenses-figures").textContent()).toContain("Incluye 1 gasto en el teléfono");
    await page.screenshot({ path: `${SHOTS}/offline-expenses.png`, fullPage: true });
    await page.goto(`${baseUrl}/seller/today-sales`);
    await expect.poll(() => page.getByTestId("queued-sale").count()).toBe(3);
    expect(await page.getByTestId("queued-sale").first().textContent()).toContain("Pendiente de sincronizar");
    await page.getByTestId("queued-sale").first().getByRole("button", { name: "Ver comprobante" }).click();
    await page.getByRole("dialog", { name: "Comprobante provisional" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/offline-today-sales.png`, fullPage: true });
    await page.keyboard.press("Escape");

    // meanwhile the store sells every pair of that size (another till, still online)
    const left = (await stockOf(token, SOLD_OUT_MEANWHILE)).pairs.get(scarceSize) ?? 0;
    await api(token, "/sales/create", {
      method: "POST",
      key: `e2e-sold-out-${Date.now()}`,
      body: {
        items: [{ sneaker_reference_code: SOLD_OUT_MEANWHILE, size: scarceSize, quantity: left }],
        payment_methods: [{ type: "efectivo", amount: left * scarce.price }],
        total_amount: left * scarce.price,
      },
    });

    // a second tab of the same seller: both come back online and both try to send the same queue
    // (opened from the first, as a seller does: the tab's session comes along)
    const opened = context.waitForEvent("page");
    await page.evaluate(() => window.open("/seller", "_blank"));
    const second = await opened;
    await second.getByTestId("outbox-banner").waitFor();
    await context.setOffline(false);
    await expect
      .poll(async () => (await page.getByTestId("outbox-banner").textContent()) ?? "", { timeout: 45_000 })
      .toMatch(/^(?!.*pendientes? de sincronizar).*1 registro por resolver/);

    expect(await salesOf(token, SOLD_OFFLINE)).toBe(before.sales + 2);
    expect((await stockOf(token, SOLD_OFFLINE)).pairs.get(size)).toBe((offline.pairs.get(size) ?? 0) - 2);
    expect(await salesOf(token, SOLD_OUT_MEANWHILE)).toBe(before.scarce + 1); // only the other till's
    expect(await expensesNamed(token, concept)).toBe(1);
    // the receipt photo travelled with the queued sale
    const today = await api<{ sales: { has_receipt: boolean; items: unknown[] }[] }>(token, "/sales/today");
    expect(today.sales.filter((s) => JSON.stringify(s).includes(SOLD_OFFLINE) && s.has_receipt).length).toBeGreaterThan(
      0,
    );

    // 'Por resolver': the reason, and the seller's way out
    await page.getByTestId("outbox-banner").getByRole("button", { name: "Resolver" }).click();
    await page.waitForURL(/\/seller\/outbox/);
    const problem = page.getByTestId("outbox-problem");
    await problem.waitFor();
    expect(await problem.textContent()).toMatch(/stock|pares|disponible/i);
    await page.screenshot({ path: `${SHOTS}/offline-to-resolve.png`, fullPage: true });
    await page.getByRole("button", { name: "Descartar" }).click();
    await page.getByRole("button", { name: "El cliente desistió" }).click();
    await page.getByRole("button", { name: "Descartar" }).last().click();
    await page.getByText("Motivo: El cliente desistió").waitFor();
    expect(await page.getByText("Por resolver (0)").count()).toBe(1);
    await context.close();
  }, 180_000);

  it("the queue belongs to its user: another seller on the same phone neither sees nor sends it", async () => {
    const context: BrowserContext = await browser().newContext(PHONE);
    const page = await context.newPage();
    await signInAs(page, baseUrl, SELLER, "/seller");
    await installed(page);
    await keepCatalogueOnPhone(page);
    const token = (await sessionToken(page)) ?? "";
    const stock = await stockOf(token, LOST_TO_OTHER_USER);
    const size = sizeWith(stock.pairs, 1);
    const before = await salesOf(token, LOST_TO_OTHER_USER);

    await context.setOffline(true);
    await sell(page, { ref: LOST_TO_OTHER_USER, size, price: stock.price });
    await page.getByTestId("outbox-banner").waitFor();
    // the sale may not leave this phone while someone else is signed in: count every try
    let sent = 0;
    await context.route("**/api/v1/sales/create", (route) => {
      sent++;
      return route.abort("failed");
    });
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL(/\/login|\/$/);
    await context.setOffline(false);
    sent = 0;

    await signInAs(page, baseUrl, OTHER_SELLER, "/seller");
    await page.getByTestId("vendor-sales-count").waitFor();
    await page.waitForTimeout(3_000);
    expect(await page.getByTestId("outbox-banner").count()).toBe(0);
    expect(sent).toBe(0);
    await page.goto(`${baseUrl}/seller/outbox`);
    await page.getByText("Pendientes de sincronizar (0)").waitFor();
    await page.screenshot({ path: `${SHOTS}/offline-other-user.png`, fullPage: true });

    // the first seller again: the queue is still there, and goes out once
    await context.unroute("**/api/v1/sales/create");
    await page.goto(`${baseUrl}/seller`);
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL(/\/login|\/$/);
    await signInAs(page, baseUrl, SELLER, "/seller");
    await expect.poll(() => salesOf(token, LOST_TO_OTHER_USER), { timeout: 30_000 }).toBe(before + 1);
    await page.getByTestId("outbox-banner").waitFor({ state: "detached" });
    await context.close();
  }, 120_000);
  it.skipIf(!canScan)(
    "the photo scan works offline: the phone's candidates with the stock last received and its time, then 'Vender'",
    async () => {
      const context = await browser().newContext(PHONE);
      const page = await context.newPage();
      await signInAs(page, baseUrl, SELLER, "/seller");
      await installed(page);
      // online once: the model, its weights and the catalogue are kept on the phone, and so is the stock
      const scan = async () => {
        await page.goto(`${baseUrl}/seller`);
        const chooser = page.waitForEvent("filechooser");
        await page.getByRole("button", { name: "Vender Producto" }).click();
        await (await chooser).setFiles(SCAN_PHOTO);
        await page.waitForURL(/\/seller\/scan/);
      };
      await scan();
      await page.getByTestId("scan-stage-options").waitFor({ timeout: 60_000 });

      await context.setOffline(true);
      await scan();
      const offline = page.getByTestId("scan-device-offline");
      await offline.waitFor({ timeout: 60_000 });
      expect(await page.getByTestId("scan-error").count()).toBe(0);
      const first = page.getByTestId("device-option").first();
      expect(await first.textContent()).toContain("Converse");
      expect(await first.getByTestId("device-option-stock").textContent()).toMatch(/Stock de hace .* · sin conexión/);
      await page.screenshot({ path: `${SHOTS}/offline-scan.png`, fullPage: true });
      await first.getByRole("button", { name: "Ver detalles" }).click();
      await page.getByTestId("stock-age").waitFor();
      await page.screenshot({ path: `${SHOTS}/offline-scan-details.png`, fullPage: true });
      await page.getByRole("button", { name: "Vender", exact: true }).click();
      await page.waitForURL(/\/seller\/new-sale/);
      expect(await page.getByLabel(/^Marca/).inputValue()).toBe("Converse");
      await context.close();
    },
    180_000,
  );
});
