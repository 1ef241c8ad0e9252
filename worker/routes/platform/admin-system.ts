import { Hono } from "hono";
import { tenantId } from "../../auth/tenant";
import { pingDatabases } from "../../db/shards";
import type { AppEnv } from "../../env";
import { doc } from "../../openapi/describe";

type Check = { status: "ok" | "error"; latency_ms: number; detail: string };

async function timed(run: () => Promise<string>): Promise<Check> {
  const started = Date.now();
  try {
    const detail = await run();
    return { status: "ok", latency_ms: Date.now() - started, detail };
  } catch (err) {
    return {
      status: "error",
      latency_ms: Date.now() - started,
      detail: err instanceof Error ? err.message : String(err),
    };
  }
}

/** Health of the admin module and a live check of each service it depends on. */
export const adminSystemRoutes = new Hono<AppEnv>()
  .get("/health", doc("Comprueba que el módulo de administración responde"), (c) =>
    c.json({ module: "admin", status: "ok", timestamp: new Date().toISOString() }),
  )
  .get(
    "/diagnosis/microservice-connection",
    doc("Diagnostica la conexión con la base de datos, el almacenamiento de archivos y el centro de transferencias"),
    async (c) => {
      const companyId = tenantId(c);
      const d1 = await timed(async () => {
        await pingDatabases(c.env);
        return "D1 responde";
      });
      const r2 = await timed(async () => {
        const key = `company/${companyId}/diagnostics/${crypto.randomUUID()}.txt`;
        await c.env.FILES.put(key, "ok", { httpMetadata: { contentType: "text/plain" } });
        const back = await c.env.FILES.get(key);
        const text = back ? await back.text() : null;
        await c.env.FILES.delete(key);
        if (text !== "ok") throw new Error("R2 no devolvió lo escrito");
        return "R2 escribe, lee y borra";
      });
      const durable = await timed(async () => {
        const hub = c.env.TRANSFER_HUB.get(c.env.TRANSFER_HUB.idFromName(`company:${companyId}`));
        const answer = await hub.ping();
        return `TransferHub responde (${answer.at})`;
      });
      const checks = { d1, r2, durable_object: durable };
      const ok = Object.values(checks).every((x) => x.status === "ok");
      return c.json({ status: ok ? "ok" : "degraded", checks, checked_at: new Date().toISOString() }, ok ? 200 : 503);
    },
  );
