import { mkdirSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// E2E_PORT lets two journeys run side by side on one machine (each starts its own Worker)
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);

/**
 * Waits until the server answers a page again before a suite starts. Twice in a full run (CI of stop 42
 * and a fresh clone), the first page of the suite after the offline journey got no answer for over 30 s
 * while API calls were answered: a stall of `wrangler dev`'s page serving not yet explained (see the
 * issue note); waiting here keeps it from failing the next suite, and a stall of over two minutes still fails.
 */
async function pagesAnswer(): Promise<void> {
  const baseUrl = inject("e2eBaseUrl");
  if (!baseUrl) return;
  const until = Date.now() + 150_000;
  for (let attempt = 1; Date.now() < until; attempt++) {
    const answered = await fetch(`${baseUrl}/login`, { signal: AbortSignal.timeout(10_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (answered) return;
    console.warn(`[e2e] /login sin respuesta (intento ${attempt}); se espera antes de la suite`);
    // a refused connection fails at once: pause so the wait is not a busy loop
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  throw new Error("el servidor no sirve /login desde hace 150 s");
}

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
  // Headless Chromium 156 keeps (re)loading its omnibox popup WebUI (hundreds of chrome:// files) in a
  // renderer of its own, competing with the page under test for this machine's two cores.
  "--disable-features=WebUIOmniboxPopup",
] as const;

/** Headless Debian chromium with the project's flags (and any more, e.g. a fake camera). */
export function launchBrowser(extraArgs: readonly string[] = []) {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}

/**
 * One Chromium for a suite: launched before its tests (its screenshot folder made), closed after. Call
 * it in the describe block; the returned getter gives the browser inside the tests.
 */
export function suiteBrowser(shots: string, extraArgs: readonly string[] = []): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    browser = await launchBrowser(extraArgs);
    await pagesAnswer();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("el navegador de la suite no se abrió");
    return browser;
  };
}

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** The demo accounts' password (README). */
export const DEMO_PASSWORD = "Horma#2026";

/**
 * Opens /login in a fresh browser context. Three times in full runs (CI of stop 42, two fresh clones) the
 * first document of a new context got no answer for about 30 s from `wrangler dev` while its API and the
 * other pages were answered (the Worker's log shows no request in that window); not explained yet (issue
 * 35's note). One more attempt after 25 s keeps that stall from failing a journey, and says so in the log.
 */
async function openLogin(page: Page, baseUrl: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      // the form is there once the document has parsed; waiting for "load" (every asset) only adds a way to time out
      await page.goto(`${baseUrl}/login`, { waitUntil: "domcontentloaded", timeout: 25_000 });
      return;
    } catch (err) {
      if (attempt >= 2 || !(err instanceof Error && err.name === "TimeoutError")) throw err;
      console.warn(`[e2e] /login sin respuesta en 25 s (intento ${attempt}); se intenta de nuevo`);
    }
  }
}

/** Signs in through the login form and waits for the role's landing page. */
export async function signInAs(page: Page, baseUrl: string, email: string, landing: string, password = DEMO_PASSWORD) {
  await openLogin(page, baseUrl);
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

/** A real small JPEG (a receipt) drawn by the page's canvas: previews render, the server's FF D8 FF check passes. */
export async function receiptJpeg(page: Page, text: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((label) => {
    const canvas = document.createElement("canvas");
    canvas.width = 240;
    canvas.height = 320;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("sin canvas");
    ctx.fillStyle = "#fffdf7";
    ctx.fillRect(0, 0, 240, 320);
    ctx.fillStyle = "#1c1917";
    ctx.font = "bold 20px sans-serif";
    ctx.fillText(label, 16, 40);
    ctx.font = "14px sans-serif";
    for (let i = 0; i < 8; i++) ctx.fillText(`Línea ${i + 1} ........ $ ${(i + 1) * 1000}`, 16, 80 + i * 24);
    return canvas.toDataURL("image/jpeg", 0.8);
  }, text);
  const buffer = Buffer.from(dataUrl.split(",")[1] ?? "", "base64");
  if (buffer[0] !== 0xff || buffer[1] !== 0xd8 || buffer[2] !== 0xff) throw new Error("el lienzo no dio un JPEG");
  return buffer;
}
