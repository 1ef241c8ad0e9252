// `npm run shard:prepare -- [--remote]`: gives every shard of wrangler.toml its own id range
// (worker/db/id-spaces.ts) after its migrations: locally (the default; `npm start` and the tests do it
// themselves) or on Cloudflare (--remote) once when a shard is created. Idempotent: a range never moves down.
// run through tsx (package.json), which lets this plain script import the TypeScript it shares
import { idSpaceSql } from "../worker/db/id-spaces.ts";
import { d1Bindings, run } from "./lib.mjs";

const where = process.argv.includes("--remote") ? "--remote" : "--local";
const persist = process.env.PERSIST_DIR ? ["--persist-to", process.env.PERSIST_DIR] : [];
for (const binding of d1Bindings()) {
  const k = Number(/^SHARD_(\d+)$/.exec(binding)?.[1] ?? 0);
  if (k < 1) continue; // the platform database keeps its own ids
  const command = idSpaceSql(k).join(";\n");
  await run("npx", ["wrangler", "d1", "execute", binding, where, ...persist, "--command", command]);
}
