import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD, PHONE, sessionToken, signInAs, suiteBrowser } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
// Local Chapinero's seller: the other journeys sell at Local Centro (the till journey closes any till
// left open here before it starts its own day)
const SELLER = "vendedor2@demo.horma.co";
const REFS = ["NIKEAIRM-01", "ADIDASSU-01", "VANSAUTH-01", "REEBOKCL-01", "CONVERSE-02", "NEWBALAN-01"];

type Found = {
  product: { reference_code: string; unit_price: number };
  availability: {
    sizes: { detailed_by_size: Record<string, { local_availability: { summary: { can_sell_now: boolean } } }> };
  };
};
type Stocked = { ref: string; price: number; sizes: string[] };

const cop = (n: number) => n.toLocaleString("es-CO").replaceAll(".", "\\.");

/** The API as the signed-in seller. */
function apiOf(token: string) {
  return (path: string, init: { method?: string; json?: unknown } = {}) =>
    fetch(`${baseUrl}${path}`, {
      method: init.method ?? "GET",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "Idempotency-Key": crypto.randomUUID(),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
}

/** The radio chip named `name` (its input is visually hidden: the label is what a finger taps). */
const chip = (page: Page, name: string) =>
  page.locator("label").filter({ has: page.getByRole("radio", { name, exact: true }) });

describe.skipIf(!baseUrl)("returns and exchanges at the counter (phone)", () => {
  const browser = suiteBrowser(SHOTS);

  it("exchanges a pair for a dearer one paid in cash with change, then refunds another sale in cash and sees it in the Caja", async () => {
    const page = await (await browser().newContext(PHONE)).newPage();
    // what went wrong in the page, told with a failure (a screenshot of the moment is kept too)
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("console", (m) => void (m.type() === "error" && problems.push(`console: ${m.text()}`)));
    page.on("response", (r) => void (r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`)));
    try {
      await journey(page);
    } catch (error) {
      await page.screenshot({ path: `${SHOTS}/returns-failure.png`, fullPage: true }).catch(() => undefined);
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${problems.join("\n")}`);
    }
  });

  async function journey(page: Page) {
    await signInAs(page, baseUrl, SELLER, "/seller", DEMO_PASSWORD);
    const call = apiOf((await sessionToken(page)) ?? "");

    // what Local Chapinero has in stock, cheapest first
    const stocked: Stocked[] = [];
    for (const ref of REFS) {
      const res = await call(`/api/v1/products/lookup?code=${ref}`);
      if (!res.ok) continue;
      const found = (await res.json()) as Found;
      const sizes = Object.entries(found.availability.sizes.detailed_by_size)
        .filter(([, d]) => d.local_availability.summary.can_sell_now)
        .map(([size]) => size);
      if (sizes.length > 0) stocked.push({ ref: found.product.reference_code, price: found.product.unit_price, sizes });
    }
    stocked.sort((a, b) => a.price - b.price);
    const cheap = stocked[0];
    const dear = stocked.find((s) => cheap && s.price > cheap.price && s.sizes.some((z) => z !== cheap.sizes[0]));
    expect(cheap && dear, "two products of different prices in stock at Local Chapinero").toBeTruthy();
    if (!cheap || !dear) return;
    const soldSize = cheap.sizes[0] ?? "";
    const newSize = dear.sizes.find((z) => z !== soldSize) ?? "";

    async function sell(ref: string, size: string, price: number) {
      const res = await call("/api/v1/sales/create", {
        method: "POST",
        json: {
          items: [{ sneaker_reference_code: ref, size, quantity: 1 }],
          payment_methods: [{ payment_type: "efectivo", amount: price }],
          total_amount: price,
        },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { sale_id: number }).sale_id;
    }

    // the store's till is open for the day (the refund later comes out of it)
    const current = (await (await call("/api/v1/cash-sessions/current")).json()) as {
      session: { totals: { cash_refunds: number } } | null;
    };
    if (current.session === null) {
      expect(
        (await call("/api/v1/cash-sessions/open", { method: "POST", json: { opening_float: 200_000 } })).status,
      ).toBe(201);
    }
    const refundsBefore = current.session?.totals.cash_refunds ?? 0;

    // 1. a pair sold; the customer comes back for another size of a dearer model
    const saleId = await sell(cheap.ref, soldSize, cheap.price);
    await page.getByRole("button", { name: "Ver Ventas" }).click();
    await page.waitForURL(/\/seller\/today-sales/);
    await page.getByTestId("sale-card").first().waitFor();
    await page.screenshot({ path: `${SHOTS}/returns-today-sales.png`, fullPage: true });
    // the card's title names the sale exactly (its text runs on into the date: no pattern on the whole card)
    const card = page.getByTestId("sale-card").filter({ has: page.getByText(`Venta #${saleId}`, { exact: true }) });
    await card.waitFor();
    await card.getByRole("button", { name: /Devolver \/ Cambiar/ }).click();
    await page.waitForURL(new RegExp(`/seller/returns\\?.*sale=${saleId}`));
    await page.getByRole("region", { name: `Venta #${saleId}` }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Devoluciones y Cambios");
    // the sale's one pair is already chosen
    expect(await page.getByTestId("return-quantity").first().textContent()).toBe("1");
    expect(await page.getByTestId("return-line-counts").first().textContent()).toBe("Vendidos 1 · ya devueltos 0");
    await chip(page, "Talla").click();
    await chip(page, "Cambiar por otro producto").click();
    await page.getByLabel(/^Código de referencia/).fill(dear.ref);
    await page.getByLabel(/^Código de referencia/).press("Enter");
    await page.getByRole("button", { name: `Talla ${newSize}`, exact: true }).click();
    const difference = dear.price - cheap.price;
    expect(await page.getByTestId("exchange-to-pay").textContent()).toMatch(new RegExp(cop(difference)));
    const payment = page.getByRole("region", { name: "Pago de la diferencia" });
    // the one payment follows the difference
    await expect.poll(() => payment.getByLabel("Monto").inputValue()).toBe(String(difference));
    const cash = Math.ceil(difference / 10_000) * 10_000 + 10_000;
    await payment.getByLabel(/^Efectivo recibido/).fill(String(cash));
    expect(await payment.getByTestId("cash-change").textContent()).toMatch(
      new RegExp(`Cambio: \\$\\s?${cop(cash - difference)}`),
    );
    await page.screenshot({ path: `${SHOTS}/returns-exchange-form.png`, fullPage: true });
    await page.getByRole("button", { name: /^Registrar cambio/ }).click();
    await page.getByText("Cambio registrado", { exact: true }).waitFor();
    expect(await page.getByTestId("done-credit").textContent()).toMatch(new RegExp(cop(cheap.price)));
    expect(await page.getByTestId("done-exchange-total").textContent()).toMatch(new RegExp(cop(dear.price)));
    await page.screenshot({ path: `${SHOTS}/returns-exchange-done.png`, fullPage: true });

    // its receipt: what came back, the credit, what the customer took and how it was paid
    await page.getByRole("link", { name: "Ver e imprimir recibo" }).click();
    const receipt = page.getByRole("article", { name: /^Recibo del cambio #\d+$/ });
    await receipt.waitFor();
    const text = (await receipt.textContent()) ?? "";
    expect(text).toContain(`De la venta#${saleId}`);
    expect(text).toMatch(new RegExp(`Saldo a favor aplicado\\$\\s?${cop(cheap.price)}`));
    expect(text).toMatch(new RegExp(`Nota crédito \\(cambio\\)\\$\\s?${cop(cheap.price)}`));
    expect(text).toContain(`T${newSize}`);
    expect(await receipt.getByTestId("receipt-change").textContent()).toMatch(new RegExp(cop(cash - difference)));
    await page.screenshot({ path: `${SHOTS}/returns-exchange-receipt.png`, fullPage: true });

    // 2. another sale comes back for its money, in cash
    const refundSale = await sell(cheap.ref, soldSize, cheap.price);
    await page.goto(`${baseUrl}/seller/returns`);
    await page.getByLabel("Número de venta o código del recibo").waitFor();
    await page.screenshot({ path: `${SHOTS}/returns-find.png`, fullPage: true });
    await page.getByLabel("Número de venta o código del recibo").fill(String(refundSale));
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.getByRole("region", { name: `Venta #${refundSale}` }).waitFor();
    await chip(page, "No le gustó").click();
    expect(await page.getByTestId("refund-estimate").textContent()).toMatch(new RegExp(cop(cheap.price)));
    await page.screenshot({ path: `${SHOTS}/returns-refund-form.png`, fullPage: true });
    await page.getByRole("button", { name: "Registrar devolución" }).click();
    await page.getByText("Devolución registrada", { exact: true }).waitFor();
    expect(await page.getByTestId("done-refund").textContent()).toMatch(new RegExp(cop(cheap.price)));
    await page.screenshot({ path: `${SHOTS}/returns-refund-done.png`, fullPage: true });
    // its receipt is the nota de ajuste of the sale's POS document (the demo stores issue them), with the
    // IVA the pair carried back
    await page.getByRole("link", { name: "Ver e imprimir recibo" }).click();
    const note = page.getByRole("article", { name: /^Recibo de la devolución #\d+$/ });
    await note.waitFor();
    expect(await note.textContent()).toMatch(/Nota de ajuste NA\d+/);
    expect(await note.getByTestId("receipt-cude").textContent()).toMatch(/^CUDE: [0-9a-f]{96}$/);
    expect(await note.getByLabel("IVA devuelto").textContent()).toMatch(/IVA 19 %/);
    await page.screenshot({ path: `${SHOTS}/returns-refund-note.png`, fullPage: true });

    // the Caja counts it out of the drawer
    await page.goto(`${baseUrl}/seller/till`);
    const till = page.getByRole("article", { name: /^Caja #\d+$/ });
    await till.waitFor();
    expect(await till.textContent()).toMatch(
      new RegExp(`Devoluciones en efectivo-\\$\\s?${cop(refundsBefore + cheap.price)}`),
    );
    await page.screenshot({ path: `${SHOTS}/returns-till.png`, fullPage: true });
  }
});
