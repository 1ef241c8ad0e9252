// Shared helpers for the start, test and e2e scripts (plain Node, no extra dependencies).
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const baseEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  NO_UPDATE_NOTIFIER: "1",
};

/** Runs a command, streaming its output; rejects on a non-zero exit. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "inherit", env: baseEnv, ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} terminó con ${signal ?? code}`)),
    );
  });
}

export function ensureDevVars() {
  if (!existsSync(".dev.vars")) {
    copyFileSync(".dev.vars.example", ".dev.vars");
    console.log("Creado .dev.vars a partir de .dev.vars.example (secretos solo para desarrollo local).");
  }
}

/** Every D1 binding of wrangler.toml: the platform database and the company shards (docs/sharding.md). */
export function d1Bindings() {
  const toml = readFileSync("wrangler.toml", "utf8");
  return [...toml.matchAll(/\[\[d1_databases\]\]\s*\nbinding\s*=\s*"([A-Z0-9_]+)"/g)].map((m) => m[1]);
}

/** The migrations folder of each D1 binding (wrangler.toml's `migrations_dir`): the platform's or a shard's. */
export function migrationsDirs() {
  const toml = readFileSync("wrangler.toml", "utf8");
  return new Map(
    [
      ...toml.matchAll(/\[\[d1_databases\]\]\s*\nbinding\s*=\s*"([A-Z0-9_]+)"[^[]*?migrations_dir\s*=\s*"([^"]+)"/g),
    ].map((m) => [m[1], m[2]]),
  );
}

// Until 2026-11-28 every database took one history (0000_init … 0028_inventory_cells_order); then each side
// got a baseline with the schema that history left (migrations/platform, migrations/company).
const FIRST_SINGLE_MIGRATION = "0000_init.sql";
const LAST_SINGLE_MIGRATION = "0028_inventory_cells_order.sql";

/** Runs a command and answers its standard output (rejects on a non-zero exit). */
function capture(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "inherit"], env: baseEnv });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(" ")} terminó con ${code}`)),
    );
  });
}

/**
 * A local database migrated with the single history before the split takes its side's baseline as
 * applied (it has that schema already). One that stopped half way through the old history cannot be
 * brought forward (those files are gone): the script says how to start that local state again.
 */
async function adoptBaseline(binding, dir, persist) {
  const [baseline] = readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const d1 = (command) =>
    capture("npx", ["wrangler", "d1", "execute", binding, "--local", ...persist, "--json", "--command", command]);
  const answer = JSON.parse(
    await d1(`CREATE TABLE IF NOT EXISTS d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL);
SELECT (SELECT COUNT(*) FROM d1_migrations WHERE name = '${FIRST_SINGLE_MIGRATION}') AS old,
  (SELECT COUNT(*) FROM d1_migrations WHERE name = '${LAST_SINGLE_MIGRATION}') AS complete,
  (SELECT COUNT(*) FROM d1_migrations WHERE name = '${baseline}') AS adopted;`),
  );
  const history = answer.at(-1)?.results?.[0];
  if (!history || history.old === 0 || history.adopted > 0) return;
  if (history.complete === 0)
    throw new Error(
      `${binding}: la base local tiene migraciones de antes de la separación plataforma/empresas sin terminar. ` +
        `Bórrala (rm -rf ${persist[1] ?? ".wrangler/state"}) y vuelve a ejecutar: npm start siembra los datos demo de nuevo.`,
    );
  await d1(`INSERT INTO d1_migrations (name) VALUES ('${baseline}');`);
  console.log(`${binding}: migrada con el historial anterior; ${baseline} queda como aplicada.`);
}

/** `npm run db:migrate`: the platform's migrations on PLATFORM, the company's on every local shard. */
export async function migrateLocal(persistTo) {
  const persist = persistTo ? ["--persist-to", persistTo] : [];
  // only local state from before the split can need the baseline adopted: a fresh clone skips that call
  const hasState = existsSync(join(persistTo ?? ".wrangler/state", "v3", "d1"));
  for (const [binding, dir] of migrationsDirs()) {
    if (hasState) await adoptBaseline(binding, dir, persist);
    await run("npx", ["wrangler", "d1", "migrations", "apply", binding, "--local", ...persist]);
  }
}

/** Applies the D1 migrations and the demo data to local state (optionally in a separate folder). */
export async function prepareLocalData(persistTo) {
  await migrateLocal(persistTo);
  await run("node", ["--import", "tsx", "scripts/seed-local.ts"], {
    env: { ...baseEnv, ...(persistTo ? { PERSIST_DIR: persistTo } : {}) },
  });
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} no respondió en ${timeoutMs / 1000} s`);
}
