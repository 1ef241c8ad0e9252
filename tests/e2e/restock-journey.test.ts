import { describe, expect, inject, it } from "vitest";
import { apiAt } from "./api";
import { DESKTOP, PHONE, signInAs, suiteBrowser } from "./browser";

// Restock orders (issue 37): the administrador orders five sizes from the warehouse for a store, the keeper
// accepts and picks them on a phone (one by its box's barcode) and hands the package over, and the store's
// seller receives it line by line with one pair short.
const baseUrl = inject("e2eBaseUrl");
const { call: api, token } = apiAt(baseUrl ?? "");
const SHOTS = "tests/e2e/screenshots";
// No other journey moves this product.
const REF = "ADIDASYE-01";
const SIZES = ["38", "39", "40", "41", "42"];
const WAREHOUSE = "Bodega Principal";
const STORE = "Local Centro";

type Inventory = {
  locations: {
    location_id: number;
    location_name: string;
    products: { product_id: number; reference_code: string; sizes: { size: string; quantity: number }[] }[];
  }[];
};
const inventory = (t: string) => api<Inventory>("/api/v1/inventory/warehouse-keeper/inventory/all", t);
const pairsAt = (inv: Inventory, location: string, size: string) =>
  inv.locations
    .find((l) => l.location_name === location)
    ?.products.find((p) => p.reference_code === REF)
    ?.sizes.find((s) => s.size === size)?.quantity ?? 0;

describe.skipIf(!baseUrl)("a restock order", () => {
  const browser = suiteBrowser(SHOTS);

  it("five lines prepared on the keeper's phone and received at the store with one line short", async () => {
    // the warehouse holds two pairs of each size
    const admin = await token("admin@demo.horma.co");
    const before = await inventory(admin);
    const idOf = (name: string) => before.locations.find((l) => l.location_name === name)?.location_id ?? 0;
    const found = await api<{ product: { id: number } }>(`/api/v1/products/lookup?code=${REF}`, admin);
    const productId = found.product.id;
    expect(productId, `${REF} en el catálogo`).toBeGreaterThan(0);
    for (const size of SIZES) {
      const missing = 2 - pairsAt(before, WAREHOUSE, size);
      if (missing !== 0)
        await api("/api/v1/inventory/adjustments", admin, {
          product_id: productId,
          location_id: idOf(WAREHOUSE),
          size,
          unit_kind: "pairs",
          delta: missing,
          reason: "encontrado",
          notes: "Reposición (e2e)",
        });
    }

    // the administrador orders the five sizes, two pairs each, to be picked up at the warehouse
    const desk = await (await browser().newContext(DESKTOP)).newPage();
    await signInAs(desk, baseUrl, "admin@demo.horma.co", "/administrador");
    await desk.goto(`${baseUrl}/administrador/restock`);
    await desk.getByRole("button", { name: "Nuevo pedido" }).click();
    const dialog = desk.getByRole("dialog");
    await dialog.getByLabel("Sale de", { exact: true }).selectOption({ label: WAREHOUSE });
    await dialog.getByLabel("Llega a", { exact: true }).selectOption({ label: STORE });
    await dialog.getByLabel("Transporte", { exact: true }).selectOption("vendedor");
    for (const [i, size] of SIZES.entries()) {
      if (i > 0) await dialog.getByRole("button", { name: "Agregar línea" }).click();
      const line = dialog.getByTestId("restock-draft-line").nth(i);
      await line.getByLabel(`Producto de la línea ${i + 1}`).fill(REF);
      await line.getByRole("option").first().click();
      await line.getByLabel("Talla", { exact: true }).fill(size);
      await line.getByLabel("Pares", { exact: true }).fill("2");
    }
    await desk.screenshot({ path: `${SHOTS}/restock-new-order-desktop.png` });
    await dialog.getByRole("button", { name: "Crear pedido" }).click();
    const created = desk.getByText(/^Pedido de reposición #(\d+) creado/);
    await created.waitFor();
    const orderId = /#(\d+)/.exec((await created.textContent()) ?? "")?.[1] ?? "";
    expect(orderId).not.toBe("");

    // the keeper, on a phone: accepts, picks one line by its barcode and the others by hand, hands it over
    const phone = await (await browser().newContext(PHONE)).newPage();
    await signInAs(phone, baseUrl, "bodega@demo.horma.co", "/warehouse");
    await phone.goto(`${baseUrl}/warehouse/orders`);
    const card = phone.getByRole("article", { name: `Pedido #${orderId}` });
    await card.getByRole("button", { name: "Aceptar pedido" }).click();
    await expect.poll(() => card.getByTestId("restock-status").textContent()).toBe("Aceptado: por alistar");
    const lines = card.getByTestId("restock-line");
    const { order } = await api<{ order: { lines: { barcode: string | null; sku: string | null }[] } }>(
      `/api/v1/transfer-orders/${orderId}`,
      admin,
    );
    const firstCode = order.lines[0]?.barcode ?? order.lines[0]?.sku ?? REF;
    await card.getByLabel("Código de la caja").fill(firstCode);
    await card.getByRole("button", { name: "Alistar", exact: true }).click();
    await expect.poll(() => lines.first().getByText("Alistada").count()).toBe(1);
    for (const size of SIZES.slice(1)) {
      await card.getByRole("button", { name: `Alistar Adidas Yeezy Slide talla ${size}` }).click();
      await card.getByRole("button", { name: `Quitar del paquete Adidas Yeezy Slide talla ${size}` }).waitFor();
    }
    await phone.screenshot({ path: `${SHOTS}/restock-picked-phone.png`, fullPage: true });
    await card.getByRole("button", { name: "Entregar a quien lo recoge" }).click();
    await expect.poll(() => card.getByTestId("restock-status").textContent()).toBe("Entregado: por recibir");
    const afterHandOver = await inventory(admin);
    expect(SIZES.map((s) => pairsAt(afterHandOver, WAREHOUSE, s))).toEqual([0, 0, 0, 0, 0]);

    // the store's seller receives it: size 40 came one pair short
    const seller = await (await browser().newContext(PHONE)).newPage();
    await signInAs(seller, baseUrl, "vendedor@demo.horma.co", "/seller");
    const storeBefore = await inventory(admin);
    await seller.goto(`${baseUrl}/seller/orders`);
    const arriving = seller.getByRole("article", { name: `Pedido #${orderId}` });
    await arriving.getByRole("button", { name: "Recibir pedido" }).click();
    const receive = seller.getByRole("dialog");
    await receive.getByLabel("Recibidos de Adidas Yeezy Slide talla 40").fill("1");
    await seller.screenshot({ path: `${SHOTS}/restock-receive-phone.png` });
    await receive.getByRole("button", { name: "Confirmar recepción" }).click();
    await seller.getByText("Recepción registrada").waitFor();
    const after = await inventory(admin);
    expect(SIZES.map((s) => pairsAt(after, STORE, s) - pairsAt(storeBefore, STORE, s))).toEqual([2, 2, 1, 2, 2]);

    // closed, with what arrived of each line
    await seller.getByRole("button", { name: "Cerrados" }).click();
    const closed = seller.getByRole("article", { name: `Pedido #${orderId}` });
    await expect.poll(() => closed.getByTestId("restock-status").textContent()).toBe("Recibido");
    await expect.poll(() => closed.getByText("recibidos 1").count()).toBe(1);
    await seller.screenshot({ path: `${SHOTS}/restock-closed-phone.png`, fullPage: true });
  });
});
