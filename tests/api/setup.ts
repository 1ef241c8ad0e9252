import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createDb } from "../../worker/db/client";
import { seedDemo } from "../../worker/db/seed/index";

// Each test file gets a fresh runtime: apply the real migrations and the demo data once.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedDemo(createDb(env.DB));
// The demo company requires an open till to sell, and its seeded tills are open; tests close and open
// tills as they go, so the rule is off here and on only in the tests of the rule (cash-sessions.test.ts).
await env.DB.prepare("UPDATE companies SET require_open_till = 0").run();
