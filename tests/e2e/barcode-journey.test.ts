import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { assert, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchBrowser, PHONE, sessionToken, signInAs, suiteBrowser } from "./browser";

// A box label printed by the administrador (/etiquetas, an in-store EAN-13 handed out for a size
// without a maker's code) is read by the seller's scan: from a photo of the label (the file input a
// phone without a live camera uses) and live from a camera (Chromium's fake camera playing the label).
// No TF.js model is needed: a box code goes straight to its product and size.

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
const REF = "VANSAUTH-01";
const NEW_SIZE = "46"; // not in the demo's size run: the sheet gives it a new in-store code
const STORE = "Local Centro"; // vendedor's store

type Stock = { global_distribution: { by_location: { location_name: string; pairs: number }[] } };
type Found = { product: { id: number }; availability: { sizes: { detailed_by_size: Record<string, Stock> } } };
type Label = { size: string; code: string; photo: Buffer };

/** The product, and a size with pairs at the seller's store (so the live read can be sold). */
async function stockOf(page: Page) {
  const token = await sessionToken(page);
  const response = await fetch(`${baseUrl}/api/v1/products/lookup?code=${REF}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const found = (await response.json()) as Found;
  const sizes = Object.entries(found.availability.sizes.detailed_by_size);
  const stocked = sizes.find(([, d]) =>
    d.global_distribution.by_location.some((l) => l.location_name === STORE && l.pairs > 0),
  );
  if (!stocked) throw new Error(`${REF} has no pairs at ${STORE}`);
  return { id: found.product.id, stockedSize: stocked[0] };
}

/**
 * The sheet printed by the administrador, and each label as a camera would see it: a 640×480 JPEG of
 * the label on a grey table (Chromium's fake camera wants a frame of even size, as a real one has).
 */
async function printLabels(browser: Browser): Promise<Label[]> {
  const page = await (await browser.newContext(DESKTOP)).newPage();
  await signInAs(page, baseUrl, "admin@demo.horma.co", "/administrador");
  const { id, stockedSize } = await stockOf(page);
  await page.goto(`${baseUrl}/etiquetas?items=${id}~${NEW_SIZE}~1,${id}~${stockedSize}~1&title=Etiquetas%20${REF}`);
  await page.getByTestId("box-label").nth(1).waitFor();
  await page.screenshot({ path: `${SHOTS}/labels-sheet.png` });
  const table = await (await browser.newContext({ viewport: { width: 640, height: 480 } })).newPage();
  const labels: Label[] = [];
  for (const [n, size] of [NEW_SIZE, stockedSize].entries()) {
    const label = page.getByTestId("box-label").nth(n);
    const code = (await label.locator("svg").getAttribute("data-code")) ?? "";
    expect(code).toMatch(/^2\d{12}$/);
    const shot = await label.screenshot({ type: "jpeg", quality: 95, scale: "device" });
    await table.setContent(
      `<body style="margin:0;display:grid;place-items:center;height:100vh;background:#d6d3d1"><img style="width:400px" src="data:image/jpeg;base64,${shot.toString("base64")}"></body>`,
    );
    labels.push({ size, code, photo: await table.screenshot({ type: "jpeg", quality: 90 }) });
  }
  await page.context().close();
  await table.context().close();
  return labels;
}

async function expectFound(page: Page, label: Label) {
  await page.getByTestId("scan-stage-details").waitFor({ timeout: 20_000 });
  const foundBy = await page.getByTestId("found-by").textContent();
  expect(foundBy).toContain(label.code);
  expect(foundBy).toContain(`talla ${label.size}`);
  expect(await page.getByRole("heading", { level: 2 }).first().textContent()).toContain("Vans");
  // the code's size is the one chosen
  expect(await page.getByRole("button", { name: label.size, exact: true, pressed: true }).count()).toBe(1);
}

describe.skipIf(!baseUrl)("box barcodes: print a label, read it in the scan", () => {
  const browser = suiteBrowser(SHOTS);
  let labels: Label[] = [];
  beforeAll(async () => {
    labels = await printLabels(browser());
  });

  it("a photo of a new size's label through 'Vender Producto' opens the product with that size chosen (no pairs anywhere)", async () => {
    const [label] = labels;
    assert(label);
    const page = await (await browser().newContext(PHONE)).newPage();
    await signInAs(page, baseUrl, "vendedor@demo.horma.co", "/seller");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Vender Producto" }).click();
    await (await chooser).setFiles({ name: "etiqueta.jpg", mimeType: "image/jpeg", buffer: label.photo });
    await expectFound(page, label);
    await page.getByText(`No hay pares de la talla ${label.size} en ninguna ubicación.`).waitFor();
    await page.screenshot({ path: `${SHOTS}/scan-barcode-found.png` });
    await page.context().close();
  });

  it("the live camera reads a stocked size's label, goes straight to the product, and sells it", async () => {
    const label = labels[1];
    assert(label);
    // Chromium's fake camera plays an MJPEG file: the label, repeated
    const video = join(tmpdir(), `horma-label-${Date.now()}.mjpeg`);
    writeFileSync(video, Buffer.concat(Array.from({ length: 10 }, () => label.photo)));
    const cameraBrowser = await launchBrowser([
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const context = await cameraBrowser.newContext(PHONE);
      await context.grantPermissions(["camera"], { origin: baseUrl });
      const page = await context.newPage();
      await signInAs(page, baseUrl, "vendedor@demo.horma.co", "/seller");
      // 'Escanear Producto' with a camera: the live overlay opens at once ('Vender Producto' picks the
      // camera or the file input once the page knows whether there is a camera)
      await page.goto(`${baseUrl}/seller/scan`);
      // the overlay reads the label within a moment and closes (too fast to wait for it reliably)
      await expectFound(page, label).catch(async (error: unknown) => {
        await page.screenshot({ path: `${SHOTS}/scan-barcode-live-failed.png` });
        throw error;
      });
      // the details stage sells it: the sales form comes with the product and the size
      await page.getByRole("button", { name: "Vender", exact: true }).click();
      await expect.poll(() => page.locator("h1").first().textContent()).toBe("Nueva Venta - Producto Escaneado");
      await page.screenshot({ path: `${SHOTS}/scan-barcode-sale.png` });
    } finally {
      await cameraBrowser.close();
    }
  });
});
