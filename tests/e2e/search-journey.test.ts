import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD, PHONE, sessionToken, signInAs, suiteBrowser } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
const SELLER = "vendedor@demo.horma.co";
// the products the other journeys sell or count: this one sells something else
const TAKEN = new Set([
  "ADIDASSU-01",
  "ASICSGEL-01",
  "CONVERSE-01",
  "CONVERSE-02",
  "NEWBALAN-01",
  "NIKEAIRM-01",
  "NIKECOUR-01",
  "REEBOKCL-01",
  "VANSAUTH-01",
]);

type CatalogueProduct = { reference_code: string; brand: string; model: string; color: string | null };
type Found = {
  product: { reference_code: string; unit_price: number };
  availability: {
    sizes: { detailed_by_size: Record<string, { local_availability: { summary: { can_sell_now: boolean } } }> };
  };
};

const cop = (n: number) => n.toLocaleString("es-CO").replaceAll(".", "\\.");
const title = (page: Page) => page.locator("h1").first().textContent();

describe.skipIf(!baseUrl)("catalogue search on the phone (390×844)", () => {
  const browser = suiteBrowser(SHOTS);

  it("the seller types part of a model name in the sales form, picks the suggestion, and sells it", async () => {
    const context = await browser().newContext(PHONE);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("response", (r) => void (r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`)));
    try {
      await journey(page);
    } catch (error) {
      await page.screenshot({ path: `${SHOTS}/search-failure.png`, fullPage: true }).catch(() => undefined);
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${problems.join("\n")}`);
    }
  });

  async function journey(page: Page) {
    await signInAs(page, baseUrl, SELLER, "/seller", DEMO_PASSWORD);
    const token = (await sessionToken(page)) ?? "";
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };

    // a product the phone catalogue lists (photos enrolled or not) with a size in stock at Local Centro
    const { products } = await get<{ products: CatalogueProduct[] }>("/api/v1/classify/catalog");
    let chosen: { product: CatalogueProduct; price: number; size: string } | null = null;
    for (const product of products.filter((p) => !TAKEN.has(p.reference_code)).slice(0, 20)) {
      const found = await get<Found>(`/api/v1/products/lookup?code=${encodeURIComponent(product.reference_code)}`);
      const size = Object.entries(found.availability.sizes.detailed_by_size).find(
        ([, d]) => d.local_availability.summary.can_sell_now,
      )?.[0];
      if (size) {
        chosen = { product, price: found.product.unit_price, size };
        break;
      }
    }
    expect(chosen, "a product in stock at Local Centro").toBeTruthy();
    if (!chosen) return;
    const { product, price, size } = chosen;

    await page.goto(`${baseUrl}/seller/new-sale`);
    await expect.poll(() => title(page)).toBe("Nueva Venta");
    const reference = page.getByLabel(/^Código de referencia/);
    // part of the model's name, in lower case and without its accents
    const typed = product.model
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .slice(0, Math.max(4, product.model.indexOf(" ") + 2));
    await reference.click();
    await reference.pressSequentially(typed, { delay: 40 });
    const list = page.getByRole("listbox", { name: "Productos del catálogo" });
    const option = list.getByRole("option").filter({ hasText: product.reference_code });
    await option.waitFor();
    expect(await option.textContent()).toContain(`${product.brand} ${product.model}`);
    // a tap target at least 44 px high
    expect((await option.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: `${SHOTS}/search-sale-suggestions.png`, fullPage: true });

    await option.tap();
    expect(await reference.inputValue()).toBe(product.reference_code);
    expect(await page.getByLabel(/^Marca/).inputValue()).toBe(product.brand);
    expect(await page.getByLabel(/^Modelo/).inputValue()).toBe(product.model);
    expect(await page.getByLabel(/^Color/).inputValue()).toBe(product.color ?? "");
    expect(await page.getByTestId("line-price").textContent()).toMatch(new RegExp(cop(price)));
    await page.getByLabel(/^Talla/).fill(size);
    await page.getByLabel("Monto", { exact: true }).first().fill(String(price));
    const review = page.getByRole("button", { name: "Revisar Venta" });
    await expect.poll(() => review.isEnabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/search-sale-filled.png`, fullPage: true });
    await review.click();
    await expect.poll(() => page.getByTestId("summary-total").textContent()).toMatch(new RegExp(cop(price)));
    await page.getByRole("button", { name: "Confirmar Venta" }).click();
    // the sale's receipt screen says it
    const recorded = page.getByTestId("sale-recorded");
    await recorded.waitFor();
    expect(await recorded.textContent()).toMatch(
      new RegExp(`Venta #\\d+ registrada exitosamente\\. Total: \\$\\s?${cop(price)}`),
    );

    // the scan screen searches the same catalogue: the product's details with its stock here and elsewhere
    await page.goto(`${baseUrl}/seller/scan`);
    const close = page.getByRole("button", { name: "Cerrar cámara" });
    // the camera opens at once where there is one: the search is under it
    await close.waitFor({ timeout: 5_000 }).then(
      () => close.click(),
      () => undefined,
    );
    const search = page.getByLabel("Buscar por referencia, código, marca o modelo");
    await search.click();
    await search.pressSequentially(`${product.brand.slice(0, 3)} ${typed}`, { delay: 40 });
    const scanOption = page
      .getByRole("listbox", { name: "Productos del catálogo" })
      .getByRole("option")
      .filter({ hasText: product.reference_code });
    await scanOption.waitFor();
    await page.screenshot({ path: `${SHOTS}/search-scan-suggestions.png`, fullPage: true });
    await scanOption.tap();
    const details = page.getByTestId("scan-details");
    await details.waitFor();
    expect(await details.textContent()).toContain(`${product.brand} ${product.model}`);
    await page.getByTestId("local-stock").waitFor();
    await page.screenshot({ path: `${SHOTS}/search-scan-details.png`, fullPage: true });
  }
});
