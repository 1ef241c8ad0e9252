// `npm run bench`: API latency under concurrent load against the local Worker (server.ts: what
// `wrangler dev` runs, on its own port and state folder, demo data loaded), then the web figures against the same server (web.ts: SPA JS for
// /login, seller dashboard time to interactive), Lighthouse on /, /login and /seller (lighthouse.ts)
// and the latest bench:scan results, all in one table
// (summary.ts) that is printed, saved to tests/bench/results/bench-latest.json and written into
// docs/benchmarks.md. Machines here are noisy, so each route's p95 is also kept as a ratio to an empty route
// measured in the same run. Budget: authenticated read p95 ≤ 2× empty at 10 connections.
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import autocannon from "autocannon";
import { run } from "../../scripts/lib.mjs";
import { ROLLUP_REBUILD_SQL } from "../../worker/domain/sales/rollup-sql";
import { LIGHTHOUSE_ONLY, LIGHTHOUSE_RESULTS, measureLighthouse } from "./lighthouse";
import { hotRoutes, measureRoundTrips, roundTripRows } from "./round-trips";
import { measureScanFlow, scanFlowRows } from "./scanflow";
import { BENCH_PORT, type BenchWorker, startBenchWorker } from "./server";
import { type ApiBudget, buildTable, markdown, rewriteBenchTable } from "./summary";
import { buildSpaIfStale, measureWeb } from "./web";

const BASE = `http://127.0.0.1:${BENCH_PORT}`;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = [1, 10, 50];

type Route = {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  auth?: boolean;
  /** a fresh Idempotency-Key per request, so every request is a new write */
  unique?: boolean;
  /** run as the boss */
  boss?: boolean;
  /** run as the administrador */
  admin?: boolean;
  /** budget of the p95 at 10 connections */
  budget?: ApiBudget;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function measure(
  route: Route,
  connections: number,
  tokens: { reader: string; writer: string; boss: string; admin: string },
) {
  const token = route.boss ? tokens.boss : route.admin ? tokens.admin : route.unique ? tokens.writer : tokens.reader;
  const latencies: number[] = [];
  let non2xx = 0;
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: `${BASE}${route.path}`,
      method: route.method,
      connections,
      duration: DURATION_S,
      body: route.body,
      headers: {
        "content-type": "application/json",
        ...(route.auth ? { authorization: `Bearer ${token}` } : {}),
      },
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on("response", (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (status < 200 || status >= 300) non2xx++;
  });
  const result = await done;
  latencies.sort((a, b) => a - b);
  return {
    route: route.name,
    connections,
    requests: latencies.length,
    rps: Math.round(result.requests.average),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx,
    errors: result.errors,
  };
}

// Sales are written by a second seller (Local Chapinero) so the first seller's reads keep a realistic day.
const SALE_REF = "NIKEAIRM-01";
const SALE_SIZE = "39";
const WRITER = "vendedor2@demo.horma.co";

/** Plenty of pairs of one cell at Local Chapinero (with its ledger row) so every benchmarked sale succeeds. */
async function stockForSales(state: string) {
  const product = `(SELECT id FROM products WHERE reference_code = '${SALE_REF}' AND company_id = 1)`;
  const location = "(SELECT id FROM locations WHERE name = 'Local Chapinero')";
  const sql = `
    INSERT INTO inventory (company_id, product_id, location_id, size, pairs)
      VALUES (1, ${product}, ${location}, '${SALE_SIZE}', 1000000)
      ON CONFLICT (product_id, location_id, size) DO UPDATE SET pairs = pairs + 1000000;
    INSERT INTO stock_movements (company_id, product_id, location_id, size, delta_pairs, reason, entry_ref)
      VALUES (1, ${product}, ${location}, '${SALE_SIZE}', 1000000, 'entry', 'bench');`;
  await run("npx", ["wrangler", "d1", "execute", "SHARD_1", "--local", "--persist-to", state, "--command", sql], {
    stdio: "ignore",
  });
}

const BULK_SALES = Number(process.env.BENCH_SALES ?? 50_000);

/** 50,000 completed sales of the last 60 days (with their items and payments) for the report routes. */
async function bulkSales(state: string) {
  const seller = "(SELECT id FROM users WHERE email = 'vendedor2@demo.horma.co')";
  const location = "(SELECT id FROM locations WHERE name = 'Local Chapinero')";
  const sql = `
    INSERT INTO sales (company_id, seller_id, location_id, subtotal_amount, total_amount, sale_date, status, requires_confirmation, confirmed, idempotency_key)
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BULK_SALES})
    SELECT 1, ${seller}, ${location}, 64990000, 64990000,
           strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i % 60) || ' days', '-' || (i % 1440) || ' minutes'),
           'completed', 0, 1, 'bulk-' || i FROM n;
    INSERT INTO sale_items (company_id, sale_id, product_id, sneaker_reference_code, brand, model, size, quantity, unit_price, subtotal)
      SELECT 1, id, (SELECT id FROM products WHERE reference_code = '${SALE_REF}' AND company_id = 1), '${SALE_REF}', 'Nike', 'Air Max 1', '${SALE_SIZE}', 1, 64990000, 64990000
      FROM sales WHERE idempotency_key LIKE 'bulk-%';
    INSERT INTO sale_payments (company_id, sale_id, payment_type, amount)
      SELECT 1, id, 'efectivo', 64990000 FROM sales WHERE idempotency_key LIKE 'bulk-%';
    ${ROLLUP_REBUILD_SQL.map((statement) => statement.replaceAll("?1", "1")).join(";\n")};`;
  await run("npx", ["wrangler", "d1", "execute", "SHARD_1", "--local", "--persist-to", state, "--command", sql], {
    stdio: "ignore",
  });
}

let server: BenchWorker | undefined;
const started = Date.now();
const loadAtStart = loadavg()[0] ?? Number.NaN;
const phase = (what: string) => console.error(`[bench ${Math.round((Date.now() - started) / 1000)} s] ${what}`);
try {
  phase(`SPA: ${await buildSpaIfStale()}`);
  server = await startBenchWorker();
  await stockForSales(server.state);
  if (BULK_SALES > 0) await bulkSales(server.state);

  const login = await fetch(`${BASE}/api/v1/auth/auth/login-json`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "vendedor@demo.horma.co", password: "Horma#2026" }),
  });
  const { access_token: reader } = (await login.json()) as { access_token: string };
  const writerLogin = await fetch(`${BASE}/api/v1/auth/auth/login-json`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: WRITER, password: "Horma#2026" }),
  });
  const { access_token: writer } = (await writerLogin.json()) as { access_token: string };
  const bossLogin = await fetch(`${BASE}/api/v1/auth/auth/login-json`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "boss@demo.horma.co", password: "Horma#2026" }),
  });
  const { access_token: boss } = (await bossLogin.json()) as { access_token: string };
  const adminLogin = await fetch(`${BASE}/api/v1/auth/auth/login-json`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@demo.horma.co", password: "Horma#2026" }),
  });
  const { access_token: admin } = (await adminLogin.json()) as { access_token: string };

  const routes: Route[] = [
    { name: "empty (GET /api/v1/ping)", method: "GET", path: "/api/v1/ping" },
    { name: "GET /health", method: "GET", path: "/health" },
    {
      name: "GET /api/v1/locations (auth)",
      method: "GET",
      path: "/api/v1/locations",
      auth: true,
      budget: { timesEmpty: 2 },
    },
    {
      // a seller's code lookup (reference code here; a barcode takes the same two batches)
      name: "GET /api/v1/products/lookup",
      method: "GET",
      path: `/api/v1/products/lookup?code=${SALE_REF}`,
      auth: true,
      budget: { timesEmpty: 2 },
    },
    { name: "GET /api/v1/vendor/dashboard", method: "GET", path: "/api/v1/vendor/dashboard", auth: true },
    { name: "GET /api/v1/sales/today", method: "GET", path: "/api/v1/sales/today", auth: true },
    {
      name: "POST /api/v1/sales/create",
      method: "POST",
      path: "/api/v1/sales/create",
      auth: true,
      unique: true,
      budget: { ms: 40 },
      body: JSON.stringify({
        items: [{ sneaker_reference_code: SALE_REF, size: SALE_SIZE, quantity: 1, unit_price: 649900 }],
        payment_methods: [
          { payment_type: "efectivo", amount: 324950 },
          { payment_type: "tarjeta", amount: 324950, reference: "****1234" },
        ],
        total_amount: 649900,
      }),
    },
    {
      name: "GET boss dashboard (50k sales)",
      method: "GET",
      path: "/api/v1/boss/boss/dashboard",
      auth: true,
      boss: true,
      budget: { ms: 100 },
    },
    {
      name: "POST boss sales consolidated 30 d (50k sales)",
      method: "POST",
      path: "/api/v1/boss/boss/reports/sales/consolidated",
      auth: true,
      boss: true,
      budget: { ms: 100 },
      body: JSON.stringify({
        start_date: new Date(Date.now() - 35 * 86_400_000).toISOString().slice(0, 10),
        end_date: new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10),
      }),
    },
    {
      // issue 37: every location × product × size of the last 28 days (50k sales), with stock and transfers
      name: "GET reports/reorder 28 d (50k sales)",
      method: "GET",
      path: "/api/v1/admin/admin/reports/reorder?all=1",
      auth: true,
      admin: true,
      budget: { ms: 100 },
    },
    {
      // issue 37: the size curve of every product over the 90-day history, per location
      name: "GET reports/size-curve 90 d (50k sales)",
      method: "GET",
      path: "/api/v1/admin/admin/reports/size-curve",
      auth: true,
      admin: true,
      budget: { ms: 100 },
    },
    {
      name: "POST login-json",
      method: "POST",
      path: "/api/v1/auth/auth/login-json",
      body: JSON.stringify({ email: "bodega@demo.horma.co", password: "Horma#2026" }),
    },
  ];

  // BENCH_ONLY=boss measures only the routes whose name contains it (for quick iterations; "trips": none)
  const only = process.env.BENCH_ONLY;
  const selected = routes.filter((r) => !only || r.name.includes(only) || r.name.startsWith("empty"));
  const rows = [];
  phase(`API: ${selected.length} routes × ${CONNECTIONS.join("/")} connections × ${DURATION_S} s`);
  for (const connections of CONNECTIONS) {
    for (const route of selected) rows.push(await measure(route, connections, { reader, writer, boss, admin }));
  }
  const emptyP95 = new Map(rows.filter((r) => r.route.startsWith("empty")).map((r) => [r.connections, r.p95]));
  const table = rows.map((r) => ({
    route: r.route,
    conns: r.connections,
    "req/s": r.rps,
    "p50 ms": r.p50,
    "p95 ms": r.p95,
    "p99 ms": r.p99,
    "p95 / empty": Number((r.p95 / (emptyP95.get(r.connections) || 1)).toFixed(2)),
    "non-2xx": r.non2xx,
  }));
  const authRead = rows.find((r) => r.connections === 10 && r.route.includes("locations"));
  const ratio = authRead ? authRead.p95 / (emptyP95.get(10) || 1) : Number.NaN;
  mkdirSync("tests/bench/results", { recursive: true });
  const when = new Date().toISOString();
  const api = { when, durationSeconds: DURATION_S, rows: table, authReadRatioAt10: ratio };
  writeFileSync("tests/bench/results/api-latest.json", `${JSON.stringify(api, null, 2)}\n`);

  phase("D1 round trips of the hot routes (counted, then every D1 call delayed 30 ms)");
  // BENCH_ONLY=trips counts every hot route's round trips; another BENCH_ONLY those whose name contains it
  const trips = await measureRoundTrips(
    BASE,
    hotRoutes(BASE, { reader, writer, boss }, { ref: SALE_REF, size: SALE_SIZE, price: 649900 }).filter(
      (r) => !only || only === "trips" || r.name.includes(only),
    ),
  );
  if (trips.length > 0) console.log(`\n${markdown(roundTripRows(trips))}\n`);
  // the till closed by the last route opens again for what follows
  await fetch(`${BASE}/api/v1/cash-sessions/open`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${writer}`,
      "content-type": "application/json",
      "Idempotency-Key": crypto.randomUUID(),
    },
    body: JSON.stringify({ opening_float: 100_000 }),
  });

  phase("web: /login JS, seller dashboard TTI (headless Chromium)");
  const web = await measureWeb(BASE);
  phase("scan flow: a 12 MP camera photo through 'Vender Producto' (headless Chromium, CPU 4× slower)");
  const scanflow = await measureScanFlow(BASE);
  phase(`Lighthouse: /, /login, /seller × 5 runs (every run in ${LIGHTHOUSE_RESULTS})`);
  const lighthouse = await measureLighthouse(BASE, phase);
  const budgets = Object.fromEntries(selected.flatMap((r) => (r.budget ? [[r.name, r.budget]] : [])));
  // the scan flow's rows go before the bench:scan ones (the last rows of buildTable's table)
  const built = buildTable(rows, budgets, web, lighthouse);
  const firstScanRow = built.findIndex((r) => r.what.startsWith("Scan matching on the server"));
  const at = firstScanRow < 0 ? built.length : firstScanRow;
  const summary = [...built.slice(0, at), ...roundTripRows(trips), ...scanFlowRows(scanflow), ...built.slice(at)];
  const header =
    `Latest run (${when.slice(0, 10)}, ${DURATION_S} s per API cell, ${availableParallelism()}-core machine shared ` +
    `with other work, 1-min load average ${loadAtStart.toFixed(1)} at the start; every API cell is in ` +
    `\`tests/bench/results/api-latest.json\`):`;
  const table1 = markdown(summary);
  console.log(`\n${header}\n\n${table1}\n`);
  writeFileSync(
    "tests/bench/results/bench-latest.json",
    `${JSON.stringify({ when, durationSeconds: DURATION_S, table: summary, api, trips, web, scanflow, lighthouse }, null, 2)}\n`,
  );
  // A partial run (BENCH_ONLY, BENCH_LIGHTHOUSE_PAGES) or BENCH_README=0 leaves docs/benchmarks.md alone.
  const partial = only || LIGHTHOUSE_ONLY;
  if (!partial && process.env.BENCH_README !== "0" && rewriteBenchTable(header, table1))
    phase("docs/benchmarks.md updated");
  phase("done");
} finally {
  await server?.stop();
}
