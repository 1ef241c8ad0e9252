import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { PHONE, signInAs, suiteBrowser } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
const PASSWORD = "Horma#2026";
const SELLER = "vendedor@demo.horma.co";
const KEEPER = "bodega@demo.horma.co";
const COURIER = "corredor@demo.horma.co";
const WAREHOUSE = "Bodega Principal";
const STORE = "Local Centro";
// The seller journey sells this reference at Local Centro; a transfer of it would change its count.
const RESERVED_FOR_OTHER_JOURNEYS = ["CONVERSE-01"];

type Size = {
  size: string;
  quantity: number;
  quantity_exhibition: number;
  left_feet: number;
  right_feet: number;
  reserved: number;
};
type Product = {
  product_id: number;
  brand: string;
  model: string;
  reference_code: string;
  is_active: number;
  sizes: Size[];
};
type Inventory = { locations: { location_id: number; location_name: string; products: Product[] }[] };

async function api<T>(path: string, token: string | null, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.body ? { "Content-Type": "application/json" } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

async function apiToken(email: string): Promise<string> {
  const body = await api<{ access_token: string }>("/api/v1/auth/auth/login-json", null, {
    method: "POST",
    body: { email, password: PASSWORD },
  });
  return body.access_token;
}

const inventory = (token: string) => api<Inventory>("/api/v1/inventory/warehouse-keeper/inventory/all", token);

function cell(inv: Inventory, location: string, reference: string, size: string): Size {
  const loc = inv.locations.find((l) => l.location_name === location);
  const product = loc?.products.find((p) => p.reference_code === reference);
  const found = product?.sizes.find((s) => s.size === size);
  // A size without any unit is left out of the answer: it counts as zero.
  return found ?? { size, quantity: 0, quantity_exhibition: 0, left_feet: 0, right_feet: 0, reserved: 0 };
}

async function logIn(context: BrowserContext, email: string, landing: string): Promise<Page> {
  const page = await context.newPage();
  await signInAs(page, baseUrl, email, landing, PASSWORD);
  return page;
}

/** Full pages, except over a dialog: a fixed overlay only covers the viewport's part of a full-page image. */
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `${SHOTS}/transfers-${name}.png`, fullPage });

const toast = (page: Page, title: string) => page.getByTestId("toast").filter({ hasText: title }).first();

/**
 * Waits for a toast; when it does not come, the failure says which toasts the screen shows instead (a
 * full run once missed 'Recolección Confirmada' on the return's pickup, a case that passes alone).
 */
async function toastShown(page: Page, title: string) {
  try {
    await toast(page, title).waitFor();
  } catch (err) {
    const shown = await page.getByTestId("toast").allInnerTexts();
    throw new Error(`Sin el aviso «${title}»; avisos en pantalla: ${JSON.stringify(shown)}`, { cause: err });
  }
}

/** The screen gets pushes: the socket is up (no polling runs meanwhile). */
async function expectLive(page: Page) {
  await expect
    .poll(() => page.getByTestId("live-mode").first().getAttribute("data-mode"), { timeout: 15_000 })
    .toBe("live");
}

/** A marker on window that only a full page load would wipe. */
async function markPage(page: Page) {
  await page.evaluate(() => Reflect.set(window, "__e2eNoReload", true));
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => Reflect.get(window, "__e2eNoReload"))).toBe(true);
}

async function openTab(page: Page, name: RegExp) {
  await page.getByRole("tab", { name }).click();
}

async function click(card: Locator, name: string) {
  const button = card.getByRole("button", { name, exact: true });
  await button.waitFor();
  await button.click();
}

describe.skipIf(!baseUrl)("transfer journey over the courier flow, live, and its return (phones, 390×844)", () => {
  const browser = suiteBrowser(SHOTS);

  it("seller requests a pair from Bodega Principal, keeper sees it live and accepts, courier carries it, seller confirms, then returns it", async () => {
    // ---------------------------------------------------------------- what to move, read from the inventory API
    const keeperToken = await apiToken(KEEPER);
    const before = await inventory(keeperToken);
    // Every product must describe itself: a numeric id and a reference code (other journeys add products
    // with generated codes such as HORM-VIDEOG-SQZP, so only the shape is checked).
    const shapeProblems = before.locations.flatMap((l) =>
      l.products
        .filter(
          (p) =>
            typeof p.product_id !== "number" ||
            typeof p.reference_code !== "string" ||
            !/^[A-Z0-9][A-Z0-9-]*$/.test(p.reference_code),
        )
        .map(
          (p) =>
            `${l.location_name}: product_id=${JSON.stringify(p.product_id)} reference_code=${JSON.stringify(p.reference_code)}`,
        ),
    );
    expect(
      shapeProblems.slice(0, 3),
      "GET /api/v1/inventory/warehouse-keeper/inventory/all: campos de producto",
    ).toEqual([]);
    const warehouse = before.locations.find((l) => l.location_name === WAREHOUSE);
    expect(warehouse, "Bodega Principal en el inventario").toBeTruthy();
    const candidates = (warehouse?.products ?? [])
      .filter((p) => p.is_active === 1 && !RESERVED_FOR_OTHER_JOURNEYS.includes(p.reference_code))
      .flatMap((p) => p.sizes.map((s) => ({ product: p, size: s, free: s.quantity - s.reserved })))
      .filter((c) => c.free >= 2)
      .sort((a, b) => b.free - a.free);
    const pick = candidates[0];
    expect(pick, "un producto activo con al menos 2 pares libres en Bodega Principal").toBeTruthy();
    if (!pick) return;
    const { reference_code: ref, brand, model } = pick.product;
    const size = pick.size.size;
    const warehouseBefore = cell(before, WAREHOUSE, ref, size);
    const storeBefore = cell(before, STORE, ref, size);

    // ---------------------------------------------------------------- the keeper's panel is open before the request
    const keeperContext = await browser().newContext(PHONE);
    const keeper = await logIn(keeperContext, KEEPER, "/warehouse");
    await expect.poll(() => keeper.locator("h1").first().textContent()).toBe("Panel de Bodega");
    await keeper.getByTestId("summary-0").waitFor();
    await expectLive(keeper);
    await markPage(keeper);
    await shot(keeper, "warehouse-pending-before");

    // ---------------------------------------------------------------- seller: 'Nueva Solicitud'
    const sellerContext = await browser().newContext(PHONE);
    const seller = await logIn(sellerContext, SELLER, "/seller");
    await seller.getByRole("button", { name: /Transferencias pendientes/ }).click();
    await seller.waitForURL(/\/seller\/transfers/);
    await expect.poll(() => seller.locator("h1").first().textContent()).toBe("Gestión de Transferencias");
    await seller.getByTestId("count-pending").waitFor();
    // On a phone the tabs are a dropdown.
    await seller.getByRole("combobox", { name: "Transferencias" }).selectOption("new");
    await seller.waitForURL(/tab=new/);
    await seller.getByLabel("Código de referencia *").fill(ref);
    await seller.getByLabel("Marca *").fill(brand);
    await seller.getByLabel("Modelo *").fill(model);
    await seller.getByLabel("Talla *").fill(size);
    await seller.getByLabel("Cantidad *").fill("1");
    await seller.getByLabel("Ubicación de origen *").selectOption({ label: `${WAREHOUSE} (Bodega)` });
    await seller.getByLabel("Propósito").selectOption("cliente");
    await seller.getByLabel("¿Quién recoge?").selectOption("corredor");
    await seller.getByLabel("Notas (opcional)").fill("Cliente esperando en tienda (e2e)");
    await shot(seller, "seller-new-request");
    await seller.getByRole("button", { name: "Solicitar Transferencia" }).click();
    const created = seller.getByText(/Solicitud de transferencia creada exitosamente\. ID de solicitud: #\d+/);
    await created.waitFor();
    const id = Number((await created.textContent())?.match(/#(\d+)/)?.[1]);
    expect(id).toBeGreaterThan(0);
    const sellerItem = seller.getByRole("listitem", { name: `Transferencia #${id}` });
    await sellerItem.waitFor();
    expect(await sellerItem.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("16");
    expect(await sellerItem.getByRole("progressbar").getAttribute("data-tone")).toBe("error");
    await shot(seller, "seller-requested");

    // ---------------------------------------------------------------- keeper: the request arrives live, without reload
    const pendingCard = keeper.getByRole("article", { name: `Solicitud #${id}` });
    await pendingCard.waitFor({ timeout: 10_000 });
    await expectNotReloaded(keeper);
    expect(await keeper.getByTestId("live-mode").getAttribute("data-mode")).toBe("live");
    expect(await pendingCard.textContent()).toContain(`${brand} ${model}`);
    expect(await pendingCard.getByTestId("stock-line").textContent()).toContain(
      `Stock disponible: ${warehouseBefore.quantity - warehouseBefore.reserved}`,
    );
    await keeper.getByRole("button", { name: /^Notificaciones \(\d+\)/ }).waitFor();
    await shot(keeper, "warehouse-live-request");
    await click(pendingCard, "Aceptar Solicitud");
    await toastShown(keeper, "Solicitud Aceptada");
    await pendingCard.waitFor({ state: "detached" });
    await openTab(keeper, /^Preparación/);
    const prepCard = keeper.getByRole("article", { name: `Solicitud #${id}` });
    await prepCard.getByText("No hay corredor asignado para esta solicitud").waitFor();
    expect(await prepCard.getByText("Esperando corredor").count()).toBeGreaterThan(0);
    await shot(keeper, "warehouse-preparation");

    // ---------------------------------------------------------------- courier: accept, pick up, deliver
    const courierContext = await browser().newContext(PHONE);
    const courier = await logIn(courierContext, COURIER, "/runner");
    await expect.poll(() => courier.locator("h1").first().textContent()).toBe("Panel de Corredor");
    await expectLive(courier);
    const available = courier.getByRole("article", { name: `Transporte #${id}` });
    await available.waitFor();
    await available.getByRole("button", { name: "Ver detalles" }).click();
    await available.getByTestId("transport-details").getByText("Contacto de entrega").waitFor();
    await shot(courier, "courier-available");
    await click(available, "Aceptar Entrega");
    await toastShown(courier, "Entrega Aceptada");
    // The keeper's card follows live: now the courier is assigned and the hand-over is possible.
    await prepCard.getByText("Corredor asignado").first().waitFor({ timeout: 10_000 });
    await prepCard.getByRole("button", { name: "Entregar a Corredor" }).waitFor();
    await expectNotReloaded(keeper);

    await openTab(courier, /^Mis Entregas/);
    const mine = courier.getByRole("article", { name: `Transporte #${id}` });
    await mine.waitFor();
    await shot(courier, "courier-my-deliveries");
    await click(mine, "Confirmar Recolección");
    await toastShown(courier, "Recolección Confirmada");
    await mine.getByRole("button", { name: "Confirmar Entrega" }).waitFor();
    // Picked up: the pair has left the warehouse.
    const inTransit = await inventory(keeperToken);
    expect(cell(inTransit, WAREHOUSE, ref, size).quantity).toBe(warehouseBefore.quantity - 1);
    await shot(courier, "courier-in-transit");
    await click(mine, "Confirmar Entrega");
    await toastShown(courier, "Entrega Completada");
    await mine.waitFor({ state: "detached" });
    await openTab(courier, /^Historial/);
    await courier
      .getByTestId("history-item")
      .filter({ hasText: `#${id}` })
      .waitFor();
    await shot(courier, "courier-history");

    // ---------------------------------------------------------------- seller again: confirm reception
    const seller2Context = await browser().newContext(PHONE);
    const seller2 = await logIn(seller2Context, SELLER, "/seller");
    await seller2.goto(`${baseUrl}/seller/transfers`);
    const delivered = seller2.getByRole("listitem", { name: `Transferencia #${id}` });
    await delivered.getByText("Entregada").waitFor();
    expect(await delivered.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("83");
    // Delivered transfers come first (sorted by progress).
    expect(await seller2.getByTestId("seller-pending-item").first().getAttribute("data-transfer-id")).toBe(String(id));
    await shot(seller2, "seller-delivered");
    await click(delivered, "Confirmar Recepción");
    const reception = seller2.getByRole("dialog");
    expect(await reception.getByLabel("Cantidad recibida").inputValue()).toBe("1");
    await reception.getByRole("button", { name: "Confirmar Recepción" }).click();
    await seller2.getByText(/Recepción confirmada/).waitFor();
    await seller2.getByRole("combobox", { name: "Transferencias" }).selectOption("completed");
    const done = seller2.getByRole("listitem", { name: `Transferencia #${id}` });
    await done.getByText("Completada", { exact: true }).waitFor();
    await shot(seller2, "seller-completed");

    // 'Vender' opens the new-sale form filled from the transfer (not sold here: the pair goes back).
    await click(done, "Vender");
    await seller2.waitForURL(new RegExp(`/seller/new-sale\\?transfer_id=${id}`));
    await expect.poll(() => seller2.locator("h1").first().textContent()).toBe("Nueva Venta");
    expect(await seller2.getByTestId("transfer-sale-banner").textContent()).toContain(`transferencia #${id}`);
    expect(await seller2.getByTestId("sale-line").textContent()).toContain(ref);
    await shot(seller2, "seller-sell-from-transfer");
    await seller2.goBack();
    await seller2.waitForURL(/\/seller\/transfers\?tab=completed/);

    // ---------------------------------------------------------------- seller: 'Generar Devolución' (two steps)
    await click(done, "Generar Devolución");
    const dialog = seller2.getByRole("dialog");
    await dialog.getByRole("button", { name: "Continuar" }).click();
    await dialog.getByText("Debe seleccionar quién recogerá el producto").waitFor();
    await dialog.getByLabel("Un corredor la recoge en mi local").check();
    await shot(seller2, "seller-return-details", false);
    await dialog.getByRole("button", { name: "Continuar" }).click();
    await dialog.getByTestId("return-summary").waitFor();
    await shot(seller2, "seller-return-confirm", false);
    await dialog.getByRole("button", { name: "Confirmar Devolución" }).click();
    const returned = seller2.getByText(/Devolución #\d+ creada/);
    await returned.waitFor();
    const returnId = Number((await returned.textContent())?.match(/#(\d+)/)?.[1]);
    expect(returnId).toBeGreaterThan(id);
    await seller2
      .getByRole("listitem", { name: `Transferencia #${returnId}` })
      .getByText("Devolución")
      .waitFor();
    await shot(seller2, "seller-return-requested");

    // ---------------------------------------------------------------- the return goes back over the same flow
    await openTab(keeper, /^Pendientes/);
    const returnCard = keeper.getByRole("article", { name: `Solicitud #${returnId}` });
    await returnCard.waitFor({ timeout: 10_000 });
    await expectNotReloaded(keeper);
    await returnCard.getByText("Devolución").first().waitFor();
    await click(returnCard, "Aceptar Solicitud");
    await toastShown(keeper, "Solicitud Aceptada");

    await openTab(courier, /^Disponibles/);
    const returnTransport = courier.getByRole("article", { name: `Transporte #${returnId}` });
    await returnTransport.waitFor({ timeout: 10_000 });
    await click(returnTransport, "Aceptar Entrega");
    await toastShown(courier, "Entrega Aceptada");
    await openTab(courier, /^Mis Entregas/);
    const returnMine = courier.getByRole("article", { name: `Transporte #${returnId}` });
    await click(returnMine, "Recibir de Vendedor");
    await toastShown(courier, "Recolección Confirmada");
    await shot(courier, "courier-return-in-transit");
    await click(returnMine, "Entregar a Bodeguero");
    await toastShown(courier, "Entrega Completada");

    await openTab(keeper, /^Devoluciones/);
    const arrived = keeper.getByRole("article", { name: `Devolución #${returnId}` });
    await arrived.getByRole("button", { name: "Confirmar Recepción" }).waitFor({ timeout: 10_000 });
    const timeline = (await arrived.getByRole("list", { name: "Línea de tiempo" }).textContent()) ?? "";
    for (const step of ["Solicitada", "Aceptada", "Corredor asignado", "Recogida", "Entregada en bodega"]) {
      expect(timeline).toContain(step);
    }
    await shot(keeper, "warehouse-returns");
    await click(arrived, "Confirmar Recepción");
    const receive = keeper.getByRole("dialog");
    expect(await receive.getByLabel("Cantidad recibida").inputValue()).toBe("1");
    expect(await receive.getByLabel("Condición del producto").inputValue()).toBe("good");
    expect(await receive.getByLabel("Devolver al inventario").isChecked()).toBe(true);
    await shot(keeper, "warehouse-return-reception", false);
    await receive.getByRole("button", { name: "Confirmar Recepción" }).click();
    await toastShown(keeper, "Devolución Recibida");
    await arrived.waitFor({ state: "detached" });
    await expectNotReloaded(keeper);

    // ---------------------------------------------------------------- the other tabs, with real figures
    await openTab(keeper, /^Estadísticas/);
    await keeper.getByText("Estado del sistema").waitFor();
    await shot(keeper, "warehouse-stats");
    await openTab(keeper, /^Inventario/);
    await keeper.getByTestId("location-summary").first().waitFor();
    await keeper.getByLabel("Buscar").fill(ref);
    await keeper.getByTestId("inventory-card").first().waitFor();
    await shot(keeper, "warehouse-inventory");
    await openTab(courier, /^Estadísticas/);
    await courier.getByText("Ganancias estimadas").waitFor();
    await shot(courier, "courier-stats");

    // ---------------------------------------------------------------- stock back where it was, nothing negative
    const after = await inventory(keeperToken);
    const warehouseAfter = cell(after, WAREHOUSE, ref, size);
    const storeAfter = cell(after, STORE, ref, size);
    expect(warehouseAfter.quantity).toBe(warehouseBefore.quantity);
    expect(warehouseAfter.reserved).toBe(warehouseBefore.reserved);
    expect(storeAfter.quantity).toBe(storeBefore.quantity);
    expect(storeAfter.reserved).toBe(storeBefore.reserved);
    const negative = after.locations.flatMap((l) =>
      l.products.flatMap((p) =>
        p.sizes
          .filter((s) => [s.quantity, s.quantity_exhibition, s.left_feet, s.right_feet, s.reserved].some((n) => n < 0))
          .map((s) => `${l.location_name} ${p.reference_code} ${s.size}`),
      ),
    );
    expect(negative).toEqual([]);

    for (const context of [keeperContext, sellerContext, courierContext, seller2Context]) await context.close();
  }, 300_000);
});
