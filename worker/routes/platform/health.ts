import { Hono } from "hono";
import { pingDatabases } from "../../db/shards";
import type { AppEnv } from "../../env";
import { TtlCache } from "../../lib/ttl-cache";
import { doc } from "../../openapi/describe";

type Readiness = { database: "ok" | "error"; checkedInMs: number };

/**
 * The databases' readiness, read at most once a second per isolate: /health pings the platform and every
 * shard, and a monitor polling it hard would otherwise queue its pings on D1 (locally, its CPU). A
 * failure is not kept: the next call checks again.
 */
const READINESS_TTL_MS = 1_000;
const readiness = new TtlCache<"databases", Readiness>(READINESS_TTL_MS);

async function databasesReady(env: AppEnv["Bindings"]): Promise<Readiness> {
  const known = readiness.get("databases");
  if (known) return known;
  const started = Date.now();
  try {
    await pingDatabases(env);
  } catch {
    return { database: "error", checkedInMs: Date.now() - started };
  }
  const ready: Readiness = { database: "ok", checkedInMs: Date.now() - started };
  readiness.set("databases", ready);
  return ready;
}

/** Liveness without I/O (also the benchmarks' empty-route baseline) and a readiness check of D1. */
export const healthRoutes = new Hono<AppEnv>()
  .get("/ping", doc("Comprueba que el servicio responde, sin consultar la base de datos"), (c) =>
    c.json({ pong: true }),
  )
  .get("/health", doc("Informa el estado del servicio y de la base de datos"), async (c) => {
    const { database, checkedInMs } = await databasesReady(c.env);
    const status = database === "ok" ? "ok" : "degraded";
    return c.json(
      { status, service: "horma-api", module: "core", database, checked_in_ms: checkedInMs },
      status === "ok" ? 200 : 503,
    );
  });
