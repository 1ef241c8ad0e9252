import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, suiteBrowser } from "./browser";

const baseUrl = inject("e2eBaseUrl");
const SHOTS = "tests/e2e/screenshots";
const PASSWORD = "Horma#2026";

const ROLES = [
  { email: "super@horma.co", path: "/superuser", title: "Panel de Superadmin", device: DESKTOP },
  { email: "admin@demo.horma.co", path: "/administrador", title: "Panel de Administración", device: DESKTOP },
  { email: "boss@demo.horma.co", path: "/boss", title: "Panel Ejecutivo", device: DESKTOP },
  { email: "bodega@demo.horma.co", path: "/warehouse", title: "Panel de Bodega", device: PHONE },
  { email: "vendedor@demo.horma.co", path: "/seller", title: "Panel de Vendedor", device: PHONE },
  { email: "corredor@demo.horma.co", path: "/runner", title: "Panel de Corredor", device: PHONE },
] as const;

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto(`${baseUrl}/login`);
  await page.fill('input[type="email"]', email);
  await page.fill('input[type="password"]', password);
  await page.click('button[type="submit"]');
}

describe.skipIf(!baseUrl)("browser journeys", () => {
  const browser = suiteBrowser(SHOTS);

  it("shows the storefront with four real products", async () => {
    const page = await browser().newPage(PHONE);
    await page.goto(`${baseUrl}/`);
    await expect
      .poll(() => page.locator("text=/\\$\\s?[\\d.]+/").count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(4);
    await expect.poll(() => page.locator("footer").textContent()).toMatch(/2022/);
    await page.screenshot({ path: `${SHOTS}/storefront-phone.png`, fullPage: true });
    await page.close();
  });

  for (const role of ROLES) {
    it(`logs in ${role.email} and lands on ${role.path}`, async () => {
      const context = await browser().newContext(role.device);
      const page = await context.newPage();
      await logIn(page, role.email);
      await page.waitForURL(`${baseUrl}${role.path}`, { timeout: 15_000 });
      await expect.poll(() => page.locator("h1").first().textContent()).toContain(role.title);
      await page.screenshot({ path: `${SHOTS}/${role.path.slice(1)}.png`, fullPage: true });
      // The session survives a reload (re-validated with /me).
      await page.reload();
      await expect.poll(() => page.locator("h1").first().textContent()).toContain(role.title);
      await context.close();
    });
  }

  it("shows the spec's message for wrong credentials and stays on /login", async () => {
    const page = await browser().newPage(PHONE);
    await logIn(page, "vendedor@demo.horma.co", "mala-clave");
    await expect.poll(() => page.locator("body").textContent()).toContain("Correo o contraseña incorrectos.");
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.screenshot({ path: `${SHOTS}/login-error.png` });
    await page.close();
  });

  it("sends unauthenticated visitors to /login and users without permission to /", async () => {
    const context = await browser().newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/boss`);
    await page.waitForURL(`${baseUrl}/login`);
    await logIn(page, "vendedor@demo.horma.co");
    await page.waitForURL(`${baseUrl}/seller`);
    await page.goto(`${baseUrl}/boss`);
    // '/' redirects an authenticated seller back to its own area.
    await page.waitForURL(`${baseUrl}/seller`);
    await page.getByRole("button", { name: /Cerrar sesión/ }).click();
    await page.waitForURL(`${baseUrl}/`);
    await context.close();
  });
});
