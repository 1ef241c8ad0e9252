import { defineConfig } from "drizzle-kit";

// `npm run db:generate`: every company shard's migrations (its tables: worker/db/sides/company.ts)
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/sides/company.ts",
  out: "./migrations/company",
});
