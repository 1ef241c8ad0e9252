import { Hono } from "hono";
import { pingDatabases } from "../db/shards";
import type { AppEnv } from "../env";
import { doc } from "../openapi/describe";

/** Liveness without I/O (also the benchmarks' empty-route baseline) and a readiness check of D1. */
export const healthRoutes = new Hono<AppEnv>()
  .get("/ping", doc("Comprueba que el servicio responde, sin consultar la base de datos"), (c) =>
    c.json({ pong: true }),
  )
  .get("/health", doc("Informa el estado del servicio y de la base de datos"), async (c) => {
    const started = Date.now();
    let database = "ok";
    try {
      await pingDatabases(c.env);
    } catch {
      database = "error";
    }
    const status = database === "ok" ? "ok" : "degraded";
    return c.json(
      { status, service: "horma-api", module: "core", database, checked_in_ms: Date.now() - started },
      status === "ok" ? 200 : 503,
    );
  });
