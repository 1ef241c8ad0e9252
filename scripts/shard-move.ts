// `npm run shard:move -- --company ID --to SHARD_n [--settle-seconds N]`: moves a company's data to another
// shard (worker/domain/platform/move-company.ts, docs/sharding.md "Moving a company") on the local D1 that
// `npm start` uses. While it runs, the company's writes answer 503 (Retry-After) and its reads go on; the
// old rows are deleted once every Worker's cached directory row has expired (65 s; --settle-seconds can
// only make that longer).
import { join } from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { PLACEMENT_TTL_MS, platformDatabases } from "../worker/db/shards";
import { moveCompany } from "../worker/domain/platform/move-company";

const { values } = parseArgs({
  options: { company: { type: "string" }, to: { type: "string" }, "settle-seconds": { type: "string" } },
});
const companyId = Number(values.company);
if (!Number.isInteger(companyId) || companyId < 1 || !/^SHARD_\d+$/.test(values.to ?? "")) {
  console.error("Uso: npm run shard:move -- --company ID --to SHARD_n [--settle-seconds N]");
  process.exit(2);
}
// never shorter than the directory cache: an isolate still reading the old shard would find it empty
const settle = Math.max(PLACEMENT_TTL_MS + 5_000, Number(values["settle-seconds"] ?? 0) * 1000);

const persist = process.env.PERSIST_DIR ? { path: join(process.env.PERSIST_DIR, "v3") } : true;
const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist });
try {
  const started = Date.now();
  const report = await moveCompany(proxy.env, platformDatabases(proxy.env), companyId, values.to as string, {
    settleMs: settle,
    log: (line) => console.log(`[${Math.round((Date.now() - started) / 1000)} s] ${line}`),
  });
  const total = Object.values(report.rows).reduce((a, n) => a + n, 0);
  console.log(
    `Empresa ${report.companyId}: ${report.from} → ${report.to}, ${total} filas en ${Date.now() - started} ms`,
  );
} finally {
  await proxy.dispose();
}
