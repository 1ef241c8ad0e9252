import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createDb } from "../../worker/db/client";
import { seedDemo } from "../../worker/db/seed/index";

// Each test file gets a fresh runtime: apply the real migrations and the demo data once.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedDemo(createDb(env.DB));
