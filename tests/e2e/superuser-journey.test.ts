import { readFileSync } from "node:fs";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, signInAs, suiteBrowser } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
const SUPER = "super@horma.co";
const PASSWORD = "Horma#2026";

// Unique per run, so a reused state never collides with an earlier company, boss or plan.
const RUN = Date.now().toString(36).slice(-6);
const COMPANY = { name: `Calzado Prueba ${RUN}`, subdomain: `prueba-${RUN}`, email: `hola-${RUN}@prueba.co` };
const BOSS = { first: "Lucía", last: "Mora", email: `boss-${RUN}@prueba.co`, password: "Prueba#2026" };
const PLAN_CODE = `e2e-${RUN}`;

const TABS = [
  ["overview", "Dashboard"],
  ["companies", "Empresas"],
  ["bosses", "Usuarios Boss"],
  ["subscriptions", "Suscripciones"],
  ["invoices", "Facturas"],
  ["plans", "Planes"],
  ["reports", "Reportes"],
  ["setup", "Configuración Inicial"],
] as const;

const logIn = (page: Page, email: string, password: string, landing: string) =>
  signInAs(page, baseUrl, email, landing, password);

const title = (page: Page) => page.locator("h1").first().textContent();
/** Runs an action and waits for its success notice; earlier notices are closed first so they cannot match. */
async function succeeds(page: Page, text: string, action: () => Promise<void>) {
  for (const close of await page.getByRole("button", { name: "Cerrar mensaje" }).all()) {
    // A notice may close on its own meanwhile.
    await close.click({ timeout: 1000 }).catch(() => undefined);
  }
  await action();
  await page.getByTestId("toast-success").filter({ hasText: text }).first().waitFor();
}
const card = (page: Page) => page.getByRole("article", { name: COMPANY.name });

async function openTab(page: Page, label: string) {
  await page.getByRole("tab", { name: label }).click();
  await expect.poll(() => page.getByRole("tab", { name: label }).getAttribute("aria-selected")).toBe("true");
}

async function shot(page: Page, name: string) {
  // Let charts and toasts settle; notices are part of what the screenshot should show.
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/superuser-${name}.png`, fullPage: true });
}

async function expectNoErrors(page: Page) {
  expect(await page.getByTestId("load-banner").count()).toBe(0);
  expect(await page.getByTestId("toast-error").count()).toBe(0);
}

describe.skipIf(!baseUrl)("superuser journey", () => {
  const browser = suiteBrowser(SHOTS);
  let desktop: BrowserContext;
  let page: Page;
  let companyId = 0;

  beforeAll(async () => {
    desktop = await browser().newContext({ ...DESKTOP, locale: "es-CO", acceptDownloads: true });
    page = await desktop.newPage();
    await logIn(page, SUPER, PASSWORD, "/superuser");
  });

  it("creates a company whose plan fills the limits, and opens its metrics", async () => {
    await expect.poll(() => title(page)).toBe("Panel de Superadmin");
    expect(await page.getByRole("tab").allTextContents()).toEqual(TABS.map(([, label]) => label));
    await page.getByTestId("card-companies").waitFor();
    await page.getByRole("region", { name: "Estado del sistema" }).waitFor();
    await expectNoErrors(page);
    await shot(page, "desktop-overview");

    await openTab(page, "Empresas");
    await page.getByRole("article").first().waitFor();
    await page.getByRole("button", { name: "Nueva Empresa" }).click();
    const form = page.getByRole("dialog", { name: "Nueva Empresa" });
    await form.getByLabel("Nombre *").fill(COMPANY.name);
    await form.getByLabel("Subdominio *").fill(COMPANY.subdomain);
    await form.getByLabel("Correo *").fill(COMPANY.email);
    await form.getByLabel("NIT / RUT").fill("901555444-7");
    await form.getByLabel("Plan").selectOption("professional");
    // The seed's Profesional plan: 10 locations, 40 employees, $100.000 — copied and locked.
    await expect.poll(() => form.getByLabel("Máx. ubicaciones").inputValue()).toBe("10");
    expect(await form.getByLabel("Máx. empleados").inputValue()).toBe("40");
    expect(await form.getByLabel("Precio por ubicación (COP / mes)").inputValue()).toBe("100000");
    expect(await form.getByLabel("Máx. ubicaciones").getAttribute("readonly")).not.toBeNull();
    await shot(page, "desktop-company-form");
    await succeeds(page, "Empresa creada exitosamente", () =>
      form.getByRole("button", { name: "Crear Empresa" }).click(),
    );
    await card(page).waitFor();
    const text = (await card(page).textContent()) ?? "";
    companyId = Number(/ID (\d+)/.exec(text)?.[1]);
    expect(companyId).toBeGreaterThan(0);
    expect(text).toContain("Profesional");
    expect(text).toContain("Activa");
    expect(text).toMatch(/0 de 10/);

    await card(page).getByRole("button", { name: "Métricas" }).click();
    await page.waitForURL(new RegExp(`/superuser/companies\\?company=${companyId}$`));
    const panel = page.getByTestId("metrics-panel");
    await panel.getByText("Sin boss asignado").waitFor();
    expect(await panel.getByRole("progressbar").count()).toBe(2);
    await shot(page, "desktop-companies");
  });

  it("creates the company's boss with the live checklist; that boss logs in and lands on /boss", async () => {
    await openTab(page, "Usuarios Boss");
    const row = page.getByTestId("boss-row").filter({ hasText: COMPANY.name });
    await row.getByText("Sin boss asignado").waitFor();
    await page.getByRole("button", { name: "Crear Boss" }).first().click();
    const form = page.getByRole("dialog", { name: "Crear Boss" });
    // The company comes first; the fields appear after choosing it.
    expect(await form.getByLabel("Contraseña *").count()).toBe(0);
    await form.getByLabel("Empresa").selectOption(String(companyId));
    await form.getByLabel("Nombre *").fill(BOSS.first);
    await form.getByLabel("Apellido *").fill(BOSS.last);
    await form.getByLabel("Email *").fill(BOSS.email);
    const submit = form.getByRole("button", { name: "Crear Boss" });
    await form.getByLabel("Contraseña *").fill("prueba2026");
    expect(await submit.isDisabled()).toBe(true);
    await shot(page, "desktop-boss-form-incomplete");
    await form.getByLabel("Contraseña *").fill(BOSS.password);
    expect(await submit.isEnabled()).toBe(true);
    expect(await form.locator('li[data-ok="true"]').count()).toBe(4);
    await shot(page, "desktop-boss-form");
    await succeeds(page, "Usuario Boss creado exitosamente", () => submit.click());
    await row.getByText(BOSS.email).waitFor();
    expect(await row.textContent()).toContain(`${BOSS.first} ${BOSS.last}`);
    await row.getByRole("button", { name: "Ver Boss" }).click();
    const details = page.getByTestId("boss-details");
    await details.waitFor();
    expect(await details.textContent()).toMatch(/Creado\d{2}\/\d{2}\/\d{4}/);
    await shot(page, "desktop-boss-details");
    await page.getByRole("dialog").getByRole("button", { name: "Cerrar", exact: true }).click();
    await shot(page, "desktop-bosses");

    const bossContext = await browser().newContext(DESKTOP);
    const bossPage = await bossContext.newPage();
    await logIn(bossPage, BOSS.email, BOSS.password, "/boss");
    await expect.poll(() => title(bossPage)).toBe("Panel Ejecutivo");
    await bossPage.screenshot({ path: `${SHOTS}/superuser-new-boss-landing.png` });
    await bossContext.close();
  });

  it("generates an invoice for the company and marks it paid with method and reference", async () => {
    await openTab(page, "Empresas");
    await succeeds(page, "Factura generada exitosamente", () =>
      card(page).getByRole("button", { name: "Generar Factura" }).click(),
    );

    await card(page).getByRole("button", { name: "Facturas" }).click();
    await page.waitForURL(new RegExp(`/superuser/invoices\\?company=${companyId}$`));
    const invoice = page.getByTestId("invoice-card").first();
    await invoice.waitFor();
    expect(await invoice.getByTestId("invoice-status").textContent()).toBe("Pendiente");
    expect(await invoice.textContent()).toMatch(new RegExp(`INV-\\d{6}-${String(companyId).padStart(4, "0")}-001`));
    await invoice.getByRole("button", { name: "Marcar Pagada" }).click();
    const dialog = page.getByRole("dialog", { name: "Marcar Pagada" });
    expect(await dialog.getByRole("button", { name: "Marcar Pagada" }).isDisabled()).toBe(true);
    await dialog.getByLabel("Método de pago *").selectOption("transferencia");
    await dialog.getByLabel("Referencia (opcional)").fill(`TRX-${RUN}`);
    await shot(page, "desktop-mark-paid");
    await succeeds(page, "Factura marcada como pagada", () =>
      dialog.getByRole("button", { name: "Marcar Pagada" }).click(),
    );
    await expect.poll(() => invoice.getByTestId("invoice-status").textContent()).toBe("Pagada");
    expect(await invoice.textContent()).toContain(`TRX-${RUN}`);
    expect(await invoice.getByRole("button", { name: "Marcar Pagada" }).count()).toBe(0);
    await shot(page, "desktop-invoices-company");

    // 'Ver Empresa' jumps back to the companies tab with the metrics open.
    await invoice.getByRole("button", { name: "Ver Empresa" }).click();
    await page.waitForURL(new RegExp(`/superuser/companies\\?company=${companyId}$`));
    await page.getByTestId("metrics-panel").getByText(`${BOSS.first} ${BOSS.last} · ${BOSS.email}`).waitFor();

    // A pending invoice with a real amount too: the seeded Zapatería Otra (2 locations), once per period.
    await openTab(page, "Empresas");
    const other = page.getByRole("article", { name: "Zapatería Otra" });
    const otherId = Number(/ID (\d+)/.exec((await other.textContent()) ?? "")?.[1]);
    await other.getByRole("button", { name: "Facturas" }).click();
    await page.waitForURL(new RegExp(`/superuser/invoices\\?company=${otherId}$`));
    const listed = page.getByTestId("invoice-card").or(page.getByText("No hay facturas para mostrar"));
    await listed.first().waitFor();
    // (the demo data's overdue invoice of last month is there already; this period's is generated once)
    if ((await page.getByTestId("invoice-card").filter({ hasText: "Pendiente" }).count()) === 0) {
      await succeeds(page, "Factura generada exitosamente", () =>
        page.getByRole("button", { name: "Generar Factura" }).click(),
      );
      await page.getByTestId("invoice-card").first().waitFor();
    }

    await page.goto(`${baseUrl}/superuser?tab=invoices`);
    await page.getByTestId("invoice-card").nth(1).waitFor();
    expect(await page.getByTestId("summary-pending").textContent()).toMatch(/\$\s?[1-9]/);
    expect(await page.getByTestId("summary-paid").textContent()).toMatch(/[1-9]\d* factura/);
    await expectNoErrors(page);
    await shot(page, "desktop-invoices");
  });

  it("changes the subscription and finds the history by company id with Enter", async () => {
    await openTab(page, "Suscripciones");
    const form = page.getByRole("form", { name: "Cambiar Plan" });
    // the basic plan's template, in COP
    expect(await form.getByLabel("Máx. ubicaciones").inputValue()).toBe("3");
    expect(await form.getByLabel("Máx. empleados").inputValue()).toBe("10");
    expect(await form.getByLabel("Precio por ubicación (COP / mes)").inputValue()).toBe("120000");
    await form.getByLabel("Empresa").selectOption(String(companyId));
    await form.getByLabel("Nuevo plan").selectOption("enterprise");
    await form.getByLabel("Máx. ubicaciones").fill("50");
    await form.getByLabel("Máx. empleados").fill("250");
    await form.getByLabel("Precio por ubicación (COP / mes)").fill("80000");
    await form.getByLabel("Motivo").fill("Apertura de 12 tiendas");
    await succeeds(page, "Plan de suscripción cambiado exitosamente", () =>
      form.getByRole("button", { name: "Cambiar Plan" }).click(),
    );
    await page.getByTestId("history-item").first().waitFor();

    await page.reload();
    const id = page.getByLabel("ID de empresa");
    await id.fill(String(companyId));
    await id.press("Enter");
    const item = page.getByTestId("history-item").first();
    await item.waitFor();
    expect(await item.textContent()).toContain("Profesional → Empresarial");
    expect(await item.textContent()).toContain("Apertura de 12 tiendas");
    await shot(page, "desktop-subscriptions");
  });

  it("creates a plan, builds the financial report with chart and CSV, and shows the setup's refusal", async () => {
    await openTab(page, "Planes");
    await page.getByTestId("plan-card").first().waitFor();
    await page.getByRole("button", { name: "Nuevo Plan" }).click();
    const form = page.getByRole("dialog", { name: "Nuevo Plan" });
    // it starts from the first plan (Básico): its limits and price in COP
    expect(await form.getByLabel("Máx. ubicaciones").inputValue()).toBe("3");
    expect(await form.getByLabel("Máx. empleados").inputValue()).toBe("10");
    expect(await form.getByLabel("Precio por ubicación (COP / mes)").inputValue()).toBe("120000");
    expect(await form.getByLabel("Orden").inputValue()).toBe("0");
    await form.getByLabel("Código *").fill(PLAN_CODE);
    await form.getByLabel("Nombre *").fill(`Temporada ${RUN}`);
    await form.getByLabel("Descripción").fill("Plan de temporada para pruebas.");
    await form.getByLabel("Escaneo").check();
    await succeeds(page, "Plan creado exitosamente", () => form.getByRole("button", { name: "Crear Plan" }).click());
    await page.getByRole("article", { name: `Temporada ${RUN}` }).waitFor();
    await shot(page, "desktop-plans");

    await openTab(page, "Reportes");
    await page.getByRole("button", { name: "Generar Reporte" }).click();
    const result = page.getByTestId("report-result");
    await result.waitFor();
    await page.getByRole("table", { name: "Por empresa" }).getByText(COMPANY.name).waitFor();
    await page.locator('[data-testid="report-chart"] .recharts-surface').first().waitFor();
    expect(await result.textContent()).not.toContain("{");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Descargar CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^reporte-financiero_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path()) ?? "", "utf8");
    expect(csv).toContain(COMPANY.name);
    expect(csv).toContain("Facturado;Cobrado;Pendiente;Vencido;Facturas;MRR al cierre");
    await shot(page, "desktop-reports");

    await openTab(page, "Configuración Inicial");
    await page.getByText("Instalación única").waitFor();
    await page.getByLabel("Nombre *").fill("Otra");
    await page.getByLabel("Apellido *").fill("Persona");
    await page.getByLabel("Email *").fill(`otra-${RUN}@horma.co`);
    await page.getByLabel("Contraseña *").fill("Otra#2026x");
    await page.getByLabel("Clave de instalación *").fill("no-es-la-clave");
    await page.getByRole("button", { name: "Crear Superadmin" }).click();
    await page.getByRole("alert").filter({ hasText: "Error: Clave de instalación inválida." }).first().waitFor();
    // The refusal did not end the superuser's session.
    expect(new URL(page.url()).pathname).toBe("/superuser/setup");
    await shot(page, "desktop-setup");
  }, 120_000);

  it("every tab fits a 390-px phone; the tab bar scrolls sideways", async () => {
    const phone = await browser().newContext({ ...PHONE, locale: "es-CO" });
    const p = await phone.newPage();
    await logIn(p, SUPER, PASSWORD, "/superuser");
    for (const [tab, label] of TABS) {
      await p.goto(`${baseUrl}/superuser${tab === "overview" ? "" : `/${tab}`}`);
      await expect.poll(() => p.getByRole("tab", { name: label }).getAttribute("aria-selected")).toBe("true");
      const ready: Record<string, Locator> = {
        overview: p.getByTestId("card-companies"),
        companies: p.getByRole("article").first(),
        bosses: p.getByTestId("boss-row").first(),
        subscriptions: p.getByRole("form", { name: "Cambiar Plan" }),
        invoices: p.getByTestId("invoice-card").first(),
        plans: p.getByTestId("plan-card").first(),
        reports: p.getByRole("button", { name: "Generar Reporte" }),
        setup: p.getByText("Instalación única"),
      };
      await ready[tab]?.waitFor();
      if (tab === "reports") {
        await p.getByRole("button", { name: "Generar Reporte" }).click();
        await p.getByTestId("report-result").waitFor();
      }
      await expectNoErrors(p);
      // Nothing wider than the screen except the tab strip and report tables, which scroll inside themselves.
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(p, `phone-${tab}`);
    }
    const strip = p.getByRole("tablist");
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await phone.close();
  }, 120_000);

  it("suspends (not without a reason), activates and deletes the company after confirmation", async () => {
    await page.goto(`${baseUrl}/superuser/companies`);
    await card(page).waitFor();
    await card(page).getByRole("button", { name: "Suspender" }).click();
    const suspend = page.getByRole("dialog", { name: "Suspender Empresa" });
    expect(await suspend.getByRole("button", { name: "Suspender" }).isDisabled()).toBe(true);
    await suspend.getByLabel("Motivo de la suspensión").fill("Prueba de suspensión");
    await succeeds(page, "Empresa suspendida exitosamente", () =>
      suspend.getByRole("button", { name: "Suspender" }).click(),
    );
    await expect.poll(() => card(page).getByTestId("company-status").textContent()).toBe("Suspendida");
    expect(await card(page).getByRole("button", { name: "Suspender" }).count()).toBe(0);

    // The boss of a suspended company cannot log in.
    const bossContext = await browser().newContext(DESKTOP);
    const bossPage = await bossContext.newPage();
    await bossPage.goto(`${baseUrl}/login`);
    await bossPage.fill('input[type="email"]', BOSS.email);
    await bossPage.fill('input[type="password"]', BOSS.password);
    await bossPage.click('button[type="submit"]');
    await bossPage.waitForTimeout(1500);
    expect(new URL(bossPage.url()).pathname).toBe("/login");
    await bossContext.close();

    await succeeds(page, "Empresa activada exitosamente", () =>
      card(page).getByRole("button", { name: "Activar" }).click(),
    );
    await expect.poll(() => card(page).getByTestId("company-status").textContent()).toBe("Activa");

    await card(page).getByRole("button", { name: "Eliminar" }).click();
    const confirm = page.getByRole("dialog", { name: "Eliminar Empresa" });
    await confirm.getByText("¿Está seguro de eliminar esta empresa?", { exact: false }).waitFor();
    await shot(page, "desktop-delete-confirm");
    await succeeds(page, "Empresa eliminada exitosamente", () =>
      confirm.getByRole("button", { name: "Eliminar" }).click(),
    );
    await expect.poll(() => card(page).count()).toBe(0);

    await page.getByLabel("Buscar").fill(COMPANY.subdomain);
    await page.getByText("No hay empresas para mostrar").waitFor();
    await shot(page, "desktop-companies-empty");
  });
});
