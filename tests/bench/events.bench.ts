// `npm run bench:events`: latency of live transfer events — from sending a transition (a keeper
// accepting a request) until a connected WebSocket client holds the event — against `wrangler dev`.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { baseEnv, ensureDevVars, prepareLocalData, waitForHttp } from "../../scripts/lib.mjs";

const PORT = 8796;
const BASE = `http://127.0.0.1:${PORT}`;
const ROUNDS = Number(process.env.EVENT_ROUNDS ?? 60);

async function login(email: string) {
  const res = await fetch(`${BASE}/api/v1/auth/auth/login-json`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "Horma#2026" }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function post(path: string, token: string, json: unknown) {
  const res = await fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(json),
  });
  return (await res.json()) as Record<string, unknown>;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? Number.NaN;
};

ensureDevVars();
const state = mkdtempSync(join(tmpdir(), "horma-events-"));
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
  const [seller, keeper] = await Promise.all([login("vendedor@demo.horma.co"), login("bodega@demo.horma.co")]);
  const locations = (await (
    await fetch(`${BASE}/api/v1/locations`, { headers: { authorization: `Bearer ${seller}` } })
  ).json()) as { id: number; name: string }[];
  const warehouse = locations.find((l) => l.name === "Bodega Principal")?.id ?? 0;
  const inventory = (await (
    await fetch(`${BASE}/api/v1/inventory/warehouse-keeper/inventory/all?location_id=${warehouse}`, {
      headers: { authorization: `Bearer ${keeper}` },
    })
  ).json()) as {
    locations: { products: { reference_code: string; sizes: { size: string; quantity: number }[] }[] }[];
  };
  const cells = (inventory.locations[0]?.products ?? []).flatMap((p) =>
    p.sizes.filter((s) => s.quantity > 0).map((s) => ({ ref: p.reference_code, size: s.size, qty: s.quantity })),
  );
  const requests: number[] = [];
  for (const cell of cells) {
    for (let i = 0; i < cell.qty && requests.length < ROUNDS; i++) {
      const created = await post("/api/v1/transfers/request", seller, {
        source_location_id: warehouse,
        sneaker_reference_code: cell.ref,
        size: cell.size,
        quantity: 1,
        purpose: "restock",
        pickup_type: "corredor",
      });
      requests.push(Number(created.transfer_request_id));
    }
    if (requests.length >= ROUNDS) break;
  }

  const socket = new WebSocket(`ws://127.0.0.1:${PORT}/api/v1/transfers/live?token=${keeper}`);
  const arrivals = new Map<number, number>();
  socket.addEventListener("message", (e) => {
    const event = JSON.parse(String(e.data)) as { transfer_id?: number; status?: string };
    if (event.status === "accepted" && event.transfer_id) arrivals.set(event.transfer_id, performance.now());
  });
  await new Promise((resolve) => socket.addEventListener("open", resolve));

  const toEvent: number[] = [];
  const toResponse: number[] = [];
  for (const id of requests) {
    const start = performance.now();
    await post("/api/v1/warehouse/accept-request", keeper, { transfer_request_id: id });
    toResponse.push(performance.now() - start);
    const deadline = performance.now() + 2000;
    while (!arrivals.has(id) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1));
    const at = arrivals.get(id);
    if (at !== undefined) toEvent.push(at - start);
  }
  socket.close();
  const row = {
    transitions: requests.length,
    "events received": toEvent.length,
    "event p50 ms": Math.round(pct(toEvent, 50) * 10) / 10,
    "event p95 ms": Math.round(pct(toEvent, 95) * 10) / 10,
    "HTTP answer p95 ms": Math.round(pct(toResponse, 95) * 10) / 10,
  };
  console.log("\nEventos en vivo: desde enviar la transición hasta tener el evento en un WebSocket conectado\n");
  console.table([row]);
  console.log(
    `Presupuesto: p95 < 50 ms → ${row["event p95 ms"]} ms ${row["event p95 ms"] < 50 ? "CUMPLE" : "NO CUMPLE"}`,
  );
  mkdirSync("tests/bench/results", { recursive: true });
  writeFileSync(
    "tests/bench/results/events-latest.json",
    `${JSON.stringify({ when: new Date().toISOString(), ...row }, null, 2)}\n`,
  );
} finally {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  rmSync(state, { recursive: true, force: true });
}
