// Round trips to D1 per hot route (issue 34 "Round trips are a budget"): the bench's Worker runs with
// BENCH_D1=1 (server.ts), so a request with `X-Bench-D1: count` answers how many D1 calls it made and how
// many of them came one after another (worker/db/d1-trace.ts: overlapping calls are one round trip), and
// one with `X-Bench-D1: delay=30` waits 30 ms before every D1 call, as a primary in another region would.
// Production figures are then about p50 here + 30 ms × round trips; the table shows the measured p50.
import type { Row } from "./summary";

export type TripRoute = {
  name: string;
  /** the request (made fresh each time: sales need a new Idempotency-Key) */
  request: () => Promise<{ path: string; init: RequestInit }>;
  /** sequential round trips to the primary the route may take */
  budget: number;
};

export type TripResult = { name: string; calls: number; trips: number; p50Delayed: number; budget: number };

const DELAY_MS = 30;
const RUNS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function once(base: string, route: TripRoute, trace: string) {
  const { path, init } = await route.request();
  const headers = new Headers(init.headers);
  headers.set("X-Bench-D1", trace);
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { ...init, headers });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${route.name}: ${res.status}`);
  return { ms, calls: Number(res.headers.get("X-D1-Calls")), trips: Number(res.headers.get("X-D1-Round-Trips")) };
}

/** Each route: its D1 calls and sequential round trips (the most seen over the runs), and the p50 with every call delayed. */
export async function measureRoundTrips(base: string, routes: readonly TripRoute[]): Promise<TripResult[]> {
  const results: TripResult[] = [];
  for (const route of routes) {
    let calls = 0;
    let trips = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await once(base, route, "count");
      calls = Math.max(calls, r.calls);
      trips = Math.max(trips, r.trips);
    }
    const delayed: number[] = [];
    for (let i = 0; i < RUNS; i++) delayed.push((await once(base, route, `delay=${DELAY_MS}`)).ms);
    results.push({ name: route.name, calls, trips, p50Delayed: median(delayed), budget: route.budget });
  }
  return results;
}

export function roundTripRows(results: readonly TripResult[]): Row[] {
  return results.map((r) => ({
    what: `D1 round trips: ${r.name} (calls; p50 with every D1 call delayed ${DELAY_MS} ms)`,
    measured: `${r.trips} sequential (${r.calls} calls), p50 ${Math.round(r.p50Delayed)} ms`,
    budget: `≤ ${r.budget} sequential`,
    met: r.trips <= r.budget ? "yes" : "no",
  }));
}

type Tokens = { reader: string; writer: string; boss: string };
const json = (token: string, method: string, body?: unknown, key = false): RequestInit => ({
  method,
  headers: {
    authorization: `Bearer ${token}`,
    "content-type": "application/json",
    ...(key ? { "Idempotency-Key": crypto.randomUUID() } : {}),
  },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/**
 * The hot routes of issue 34: a sale, today's sales, the seller dashboard, a code lookup, a scan by
 * code, the boss dashboard, a return and a till close (writes by the second seller, whose store has stock
 * and an open till; the till is opened again after each close).
 */
export function hotRoutes(
  base: string,
  tokens: Tokens,
  sale: { ref: string; size: string; price: number },
): TripRoute[] {
  const saleBody = {
    items: [{ sneaker_reference_code: sale.ref, size: sale.size, quantity: 1, unit_price: sale.price }],
    payment_methods: [{ payment_type: "efectivo", amount: sale.price }],
    total_amount: sale.price,
  };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, json(tokens.writer, "POST", body, true));
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, json(tokens.writer, "GET"));
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const openTill = async () => {
    const current = (await get("/api/v1/cash-sessions/current")) as { session: { id: number } | null };
    if (current.session) return current.session.id;
    const opened = (await post("/api/v1/cash-sessions/open", { opening_float: 100_000 })) as {
      session: { id: number };
    };
    return opened.session.id;
  };
  return [
    {
      name: "POST /sales/create",
      budget: 2,
      request: async () => ({ path: "/api/v1/sales/create", init: json(tokens.writer, "POST", saleBody, true) }),
    },
    {
      name: "GET /sales/today",
      budget: 1,
      request: async () => ({ path: "/api/v1/sales/today", init: json(tokens.reader, "GET") }),
    },
    {
      name: "GET /vendor/dashboard",
      budget: 1,
      request: async () => ({ path: "/api/v1/vendor/dashboard", init: json(tokens.reader, "GET") }),
    },
    {
      name: "GET /products/lookup",
      budget: 1,
      request: async () => ({ path: `/api/v1/products/lookup?code=${sale.ref}`, init: json(tokens.reader, "GET") }),
    },
    {
      name: "POST /classify/scan (by code)",
      budget: 1,
      request: async () => ({
        path: "/api/v1/classify/scan",
        init: json(tokens.reader, "POST", { reference_code: sale.ref }),
      }),
    },
    {
      name: "GET boss dashboard",
      budget: 1,
      request: async () => ({ path: "/api/v1/boss/boss/dashboard", init: json(tokens.boss, "GET") }),
    },
    {
      name: "POST /sale-returns",
      budget: 2,
      request: async () => {
        const made = (await post("/api/v1/sales/create", saleBody)) as { sale_id: number };
        const found = (await get(`/api/v1/sale-returns/sale?code=${made.sale_id}`)) as {
          sale: { items: { id: number }[] };
        };
        const body = {
          sale_id: made.sale_id,
          lines: [{ sale_item_id: found.sale.items[0]?.id, quantity: 1 }],
          reason: "talla",
          refund_method: "efectivo",
        };
        return { path: "/api/v1/sale-returns", init: json(tokens.writer, "POST", body, true) };
      },
    },
    {
      name: "POST /cash-sessions/:id/close",
      budget: 2,
      request: async () => {
        const id = await openTill();
        return {
          path: `/api/v1/cash-sessions/${id}/close`,
          init: json(tokens.writer, "POST", { counted_cash: 0, note: "Cierre del banco de pruebas" }),
        };
      },
    },
  ];
}
