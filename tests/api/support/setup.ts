import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createDb } from "../../../worker/db/client";
import { seedDemo } from "../../../worker/db/seed/index";
import { everyCompanyDb, prepareShards } from "../../../worker/db/shards";

// Each test file gets a fresh runtime: apply the real migrations to the platform and every shard, and
// the demo data once ("demo" on SHARD_1, "otra" on SHARD_2).
await applyD1Migrations(env.PLATFORM, env.PLATFORM_MIGRATIONS);
for (const shard of [env.SHARD_1, env.SHARD_2, env.SHARD_3]) {
  await applyD1Migrations(shard, env.COMPANY_MIGRATIONS);
}
// each shard hands out ids of its own range (worker/db/id-spaces.ts)
await prepareShards(env);
await seedDemo(env);
// The demo company requires an open till to sell, and its seeded tills are open; tests close and open
// tills as they go, so the rule is off here and on only in the tests of the rule (cash-sessions.test.ts).
for (const db of [createDb(env.PLATFORM), ...everyCompanyDb(env)]) {
  await db.$client.prepare("UPDATE companies SET require_open_till = 0").run();
}
