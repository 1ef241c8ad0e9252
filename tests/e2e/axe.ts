import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * axe-core's browser bundle from npm (the package's main file). It is evaluated in the page through the
 * DevTools protocol: the app's Content-Security-Policy (script-src 'self') refuses an injected <script>
 * tag, and the audit must see the page under its real headers.
 */
let axeSource: string | undefined;
function axeBundle(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core"), "utf8");
  return axeSource;
}

/** WCAG 2.0 and 2.1, levels A and AA: the rules every screen of the product must pass. */
export const WCAG_AA: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  resultTypes: ["violations"],
};

/** One failed rule on one screen, readable in a test failure: rule id, impact, where, and axe's summary. */
export type AxeFinding = { rule: string; impact: string; help: string; targets: string[]; summary: string };

/** Runs axe-core's WCAG 2.1 A/AA rules over the page as it is now (injecting axe once per document). */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(`${axeBundle()}\n;void 0`);
  const violations = await page.evaluate(async (options) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: unknown) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, options);
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? "unknown",
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(" ")),
      summary: v.nodes[0]?.failureSummary?.split("\n").slice(0, 3).join(" ") ?? "",
    }));
  }, WCAG_AA);
  return violations;
}

/** The findings of one screen as lines: `label · rule (impact) × n: targets — summary`. */
export function describeFindings(label: string, findings: AxeFinding[]): string[] {
  return findings.map(
    (f) =>
      `${label} · ${f.rule} (${f.impact}) × ${f.targets.length}: ${f.targets.slice(0, 5).join(" | ")} — ${f.help}. ${f.summary}`,
  );
}

/** Fails (listing rule id, impact and target of each) unless axe finds no WCAG 2.1 A/AA violation on the page. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const findings = await axeViolations(page);
  expect(describeFindings(label, findings), `axe: violaciones de WCAG 2.1 A/AA en ${label}`).toEqual([]);
}

/** Requests of the page still waiting for an answer (WebSockets aside), counted from now on. */
export function trackRequests(page: Page): () => number {
  const open = new Set<unknown>();
  page.on("request", (r) => open.add(r));
  page.on("requestfinished", (r) => open.delete(r));
  page.on("requestfailed", (r) => open.delete(r));
  return () => open.size;
}

/**
 * Moves the signed-in single-page app to another of its URLs as the browser's back and forward do (the
 * router follows `popstate`): no reload, so a tour of many screens keeps one session and stays fast.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((url) => {
    history.pushState(history.state, "", url);
    dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
  }, path);
}

/** The text of the page's main region, to tell one screen from the one before it. */
export function mainText(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector("main")?.innerText ?? "");
}

/**
 * Waits until the screen has drawn its data: the page's title is up, its main region no longer shows the
 * previous screen, and for half a second no request is in flight and no 'Cargando' spinner is left.
 */
export async function settledScreen(page: Page, inFlight: () => number, previous?: string): Promise<void> {
  await page.locator("h1").first().waitFor({ timeout: 15_000 });
  const spinners = () =>
    page
      .getByRole("status")
      .filter({ hasText: /Cargando/ })
      .count();
  const deadline = Date.now() + 15_000;
  let quietSince = 0;
  while (Date.now() < deadline) {
    const replaced = previous === undefined || (await mainText(page)) !== previous;
    if (replaced && inFlight() === 0 && (await spinners()) === 0) {
      quietSince ||= Date.now();
      if (Date.now() - quietSince >= 500) return;
    } else quietSince = 0;
    await page.waitForTimeout(100);
  }
  throw new Error(`la pantalla ${page.url()} no terminó de cargar en 15 s`);
}
