import { describe, expect, inject, it } from "vitest";
import { apiAt } from "./api";
import { DESKTOP, PHONE, signInAs, suiteBrowser } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const { call: api, token } = apiAt(baseUrl ?? "");
const SHOTS = "tests/e2e/screenshots";
// No other journey moves this product (the transfer journey picks the warehouse's fullest product).
const REF = "ASICSGEL-01";
const STORE = "Local Centro";
const WAREHOUSE = "Bodega Principal";

type Size = { size: string; quantity: number; left_feet: number; right_feet: number; reserved: number };
type Inventory = {
  locations: {
    location_id: number;
    location_name: string;
    products: { product_id: number; reference_code: string; sizes: Size[] }[];
  }[];
};

const inventory = (t: string) => api<Inventory>("/api/v1/inventory/warehouse-keeper/inventory/all", t);

function cellOf(inv: Inventory, location: string, size: string): Size {
  const found = inv.locations
    .find((l) => l.location_name === location)
    ?.products.find((p) => p.reference_code === REF)
    ?.sizes.find((s) => s.size === size);
  return found ?? { size, quantity: 0, left_feet: 0, right_feet: 0, reserved: 0 };
}

describe.skipIf(!baseUrl)("a left foot and a right foot becoming a pair", () => {
  const browser = suiteBrowser(SHOTS);

  it("a right foot waits at the store, a left foot comes from the warehouse: on reception they are one sellable pair", async () => {
    const admin = await token("admin@demo.horma.co");
    const before = await inventory(admin);
    const idOf = (name: string) => before.locations.find((l) => l.location_name === name)?.location_id ?? 0;
    const product = before.locations.flatMap((l) => l.products).find((p) => p.reference_code === REF)?.product_id ?? 0;
    expect(product, `${REF} en el inventario`).toBeGreaterThan(0);
    // a size with no single feet at either end, so the two feet below are the only ones
    const size =
      ["35", "36", "37", "38", "39", "40", "41", "42", "43", "44"].find((s) =>
        [STORE, WAREHOUSE].every((l) => {
          const c = cellOf(before, l, s);
          return c.left_feet === 0 && c.right_feet === 0;
        }),
      ) ?? "";
    expect(size).not.toBe("");
    const adjust = (location: string, unit_kind: "left" | "right") =>
      api("/api/v1/inventory/adjustments", admin, {
        product_id: product,
        location_id: idOf(location),
        size,
        unit_kind,
        delta: 1,
        reason: "encontrado",
        notes: "Pie suelto (e2e)",
      });
    await adjust(STORE, "right");
    await adjust(WAREHOUSE, "left");
    const storeBefore = cellOf(await inventory(admin), STORE, size);
    expect(storeBefore).toMatchObject({ left_feet: 0, right_feet: 1 });

    // the seller asks the warehouse for the missing left foot and picks it up
    const seller = await token("vendedor@demo.horma.co");
    const { transfer_request_id: id } = await api<{ transfer_request_id: number }>(
      "/api/v1/transfers/request-single-foot",
      seller,
      {
        source_location_id: idOf(WAREHOUSE),
        sneaker_reference_code: REF,
        size,
        foot_side: "left",
        pickup_type: "vendedor",
      },
    );

    // the keeper accepts and hands it over, on a phone
    const keeper = await (await browser().newContext(PHONE)).newPage();
    await signInAs(keeper, baseUrl, "bodega@demo.horma.co", "/warehouse");
    const pending = keeper.getByRole("article", { name: `Solicitud #${id}` });
    await pending.getByRole("button", { name: "Aceptar Solicitud", exact: true }).click();
    await pending.waitFor({ state: "detached" });
    await keeper.getByRole("tab", { name: /^Preparación/ }).click();
    const prep = keeper.getByRole("article", { name: `Solicitud #${id}` });
    await prep.getByRole("button", { name: "Entregar a Vendedor" }).click();
    // the acceptance toast may still be on screen: wait for the hand-over's own
    await keeper.getByTestId("toast").filter({ hasText: "Entregado al Vendedor" }).first().waitFor();
    await keeper.screenshot({ path: `${SHOTS}/pairs-keeper-delivered.png`, fullPage: true });

    // the seller confirms the reception, on a phone
    const store = await (await browser().newContext(PHONE)).newPage();
    await signInAs(store, baseUrl, "vendedor@demo.horma.co", "/seller");
    await store.goto(`${baseUrl}/seller/transfers`);
    const delivered = store.getByRole("listitem", { name: `Transferencia #${id}` });
    await delivered.getByText("Entregada").waitFor();
    await delivered.getByRole("button", { name: "Confirmar Recepción", exact: true }).click();
    await store.getByRole("dialog").getByRole("button", { name: "Confirmar Recepción" }).click();
    await store.getByText(/Recepción confirmada/).waitFor();
    await store.screenshot({ path: `${SHOTS}/pairs-seller-received.png`, fullPage: true });

    const after = cellOf(await inventory(admin), STORE, size);
    expect(after).toMatchObject({ quantity: storeBefore.quantity + 1, left_feet: 0, right_feet: 0 });

    // the administrador reads it in the product's history
    const page = await (await browser().newContext(DESKTOP)).newPage();
    await signInAs(page, baseUrl, "admin@demo.horma.co", "/administrador");
    await page.goto(`${baseUrl}/administrador?section=products`);
    await page.getByRole("searchbox", { name: "Buscar" }).fill(REF);
    await page.getByRole("searchbox", { name: "Buscar" }).press("Enter");
    await page.getByTestId("catalogue-row").filter({ hasText: REF }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("tab", { name: "Historial" }).click();
    const formed = dialog
      .getByTestId("movements")
      .getByRole("listitem")
      .filter({ hasText: "Par formado con pies sueltos" });
    await formed.first().waitFor();
    expect(await formed.first().textContent()).toContain(`transferencia #${id}`);
    expect(await formed.first().textContent()).toContain(`talla ${size} · +1 par · -1 izq. · -1 der.`);
    await page.screenshot({ path: `${SHOTS}/pairs-admin-history.png`, fullPage: true });
  });
});
