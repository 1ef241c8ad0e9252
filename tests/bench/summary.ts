// The one table `npm run bench` prints: what, measured value, budget, met. API rows come from this run,
// the web rows from web.ts, the Lighthouse rows from lighthouse.ts, the scan rows from the latest
// `npm run bench:scan` (its results file, read as is). Written to tests/bench/results/bench-latest.json and between the bench markers of docs/benchmarks.md.
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import type { LighthousePage, LighthouseResults } from "./lighthouse";
import type { WebResults } from "./web";

export const SCAN_RESULTS = "tests/bench/results/scan-latest.json";
const TABLE_DOC = "docs/benchmarks.md";
const START = "<!-- bench:start -->";
const END = "<!-- bench:end -->";

export const LOGIN_JS_BUDGET_BYTES = 200_000; // gzip, 1 kB = 1000 bytes as Vite prints it
export const TTI_BUDGET_MS = 2_500;
/** Issue 20: 'Confirmar Venta' → "Guardada en el teléfono" offline, and the installed app's offline cold start. */
export const OFFLINE_SAVE_BUDGET_MS = 100;
export const OFFLINE_COLD_START_BUDGET_MS = 1_500;
/** issue 19: "instant suggestions" — a keystroke's search within one frame (60 Hz) on a phone-class CPU */
export const SEARCH_KEYSTROKE_BUDGET_MS = 16;
export const API_P95_BUDGET_MS = 50;
/** issue 6: matching 10k references p95 ≤ 20 ms; one embedding in headless Chromium ≤ 150 ms */
export const SCAN_MATCH_10K_BUDGET_MS = 20;
export const EMBEDDING_BUDGET_MS = 150;
/** issue 20: Lighthouse with its default (mobile) settings; SEO only where crawlers are welcome */
export const LIGHTHOUSE_BUDGET = { performance: 90, accessibility: 100, bestPractices: 100, seoPublic: 95 };

/** non2xx: answers outside 2xx; a latency made of error answers meets no budget. */
export type ApiRow = { route: string; connections: number; p50: number; p95: number; non2xx?: number };
/** Per-route budget of the p95 at 10 connections: in ms, or as a multiple of the empty route's p95. */
export type ApiBudget = { ms: number } | { timesEmpty: number };

export type Row = { what: string; measured: string; budget: string; met: "yes" | "no" | "—" };

type Percentiles = { p50?: number; p95?: number; median?: number };
/** What bench:scan writes (owned by tests/bench/scan.bench.ts; every field optional here). */
type ScanResults = {
  when?: string;
  matching?: Record<string, Percentiles>;
  embedding?: {
    chromiumMs?: Percentiles | null;
    nodeMs?: Percentiles;
    /** the live camera: shutter → first on-device candidate, CPU slowed (fromFrame: the app's path) */
    shutterToCandidateMs?: { fromFrame?: number; fromFrameP95?: number; cpuSlowdown?: number; budget?: number } | null;
  };
  accuracy?: {
    app?: { top1: number; top5: number };
    unseenLabels?: { top1: number; top5: number } | null;
  };
};

const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : Math.round(x)} ms`;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
const met = (ok: boolean): Row["met"] => (ok ? "yes" : "no");

function apiRows(rows: ApiRow[], budgets: Record<string, ApiBudget>): Row[] {
  const at10 = rows.filter((r) => r.connections === 10);
  const empty = at10.find((r) => r.route.startsWith("empty"))?.p95 ?? Number.NaN;
  return at10.map((r) => {
    // issue 9: every API p95 ≤ 50 ms locally, unless the route has its own budget
    const budget = budgets[r.route] ?? (r.route.startsWith("empty") ? undefined : { ms: API_P95_BUDGET_MS });
    const ratio = r.p95 / empty;
    const what = `API p95 at 10 connections: ${r.route}`;
    const failed = r.non2xx ?? 0;
    const failures = failed > 0 ? ` — ${failed} answers not 2xx` : "";
    if (!budget) return { what, measured: `${ms(r.p95)}${failures}`, budget: "—", met: failed > 0 ? "no" : "—" };
    if ("ms" in budget) {
      return {
        what,
        measured: `${ms(r.p95)}${failures}`,
        budget: `≤ ${budget.ms} ms`,
        met: met(failed === 0 && r.p95 <= budget.ms),
      };
    }
    return {
      what,
      measured: `${ms(r.p95)} (${ratio.toFixed(2)}× empty)${failures}`,
      budget: `≤ ${budget.timesEmpty}× empty route`,
      met: met(failed === 0 && ratio <= budget.timesEmpty),
    };
  });
}

function webRows(web: WebResults): Row[] {
  const { loginJs, sellerTti, offline, search } = web;
  const runs = sellerTti.runs.map((r) => `${r.cache} ${(r.ttiMs / 1000).toFixed(2)}`).join(", ");
  const lowerBound = sellerTti.runs.some((r) => r.quietNotReached) ? " (quiet window not reached)" : "";
  return [
    {
      what: "SPA JS downloaded for /login (gzip, every script fetched)",
      measured: `${kB(loginJs.gzipBytes)} in ${loginJs.files.length} files`,
      budget: `≤ ${LOGIN_JS_BUDGET_BYTES / 1000} kB`,
      met: met(loginJs.gzipBytes <= LOGIN_JS_BUDGET_BYTES),
    },
    {
      what: "TF.js code, .wasm or a worker fetched on /login",
      measured: loginJs.tensorflow ? "yes" : "no",
      budget: "no",
      met: met(!loginJs.tensorflow),
    },
    {
      what: `Seller dashboard time to interactive, headless Chromium, CPU ${sellerTti.cpuSlowdown}× slower (median of ${sellerTti.runs.length})`,
      measured: `${(sellerTti.medianMs / 1000).toFixed(2)} s (${runs})${lowerBound}`,
      budget: `≤ ${TTI_BUDGET_MS / 1000} s`,
      met: met(sellerTti.medianMs <= TTI_BUDGET_MS),
    },
    {
      what: "SPA JS downloaded for the seller dashboard (gzip, cold load of /seller), for reference",
      measured: `${kB(sellerTti.coldJs.gzipBytes)} in ${sellerTti.coldJs.files.length} files, TF.js ${sellerTti.coldJs.tensorflow ? "yes" : "no"}`,
      budget: "—",
      met: "—",
    },
    {
      what: `Offline sale: 'Confirmar Venta' → "Guardada en el teléfono", CPU ${offline.cpuSlowdown}× slower (median of ${offline.saveRuns.length})`,
      measured: `${offline.saveMedianMs} ms (${offline.saveRuns.join(", ")})`,
      budget: `≤ ${OFFLINE_SAVE_BUDGET_MS} ms`,
      met: met(offline.saveMedianMs <= OFFLINE_SAVE_BUDGET_MS),
    },
    {
      what: `Installed app's cold start offline to an interactive seller dashboard, CPU ${offline.cpuSlowdown}× slower (median of ${offline.coldStart.length})`,
      measured: `${(offline.coldStartMedianMs / 1000).toFixed(2)} s (${offline.coldStart.map((r) => (r.ttiMs / 1000).toFixed(2)).join(", ")})`,
      budget: `≤ ${OFFLINE_COLD_START_BUDGET_MS / 1000} s`,
      met: met(offline.coldStartMedianMs <= OFFLINE_COLD_START_BUDGET_MS),
    },
    {
      what: `Phone catalogue search per keystroke, ${search.products.toLocaleString("en")} products × ${search.sizes} sizes, CPU ${search.cpuSlowdown}× slower (p95 of ${search.keystrokes} keystrokes)`,
      measured: `${search.p95Ms} ms (p50 ${search.p50Ms}, max ${search.maxMs})`,
      budget: `≤ ${SEARCH_KEYSTROKE_BUDGET_MS} ms`,
      met: met(search.p95Ms <= SEARCH_KEYSTROKE_BUDGET_MS),
    },
    {
      what: "Building that search's index once per catalogue download, same CPU, for reference",
      measured: `${search.buildMs} ms`,
      budget: "—",
      met: "—",
    },
  ];
}

function lighthousePageRows(page: LighthousePage, runsPerPage: number): Row[] {
  const what = (category: string) =>
    `Lighthouse mobile ${page.path}${page.signedIn ? " (seller signed in)" : ""}: ${category}`;
  const failed = (category: string) => {
    const ids = [
      ...new Set(page.runs.flatMap((r) => r.failed.filter((f) => f.category === category).map((f) => f.id))),
    ];
    return ids.length > 0 ? ` (lost on ${ids.join(", ")})` : "";
  };
  // accessibility, best practices and SEO barely move between runs: the lowest of the runs is judged
  const judged = (key: keyof LighthousePage["worst"], category: string) => {
    const values = page.runs.map((r) => r.scores[key]);
    const spread = new Set(values).size > 1 ? `, lowest of ${values.join(", ")}` : "";
    return `${page.worst[key]}${spread}${failed(category)}`;
  };
  const { median } = page;
  const performance = page.runs.map((r) => r.scores.performance).join(", ");
  const heldBack = page.runs.filter((r) => r.paintHeldBack).length;
  const held = heldBack > 0 ? `; first paint held back ≥ 1 s after load in ${heldBack}` : "";
  const seoBudget = page.public ? LIGHTHOUSE_BUDGET.seoPublic : null;
  return [
    {
      what: what(`performance (median of ${runsPerPage}; LCP and TBT of that run)`),
      measured: `${median.scores.performance} (runs ${performance}${held}), LCP ${(median.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(median.tbtMs)} ms`,
      budget: `≥ ${LIGHTHOUSE_BUDGET.performance}`,
      met: met(median.scores.performance >= LIGHTHOUSE_BUDGET.performance),
    },
    {
      what: what("accessibility"),
      measured: judged("accessibility", "accessibility"),
      budget: `${LIGHTHOUSE_BUDGET.accessibility}`,
      met: met(page.worst.accessibility >= LIGHTHOUSE_BUDGET.accessibility),
    },
    {
      what: what("best practices"),
      measured: judged("bestPractices", "best-practices"),
      budget: `${LIGHTHOUSE_BUDGET.bestPractices}`,
      met: met(page.worst.bestPractices >= LIGHTHOUSE_BUDGET.bestPractices),
    },
    {
      what: what("SEO"),
      measured: judged("seo", "seo"),
      // the signed-in areas are kept from crawlers on purpose (robots.txt), which Lighthouse counts against SEO
      budget: seoBudget === null ? "— (not for crawlers)" : `≥ ${seoBudget}`,
      met: seoBudget === null ? "—" : met(page.worst.seo >= seoBudget),
    },
    {
      what: `Installable at ${page.path} (CDP Page.getInstallabilityErrors)`,
      measured: page.installabilityErrors.length === 0 ? "yes" : `no: ${page.installabilityErrors.join("; ")}`,
      budget: "yes",
      met: met(page.installabilityErrors.length === 0),
    },
  ];
}

export function lighthouseRows(results: LighthouseResults): Row[] {
  return results.pages.flatMap((page) => lighthousePageRows(page, results.runsPerPage));
}

function readScan(path: string): { results: ScanResults; date: string } | "missing" | "unreadable" {
  if (!existsSync(path)) return "missing";
  try {
    const results = JSON.parse(readFileSync(path, "utf8")) as ScanResults;
    const date = (results.when ?? statSync(path).mtime.toISOString()).slice(0, 10);
    return { results, date };
  } catch {
    return "unreadable";
  }
}

const percentiles = (p: Percentiles | undefined, centre: "p50" | "median") => {
  const mid = p?.[centre];
  if (typeof p?.p95 !== "number" || typeof mid !== "number") return null;
  return `p95 ${ms(p.p95)} (${centre} ${ms(mid)})`;
};

export function scanRows(path = SCAN_RESULTS): Row[] {
  const read = readScan(path);
  const scan = typeof read === "string" ? null : read;
  const missing =
    read === "missing"
      ? "run npm run bench:scan"
      : read === "unreadable"
        ? "scan-latest.json unreadable: run npm run bench:scan"
        : "not in scan-latest.json: run npm run bench:scan";
  const rows: Row[] = [];
  const within = (p: Percentiles | undefined, budget: number | null): Row["met"] =>
    budget === null || typeof p?.p95 !== "number" ? "—" : met(p.p95 <= budget);
  for (const count of [1_000, 10_000, 50_000]) {
    const cell = scan?.results.matching?.[String(count)];
    const value = scan && percentiles(cell, "p50");
    const budget = count === 10_000 ? SCAN_MATCH_10K_BUDGET_MS : null;
    rows.push({
      what: `Scan matching on the server, ${count.toLocaleString("en")} references (bench:scan)`,
      measured: value ? `${value}, bench:scan of ${scan.date}` : missing,
      budget: budget === null ? "—" : `p95 ≤ ${budget} ms`,
      met: within(cell, budget),
    });
  }
  const chromium = scan?.results.embedding?.chromiumMs;
  const embedding = scan && percentiles(chromium ?? undefined, "median");
  rows.push({
    what: "On-device embedding per photo, headless Chromium WASM (bench:scan)",
    measured: embedding ? `${embedding}, bench:scan of ${scan.date}` : missing,
    budget: `≤ ${EMBEDDING_BUDGET_MS} ms`,
    met: within(chromium ?? undefined, EMBEDDING_BUDGET_MS),
  });
  // issue 33 keeps it beside the file-input flow: the live camera's frame goes to the worker at the shutter
  const shutter = scan?.results.embedding?.shutterToCandidateMs;
  const shutterBudget = shutter?.budget ?? 300;
  rows.push({
    what: `Live camera: shutter → first on-device candidate, 1280×720 frame, CPU ${shutter?.cpuSlowdown ?? 4}× slower (bench:scan)`,
    measured:
      scan && typeof shutter?.fromFrameP95 === "number" && typeof shutter.fromFrame === "number"
        ? `p95 ${ms(shutter.fromFrameP95)} (median ${ms(shutter.fromFrame)}), bench:scan of ${scan.date}`
        : missing,
    budget: `p95 ≤ ${shutterBudget} ms`,
    met: typeof shutter?.fromFrameP95 === "number" ? met(shutter.fromFrameP95 <= shutterBudget) : "—",
  });
  const accuracy = scan?.results.accuracy;
  if (scan && accuracy?.app) {
    const unseen = accuracy.unseenLabels
      ? `; shoe models the projection never saw: ${pct(accuracy.unseenLabels.top1)} / ${pct(accuracy.unseenLabels.top5)}`
      : "";
    rows.push({
      what: "Scan recognition top-1 / top-5 (bench:scan, shoes-dev, 5 references per model)",
      measured: `${pct(accuracy.app.top1)} / ${pct(accuracy.app.top5)}${unseen}, bench:scan of ${scan.date}`,
      budget: "≥ 80 % / ≥ 95 % (goal)",
      met: met(accuracy.app.top1 >= 0.8 && accuracy.app.top5 >= 0.95),
    });
  }
  return rows;
}

export function buildTable(
  api: ApiRow[],
  budgets: Record<string, ApiBudget>,
  web: WebResults,
  lighthouse: LighthouseResults,
): Row[] {
  return [...apiRows(api, budgets), ...webRows(web), ...lighthouseRows(lighthouse), ...scanRows()];
}

export function markdown(rows: Row[]): string {
  const cell = (text: string) => text.replaceAll("|", "\\|");
  return [
    "| what | measured | budget | met |",
    "|---|---|---|---|",
    ...rows.map((r) => `| ${cell(r.what)} | ${cell(r.measured)} | ${cell(r.budget)} | ${r.met} |`),
  ].join("\n");
}

/** Replaces what sits between the bench markers of docs/benchmarks.md (kept) with the run's header line and table. */
export function rewriteBenchTable(header: string, table: string): boolean {
  const text = readFileSync(TABLE_DOC, "utf8");
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) return false;
  const next = `${text.slice(0, start + START.length)}\n${header}\n\n${table}\n${text.slice(end)}`;
  writeFileSync(TABLE_DOC, next);
  return true;
}
