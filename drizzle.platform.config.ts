import { defineConfig } from "drizzle-kit";

// `npm run db:generate`: the PLATFORM database's migrations (its tables: worker/db/sides/platform.ts)
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/sides/platform.ts",
  out: "./migrations/platform",
});
