// Lighthouse half of `npm run bench` (called by api.bench.ts after the web figures, against its Worker) and
// `npm run bench:lighthouse` (alone: builds the SPA when stale and starts the same Worker on a fresh state).
// Lighthouse 12 with its default settings (mobile: Moto G Power screen, simulated slow 4G and 4× CPU)
// drives Debian's Chromium through the remote debugging port of a Chromium launched by chrome-launcher
// with the project's flags. Pages: the storefront `/`, `/login` and the seller dashboard `/seller`, five
// runs each. `/` and `/login` run on Lighthouse's usual emptied storage; `/seller` is signed in first
// through the real login form (playwright-core on the same Chromium, "Recordarme" so the session is in
// localStorage for Lighthouse's new tab) and runs with disableStorageReset, after the service worker, its
// caches and the HTTP cache are cleared by hand so it loads as cold as the others. Installability comes
// from CDP Page.getInstallabilityErrors on the same Chromium (Lighthouse 12 has no PWA category).
// Figures only; budgets are judged in summary.ts. Writes tests/bench/results/lighthouse-latest.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { type Browser, chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS, DEMO_PASSWORD } from "../e2e/browser";
import { startBenchWorker } from "./server";
import { lighthouseRows, markdown } from "./summary";
import { buildSpaIfStale } from "./web";

const SELLER = "vendedor@demo.horma.co";
// Lighthouse's variability guide: the median of five runs roughly halves the spread of a single run
const RUNS = 5;
export const LIGHTHOUSE_RESULTS = "tests/bench/results/lighthouse-latest.json";

/** The pages measured; `public` ones are crawled by search engines (SEO has a budget only there). */
export const LIGHTHOUSE_PAGES = [
  { path: "/", signedIn: false, public: true },
  { path: "/login", signedIn: false, public: true },
  { path: "/seller", signedIn: true, public: false },
] as const;

/** BENCH_LIGHTHOUSE_PAGES=/seller (comma-separated) measures only those pages, for quick iterations. */
export const LIGHTHOUSE_ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",").filter(Boolean);

export type LighthouseScores = { performance: number; accessibility: number; bestPractices: number; seo: number };

/** An audit that lost points in accessibility, best practices or SEO (what to fix). */
export type FailedAudit = { category: string; id: string; title: string; score: number; displayValue?: string };

export type LighthouseRun = {
  scores: LighthouseScores;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
  cls: number;
  /** unthrottled, as the trace saw it: the first paint and the load event (ms from navigation start) */
  observedFirstPaintMs: number;
  observedLoadMs: number;
  /**
   * the first paint came ≥ 1 s after the load event: headless Chromium sent the page no frame while
   * its main thread sat idle with the page rendered (in the traces looked at, ~2.3 s after navigation
   * start; the pattern of GoogleChrome/lighthouse#17148), and Lantern then counts every request that
   * finished before that paint (the API call, the product photos) into FCP, LCP and Speed Index
   */
  paintHeldBack: boolean;
  failed: FailedAudit[];
  /** Lighthouse's own warnings (e.g. a slow host CPU) */
  warnings: string[];
  /**
   * audits Lighthouse could not compute; with Debian's Chromium 156 the ones that read trace elements
   * (the LCP element, layout shifts, render-blocking resources) fail on "reading 'frame_sequence'"
   */
  erroredAudits: string[];
};

export type LighthousePage = {
  path: string;
  signedIn: boolean;
  public: boolean;
  runs: LighthouseRun[];
  /** the run with the median performance score: its metrics go in the table */
  median: LighthouseRun;
  /** the lowest score of the runs for the categories that are judged as they are (not noisy timings) */
  worst: Omit<LighthouseScores, "performance">;
  installabilityErrors: string[];
};

export type LighthouseResults = {
  when: string;
  lighthouseVersion: string;
  userAgent: string;
  formFactor: string;
  throttlingMethod: string;
  /** Lighthouse's measure of the host CPU (below ~1000 it warns that the machine is slow) */
  benchmarkIndex: number | null;
  runsPerPage: number;
  pages: LighthousePage[];
};

const CATEGORIES = { accessibility: "accessibility", "best-practices": "bestPractices", seo: "seo" } as const;

const score = (lhr: Result, category: string): number => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string): number => lhr.audits[audit]?.numericValue ?? Number.NaN;

/** A figure of the metrics audit's one row (the observed, unthrottled timings live there). */
function observed(lhr: Result, key: string): number {
  const details = lhr.audits.metrics?.details;
  const row: unknown = details && "items" in details ? details.items[0] : undefined;
  const value = row && typeof row === "object" ? (row as Record<string, unknown>)[key] : undefined;
  return typeof value === "number" ? Math.round(value) : Number.NaN;
}

function failedAudits(lhr: Result): FailedAudit[] {
  const failed: FailedAudit[] = [];
  for (const category of Object.keys(CATEGORIES)) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1 || ref.weight === 0) continue;
      failed.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      });
    }
  }
  return failed;
}

function summarise(lhr: Result): LighthouseRun {
  return {
    scores: {
      performance: score(lhr, "performance"),
      accessibility: score(lhr, "accessibility"),
      bestPractices: score(lhr, "best-practices"),
      seo: score(lhr, "seo"),
    },
    lcpMs: Math.round(numeric(lhr, "largest-contentful-paint")),
    tbtMs: Math.round(numeric(lhr, "total-blocking-time")),
    fcpMs: Math.round(numeric(lhr, "first-contentful-paint")),
    speedIndexMs: Math.round(numeric(lhr, "speed-index")),
    cls: Number(numeric(lhr, "cumulative-layout-shift").toFixed(3)),
    observedFirstPaintMs: observed(lhr, "observedFirstPaint"),
    observedLoadMs: observed(lhr, "observedLoad"),
    paintHeldBack: observed(lhr, "observedFirstPaint") - observed(lhr, "observedLoad") >= 1000,
    erroredAudits: Object.values(lhr.audits)
      .filter((audit) => audit.scoreDisplayMode === "error")
      .map((audit) => audit.id),
    failed: failedAudits(lhr),
    warnings: lhr.runWarnings.map(String),
  };
}

/** BENCH_LIGHTHOUSE_REPORTS=<folder> also keeps every run's HTML report and its JSON there (to see what lost points). */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;

async function runLighthouse(url: string, port: number, keepStorage: boolean, name: string): Promise<Result> {
  const result = await lighthouse(url, {
    port,
    logLevel: "error",
    output: REPORTS ? "html" : "json",
    // /seller keeps the signed-in session (cleared of the service worker and caches by hand)
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse falló en ${url}: ${result.lhr.runtimeError.message}`);
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(join(REPORTS, `${name}.html`), String(result.report));
    writeFileSync(join(REPORTS, `${name}.json`), JSON.stringify(result.lhr));
  }
  return result.lhr;
}

/** playwright-core on the Chromium that Lighthouse drives: its default context is the one Lighthouse uses. */
async function withPlaywright<T>(port: number, use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    return await use(browser);
  } finally {
    // a browser reached over CDP is only disconnected, not closed, and leaves Lighthouse's tabs alone
    await browser.close();
  }
}

function defaultContext(browser: Browser) {
  const context = browser.contexts()[0];
  if (!context) throw new Error("Chromium no tiene contexto por defecto");
  return context;
}

/** The reasons Chromium gives for not offering to install the app at `url` (none = installable). */
async function installabilityErrors(browser: Browser, url: string): Promise<string[]> {
  const context = defaultContext(browser);
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: "load" });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    return installabilityErrors.map(({ errorId, errorArguments }) =>
      errorArguments.length > 0
        ? `${errorId} (${errorArguments.map((a) => `${a.name}=${a.value}`).join(", ")})`
        : errorId,
    );
  } finally {
    await page.close();
  }
}

/** Signs the seller in through the real form with "Recordarme", so the session outlives the tab. */
async function signInSeller(browser: Browser, baseUrl: string): Promise<void> {
  const page = await defaultContext(browser).newPage();
  try {
    await page.goto(`${baseUrl}/login`);
    await page.fill('input[type="email"]', SELLER);
    await page.fill('input[type="password"]', DEMO_PASSWORD);
    await page.getByLabel("Recordarme").check();
    await page.click('button[type="submit"]');
    await page.waitForURL(`${baseUrl}/seller`, { timeout: 30_000 });
    await page.locator('[data-testid="vendor-sales-count"]').waitFor({ timeout: 30_000 });
  } finally {
    await page.close();
  }
}

/** What Lighthouse's storage reset would clear, except localStorage (the session): service worker, caches, HTTP cache. */
async function clearAllButSession(browser: Browser, baseUrl: string): Promise<void> {
  const context = defaultContext(browser);
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Storage.clearDataForOrigin", {
      origin: new URL(baseUrl).origin,
      storageTypes: "service_workers,cache_storage,indexeddb",
    });
    await cdp.send("Network.clearBrowserCache");
  } finally {
    await page.close();
  }
}

function medianByPerformance(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error("sin corridas de Lighthouse");
  return median;
}

function worstOf(runs: LighthouseRun[]): LighthousePage["worst"] {
  const min = (key: keyof LighthousePage["worst"]) => Math.min(...runs.map((r) => r.scores[key]));
  return { accessibility: min("accessibility"), bestPractices: min("bestPractices"), seo: min("seo") };
}

/** Five Lighthouse runs of each page and its installability, against a running server with the demo data. */
export async function measureLighthouse(
  baseUrl: string,
  log: (what: string) => void = () => {},
): Promise<LighthouseResults> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: [...CHROMIUM_FLAGS] });
  try {
    const pages: LighthousePage[] = [];
    let last: Result | undefined;
    // public pages first: Lighthouse's storage reset runs before each of them, and signing in comes last
    for (const target of LIGHTHOUSE_PAGES.filter((page) => !LIGHTHOUSE_ONLY || LIGHTHOUSE_ONLY.includes(page.path))) {
      const url = `${baseUrl}${target.path}`;
      if (target.signedIn) await withPlaywright(chrome.port, (browser) => signInSeller(browser, baseUrl));
      const runs: LighthouseRun[] = [];
      for (let i = 1; i <= RUNS; i++) {
        if (target.signedIn) await withPlaywright(chrome.port, (browser) => clearAllButSession(browser, baseUrl));
        const name = `${target.path === "/" ? "index" : target.path.slice(1)}-${i}`;
        last = await runLighthouse(url, chrome.port, target.signedIn, name);
        const run = summarise(last);
        runs.push(run);
        log(
          `Lighthouse ${target.path} ${i}/${RUNS}: performance ${run.scores.performance} (LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms), ` +
            `accessibility ${run.scores.accessibility}, best practices ${run.scores.bestPractices}, SEO ${run.scores.seo}`,
        );
      }
      // after the runs: for /seller the session is still there, for the public pages nobody is signed in
      const errors = await withPlaywright(chrome.port, (browser) => installabilityErrors(browser, url));
      pages.push({
        ...target,
        runs,
        median: medianByPerformance(runs),
        worst: worstOf(runs),
        installabilityErrors: errors,
      });
    }
    const results: LighthouseResults = {
      when: new Date().toISOString(),
      lighthouseVersion: last?.lighthouseVersion ?? "",
      userAgent: last?.environment.hostUserAgent ?? "",
      formFactor: last?.configSettings.formFactor ?? "",
      throttlingMethod: last?.configSettings.throttlingMethod ?? "",
      benchmarkIndex: last?.environment.benchmarkIndex ?? null,
      runsPerPage: RUNS,
      pages,
    };
    mkdirSync("tests/bench/results", { recursive: true });
    writeFileSync(LIGHTHOUSE_RESULTS, `${JSON.stringify(results, null, 2)}\n`);
    return results;
  } finally {
    chrome.kill();
  }
}

// `npm run bench:lighthouse`: the same measurement alone, on its own Worker (server.ts) and state.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = Date.now();
  const phase = (what: string) =>
    console.error(`[bench:lighthouse ${Math.round((Date.now() - started) / 1000)} s] ${what}`);
  phase(`SPA: ${await buildSpaIfStale()}`);
  const server = await startBenchWorker();
  try {
    const results = await measureLighthouse(server.url, phase);
    console.log(`\n${markdown(lighthouseRows(results))}\n`);
    phase(`done; every run is in ${LIGHTHOUSE_RESULTS}`);
  } finally {
    await server.stop();
  }
}
