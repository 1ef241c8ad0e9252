import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CHROMIUM, DESKTOP, launchBrowser, PHONE, sessionToken, signInAs } from "./browser";

// A box label printed by the administrador (/etiquetas, an in-store EAN-13 handed out for a size
// without a maker's code) is read by the seller's scan: from a photo of the label (the file input a
// phone without a live camera uses) and live from a camera (Chromium's fake camera playing the label).
// No TF.js model is needed: a box code goes straight to its product and size.

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
const REF = "VANSAUTH-01";
const SIZE = "46"; // not in the demo's size run: the sheet gives it a new code

type CatalogueRow = { id: number; reference_code: string };

async function productIdOf(page: Page, ref: string) {
  const token = await sessionToken(page);
  const response = await fetch(`${baseUrl}/api/v1/products?q=${ref}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { products } = (await response.json()) as { products: CatalogueRow[] };
  const found = products.find((p) => p.reference_code === ref);
  if (!found) throw new Error(`${ref} is not in the demo catalogue`);
  return found.id;
}

/** The label as a photo: the sheet's first label, screenshot as JPEG. */
async function printLabel(browser: Browser) {
  const page = await (await browser.newContext(DESKTOP)).newPage();
  await signInAs(page, baseUrl, "admin@demo.horma.co", "/administrador");
  const id = await productIdOf(page, REF);
  await page.goto(`${baseUrl}/etiquetas?items=${id}~${SIZE}~2&title=Etiquetas%20${REF}`);
  const label = page.getByTestId("box-label").first();
  await label.waitFor();
  await page.getByTestId("box-label").nth(1).waitFor();
  const code = await label.locator("svg").getAttribute("data-code");
  expect(code).toMatch(/^2\d{12}$/);
  await page.screenshot({ path: `${SHOTS}/labels-sheet.png` });
  const photo = await label.screenshot({ type: "jpeg", quality: 95, scale: "device" });
  await page.context().close();
  return { code: code ?? "", photo };
}

async function expectFound(page: Page, code: string) {
  await page.getByTestId("scan-stage-details").waitFor({ timeout: 20_000 });
  const foundBy = await page.getByTestId("found-by").textContent();
  expect(foundBy).toContain(code);
  expect(foundBy).toContain(`talla ${SIZE}`);
  expect(await page.getByRole("heading", { level: 2 }).first().textContent()).toContain("Vans");
}

describe.skipIf(!baseUrl)("box barcodes: print a label, read it in the scan", () => {
  let browser: Browser;
  let label: { code: string; photo: Buffer };
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
    label = await printLabel(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a photo of the label through 'Vender Producto' opens the product with that size chosen", async () => {
    const page = await (await browser.newContext(PHONE)).newPage();
    await signInAs(page, baseUrl, "vendedor@demo.horma.co", "/seller");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Vender Producto" }).click();
    await (await chooser).setFiles({ name: "etiqueta.jpg", mimeType: "image/jpeg", buffer: label.photo });
    await expectFound(page, label.code);
    await page.screenshot({ path: `${SHOTS}/scan-barcode-found.png` });
    await page.context().close();
  });

  it("the live camera reads the label and goes straight to the product", async () => {
    // Chromium's fake camera plays an MJPEG file: the label, repeated
    const video = join(tmpdir(), `horma-label-${Date.now()}.mjpeg`);
    writeFileSync(video, Buffer.concat(Array.from({ length: 10 }, () => label.photo)));
    const cameraBrowser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await cameraBrowser.newContext(PHONE);
      await context.grantPermissions(["camera"], { origin: baseUrl });
      const page = await context.newPage();
      await signInAs(page, baseUrl, "vendedor@demo.horma.co", "/seller");
      await page.getByRole("button", { name: "Vender Producto" }).click();
      await page.getByTestId("camera-overlay").waitFor();
      await expectFound(page, label.code);
      // the details stage sells it: the sales form comes with the product and the size
      await page.getByRole("button", { name: "Vender", exact: true }).click();
      await expect.poll(() => page.locator("h1").first().textContent()).toBe("Nueva Venta - Producto Escaneado");
      await page.screenshot({ path: `${SHOTS}/scan-barcode-sale.png` });
    } finally {
      await cameraBrowser.close();
    }
  });
});
