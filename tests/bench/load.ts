// `npm run load`: 50 concurrent users for 60 s against the local Worker as `wrangler dev` runs it
// (server.ts: own port and state, demo data, no devtools inspector)
// mixing the seller, warehouse and courier flows, with faults on the create calls (sent twice with the
// same Idempotency-Key, aborted mid-flight and retried) and conflicting pairs fired together; prints
// throughput, p50/p95/p99 per route, the status mix, the faults and what held, then the integrity
// invariants (worker/domain/shared/invariant-sql.ts) and exactly-once (one object per create key) on the database.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { baseEnv, ensureDevVars, prepareLocalData, run } from "../../scripts/lib.mjs";
import { INVARIANT_SQL } from "../../worker/domain/shared/invariant-sql";
import { type LocalWorker, startLocalWorker } from "./server";

const PORT = 8797;
const BASE = `http://127.0.0.1:${PORT}`;
const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PASSWORD = "Horma#2026";
const REF = "VANSAUTH-01";
const SIZES = ["38", "39", "40", "41", "42"];
/** Shares of the create calls: sent twice at once, twice one after the other, aborted and retried. */
const TWICE_AT_ONCE = 0.05;
const TWICE_AFTER = 0.05;
const ABORTED = 0.05;
/** How long a retry keeps asking while an earlier attempt still holds the key (LOCK_MS is 60 s). */
const RETRY_FOR_MS = 75_000;

type Sample = { route: string; ms: number; status: number };
const samples: Sample[] = [];
/** Every 5xx and dropped connection, with its request and answer. */
const errorsSeen: string[] = [];
/**
 * wrangler's dev proxy (server.ts) answers this 503 whenever its fetch to the Worker fails on a non-GET
 * call: after a real reload, but also when it reuses a pooled connection that the Worker closes after
 * 5 s idle. Counted apart so it is not mistaken for the Worker's own answer; it still fails the run.
 */
const PROXY_503 = "Your worker restarted mid-request";

type Answer = {
  status: number;
  text: string;
  body: Record<string, unknown> | null;
  replayed: boolean;
  retryAfter: string | null;
};

const faults = {
  creates: 0,
  twiceAtOnce: 0,
  twiceAfter: 0,
  /** Duplicates whose first answer was a refusal (not kept): the other one ran again. */
  twiceFirstRefused: 0,
  aborted: 0,
  /** The answer arrived before the abort fired: the retry is then a plain repeat. */
  abortTooLate: 0,
  /** 409 "still running" answers a retry got (it waited Retry-After and asked again). */
  retryInProgress: 0,
  /** Retries after an abort answered by replay: the server had finished the aborted request. */
  abortFinished: 0,
  replays: 0,
  /** Creates whose outcome was a 5xx or no answer, asked again with the same key to learn it. */
  settledAfterError: 0,
  confirmPairs: 0,
  acceptCancelPairs: 0,
  /** Accept/cancel pairs where a keeper loop accepted the transfer before either call of the pair. */
  pairsTakenByOthers: 0,
  /** Pairs where one call got a 5xx or no answer (those already fail the run as errors). */
  pairsWithError: 0,
  mismatches: [] as string[],
  pairViolations: [] as string[],
};

/** Successful create keys → the id of what they created. */
const saleKeys = new Map<string, number>();
const transferKeys = new Map<string, number>();

const ok = (a: Answer) => a.status >= 200 && a.status < 300;
/** A 5xx, or no answer at all: the outcome is unknown. */
const broken = (a: Answer) => a.status >= 500 || a.status === 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function send(
  route: string,
  path: string,
  token: string,
  init: { method?: string; json?: unknown; key?: string; signal?: AbortSignal } = {},
): Promise<Answer> {
  const started = performance.now();
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${BASE}${path}`, {
      method: init.method ?? "GET",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "idempotency-key": init.key ?? crypto.randomUUID(),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: init.signal,
    });
    text = await res.text();
  } catch (err) {
    if (init.signal?.aborted) throw err;
    // the connection dropped without an answer: status 0, counted with the errors
    samples.push({ route, ms: performance.now() - started, status: 0 });
    const cause = (err as { cause?: unknown }).cause;
    const text = `sin respuesta: ${String(cause ?? err)}`;
    errorsSeen.push(`${route}: ${init.method ?? "GET"} ${path} ${JSON.stringify(init.json ?? null)} → ${text}`);
    return { status: 0, text, body: null, replayed: false, retryAfter: null };
  }
  samples.push({ route, ms: performance.now() - started, status: res.status });
  if (res.status >= 500)
    errorsSeen.push(
      `${route}: ${init.method ?? "GET"} ${path} ${JSON.stringify(init.json ?? null)} → ${res.status} ${text.slice(0, 200)}`,
    );
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON
  }
  const replayed = res.headers.get("idempotent-replayed") === "true";
  if (replayed) faults.replays++;
  return { status: res.status, text, body, replayed, retryAfter: res.headers.get("retry-after") };
}

async function call(route: string, path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  return send(route, path, token, init);
}

function mismatch(route: string, key: string, why: string, a: Answer, b?: Answer) {
  const answers = [a, b].filter((x): x is Answer => x !== undefined);
  faults.mismatches.push(
    `${route} ${key}: ${why} (${answers.map((x) => `${x.status}${x.replayed ? " repetida" : ""} ${x.text.slice(0, 160)}`).join(" | ")})`,
  );
}

/** The same create twice with one key, both sent at once: one runs, the other waits for it and gets its answer. */
async function twiceAtOnce(route: string, path: string, token: string, json: unknown, key: string) {
  faults.twiceAtOnce++;
  const [a, b] = await Promise.all([
    send(route, path, token, { method: "POST", json, key }),
    send(`${route} (repetida)`, path, token, { method: "POST", json, key }),
  ]);
  if (broken(a) || broken(b)) return broken(a) ? b : a; // already an error of the run; settled by create()
  if (ok(a) && ok(b)) {
    if (a.text !== b.text) mismatch(route, key, "dos respuestas 2xx distintas", a, b);
    if (Number(a.replayed) + Number(b.replayed) !== 1)
      mismatch(route, key, "se esperaba exactamente una respuesta repetida", a, b);
    return a.replayed ? b : a;
  }
  if (ok(a) || ok(b)) {
    const [good, bad] = ok(a) ? [a, b] : [b, a];
    // the one that ran first was refused (a refusal is not kept), so the other one ran again
    if (good.replayed || bad.replayed || bad.retryAfter !== null) mismatch(route, key, "una 2xx y otra no", a, b);
    else faults.twiceFirstRefused++;
    return good;
  }
  if (a.replayed || b.replayed) mismatch(route, key, "una negativa repetida", a, b);
  return a;
}

/** The same create twice with one key, the second once the first answered: it must replay a 2xx byte for byte. */
async function twiceAfter(route: string, path: string, token: string, json: unknown, key: string) {
  faults.twiceAfter++;
  const a = await send(route, path, token, { method: "POST", json, key });
  const b = await send(`${route} (repetida)`, path, token, { method: "POST", json, key });
  if (broken(a) || broken(b)) return broken(b) ? a : b; // already an error of the run; settled by create()
  if (a.replayed) mismatch(route, key, "la primera vez ya vino repetida", a);
  if (ok(a)) {
    if (!ok(b) || b.text !== a.text) mismatch(route, key, "la repetición no devolvió la misma respuesta", a, b);
    else if (!b.replayed) mismatch(route, key, "la repetición no trae Idempotent-Replayed: true", a, b);
    return a;
  }
  faults.twiceFirstRefused++;
  if (b.replayed) mismatch(route, key, "se repitió una negativa", a, b);
  return b;
}

const inProgress = (a: Answer) => a.status === 409 && a.retryAfter !== null;

/**
 * Asks again with the same key until the outcome is known, as a client should: after a 5xx or a dropped
 * connection (three more times, 1 s apart), and while another request still holds the key (409 with
 * Retry-After, for up to RETRY_FOR_MS: past LOCK_MS a retry takes the key over and runs again).
 */
async function settle(route: string, path: string, token: string, json: unknown, key: string, first: Answer | null) {
  let answer = first;
  let errors = 0;
  const giveUp = Date.now() + RETRY_FOR_MS;
  while (answer === null || (broken(answer) && errors < 3) || (inProgress(answer) && Date.now() < giveUp)) {
    if (answer !== null && broken(answer)) {
      errors++;
      faults.settledAfterError++;
      await sleep(1000);
    } else if (answer !== null) {
      faults.retryInProgress++;
      await sleep(Number(answer.retryAfter) * 1000);
    }
    answer = await send(`${route} (reintento)`, path, token, { method: "POST", json, key });
  }
  return answer;
}

/** A create aborted after 1–30 ms, then retried with the same key; the retry's answer counts. */
async function abortedThenRetried(route: string, path: string, token: string, json: unknown, key: string) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 1 + Math.floor(Math.random() * 30));
  let first: Answer | null = null;
  try {
    first = await send(route, path, token, { method: "POST", json, key, signal: controller.signal });
    faults.abortTooLate++;
  } catch (err) {
    if (!controller.signal.aborted) throw err;
    faults.aborted++;
  } finally {
    clearTimeout(timer);
  }
  const retry = await settle(route, path, token, json, key, null);
  if (first && ok(first) && ok(retry) && retry.text !== first.text)
    mismatch(route, key, "el reintento no devolvió la misma respuesta", first, retry);
  if (!first && ok(retry) && retry.replayed) faults.abortFinished++;
  return retry;
}

/** A create call with its fault: most go once, some twice, some are aborted and retried. */
async function create(kind: "sale" | "transfer", route: string, path: string, token: string, json: unknown) {
  faults.creates++;
  const key = `load-${crypto.randomUUID()}`;
  const dice = Math.random();
  const answer = await settle(
    route,
    path,
    token,
    json,
    key,
    dice < TWICE_AT_ONCE
      ? await twiceAtOnce(route, path, token, json, key)
      : dice < TWICE_AT_ONCE + TWICE_AFTER
        ? await twiceAfter(route, path, token, json, key)
        : dice < TWICE_AT_ONCE + TWICE_AFTER + ABORTED
          ? await abortedThenRetried(route, path, token, json, key)
          : await send(route, path, token, { method: "POST", json, key }),
  );
  if (ok(answer)) {
    const id = Number(kind === "sale" ? answer.body?.sale_id : answer.body?.transfer_request_id);
    (kind === "sale" ? saleKeys : transferKeys).set(key, id);
  }
  return answer;
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

function saleBody(size: string) {
  return {
    items: [{ sneaker_reference_code: REF, size, quantity: 1, unit_price: 289900 }],
    payment_methods: [
      { payment_type: "efectivo", amount: 144950 },
      { payment_type: "tarjeta", amount: 144950, reference: "****1234" },
    ],
    total_amount: 289900,
  };
}

/**
 * Of two conflicting calls fired together exactly one may succeed (200), the other gets 409. Two 409s
 * are for the caller to explain; a 5xx or no answer is already an error of the run.
 */
function pairVerdict(what: string, a: Answer, b: Answer): "ok" | "both-409" | "error" {
  if (broken(a) || broken(b)) {
    faults.pairsWithError++;
    return "error";
  }
  const wins = [a, b].filter((x) => x.status === 200).length;
  const conflicts = [a, b].filter((x) => x.status === 409).length;
  if (wins === 1 && conflicts === 1) return "ok";
  if (conflicts === 2) return "both-409";
  faults.pairViolations.push(`${what}: ${a.status} ${a.text.slice(0, 120)} | ${b.status} ${b.text.slice(0, 120)}`);
  return "error";
}

/** A sale that needs confirmation, then its confirmation and its rejection at the same time. */
async function confirmPair(token: string, size: string) {
  const sale = await create("sale", "POST /sales/create", "/api/v1/sales/create", token, {
    ...saleBody(size),
    requires_confirmation: true,
  });
  const saleId = Number(sale.body?.sale_id);
  if (!ok(sale) || !saleId) return;
  faults.confirmPairs++;
  const [yes, no] = await Promise.all([
    call("POST /sales/confirm", "/api/v1/sales/confirm", token, {
      method: "POST",
      json: { sale_id: saleId, confirmed: true },
    }),
    call("POST /sales/confirm", "/api/v1/sales/confirm", token, {
      method: "POST",
      json: { sale_id: saleId, confirmed: false },
    }),
  ]);
  if (pairVerdict(`venta ${saleId} confirmar/rechazar`, yes, no) === "both-409")
    faults.pairViolations.push(`venta ${saleId} confirmar/rechazar: dos 409 (${yes.text.slice(0, 120)})`);
}

/** The keeper accepts a pending transfer while its seller cancels it. */
async function acceptCancelPair(seller: string, keeper: string, transferId: number) {
  faults.acceptCancelPairs++;
  const [accept, cancel] = await Promise.all([
    call("POST /warehouse/accept-request", "/api/v1/warehouse/accept-request", keeper, {
      method: "POST",
      json: { transfer_request_id: transferId },
    }),
    call("POST /vendor/cancel-transfer", `/api/v1/vendor/cancel-transfer/${transferId}`, seller, {
      method: "POST",
      json: { cancellation_reason: "prueba de carga" },
    }),
  ]);
  if (pairVerdict(`transferencia ${transferId} aceptar/cancelar`, accept, cancel) !== "both-409") return;
  // both refused: fine only if a keeper loop accepted it before the pair arrived
  const details = await call("GET /vendor/transfer-details", `/api/v1/vendor/transfer-details/${transferId}`, seller);
  const status = String(details.body?.status);
  if (status !== "pending" && status !== "cancelled") faults.pairsTakenByOthers++;
  else faults.pairViolations.push(`transferencia ${transferId} aceptar/cancelar: dos 409 y queda ${status}`);
}

async function sellerLoop(token: string, keeper: string, warehouseId: number, until: number) {
  while (Date.now() < until) {
    const size = pick(SIZES);
    const dice = Math.random();
    if (dice < 0.5) {
      await create("sale", "POST /sales/create", "/api/v1/sales/create", token, saleBody(size));
    } else if (dice < 0.6) {
      await confirmPair(token, size);
    } else {
      const t = await create("transfer", "POST /transfers/request", "/api/v1/transfers/request", token, {
        source_location_id: warehouseId,
        sneaker_reference_code: REF,
        size,
        quantity: 1,
        purpose: "cliente",
        pickup_type: "corredor",
      });
      const id = Number(t.body?.transfer_request_id);
      if (ok(t) && id && Math.random() < 0.25) await acceptCancelPair(token, keeper, id);
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
    else await sleep(200);
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
    if (!t) await sleep(200);
  }
}

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/**
 * Rows of ONE statement on the local D1. One statement per wrangler call: its splitter takes `CASE` for
 * the start of a trigger body and only closes it on `END` followed by a space or `;`, so after a
 * `CASE … END)` it swallows the next `;` and that statement's rows vanish from --json (the answers shift).
 */
function d1<T>(state: string, statement: string): T[] {
  if (statement.includes(";")) throw new Error("d1(): una sola sentencia, sin ';'");
  const out = execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "SHARD_1", "--local", "--persist-to", state, "--json", "--command", statement],
    { env: baseEnv, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  const parsed = JSON.parse(out) as { results: T[] }[];
  if (parsed.length !== 1 || !parsed[0]) throw new Error(`d1(): ${parsed.length} resultados para una sentencia`);
  return parsed[0].results;
}

/** Keys the script saw succeed vs what D1 holds: one object per key, nothing without a key. */
function exactlyOnce(what: string, seen: Map<string, number>, inD1: { id: number; k: string | null }[]) {
  const problems: string[] = [];
  const seenIds = new Set(seen.values());
  if (seenIds.size !== seen.size) problems.push(`${what}: ${seen.size} claves con éxito pero ${seenIds.size} ids`);
  const byId = new Map(inD1.map((r) => [r.id, r]));
  for (const [key, id] of seen) {
    const row = byId.get(id);
    if (!row) problems.push(`${what}: la clave ${key} devolvió ${id}, que no está en D1`);
    else if (row.k !== null && row.k !== key) problems.push(`${what} ${id}: clave ${row.k} en D1, ${key} vista`);
  }
  for (const row of inD1)
    if (!seenIds.has(row.id)) problems.push(`${what} ${row.id} (clave ${row.k ?? "—"}) en D1 sin respuesta 2xx vista`);
  return { en_d1: inD1.length, claves_con_exito: seen.size, problems };
}

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
      "SHARD_1",
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
  const [before] = d1<{ sales: number; transfers: number }>(
    state,
    "SELECT (SELECT COALESCE(MAX(id), 0) FROM sales) AS sales, (SELECT COALESCE(MAX(id), 0) FROM transfer_requests) AS transfers",
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
    if (kind < 6)
      loops.push(sellerLoop(i % 2 === 0 ? (seller1 ?? "") : (seller2 ?? ""), keeper ?? "", warehouseId, until));
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
  const unexpected = samples.filter((s) => s.status >= 500 || s.status === 0 || (s.status >= 400 && s.status !== 409));
  const serverErrors = samples.filter((s) => s.status >= 500).length;
  const noAnswer = samples.filter((s) => s.status === 0).length;
  const proxy503 = errorsSeen.filter((e) => e.includes(PROXY_503)).length;
  console.log(
    `\nCarga: ${USERS} usuarios durante ${SECONDS} s → ${samples.length} solicitudes (${Math.round(samples.length / elapsed)} req/s)\n`,
  );
  console.table(table);
  console.log(
    `Errores distintos de 409 esperados: ${unexpected.length} (5xx: ${serverErrors}, de ellos ${proxy503} del proxy de wrangler dev; sin respuesta: ${noAnswer})`,
  );
  for (const line of errorsSeen) console.log(`  ✗ ${line}`);

  // each invariant's query lists the rows that break it: count them, all in one statement (one row, a
  // column per invariant: D1 refuses a compound SELECT of that many terms)
  const names = Object.keys(INVARIANT_SQL) as (keyof typeof INVARIANT_SQL)[];
  const [counted] = d1<Record<string, number>>(
    state,
    `SELECT ${names.map((name, i) => `(SELECT COUNT(*) AS n FROM (${INVARIANT_SQL[name]})) AS n${i}`).join(",\n")}`,
  );
  const invariants = names.map((name, i) => {
    const n = counted?.[`n${i}`] ?? -1;
    return { invariante: name, filas_que_fallan: n, ok: n === 0 };
  });
  const salesInD1 = d1<{ id: number; k: string | null }>(
    state,
    `SELECT id, idempotency_key AS k FROM sales WHERE id > ${before?.sales ?? 0}`,
  );
  const keysTwice = d1<{ k: string; n: number }>(
    state,
    "SELECT idempotency_key AS k, COUNT(*) AS n FROM sales WHERE idempotency_key IS NOT NULL GROUP BY company_id, idempotency_key HAVING COUNT(*) > 1",
  );
  const transfersInD1 = d1<{ id: number; k: null }>(
    state,
    `SELECT id, NULL AS k FROM transfer_requests WHERE request_type = 'transfer' AND id > ${before?.transfers ?? 0}`,
  );
  const onceSales = exactlyOnce("venta", saleKeys, salesInD1);
  const onceTransfers = exactlyOnce("transferencia", transferKeys, transfersInD1);
  const onceProblems = [
    ...keysTwice.map((r) => `clave ${r.k}: ${r.n} ventas`),
    ...onceSales.problems,
    ...onceTransfers.problems,
  ];

  const faultTable = [
    { falla: "creaciones (ventas y transferencias)", veces: faults.creates },
    { falla: "enviadas dos veces a la vez, misma clave", veces: faults.twiceAtOnce },
    { falla: "enviadas otra vez tras la respuesta, misma clave", veces: faults.twiceAfter },
    { falla: "  … la primera fue negativa (no se guarda; corrió otra vez)", veces: faults.twiceFirstRefused },
    { falla: "abortadas a 1–30 ms y reintentadas", veces: faults.aborted },
    { falla: "  … la respuesta llegó antes del aborto", veces: faults.abortTooLate },
    { falla: "  … el reintento recibió la respuesta de la abortada", veces: faults.abortFinished },
    { falla: "reintentos que recibieron 409 «en proceso» (esperaron Retry-After)", veces: faults.retryInProgress },
    { falla: "pares confirmar + rechazar la misma venta", veces: faults.confirmPairs },
    { falla: "pares aceptar (bodega) + cancelar (vendedor)", veces: faults.acceptCancelPairs },
    { falla: "  … ya aceptada por otro bodeguero antes del par", veces: faults.pairsTakenByOthers },
    { falla: "respuestas repetidas (Idempotent-Replayed: true)", veces: faults.replays },
    { falla: "creaciones preguntadas otra vez tras un 5xx o sin respuesta", veces: faults.settledAfterError },
    { falla: "pares con un 5xx o sin respuesta", veces: faults.pairsWithError },
    { falla: "DESAJUSTES entre respuestas de la misma clave", veces: faults.mismatches.length },
    { falla: "PARES sin exactamente un 200 y un 409", veces: faults.pairViolations.length },
    { falla: "claves con más de una venta en D1", veces: keysTwice.length },
    {
      falla: "ventas nuevas en D1 / claves de venta con éxito",
      veces: `${onceSales.en_d1} / ${onceSales.claves_con_exito}`,
    },
    {
      falla: "transferencias nuevas en D1 / claves con éxito",
      veces: `${onceTransfers.en_d1} / ${onceTransfers.claves_con_exito}`,
    },
  ];
  console.table(faultTable);
  for (const line of [...faults.mismatches, ...faults.pairViolations, ...onceProblems].slice(0, 30))
    console.log(`  ✗ ${line}`);
  console.table(invariants);
  mkdirSync("tests/bench/results", { recursive: true });
  writeFileSync(
    "tests/bench/results/load-latest.json",
    `${JSON.stringify(
      {
        when: new Date().toISOString(),
        users: USERS,
        seconds: SECONDS,
        table,
        unexpected: unexpected.length,
        server_errors: serverErrors,
        dev_proxy_503: proxy503,
        no_answer: noAnswer,
        errors: errorsSeen,
        faults: {
          creates: faults.creates,
          twice_at_once: faults.twiceAtOnce,
          twice_after: faults.twiceAfter,
          twice_first_refused: faults.twiceFirstRefused,
          aborted_and_retried: faults.aborted,
          abort_too_late: faults.abortTooLate,
          abort_finished_by_server: faults.abortFinished,
          retry_in_progress_409: faults.retryInProgress,
          confirm_pairs: faults.confirmPairs,
          accept_cancel_pairs: faults.acceptCancelPairs,
          pairs_taken_by_others: faults.pairsTakenByOthers,
          replays_seen: faults.replays,
          settled_after_error: faults.settledAfterError,
          pairs_with_error: faults.pairsWithError,
          mismatches: faults.mismatches,
          pair_violations: faults.pairViolations,
        },
        exactly_once: {
          sales_in_d1: onceSales.en_d1,
          sale_keys_ok: onceSales.claves_con_exito,
          keys_with_several_sales: keysTwice.length,
          transfers_in_d1: onceTransfers.en_d1,
          transfer_keys_ok: onceTransfers.claves_con_exito,
          problems: onceProblems,
        },
        invariants,
      },
      null,
      2,
    )}\n`,
  );
  if (
    unexpected.length > 0 ||
    invariants.some((i) => !i.ok) ||
    faults.mismatches.length > 0 ||
    faults.pairViolations.length > 0 ||
    onceProblems.length > 0
  )
    process.exitCode = 1;
} finally {
  await server?.stop();
  rmSync(state, { recursive: true, force: true });
}
