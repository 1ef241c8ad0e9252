import { chromium, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const E2E_PORT = 8799;

/** The project's Chromium flags: headless, no sandbox (containers), nothing fetched in the background. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
] as const;

/** Headless Debian chromium with the project's flags (and any more, e.g. a fake camera). */
export function launchBrowser(extraArgs: readonly string[] = []) {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** The demo accounts' password (README). */
export const DEMO_PASSWORD = "Horma#2026";

/** Signs in through the login form and waits for the role's landing page. */
export async function signInAs(page: Page, baseUrl: string, email: string, landing: string, password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl}/login`);
  await page.fill('input[type="email"]', email);
  await page.fill('input[type="password"]', password);
  await page.click('button[type="submit"]');
  await page.waitForURL(`${baseUrl}${landing}`, { timeout: 15_000 });
}

/** The signed-in session's bearer token, for reading the API as the page's user. */
export function sessionToken(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem("horma.session") ?? localStorage.getItem("horma.session") ?? "{}";
    return (JSON.parse(raw) as { token?: string }).token;
  });
}
