import { describe, expect, inject, it } from "vitest";
import { PHONE, suiteBrowser } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
const PASSWORD = "Horma#2026";

type Inventory = {
  locations: {
    location_name: string;
    products: { reference_code: string; is_active: number; sizes: { size: string; quantity: number }[] }[];
  }[];
};

async function token(email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/auth/login-json`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe.skipIf(!baseUrl)("physical counts", () => {
  const browser = suiteBrowser(SHOTS);

  it("the keeper counts on a phone: opens a count, types a reference, sees the line and the variances, applies it", async () => {
    // a cell of Bodega Principal counted exactly as the ledger has it: posting changes no stock
    const inv = (await (
      await fetch(`${baseUrl}/api/v1/inventory/warehouse-keeper/inventory/all`, {
        headers: { Authorization: `Bearer ${await token("bodega@demo.horma.co")}` },
      })
    ).json()) as Inventory;
    const warehouse = inv.locations.find((l) => l.location_name === "Bodega Principal");
    const product = warehouse?.products.find((p) => p.is_active === 1 && p.sizes.some((s) => s.quantity > 0));
    const size = product?.sizes.find((s) => s.quantity > 0);
    expect(product && size, "un producto con pares en Bodega Principal").toBeTruthy();
    if (!product || !size) return;

    const page = await (await browser().newContext(PHONE)).newPage();
    await page.goto(`${baseUrl}/login`);
    await page.fill('input[type="email"]', "bodega@demo.horma.co");
    await page.fill('input[type="password"]', PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${baseUrl}/warehouse`, { timeout: 15_000 });
    await page.goto(`${baseUrl}/warehouse?tab=counts`);
    await page.getByRole("button", { name: "Nuevo conteo" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo conteo" });
    await dialog.getByRole("option", { name: "Bodega Principal" }).waitFor({ state: "attached" });
    await dialog.getByRole("button", { name: "Abrir conteo" }).click();
    await page.getByText(/Conteo #\d+ · Bodega Principal/).waitFor();

    const code = page.getByLabel(/^Referencia o código de barras/);
    await code.fill(product.reference_code);
    await page.getByLabel("Talla").fill(size.size);
    await page.getByLabel("Pares").fill(String(size.quantity));
    await code.press("Enter");
    await page.getByText(new RegExp(`Línea registrada: ${product.reference_code} talla ${size.size}`)).waitFor();
    await page.getByTestId("count-line").first().waitFor();
    await page.screenshot({ path: `${SHOTS}/counts-keeper-line.png`, fullPage: true });

    await page.getByRole("tab", { name: "Diferencias" }).click();
    await expect.poll(() => page.getByTestId("total-difference").textContent()).toBe("0");
    await page.screenshot({ path: `${SHOTS}/counts-keeper-variances.png`, fullPage: true });

    await page.getByRole("button", { name: "Aplicar conteo" }).click();
    const confirm = page.getByRole("dialog", { name: "Aplicar conteo" });
    await confirm.getByRole("button", { name: "Aplicar conteo" }).click();
    await page.getByText("Conteo aplicado: las diferencias quedaron como ajustes").waitFor();
    await page.getByText("Aplicado", { exact: true }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/counts-keeper-posted.png`, fullPage: true });
  });
});
