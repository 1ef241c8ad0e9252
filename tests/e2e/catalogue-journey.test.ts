import type { Page, Response } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, sessionToken, signInAs, suiteBrowser } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
// No other journey sells this product (Nike Court Vision, one colourway); the demo stocks Local Centro.
const REF = "NIKECOUR-01";
const NEW_PRICE = 333_000;
const CHEAPER = 300_000;
const ADMIN_PIN = "2468";

/** A size of REF with pairs at the seller's store (read from the catalogue answer the admin sees). */
async function sizeInStock(page: Page): Promise<string> {
  const token = await sessionToken(page);
  return page.evaluate(
    async ({ ref, token }) => {
      const res = await fetch(`/api/v1/products/lookup?code=${ref}`, { headers: { Authorization: `Bearer ${token}` } });
      const body = (await res.json()) as {
        availability: {
          sizes: { detailed_by_size: Record<string, { local_availability: { summary: { can_sell_now: boolean } } }> };
        };
      };
      const sizes = Object.entries(body.availability.sizes.detailed_by_size);
      return sizes.find(([, d]) => d.local_availability.summary.can_sell_now)?.[0] ?? "";
    },
    { ref: REF, token },
  );
}

/** Every 401 the page gets from now on (a photo without the token is one). */
function count401(page: Page): string[] {
  const refused: string[] = [];
  page.on("response", (res: Response) => {
    if (res.status() === 401) refused.push(res.url());
  });
  return refused;
}

/** The widths of the product photos `selector` finds, once every one has decoded (lazy ones brought into view). */
async function loadedPhotos(page: Page, selector: string): Promise<number[]> {
  await expect
    .poll(() =>
      page.$$eval(selector, (imgs) => {
        const pending = (imgs as HTMLImageElement[]).filter((img) => !img.complete || img.naturalWidth === 0);
        pending[0]?.scrollIntoView({ block: "center" });
        return imgs.length > 0 && pending.length === 0;
      }),
    )
    .toBe(true);
  return page.$$eval(selector, (imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth));
}

describe.skipIf(!baseUrl)("catalogue and price authority", () => {
  const browser = suiteBrowser(SHOTS);

  it("every product photo loads with the session's token: the catalogue, the product page, its Foto tab and the boss's Catálogo (no 401)", async () => {
    const admin = await (await browser().newContext(PHONE)).newPage();
    const refused = count401(admin);
    await signInAs(admin, baseUrl, "admin@demo.horma.co", "/administrador");
    // the page the screen lists (its own request): every product of it that has a photo shows it (the
    // demo's come from ../shared/shoes-dev; products other journeys made without one come first)
    const listed = admin.waitForResponse(
      (res) => /\/api\/v1\/products\?/.test(res.url()) && res.request().method() === "GET" && res.ok(),
    );
    await admin.goto(`${baseUrl}/administrador?section=products`);
    await admin.getByTestId("catalogue-row").first().waitFor();
    const page = (await (await listed).json()) as { products: { image_url: string | null }[] };
    const withPhoto = page.products.filter((p) => p.image_url !== null).length;
    expect(withPhoto).toBeGreaterThan(1);
    await expect
      .poll(() => admin.locator('[data-testid="catalogue-row"] img').count(), { timeout: 20_000 })
      .toBe(withPhoto);
    const widths = await loadedPhotos(admin, '[data-testid="catalogue-row"] img');
    expect(widths.every((w) => w > 0)).toBe(true);
    await admin.evaluate(() => window.scrollTo(0, 0));
    expect(await admin.locator('img[src^="/api/v1/files/"]').count()).toBe(0);
    await admin.screenshot({ path: `${SHOTS}/admin-products-photos-phone.png`, fullPage: true });
    await admin.locator('[data-testid="catalogue-row"]:has(img)').first().click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByText("Talla", { exact: false }).first().waitFor();
    await loadedPhotos(admin, '[role="dialog"] img');
    await dialog.getByRole("tab", { name: "Foto" }).click();
    await dialog.getByRole("img", { name: "Foto actual" }).waitFor();
    expect(
      await dialog.getByRole("img", { name: "Foto actual" }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await admin.screenshot({ path: `${SHOTS}/admin-product-photo-tab-phone.png`, fullPage: true });
    expect(refused).toEqual([]);
    await admin.context().close();

    const boss = await (await browser().newContext(DESKTOP)).newPage();
    const bossRefused = count401(boss);
    await signInAs(boss, baseUrl, "boss@demo.horma.co", "/boss");
    await boss.goto(`${baseUrl}/boss?section=products`);
    await boss.getByTestId("catalogue-row").first().waitFor();
    expect((await loadedPhotos(boss, '[data-testid="catalogue-row"] img')).length).toBeGreaterThan(0);
    await boss.screenshot({ path: `${SHOTS}/boss-products-photos-desktop.png`, fullPage: true });
    expect(bossRefused).toEqual([]);
    await boss.context().close();
  });

  it("the administrador edits a price; the seller sells at it, and cheaper only with the administrador's PIN", async () => {
    const admin = await (await browser().newContext(DESKTOP)).newPage();
    await signInAs(admin, baseUrl, "admin@demo.horma.co", "/administrador");
    await admin.goto(`${baseUrl}/administrador?section=products`);
    await admin.getByRole("searchbox", { name: "Buscar" }).fill(REF);
    await admin.getByRole("searchbox", { name: "Buscar" }).press("Enter");
    const row = admin.getByTestId("catalogue-row").filter({ hasText: REF });
    await row.waitFor();
    await admin.screenshot({ path: `${SHOTS}/admin-products.png`, fullPage: true });
    await row.click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByText("Talla", { exact: false }).first().waitFor();
    await admin.screenshot({ path: `${SHOTS}/admin-product-stock.png`, fullPage: true });
    await dialog.getByRole("tab", { name: "Editar" }).click();
    await dialog.getByLabel(/^Precio unitario/).fill(String(NEW_PRICE));
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    await dialog.getByText(/Nuevo precio \$\s?333\.000/).waitFor();
    await dialog.getByRole("tab", { name: "Historial" }).click();
    await dialog.getByText(/Precio: .* → \$\s?333\.000/).waitFor();
    await admin.screenshot({ path: `${SHOTS}/admin-product-history.png`, fullPage: true });

    const seller = await (await browser().newContext(PHONE)).newPage();
    await signInAs(seller, baseUrl, "vendedor@demo.horma.co", "/seller");
    const size = await sizeInStock(seller);
    expect(size).not.toBe("");
    await seller.goto(`${baseUrl}/seller/new-sale`);
    await seller.getByLabel(/^Código de referencia/).fill(REF);
    await seller.getByLabel(/^Código de referencia/).press("Enter");
    await expect.poll(() => seller.getByTestId("line-price").textContent()).toMatch(/333\.000/);
    await seller.getByLabel(/^Talla/).fill(size);

    await seller.getByRole("button", { name: "Cambiar precio" }).click();
    const change = seller.getByRole("dialog", { name: "Cambiar precio" });
    await change.getByLabel(/^Nuevo precio/).fill(String(CHEAPER));
    await change.getByLabel(/^Motivo/).fill("Par de exhibición con detalle");
    await change.getByLabel(/^PIN del administrador/).fill("1111");
    await change.getByRole("button", { name: "Autorizar precio" }).click();
    await change.getByText(/PIN de administrador incorrecto/).waitFor();
    await seller.screenshot({ path: `${SHOTS}/seller-price-pin-refused.png`, fullPage: true });
    await change.getByLabel(/^PIN del administrador/).fill(ADMIN_PIN);
    await change.getByRole("button", { name: "Autorizar precio" }).click();
    await seller.getByText(/Autorizado por Andrés Gómez/).waitFor();
    await expect.poll(() => seller.getByTestId("line-price").textContent()).toMatch(/300\.000/);

    await seller.getByLabel("Monto", { exact: true }).first().fill(String(CHEAPER));
    await seller.screenshot({ path: `${SHOTS}/seller-price-authorised.png`, fullPage: true });
    await seller.getByRole("button", { name: "Revisar Venta" }).click();
    await expect.poll(() => seller.getByTestId("summary-total").textContent()).toMatch(/300\.000/);
    await seller.getByRole("button", { name: "Confirmar Venta" }).click();
    await seller.getByText(/Venta #\d+ registrada exitosamente/).waitFor();

    // the override is in the administrador's records: who approved, the prices and the reason
    const adminToken = await sessionToken(admin);
    const overrides = await admin.evaluate(async (token) => {
      const res = await fetch("/api/v1/admin/admin/price-overrides", { headers: { Authorization: `Bearer ${token}` } });
      return (await res.json()) as {
        overrides: { catalogue_price: number; new_price: number; status: string; approved_by: string }[];
      };
    }, adminToken);
    expect(overrides.overrides[0]).toMatchObject({
      catalogue_price: NEW_PRICE,
      new_price: CHEAPER,
      status: "usada",
      approved_by: "Andrés Gómez",
    });
  });
});
