import { describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, signInAs, suiteBrowser } from "./browser";

// Productos → Importar CSV (issue 37): a dry run with an error, the file fixed, applied, and the new
// product in the list; at the phone's and the desktop's width.
const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
const HEADER = "referencia;marca;modelo;color;categoría;talla;código de barras;precio (COP);costo (COP);IVA;activo";

const csv = (ref: string, price: string) =>
  Buffer.from(
    `\uFEFF${HEADER}\r\n${ref};Horma;Importado ${ref};Negro;casual;40;;189.900;95000;iva_19;sí\r\n${ref};Horma;Importado ${ref};Negro;casual;41;;${price};95000;iva_19;sí\r\n`,
  );

describe.skipIf(!baseUrl)("catalogue CSV import", () => {
  const browser = suiteBrowser(SHOTS);

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)("a CSV import dry run with errors, fixed and applied (%s)", async (name, device) => {
    const ref = `CSV-${name.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
    const page = await (await browser().newContext(device)).newPage();
    await signInAs(page, baseUrl, "admin@demo.horma.co", "/administrador");
    await page.goto(`${baseUrl}/administrador?section=products`);
    await page.getByTestId("catalogue-row").first().waitFor();
    await page.getByRole("button", { name: "Importar CSV" }).click();
    const dialog = page.getByRole("dialog");
    const file = dialog.getByLabel("Archivo CSV");

    // a price with centavos on the second row: the dry run names it, apply stays off
    await file.setInputFiles({ name: "catalogo.csv", mimeType: "text/csv", buffer: csv(ref, "189900,50") });
    await dialog.getByText(/El archivo tiene 1 error en 1 fila/).waitFor();
    await dialog.getByText(/^Fila 3, precio: debe ser un número entero de pesos/).waitFor();
    const apply = dialog.getByRole("button", { name: "Aplicar importación" });
    expect(await apply.isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/catalogue-import-errors-${name}.png` });

    // fixed: the two rows create the product and its sizes
    await file.setInputFiles({ name: "catalogo.csv", mimeType: "text/csv", buffer: csv(ref, "189.900") });
    await dialog.getByText("Sin errores: revisa los cambios y aplica la importación.").waitFor();
    expect(await dialog.getByTestId("import-row").count()).toBe(2);
    await page.screenshot({ path: `${SHOTS}/catalogue-import-plan-${name}.png` });
    await apply.click();
    await dialog.getByText(/^Importación aplicada: 1 producto nuevo/).waitFor();
    await page.screenshot({ path: `${SHOTS}/catalogue-import-done-${name}.png` });
    await dialog.getByRole("button", { name: "Cerrar", exact: true }).last().click();

    // the list shows it
    await page.getByLabel("Buscar", { exact: true }).fill(ref);
    await page.getByLabel("Buscar", { exact: true }).press("Enter");
    await expect
      .poll(() => page.getByTestId("catalogue-row").first().textContent(), { timeout: 15_000 })
      .toContain(`Importado ${ref}`);
    expect(await page.getByTestId("catalogue-row").first().textContent()).toMatch(/189\.900/);
    await page.getByTestId("catalogue-row").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/catalogue-import-listed-${name}.png` });
    await page.context().close();
  });
});
