// `npm run db:migrate`: applies the migrations to every local D1 database (the platform and each shard).
import { migrateLocal } from "./lib.mjs";

await migrateLocal(process.env.PERSIST_DIR);
