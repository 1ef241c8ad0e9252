import { describe, expect, inject, it } from "vitest";
import { apiAt, dianNit } from "./api";
import { DESKTOP, signInAs, suiteBrowser } from "./browser";

// Qué reponer (issue 37): the administrador reads the suggestions of one store and turns them, in one
// click, into a purchase order to a supplier: the order's lines are the suggested pairs.
const baseUrl = inject("e2eBaseUrl");
const { call: api, token } = apiAt(baseUrl ?? "");
const SHOTS = "tests/e2e/screenshots";
const STORE = "Local Centro";

type Reorder = { total_suggested: number; rows: { product_id: number; size: string; suggested: number }[] };
type Order = { order: { id: number; lines: { product_id: number; size: string; quantity: number }[] } };

describe.skipIf(!baseUrl)("what to reorder", () => {
  const browser = suiteBrowser(SHOTS);

  it("a store's suggestions become a purchase order in one click", async () => {
    const admin = await token("admin@demo.horma.co");
    const supplierName = `Proveedor reposición ${Date.now().toString(36)}`;
    const { supplier } = await api<{ supplier: { id: number } }>("/api/v1/admin/admin/suppliers", admin, {
      name: supplierName,
      nit: dianNit(820_000_000, Date.now()),
      lead_time_days: 10,
    });
    const places = await api<{ id: number; name: string }[]>("/api/v1/locations", admin);
    const store = places.find((p) => p.name === STORE)?.id ?? 0;

    const page = await (await browser().newContext(DESKTOP)).newPage();
    await signInAs(page, baseUrl, "admin@demo.horma.co", "/administrador");
    await page.goto(`${baseUrl}/administrador/reports`);
    const panel = page.getByRole("region", { name: "Qué reponer" });
    await panel.getByLabel("Ubicación", { exact: true }).selectOption({ label: STORE });
    await panel.getByLabel("Proveedor (tiempo de entrega)").selectOption({ label: `${supplierName}: 10 días` });
    await panel.getByRole("button", { name: "Calcular" }).click();
    await panel.getByText(/total sugerido/).waitFor();

    // the same figures the API gives for that store and lead time
    const expected = await api<Reorder>(
      `/api/v1/admin/admin/reports/reorder?location_id=${store}&window_days=28&supplier_id=${supplier.id}`,
      admin,
    );
    const wanted = expected.rows.filter((r) => r.suggested > 0);
    expect(wanted.length, "sugerencias en el local").toBeGreaterThan(0);

    await panel.getByRole("button", { name: "Crear orden de compra" }).click();
    const dialog = page.getByRole("dialog", { name: "Nueva orden de compra" });
    const lines = dialog.getByTestId("order-line");
    await expect.poll(() => lines.count()).toBeGreaterThan(0);
    const count = await lines.count();
    for (let i = 0; i < count; i++) await lines.nth(i).getByLabel("Costo por par").fill("90000");
    await page.screenshot({ path: `${SHOTS}/reorder-order-desktop.png` });
    await dialog.getByRole("button", { name: "Crear y enviar" }).click();
    const created = page.getByText(new RegExp(`^Orden de compra #(\\d+) enviada a ${supplierName}`));
    await created.waitFor();
    const orderId = /#(\d+)/.exec((await created.textContent()) ?? "")?.[1] ?? "";

    // the order asks for the suggested pairs of that store, line by line
    const { order } = await api<Order>(`/api/v1/admin/admin/purchase-orders/${orderId}`, admin);
    const key = (l: { product_id: number; size: string }) => `${l.product_id}:${l.size}`;
    expect(new Map(order.lines.map((l) => [key(l), l.quantity]))).toEqual(
      new Map(wanted.map((r) => [key(r), r.suggested])),
    );
  });
});
