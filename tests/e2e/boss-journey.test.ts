import { readFile } from "node:fs/promises";
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { formatCOP } from "../../web/src/lib/format";
import { DESKTOP, PHONE, signInAs, suiteBrowser } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
const BOSS = "boss@demo.horma.co";
const PASSWORD = "Horma#2026";
const RUN = Date.now().toString(36).toUpperCase();
const SECTIONS = {
  dashboard: "Dashboard",
  locations: "Ubicaciones",
  products: "Catálogo",
  inventory: "Inventario consolidado",
  counts: "Conteos",
  financial: "Análisis financiero",
  sales: "Reportes de ventas",
  analytics: "Tendencias",
} as const;
type Section = keyof typeof SECTIONS;
// Colombian locale and clock, as the product's users have them; reduced motion so that charts are
// drawn at once (recharts honours it) and the screenshots show their final state.
const LOCALE: BrowserContextOptions = { locale: "es-CO", timezoneId: "America/Bogota", reducedMotion: "reduce" };
const BOSS_API = "/api/v1/boss/boss";

async function apiLogin(email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/auth/login-json`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Bogotá's calendar day, as the API counts days. */
function bogotaToday(): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Bogota",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
}

const logIn = (page: Page) => signInAs(page, baseUrl, BOSS, "/boss", PASSWORD);

/** The section's heading is on screen (the app has started and chosen the section). */
async function onSection(page: Page, label: string) {
  await expect.poll(() => page.locator("main h2").first().textContent(), { timeout: 15_000 }).toBe(label);
}

async function openSection(page: Page, section: Section) {
  await page
    .getByRole("navigation", { name: "Secciones del panel" })
    .getByRole("button", { name: SECTIONS[section], exact: true })
    .click();
  await onSection(page, SECTIONS[section]);
  // each section is its own route (/boss, /boss/financial…)
  expect(new URL(page.url()).pathname).toBe(section === "dashboard" ? "/boss" : `/boss/${section}`);
}

/** Waits until a section has finished loading (no spinner left). */
async function settled(page: Page) {
  await expect
    .poll(
      () =>
        page
          .getByRole("status")
          .filter({ hasText: /Cargando/ })
          .count(),
      { timeout: 30_000 },
    )
    .toBe(0);
}

const dialog = (page: Page) => page.getByRole("dialog");
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).first().textContent()) ?? "";

/** Every section: its own content drawn, no load error, nothing wider than the screen. */
async function checkSection(page: Page, section: Section, width: number) {
  await settled(page);
  if (section === "dashboard") await page.getByTestId("kpi-grid").waitFor();
  if (section === "locations") await page.getByTestId("boss-location-card").first().waitFor();
  if (section === "inventory") await page.getByTestId("chart-by-brand").locator("svg").first().waitFor();
  if (section === "products") await page.getByTestId("catalogue-row").first().waitFor();
  if (section === "counts")
    await page.getByRole("list", { name: "Conteos" }).or(page.getByText("Todavía no hay conteos")).first().waitFor();
  if (section === "financial") await page.getByTestId("financial-gross-profit").waitFor();
  if (section === "sales") await page.getByTestId("sales-total").waitFor();
  if (section === "analytics") await page.getByTestId("chart-monthly-trend").locator("svg").first().waitFor();
  expect(await page.getByText("Error al cargar datos").count()).toBe(0);
  expect(await page.getByText(/próximamente|en desarrollo/i).count()).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe.skipIf(!baseUrl)("boss journey", () => {
  const browser = suiteBrowser(SHOTS);

  it("goes through every section with real figures, creates a location and downloads a report", async () => {
    const token = await apiLogin(BOSS);
    const today = bogotaToday();
    const monthStart = `${today.slice(0, 8)}01`;
    const context = await browser().newContext({ ...DESKTOP, ...LOCALE, acceptDownloads: true });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on("pageerror", (error) => failures.push(error.message));
    await logIn(page);
    await expect.poll(() => page.locator("h1").first().textContent()).toBe("Panel Ejecutivo");

    // --- Dashboard: company, boss, six KPIs; today's sales are GET /summary's, formatted as COP.
    await checkSection(page, "dashboard", DESKTOP.viewport.width);
    const summary = await api<{ sales_today: number; sales_month: number }>(token, `${BOSS_API}/summary`);
    expect(await text(page, "boss-company")).toBe("Calzado Horma Demo");
    expect(await text(page, "boss-name")).toBe("Beatriz Ospina");
    expect(await page.getByTestId("kpi-grid").locator("[data-trend]").count()).toBe(6);
    expect(await text(page, "kpi-value-sales_today")).toBe(formatCOP(summary.sales_today));
    expect(await text(page, "kpi-value-sales_month")).toBe(formatCOP(summary.sales_month));
    for (const card of await page.getByTestId("kpi-grid").locator("[data-trend]").all()) {
      expect(["up", "down", "stable", "new"]).toContain(await card.getAttribute("data-trend"));
    }
    expect(await page.getByTestId("top-location").count()).toBeLessThanOrEqual(5);
    expect(await page.getByTestId("top-location").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("boss-alert").count()).toBeLessThanOrEqual(5);
    expect(await text(page, "summary-revenue")).toBe(formatCOP(summary.sales_month));
    await page.screenshot({ path: `${SHOTS}/boss-desktop-dashboard.png`, fullPage: true });

    // A failing dashboard says 'Error al cargar datos' and 'Reintentar' brings it back.
    await page.route("**/api/v1/boss/boss/dashboard*", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"detail":"Servicio no disponible"}' }),
    );
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("Fecha").fill(yesterday);
    await page.getByText("Error al cargar datos").waitFor();
    await page.getByRole("button", { name: "Reintentar" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/boss-desktop-dashboard-error.png` });
    await page.unroute("**/api/v1/boss/boss/dashboard*");
    await page.getByRole("button", { name: "Reintentar" }).click();
    await expect.poll(() => page.getByText("Error al cargar datos").count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => text(page, "boss-name")).toBe("Beatriz Ospina");

    // --- Locations: the demo company has 5 of the plan's 10; a new bodega with its capacity.
    await openSection(page, "locations");
    await checkSection(page, "locations", DESKTOP.viewport.width);
    const before = await page.getByTestId("boss-location-card").count();
    expect(before).toBeGreaterThanOrEqual(5);
    await page.screenshot({ path: `${SHOTS}/boss-desktop-locations.png`, fullPage: true });
    await page.getByRole("button", { name: "Nueva ubicación" }).click();
    const create = dialog(page).getByRole("button", { name: "Crear ubicación" });
    expect(await create.isDisabled()).toBe(true);
    expect(
      await dialog(page)
        .getByLabel(/Capacidad/)
        .count(),
    ).toBe(0);
    const name = `Bodega E2E ${RUN}`;
    await dialog(page).getByLabel("Nombre *").fill(name);
    await dialog(page).getByLabel("Tipo").selectOption("bodega");
    await dialog(page)
      .getByLabel(/Capacidad/)
      .fill("1200");
    await dialog(page).getByLabel("Dirección").fill("Calle 80 # 20-10, Bogotá");
    await dialog(page).getByLabel("Encargado").fill("Prueba Automática");
    await page.screenshot({ path: `${SHOTS}/boss-desktop-location-create.png` });
    await create.click();
    await page.getByText("Ubicación creada exitosamente").waitFor();
    const card = page.getByTestId("boss-location-card").filter({ hasText: name });
    await card.waitFor();
    expect(await card.textContent()).toContain("Capacidad: 1.200 pares");
    expect(await page.getByTestId("boss-location-card").count()).toBe(before + 1);
    const listed = await api<{ locations: { name: string; type: string; capacity: number | null }[] }>(
      token,
      `${BOSS_API}/locations`,
    );
    expect(listed.locations.find((l) => l.name === name)).toMatchObject({ type: "bodega", capacity: 1200 });

    // --- Consolidated inventory: the API's totals, single feet apart.
    await openSection(page, "inventory");
    await checkSection(page, "inventory", DESKTOP.viewport.width);
    const inventory = await api<{ total_units: number; total_single_feet: number; total_value: number }>(
      token,
      `${BOSS_API}/inventory/consolidated`,
    );
    expect(await text(page, "inventory-total-pairs")).toBe(inventory.total_units.toLocaleString("es-CO"));
    expect(await text(page, "inventory-single-feet")).toBe(inventory.total_single_feet.toLocaleString("es-CO"));
    expect(await text(page, "inventory-total-value")).toBe(formatCOP(inventory.total_value));
    await page.screenshot({ path: `${SHOTS}/boss-desktop-inventory.png`, fullPage: true });

    // --- Financial analysis: this month so far by default.
    await openSection(page, "financial");
    await checkSection(page, "financial", DESKTOP.viewport.width);
    const finance = await api<{ total_revenue: number; net_profit: number }>(
      token,
      `${BOSS_API}/financial/analysis?start_date=${monthStart}&end_date=${today}`,
    );
    expect(await text(page, "financial-revenue")).toBe(formatCOP(finance.total_revenue));
    expect(await text(page, "financial-net-profit")).toBe(formatCOP(finance.net_profit));
    // Sorting the per-location table by sales puts the best seller first.
    await page
      .getByRole("columnheader", { name: /Ventas/ })
      .getByRole("button")
      .click();
    const firstSales = await page.getByTestId("financial-location-row").first().locator("td").nth(2).textContent();
    const allSales = await page.getByTestId("financial-location-row").locator("td:nth-child(3)").allTextContents();
    const pesos = (s: string) => Number(s.replace(/\D/g, ""));
    expect(pesos(firstSales ?? "")).toBe(Math.max(...allSales.map(pesos)));
    await page.screenshot({ path: `${SHOTS}/boss-desktop-financial.png`, fullPage: true });

    // --- Sales: this month so far, the CSV, a refused year, a month and a day.
    await openSection(page, "sales");
    await checkSection(page, "sales", DESKTOP.viewport.width);
    const report = await api<{ total_sales: number; total_transactions: number }>(
      token,
      `${BOSS_API}/reports/sales/consolidated`,
      { method: "POST", body: { start_date: monthStart, end_date: today } },
    );
    expect(await text(page, "sales-total")).toBe(formatCOP(report.total_sales));
    expect(await text(page, "sales-transactions")).toBe(String(report.total_transactions));
    expect(await text(page, "sales-total")).toBe(formatCOP(summary.sales_month));
    await page.screenshot({ path: `${SHOTS}/boss-desktop-sales.png`, fullPage: true });
    const download = page.waitForEvent("download");
    await page
      .getByRole("button", { name: /Descargar CSV/ })
      .first()
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`reporte-ventas-${monthStart}_${today}.csv`);
    const csv = await readFile((await file.path()) ?? "", "utf8");
    expect(csv).toContain("Ventas por ubicación");
    expect(csv).toContain(`${Math.round(report.total_sales)};${report.total_transactions}`);

    await page.getByRole("button", { name: "Mes", exact: true }).click();
    await page.getByLabel("Año").fill("2031");
    await page.getByText("El año debe estar entre 2020 y 2030").waitFor();
    expect(await page.getByRole("button", { name: "Consultar" }).isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/boss-desktop-sales-year-error.png` });
    await page.getByLabel("Año").fill(today.slice(0, 4));
    await page.getByLabel("Mes", { exact: true }).selectOption(String(Number(today.slice(5, 7))));
    await page.getByRole("button", { name: "Consultar" }).click();
    await expect.poll(() => text(page, "sales-period")).toMatch(/ de \d{4}$/);
    await settled(page);
    expect(await text(page, "sales-total")).toBe(formatCOP(summary.sales_month));

    await page.getByRole("button", { name: "Día", exact: true }).click();
    await page.getByLabel("Fecha").fill(today);
    await page.getByRole("button", { name: "Consultar" }).click();
    await expect.poll(() => text(page, "sales-period")).toBe(today.split("-").reverse().join("/"));
    await settled(page);
    if (summary.sales_today > 0) expect(await text(page, "sales-total")).toBe(formatCOP(summary.sales_today));
    else await page.getByText("No hay ventas en el período seleccionado").waitFor();

    // --- Trends: real charts from the monthly and daily reports.
    await openSection(page, "analytics");
    await checkSection(page, "analytics", DESKTOP.viewport.width);
    await page.getByTestId("chart-daily-trend").locator("svg").first().waitFor();
    await page.getByTestId("chart-location-comparison").locator("svg").first().waitFor();
    expect(await text(page, "trend-days-total")).not.toBe("");
    await page.screenshot({ path: `${SHOTS}/boss-desktop-analytics.png`, fullPage: true });

    expect(failures).toEqual([]);
    await context.close();
  }, 180_000);

  it("reads every section on a 390-px phone", async () => {
    const context = await browser().newContext({ ...PHONE, ...LOCALE });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on("pageerror", (error) => failures.push(error.message));
    await logIn(page);
    for (const section of Object.keys(SECTIONS) as Section[]) {
      await page.goto(`${baseUrl}/boss${section === "dashboard" ? "" : `/${section}`}`);
      await onSection(page, SECTIONS[section]);
      await checkSection(page, section, PHONE.viewport.width);
      await page.screenshot({ path: `${SHOTS}/boss-phone-${section}.png`, fullPage: true });
    }
    // The create dialog as a bottom sheet.
    await page.goto(`${baseUrl}/boss?section=locations`);
    await page.getByRole("button", { name: "Nueva ubicación" }).click();
    await dialog(page).getByLabel("Tipo").selectOption("bodega");
    await dialog(page)
      .getByLabel(/Capacidad/)
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/boss-phone-location-create.png` });
    expect(failures).toEqual([]);
    await context.close();
  }, 180_000);
});
