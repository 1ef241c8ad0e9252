// Shared helpers for the start, test and e2e scripts (plain Node, no extra dependencies).
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, readFileSync } from "node:fs";

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

/** `npm run db:migrate`: the migrations on every local database (the platform's and each shard's). */
export async function migrateLocal(persistTo) {
  const persist = persistTo ? ["--persist-to", persistTo] : [];
  for (const binding of d1Bindings()) {
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
