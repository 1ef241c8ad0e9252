import { describe, expect, inject, it } from "vitest";
import { dianNit } from "./api";
import { DESKTOP, PHONE, signInAs, suiteBrowser } from "./browser";

// Compras (issue 37): a supplier, an order of two lines sent to it, received in two parts, and the
// product's weighted average cost the same in the order's lines and in the catalogue.
const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";

/** A locator's text with every space as one plain space (es-CO money has a no-break space after $). */
const textOf = async (locator: { textContent: () => Promise<string | null> }) =>
  ((await locator.textContent()) ?? "").replace(/\s+/g, " ");

describe.skipIf(!baseUrl)("purchasing", () => {
  const browser = suiteBrowser(SHOTS);

  it.each([
    ["phone", PHONE, "CONVERSE-02"],
    ["desktop", DESKTOP, "NEWBALAN-02"],
  ] as const)(
    "a purchase order received in two parts, and the average cost in the catalogue (%s)",
    async (name, device, ref) => {
      const page = await (await browser().newContext(device)).newPage();
      await signInAs(page, baseUrl, "admin@demo.horma.co", "/administrador");
      await page.goto(`${baseUrl}/administrador/purchasing`);
      const supplierName = `Distribuidora ${name} ${Date.now().toString(36)}`;

      // a supplier
      await page.getByRole("button", { name: "+ Nuevo proveedor" }).click();
      let dialog = page.getByRole("dialog");
      await dialog.getByLabel("Nombre o razón social").fill(supplierName);
      await dialog.getByLabel("NIT", { exact: true }).fill(dianNit(810_000_000, Date.now()));
      await dialog.getByLabel("Plazo de entrega (días)").fill("10");
      await dialog.getByRole("button", { name: "Registrar proveedor" }).click();
      await page.getByText(`Proveedor registrado: ${supplierName}`).waitFor();

      // an order of two lines, sent at once
      await page.getByRole("button", { name: "+ Nueva orden" }).click();
      dialog = page.getByRole("dialog");
      await dialog.getByLabel("Proveedor", { exact: true }).selectOption({ label: supplierName });
      await dialog.getByLabel("Llega a", { exact: true }).selectOption({ label: "Bodega Principal" });
      for (const [index, size, pairs, cost] of [
        [1, "40", "4", "120000"],
        [2, "41", "2", "150000"],
      ] as const) {
        if (index > 1) await dialog.getByRole("button", { name: "Agregar línea" }).click();
        const line = dialog.getByTestId("order-line").nth(index - 1);
        await line.getByLabel(`Producto de la línea ${index}`).fill(ref);
        await line.getByRole("option").first().click();
        await line.getByLabel("Talla", { exact: true }).fill(size);
        await line.getByLabel("Pares", { exact: true }).fill(pairs);
        await line.getByLabel("Costo por par").fill(cost);
      }
      await expect.poll(() => textOf(dialog.getByTestId("order-total"))).toBe("6 pares · $ 780.000");
      await page.screenshot({ path: `${SHOTS}/purchasing-new-order-${name}.png` });
      await dialog.getByRole("button", { name: "Crear y enviar" }).click();
      const created = page.getByText(new RegExp(`^Orden de compra #(\\d+) enviada a ${supplierName}`));
      await created.waitFor();
      const orderId = /#(\d+)/.exec((await created.textContent()) ?? "")?.[1] ?? "";

      // first delivery: 3 of the 4 pairs of size 40, none of 41
      await page.getByRole("button", { name: `Recibir orden #${orderId}` }).click();
      dialog = page.getByRole("dialog");
      const arrived = dialog.getByLabel(/^Llegaron/);
      await arrived.nth(0).fill("3");
      await arrived.nth(1).fill("0");
      await dialog.getByRole("button", { name: "Registrar recepción" }).click();
      await page
        .getByText(
          new RegExp(`Recepción registrada: 3 pares en Bodega Principal · orden #${orderId} recibida en parte`),
        )
        .waitFor();
      const card = page.getByTestId("purchase-order").filter({ hasText: `#${orderId} ·` });
      await expect.poll(() => card.textContent()).toContain("3 de 6 pares recibidos");
      expect(await card.textContent()).toContain("Recibida en parte");

      // the rest arrives
      await page.getByRole("button", { name: `Recibir orden #${orderId}` }).click();
      dialog = page.getByRole("dialog");
      await dialog.getByTestId("reception-line").first().waitFor();
      expect(await dialog.getByTestId("reception-line").count()).toBe(2);
      await dialog.getByRole("button", { name: "Registrar recepción" }).click();
      await page.getByText(new RegExp(`orden #${orderId} recibida completa`)).waitFor();
      await expect.poll(() => card.textContent()).toContain("6 de 6 pares recibidos");

      // the product's average cost, as its lines show it now
      await page.getByRole("button", { name: `Ver orden #${orderId}` }).click();
      dialog = page.getByRole("dialog");
      const detail = await textOf(dialog.getByTestId("order-line-detail").first());
      const average = /costo promedio del producto: (\$ [\d.]+)/.exec(detail)?.[1];
      expect(average, detail).toBeTruthy();
      await page.screenshot({ path: `${SHOTS}/purchasing-received-${name}.png` });
      await dialog.getByRole("button", { name: "Cerrar" }).first().click();

      // the same cost in the catalogue
      await page.goto(`${baseUrl}/administrador/products`);
      await page.getByLabel("Buscar", { exact: true }).fill(ref);
      await page.getByLabel("Buscar", { exact: true }).press("Enter");
      await expect
        .poll(() => page.getByTestId("catalogue-row").first().textContent(), { timeout: 15_000 })
        .toContain(ref);
      await page.getByTestId("catalogue-row").first().click();
      await expect.poll(() => textOf(page.getByRole("dialog"))).toContain(`Costo ${average}`);
      await page.screenshot({ path: `${SHOTS}/purchasing-catalogue-cost-${name}.png` });
      await page.context().close();
    },
  );
});
