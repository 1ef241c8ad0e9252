// `npm start`: local D1 migrations + demo data, SPA build, then `wrangler dev` on :8787.
// `npm run dev`: the same, with Vite's hot reload on :5173 proxying the API to :8787.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { baseEnv, ensureDevVars, prepareLocalData, run } from "./lib.mjs";

const dev = process.argv.includes("--dev");
const port = process.env.PORT ?? "8787";

ensureDevVars();
await run("node", ["scripts/place-models.mjs"]).catch((err) => console.warn(`Aviso: ${err.message}`));
await prepareLocalData();
if (dev) mkdirSync("dist/client", { recursive: true });
else await run("npx", ["vite", "build"]);

const children = [
  // --test-scheduled: GET /__scheduled runs the daily Cron Trigger locally (docs/setup.md: running the daily job)
  spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      port,
      "--ip",
      "127.0.0.1",
      "--test-scheduled",
      "--show-interactive-dev-session=false",
    ],
    { stdio: "inherit", env: baseEnv },
  ),
];
if (dev) children.push(spawn("npx", ["vite", "--port", "5173"], { stdio: "inherit", env: baseEnv }));
console.log(`\nHorma: ${dev ? "http://localhost:5173 (Vite) · API " : ""}http://localhost:${port}\n`);

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
