// `npm run bench`: API latency under concurrent load against `wrangler dev` (its own port and
// state folder, demo data loaded). Machines here are noisy, so each route's p95 is also printed
// as a ratio to an empty route measured in the same run. Budget: authenticated read p95 ≤ 2× empty at 10 connections.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
// @ts-expect-error plain .mjs helper shared with the npm scripts
import { baseEnv, ensureDevVars, prepareLocalData, waitForHttp } from "../../scripts/lib.mjs";

const PORT = 8798;
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = [1, 10, 50];

type Route = { name: string; method: "GET" | "POST"; path: string; body?: string; auth?: boolean };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function measure(route: Route, connections: number, token: string) {
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

ensureDevVars();
const state = mkdtempSync(join(tmpdir(), "horma-bench-"));
let server: ChildProcess | undefined;
try {
  await prepareLocalData(state);
  server = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      String(PORT),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      state,
      "--show-interactive-dev-session=false",
      "--log-level",
      "error",
    ],
    { stdio: "inherit", env: baseEnv, detached: true },
  );
  await waitForHttp(`${BASE}/health`, 90_000);

  const login = await fetch(`${BASE}/api/v1/auth/auth/login-json`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "vendedor@demo.horma.co", password: "Horma#2026" }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };

  const routes: Route[] = [
    { name: "empty (GET /api/v1/ping)", method: "GET", path: "/api/v1/ping" },
    { name: "GET /health", method: "GET", path: "/health" },
    { name: "GET /api/v1/locations (auth)", method: "GET", path: "/api/v1/locations", auth: true },
    {
      name: "POST login-json",
      method: "POST",
      path: "/api/v1/auth/auth/login-json",
      body: JSON.stringify({ email: "bodega@demo.horma.co", password: "Horma#2026" }),
    },
  ];

  const rows = [];
  for (const connections of CONNECTIONS) {
    for (const route of routes) rows.push(await measure(route, connections, token));
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
  console.log(`\nAPI bajo carga (${DURATION_S} s por medición, wrangler dev local)\n`);
  console.table(table);
  const authRead = rows.find((r) => r.connections === 10 && r.route.includes("locations"));
  const ratio = authRead ? authRead.p95 / (emptyP95.get(10) || 1) : Number.NaN;
  console.log(
    `Presupuesto: lectura autenticada p95 ≤ 2× ruta vacía a 10 conexiones → ${ratio.toFixed(2)}× ${ratio <= 2 ? "CUMPLE" : "NO CUMPLE"}`,
  );
  mkdirSync("tests/bench/results", { recursive: true });
  const out = { when: new Date().toISOString(), durationSeconds: DURATION_S, rows: table, authReadRatioAt10: ratio };
  writeFileSync("tests/bench/results/api-latest.json", `${JSON.stringify(out, null, 2)}\n`);
} finally {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  rmSync(state, { recursive: true, force: true });
}
