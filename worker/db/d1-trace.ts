// Round trips to D1 as a budget (issue 34): `npm run bench` asks a Worker started with BENCH_D1=1 to
// count, per request, the D1 calls it makes and how many of them happen one after another (calls that
// overlap in time are one round trip), and optionally to delay each call (a primary far away). Off in
// every other Worker: the header is ignored without that binding (db/shards.ts).

export type D1Trace = { delayMs: number; spans: [start: number, end: number][] };

/** The request header that asks for it: "count", or "delay=<ms>" (at most 1000). */
export const TRACE_HEADER = "X-Bench-D1";

export function traceAsked(header: string | undefined): D1Trace | null {
  if (header === "count") return { delayMs: 0, spans: [] };
  const delay = /^delay=(\d{1,4})$/.exec(header ?? "");
  return delay ? { delayMs: Math.min(1000, Number(delay[1])), spans: [] } : null;
}

/** Sequential round trips: the calls grouped where they overlap in time (parallel calls are one). */
export function roundTrips(trace: D1Trace): number {
  const spans = [...trace.spans].sort((a, b) => a[0] - b[0]);
  let trips = 0;
  let busyUntil = Number.NEGATIVE_INFINITY;
  for (const [start, end] of spans) {
    if (start >= busyUntil) trips++;
    busyUntil = Math.max(busyUntil, end);
  }
  return trips;
}

async function timed<T>(trace: D1Trace, call: () => Promise<T>): Promise<T> {
  const start = Date.now();
  if (trace.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, trace.delayMs));
  try {
    return await call();
  } finally {
    // the Workers clock moves at I/O: a call's end is when its answer came
    trace.spans.push([start, Math.max(Date.now(), start + 1)]);
  }
}

const RUNS = new Set(["run", "all", "first", "raw"]);

/** `d1` with every call timed into `trace`; statements handed to batch are unwrapped as D1 needs them. */
export function traced<T extends object>(d1: T, trace: D1Trace): T {
  const originals = new WeakMap<object, object>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== "function") return value;
        if (typeof prop === "string" && RUNS.has(prop))
          return (...args: unknown[]) =>
            timed(trace, () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        return value.bind(target);
      },
    });
    originals.set(proxy, statement);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop === "prepare" && typeof value === "function")
        return (sql: string) => wrap((value as (s: string) => D1PreparedStatement).call(target, sql));
      if (prop === "batch" && typeof value === "function")
        return (statements: D1PreparedStatement[]) =>
          timed(trace, () =>
            (value as (s: D1PreparedStatement[]) => Promise<unknown>).call(
              target,
              statements.map((s) => (originals.get(s) as D1PreparedStatement | undefined) ?? s),
            ),
          );
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
