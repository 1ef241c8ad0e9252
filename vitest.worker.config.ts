import { mkdirSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// API tests run inside workerd against the real migrations, local D1, R2 and Durable Objects.
export default defineConfig(async () => {
  // wrangler.toml's [assets] directory must exist even when the SPA has not been built (fresh clone)
  mkdirSync("dist/client", { recursive: true });
  // the platform's history and every shard's (docs/sharding.md "Migrations")
  const platformMigrations = await readD1Migrations("migrations/platform");
  const companyMigrations = await readD1Migrations("migrations/company");
  return {
    plugins: [
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            PLATFORM_MIGRATIONS: platformMigrations,
            COMPANY_MIGRATIONS: companyMigrations,
            JWT_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
            SETUP_SECRET: "test-setup-secret",
          },
        },
      }),
    ],
    test: {
      include: ["tests/api/**/*.test.ts"],
      // two test files at a time: on a 2-core machine vitest's default is one, and the suite spends most of
      // its time in workerd (measured: 1042 s one at a time, 632 s two at a time, all passing)
      maxWorkers: 2,
      setupFiles: ["./tests/api/support/setup.ts"],
    },
  };
});
