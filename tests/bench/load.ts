// `npm run load`: 50 concurrent users for 60 s against the local Worker as `wrangler dev` runs it
// (server.ts: own port and state, demo data, no devtools inspector)
// mixing the seller, warehouse and courier flows; prints throughput, p50/p95/p99 per route, the status
// mix, and the integrity invariants checked on the database afterwards.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error plain .mjs helper shared with the npm scripts
import { baseEnv, ensureDevVars, prepareLocalData, run } from "../../scripts/lib.mjs";
import { type LocalWorker, startLocalWorker } from "./server";

const PORT = 8797;
const BASE = `http://127.0.0.1:${PORT}`;
const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PASSWORD = "Horma#2026";
const REF = "VANSAUTH-01";
const SIZES = ["38", "39", "40", "41", "42"];

type Sample = { route: string; ms: number; status: number };
const samples: Sample[] = [];

async function call(route: string, path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  const started = performance.now();
  const res = await fetch(`${BASE}${path}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "idempotency-key": crypto.randomUUID(),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  samples.push({ route, ms: performance.now() - started, status: res.status });
  return { status: res.status, body };
}

async function login(email: string): Promise<string> {
  const res = await fetch(`${BASE}/api/v1/auth/auth/login-json`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;

async function sellerLoop(token: string, warehouseId: number, until: number) {
  while (Date.now() < until) {
    const size = pick(SIZES);
    if (Math.random() < 0.6) {
      await call("POST /sales/create", "/api/v1/sales/create", token, {
        method: "POST",
        json: {
          items: [{ sneaker_reference_code: REF, size, quantity: 1, unit_price: 289900 }],
          payment_methods: [
            { payment_type: "efectivo", amount: 144950 },
            { payment_type: "tarjeta", amount: 144950, reference: "****1234" },
          ],
          total_amount: 289900,
        },
      });
    } else {
      await call("POST /transfers/request", "/api/v1/transfers/request", token, {
        method: "POST",
        json: {
          source_location_id: warehouseId,
          sneaker_reference_code: REF,
          size,
          quantity: 1,
          purpose: "cliente",
          pickup_type: "corredor",
        },
      });
    }
    const pending = await call("GET /vendor/pending-transfers", "/api/v1/vendor/pending-transfers", token);
    const delivered = ((pending.body?.pending_transfers as { id: number; status: string }[]) ?? []).filter(
      (t) => t.status === "delivered",
    );
    for (const t of delivered.slice(0, 2)) {
      await call("POST /vendor/confirm-reception", `/api/v1/vendor/confirm-reception/${t.id}`, token, {
        method: "POST",
      });
    }
  }
}

async function keeperLoop(token: string, until: number) {
  while (Date.now() < until) {
    const pending = await call("GET /warehouse/pending-requests", "/api/v1/warehouse/pending-requests", token);
    const list = (pending.body?.pending_requests as { id: number }[]) ?? [];
    const t = list.length > 0 ? pick(list) : null;
    if (t)
      await call("POST /warehouse/accept-request", "/api/v1/warehouse/accept-request", token, {
        method: "POST",
        json: { transfer_request_id: t.id },
      });
    else await new Promise((r) => setTimeout(r, 200));
  }
}

async function courierLoop(token: string, until: number) {
  while (Date.now() < until) {
    const available = await call("GET /courier/available-requests", "/api/v1/courier/available-requests", token);
    const list = (available.body?.available_requests as { id: number }[]) ?? [];
    const t = list.length > 0 ? pick(list) : null;
    if (t)
      await call("POST /courier/accept-request", `/api/v1/courier/accept-request/${t.id}`, token, {
        method: "POST",
        json: {},
      });
    const mine = await call("GET /courier/my-transports", "/api/v1/courier/my-transports", token);
    for (const m of ((mine.body?.my_transports as { id: number; status: string }[]) ?? []).slice(0, 3)) {
      if (m.status === "courier_assigned")
        await call("POST /courier/confirm-pickup", `/api/v1/courier/confirm-pickup/${m.id}`, token, {
          method: "POST",
          json: {},
        });
      if (m.status === "in_transit")
        await call(
          "POST /courier/confirm-delivery",
          `/api/v1/courier/confirm-delivery/${m.id}?delivery_successful=true`,
          token,
          { method: "POST" },
        );
    }
    if (!t) await new Promise((r) => setTimeout(r, 200));
  }
}

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

const INVARIANTS: [string, string][] = [
  [
    "stock = suma del libro (celdas distintas)",
    `SELECT COUNT(*) AS n FROM inventory i WHERE i.pairs <> (SELECT COALESCE(SUM(delta_pairs),0) FROM stock_movements m WHERE m.product_id=i.product_id AND m.location_id=i.location_id AND m.size=i.size)
      OR i.left_feet <> (SELECT COALESCE(SUM(delta_left),0) FROM stock_movements m WHERE m.product_id=i.product_id AND m.location_id=i.location_id AND m.size=i.size)
      OR i.right_feet <> (SELECT COALESCE(SUM(delta_right),0) FROM stock_movements m WHERE m.product_id=i.product_id AND m.location_id=i.location_id AND m.size=i.size)`,
  ],
  [
    "cantidades negativas",
    "SELECT COUNT(*) AS n FROM inventory WHERE pairs < 0 OR left_feet < 0 OR right_feet < 0 OR exhibition < 0 OR reserved_pairs > pairs",
  ],
  [
    "ventas cuyos pagos no suman el total",
    "SELECT COUNT(*) AS n FROM sales s WHERE s.total_amount <> (SELECT COALESCE(SUM(amount),0) FROM sale_payments p WHERE p.sale_id = s.id)",
  ],
  [
    "transferencias cuyo libro no corresponde al estado",
    `SELECT COUNT(*) AS n FROM transfer_requests t WHERE t.request_type = 'transfer' AND (
        (t.status IN ('in_transit','delivered','completed')) <> EXISTS (SELECT 1 FROM stock_movements m WHERE m.transfer_id = t.id AND m.reason = 'transfer_out')
     OR (t.status = 'completed') <> EXISTS (SELECT 1 FROM stock_movements m WHERE m.transfer_id = t.id AND m.reason = 'transfer_in'))`,
  ],
  [
    "reservas que no corresponden a transferencias aceptadas",
    `SELECT COUNT(*) AS n FROM inventory i WHERE i.reserved_pairs <> (SELECT COUNT(*) FROM transfer_requests t WHERE t.product_id = i.product_id AND t.source_location_id = i.location_id AND t.size = i.size AND t.status IN ('accepted','courier_assigned') AND t.transfer_type = 'pair')`,
  ],
  [
    "resúmenes diarios distintos de las ventas",
    `SELECT COUNT(*) AS n FROM sales_daily d WHERE d.total_amount <> (SELECT COALESCE(SUM(total_amount),0) FROM sales s WHERE s.status='completed' AND s.company_id=d.company_id AND s.location_id=d.location_id AND s.seller_id=d.seller_id AND date(datetime(s.sale_date,'-5 hours'))=d.day)`,
  ],
];

ensureDevVars();
const state = mkdtempSync(join(tmpdir(), "horma-load-"));
let server: LocalWorker | undefined;
try {
  await prepareLocalData(state);
  // plenty of stock of one product at every location so sales and transfers mostly succeed
  await run(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      state,
      "--command",
      `INSERT INTO stock_movements (company_id, product_id, location_id, size, delta_pairs, reason, entry_ref)
         SELECT 1, p.id, l.id, s.size, 200, 'entry', 'load' FROM products p, locations l,
         (SELECT '38' AS size UNION ALL SELECT '39' UNION ALL SELECT '40' UNION ALL SELECT '41' UNION ALL SELECT '42') s
         WHERE p.reference_code = '${REF}' AND p.company_id = 1 AND l.company_id = 1;
       INSERT INTO inventory (company_id, product_id, location_id, size, pairs)
         SELECT 1, p.id, l.id, s.size, 200 FROM products p, locations l,
         (SELECT '38' AS size UNION ALL SELECT '39' UNION ALL SELECT '40' UNION ALL SELECT '41' UNION ALL SELECT '42') s
         WHERE p.reference_code = '${REF}' AND p.company_id = 1 AND l.company_id = 1
         ON CONFLICT (product_id, location_id, size) DO UPDATE SET pairs = pairs + 200;`,
    ],
    { stdio: "ignore" },
  );
  server = await startLocalWorker(PORT, state);
  const [seller1, seller2, keeper, courier] = await Promise.all(
    ["vendedor@demo.horma.co", "vendedor2@demo.horma.co", "bodega@demo.horma.co", "corredor@demo.horma.co"].map(login),
  );
  const locations = (await (
    await fetch(`${BASE}/api/v1/locations`, { headers: { authorization: `Bearer ${seller1}` } })
  ).json()) as { id: number; name: string }[];
  const warehouseId = locations.find((l) => l.name === "Bodega Principal")?.id ?? 0;
  const until = Date.now() + SECONDS * 1000;
  const started = Date.now();
  const loops: Promise<void>[] = [];
  for (let i = 0; i < USERS; i++) {
    const kind = i % 10;
    if (kind < 6) loops.push(sellerLoop(i % 2 === 0 ? (seller1 ?? "") : (seller2 ?? ""), warehouseId, until));
    else if (kind < 8) loops.push(keeperLoop(keeper ?? "", until));
    else loops.push(courierLoop(courier ?? "", until));
  }
  await Promise.all(loops);
  const elapsed = (Date.now() - started) / 1000;

  const routes = [...new Set(samples.map((s) => s.route))].sort();
  const table = routes.map((route) => {
    const mine = samples.filter((s) => s.route === route);
    const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
    const counts = new Map<number, number>();
    for (const s of mine) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
    const byStatus = [...counts].map(([k, v]) => `${k}×${v}`).join(" ");
    return {
      route,
      requests: mine.length,
      "req/s": Math.round(mine.length / elapsed),
      "p50 ms": Math.round(pct(ms, 50)),
      "p95 ms": Math.round(pct(ms, 95)),
      "p99 ms": Math.round(pct(ms, 99)),
      status: byStatus,
    };
  });
  const unexpected = samples.filter((s) => s.status >= 500 || (s.status >= 400 && s.status !== 409));
  console.log(
    `\nCarga: ${USERS} usuarios durante ${SECONDS} s → ${samples.length} solicitudes (${Math.round(samples.length / elapsed)} req/s)\n`,
  );
  console.table(table);
  console.log(`Errores distintos de 409 esperados: ${unexpected.length}`);

  const invariants = INVARIANTS.map(([name, query]) => {
    const out = execFileSync(
      "npx",
      ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", query],
      {
        env: baseEnv,
        encoding: "utf8",
      },
    );
    const parsed = JSON.parse(out) as { results: { n: number }[] }[];
    const n = parsed[0]?.results[0]?.n ?? -1;
    return { invariante: name, filas_que_fallan: n, ok: n === 0 };
  });
  console.table(invariants);
  mkdirSync("tests/bench/results", { recursive: true });
  writeFileSync(
    "tests/bench/results/load-latest.json",
    `${JSON.stringify({ when: new Date().toISOString(), users: USERS, seconds: SECONDS, table, unexpected: unexpected.length, invariants }, null, 2)}\n`,
  );
  if (unexpected.length > 0 || invariants.some((i) => !i.ok)) process.exitCode = 1;
} finally {
  await server?.stop();
  rmSync(state, { recursive: true, force: true });
}
