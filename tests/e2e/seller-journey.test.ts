import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations } from "./axe";
import { DESKTOP, PHONE, receiptJpeg, signInAs, suiteBrowser } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
const SELLER = "vendedor@demo.horma.co";
const PASSWORD = "Horma#2026";

// A cell the deterministic demo seed stocks at Local Centro with 3 pairs (worker/db/seed/ PRNG);
// no other journey sells it. Converse Chuck 70 Low, $369.900.
const PRODUCT = { ref: "CONVERSE-01", brand: "Converse", model: "Chuck 70 Low", color: "Negro", size: "40" };
const PRICE = 369_900;
const HALF = PRICE / 2;

const logIn = (page: Page) => signInAs(page, baseUrl, SELLER, "/seller", PASSWORD);

const title = (page: Page) => page.locator("h1").first().textContent();

describe.skipIf(!baseUrl)("seller journey on a phone (390×844)", () => {
  const browser = suiteBrowser(SHOTS);

  it("sells one pair half cash half card with a receipt, sees it in today's sales and registers an expense", async () => {
    const context = await browser().newContext(PHONE);
    const page = await context.newPage();
    await logIn(page);
    await expect.poll(() => title(page)).toBe("Panel de Vendedor");
    const salesCount = page.getByTestId("vendor-sales-count");
    await salesCount.waitFor();
    const before = Number(await salesCount.textContent());
    await page.screenshot({ path: `${SHOTS}/seller-dashboard.png`, fullPage: true });

    // 'Vender Producto' opens the camera (a file chooser here); recognition is not there yet → manual sale.
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Vender Producto" }).click();
    await (await chooser).setFiles({
      name: "producto.jpg",
      mimeType: "image/jpeg",
      buffer: await receiptJpeg(page, "Zapato"),
    });
    await page.waitForURL(/\/seller\/scan/);
    await expect.poll(() => title(page)).toBe("Escanear Producto");
    await page.screenshot({ path: `${SHOTS}/seller-scan.png`, fullPage: true });
    await page.getByRole("button", { name: "Venta manual" }).click();
    await page.waitForURL(/\/seller\/new-sale/);
    await expect.poll(() => title(page)).toBe("Nueva Venta");

    const review = page.getByRole("button", { name: "Revisar Venta" });
    expect(await review.isDisabled()).toBe(true);
    // the reference is looked up in the catalogue: it names the product and prices the line (read-only)
    await page.getByLabel(/^Código de referencia/).fill(PRODUCT.ref);
    await page.getByLabel(/^Código de referencia/).press("Enter");
    await expect.poll(() => page.getByTestId("line-price").textContent()).toMatch(/369\.900/);
    expect(await page.getByLabel(/^Marca/).inputValue()).toBe(PRODUCT.brand);
    expect(await page.getByLabel(/^Modelo/).inputValue()).toBe(PRODUCT.model);
    expect(await page.getByLabel(/^Color/).inputValue()).toBe(PRODUCT.color);
    await page.getByLabel(/^Talla/).fill(PRODUCT.size);
    await page.getByLabel("Monto", { exact: true }).first().fill(String(HALF));
    expect(await page.getByTestId("review-blocker").textContent()).toBe("Los montos no coinciden");
    // the customer hands over 200.000 in cash for the cash half: the change shows as it is typed
    await page.getByLabel(/^Efectivo recibido/).fill("200000");
    expect(await page.getByTestId("cash-change").textContent()).toMatch(/^Cambio: \$\s?15\.050$/);
    await page.getByRole("button", { name: "+ Agregar método de pago" }).click();
    expect(await page.getByLabel("Método", { exact: true }).nth(1).inputValue()).toBe("tarjeta");
    await page.getByLabel("Monto", { exact: true }).nth(1).fill(String(HALF));
    await page.getByLabel(/^Referencia/).fill("****1234");
    await page.getByTestId("receipt-input").setInputFiles({
      name: "recibo.jpg",
      mimeType: "image/jpeg",
      buffer: await receiptJpeg(page, "Recibo de venta"),
    });
    await page.getByAltText("Vista previa del recibo").waitFor();
    await expect.poll(() => review.isEnabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/seller-new-sale.png`, fullPage: true });

    await review.click();
    await expect.poll(() => page.getByTestId("summary-total").textContent()).toMatch(/369\.900/);
    await page.screenshot({ path: `${SHOTS}/seller-sale-review.png`, fullPage: true });

    // The first answer is lost on the way back: the sale is recorded but the phone sees a network error.
    await page.route(
      "**/api/v1/sales/create",
      async (route) => {
        await route.fetch();
        await route.abort("failed");
      },
      { times: 1 },
    );
    await page.getByRole("button", { name: "Confirmar Venta" }).click();
    // the phone keeps it and says so at once, with its receipt from the phone's copy and no number yet
    await page.getByText(/Guardada en el teléfono – se enviará al volver la conexión/).waitFor();
    await page.getByTestId("number-pending").waitFor();
    await page.getByRole("article", { name: "Recibo de la venta guardada en el teléfono" }).waitFor();
    expect(await page.getByRole("link", { name: "Enviar por WhatsApp" }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/seller-sale-network-error.png`, fullPage: true });
    // its queue sends the same Idempotency-Key again, and the server answers with the sale it had
    // already recorded instead of selling twice: the same screen then shows its number and receipt
    await page.getByTestId("sale-recorded").waitFor({ timeout: 30_000 });
    await page.getByRole("article", { name: /^Recibo de la venta #\d+$/ }).waitFor();
    expect(await page.getByTestId("number-pending").count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/seller-sale-arrived.png`, fullPage: true });
    await page.getByRole("button", { name: "Volver al inicio" }).click();
    await page.waitForURL(`${baseUrl}/seller`);
    await expect.poll(async () => Number(await salesCount.textContent()), { timeout: 30_000 }).toBe(before + 1);
    await page.getByTestId("outbox-banner").waitFor({ state: "detached" });
    await page.screenshot({ path: `${SHOTS}/seller-after-sale.png`, fullPage: true });

    await page.getByRole("button", { name: "Ver Ventas" }).click();
    await page.waitForURL(/\/seller\/today-sales/);
    await expect.poll(() => title(page)).toBe("Ventas del Día");
    const card = page.getByTestId("sale-card").filter({ hasText: PRODUCT.ref });
    await card.waitFor();
    const saleId = (await card.getByText(/^Venta #\d+$/).textContent())?.match(/Venta #(\d+)/)?.[1];
    expect(saleId).toBeTruthy();
    const text = (await card.textContent()) ?? "";
    for (const part of ["Confirmada", PRODUCT.ref, "Talla 40", "Efectivo", "Tarjeta", "(****1234)", "Local Centro"]) {
      expect(text).toContain(part);
    }
    expect(await page.getByTestId("sale-card").filter({ hasText: PRODUCT.ref }).count()).toBe(1);
    // The receipt comes back through the authenticated file route as an object URL.
    const receipt = card.getByAltText(`Comprobante de pago de la venta #${saleId}`);
    await receipt.waitFor();
    await expect.poll(() => receipt.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/seller-today-sales.png`, fullPage: true });

    // The customer's receipt: its public page, to print or to share by WhatsApp or e-mail.
    await card.getByRole("link", { name: `Recibo de la venta #${saleId}: imprimir o compartir` }).click();
    await page.waitForURL(/\/recibo\/[0-9a-f]{32}$/);
    const doc = page.getByRole("article", { name: `Recibo de la venta #${saleId}` });
    await doc.waitFor();
    expect(await doc.getByTestId("receipt-total").textContent()).toMatch(/369\.900/);
    expect(await doc.getByTestId("receipt-change").textContent()).toMatch(/15\.050/);
    expect(await doc.textContent()).toContain("NIT 901.234.567-7");
    const wa = (await page.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href")) ?? "";
    expect(decodeURIComponent(wa)).toContain(page.url());
    await page.screenshot({ path: `${SHOTS}/seller-receipt.png`, fullPage: true });
    // the link opens the same receipt without a session
    const anonymous = await (await browser().newContext(PHONE)).newPage();
    await anonymous.goto(page.url());
    await anonymous.getByRole("article", { name: `Recibo de la venta #${saleId}` }).waitFor();
    // 'Imprimir (80 mm)' prints on the roll: the PDF's page is 80 mm wide (226.77 pt), the receipt on one page
    await anonymous.evaluate(() => {
      window.print = () => undefined;
    });
    await anonymous.getByRole("button", { name: "Imprimir (80 mm)" }).click();
    const pdf = (await anonymous.pdf({ preferCSSPageSize: true })).toString("latin1");
    const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)];
    expect(boxes.length).toBe(1);
    const [, x0, , x1, y1] = boxes[0] ?? [];
    expect(Number(x1) - Number(x0)).toBeCloseTo((80 / 25.4) * 72, 0);
    expect(Number(y1)).toBeGreaterThan((80 / 25.4) * 72);
    await anonymous.close();
    await page.goBack();
    await page.waitForURL(/\/seller\/today-sales/);

    // The browser's back button returns to the dashboard (views live in the URL).
    await page.goBack();
    await expect.poll(() => title(page)).toBe("Panel de Vendedor");

    await page.getByRole("button", { name: "Registrar Gasto" }).click();
    await page.waitForURL(/\/seller\/expenses/);
    await expect.poll(() => title(page)).toBe("Registrar Gasto");
    await page.getByLabel(/^Concepto/).fill("Bolsas de empaque (e2e)");
    await page.getByLabel(/^Monto/).fill("12500");
    await page.getByLabel(/^Notas/).fill("Paquete de 50");
    await page.getByTestId("receipt-input").setInputFiles({
      name: "gasto.jpg",
      mimeType: "image/jpeg",
      buffer: await receiptJpeg(page, "Recibo de gasto"),
    });
    await expect.poll(() => page.getByTestId("expense-preview-amount").textContent()).toMatch(/12\.500/);
    await page.screenshot({ path: `${SHOTS}/seller-expense-form.png`, fullPage: true });
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/seller`);
    await page.getByText(/Gasto registrado exitosamente/).waitFor();

    await page.getByRole("button", { name: /Gastos del día/ }).click();
    await page.waitForURL(/\/seller\/expenses-list/);
    await expect.poll(() => title(page)).toBe("Gastos del Día");
    await page.getByText("Bolsas de empaque (e2e)").waitFor();
    await page.getByAltText("Recibo de Bolsas de empaque (e2e)").waitFor();
    await page.screenshot({ path: `${SHOTS}/seller-expenses-list.png`, fullPage: true });
    await context.close();
  }, 120_000);

  it("a cash sale: size chip, quick cash, and the receipt on screen to print on the roll or send by WhatsApp", async () => {
    const context = await browser().newContext(PHONE);
    const page = await context.newPage();
    await logIn(page);
    await page.getByTestId("vendor-sales-count").waitFor();
    await page.goto(`${baseUrl}/seller/new-sale`);
    await expect.poll(() => title(page)).toBe("Nueva Venta");
    await page.getByLabel(/^Código de referencia/).fill(PRODUCT.ref);
    await page.getByLabel(/^Código de referencia/).press("Enter");
    // the sizes in stock at Local Centro, one tap each
    const sizes = page.getByRole("group", { name: "Tallas en Local Centro" });
    await sizes
      .locator("label")
      .filter({ hasText: new RegExp(`^${PRODUCT.size}\\d+ par(es)?$`) })
      .tap();
    expect(await page.getByLabel(/^Talla/).inputValue()).toBe(PRODUCT.size);
    // the payment starts at the total; the customer hands over 400.000
    expect(await page.getByLabel("Monto", { exact: true }).inputValue()).toBe(String(PRICE));
    const quick = page.getByRole("group", { name: "Efectivo rápido" });
    await quick.getByRole("button", { name: /400\.000/ }).tap();
    expect(await page.getByLabel(/^Efectivo recibido/).inputValue()).toBe("400000");
    expect(await page.getByTestId("cash-change").textContent()).toMatch(/^Cambio: \$\s?30\.100$/);
    await expectNoAxeViolations(page, "Nueva Venta con tallas y efectivo rápido");
    await page.screenshot({ path: `${SHOTS}/seller-quick-cash.png`, fullPage: true });
    await page.getByRole("button", { name: "Revisar Venta" }).tap();
    await page.getByRole("button", { name: "Confirmar Venta" }).tap();

    await page.getByRole("heading", { name: "Venta registrada" }).waitFor();
    const saleId = (await page.getByTestId("sale-recorded").textContent())?.match(/^Venta #(\d+) registrada/)?.[1];
    expect(saleId).toBeTruthy();
    const doc = page.getByRole("article", { name: `Recibo de la venta #${saleId}` });
    await doc.waitFor();
    expect(await doc.getByTestId("receipt-change").textContent()).toMatch(/30\.100/);
    // the electronic POS document at once (the demo stores have a DIAN range and the test provider): its
    // number, CUDE, QR and state, and the IVA included per rate
    expect(await doc.getByTestId("receipt-fiscal-note").textContent()).toMatch(
      /Documento equivalente electrónico POS FE[A-Z]\d+/,
    );
    expect(await doc.getByTestId("receipt-cude").textContent()).toMatch(/^CUDE: [0-9a-f]{96}$/);
    await doc.getByRole("img", { name: /^Código QR del documento FE[A-Z]\d+$/ }).waitFor();
    expect(await doc.getByTestId("receipt-dian-state").textContent()).toMatch(/^Estado DIAN: /);
    expect(await doc.getByTestId("receipt-tax-iva_19").textContent()).toMatch(/^IVA 19 %/);
    const wa = (await page.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href")) ?? "";
    expect(decodeURIComponent(wa)).toMatch(new RegExp(`venta #${saleId} .*/recibo/[0-9a-f]{32}$`));
    // within a thumb's reach: the next sale, at the bottom of the screen
    const next = await page.getByRole("button", { name: "Nueva venta" }).boundingBox();
    expect((next?.y ?? 0) + (next?.height ?? 0)).toBeLessThanOrEqual(844);
    await expectNoAxeViolations(page, "Venta registrada");
    await page.screenshot({ path: `${SHOTS}/seller-sale-receipt.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/seller-sale-receipt-viewport.png` });

    // 'Imprimir (80 mm)' inside the app prints the receipt alone on the roll: one page, 80 mm wide
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole("button", { name: "Imprimir (80 mm)" }).tap();
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
    const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)];
    expect(boxes.length).toBe(1);
    const [, x0, , x1] = boxes[0] ?? [];
    expect(Number(x1) - Number(x0)).toBeCloseTo((80 / 25.4) * 72, 0);

    await page.getByRole("button", { name: "Nueva venta" }).tap();
    expect(await page.getByLabel(/^Código de referencia/).inputValue()).toBe("");
    await context.close();
  });

  it("without a connection the dashboard shows the banner and the last real data, labelled, and recovers", async () => {
    const context = await browser().newContext(PHONE);
    const page = await context.newPage();
    await logIn(page);
    const salesCount = page.getByTestId("vendor-sales-count");
    await salesCount.waitFor();
    const real = await salesCount.textContent();

    await page.route("**/api/v1/vendor/dashboard", (route) => route.abort("failed"));
    await page.reload();
    await page.getByText("Conectando con el servidor...").waitFor();
    expect(await page.getByTestId("stale-label").textContent()).toMatch(
      /Mostrando los últimos datos recibidos \(\d{2}\/\d{2}\/\d{4}/,
    );
    expect(await salesCount.textContent()).toBe(real);
    await page.screenshot({ path: `${SHOTS}/seller-offline.png`, fullPage: true });

    await page.unroute("**/api/v1/vendor/dashboard");
    await page.getByRole("button", { name: "Reintentar" }).click();
    await expect.poll(() => page.getByText("Conectando con el servidor...").count()).toBe(0);
    expect(await salesCount.textContent()).toBe(real);
    await context.close();
  });

  it("lays the same screens out for a desktop browser", async () => {
    const context = await browser().newContext(DESKTOP);
    const page = await context.newPage();
    await logIn(page);
    await page.getByTestId("vendor-sales-count").waitFor();
    await page.screenshot({ path: `${SHOTS}/seller-desktop-dashboard.png`, fullPage: true });
    await page.goto(`${baseUrl}/seller/today-sales?filter=pending`);
    await expect.poll(() => title(page)).toBe("Ventas del Día");
    expect(await page.getByLabel("Mostrar").inputValue()).toBe("pending");
    await page.getByTestId("sale-card").first().waitFor();
    await page.screenshot({ path: `${SHOTS}/seller-desktop-today-sales.png`, fullPage: true });
    await page.goto(`${baseUrl}/seller/new-sale`);
    await expect.poll(() => title(page)).toBe("Nueva Venta");
    await page.getByLabel("Aplicar descuento").check();
    await page.getByRole("radio").first().waitFor();
    await page.screenshot({ path: `${SHOTS}/seller-desktop-new-sale.png`, fullPage: true });
    await context.close();
  });
});
