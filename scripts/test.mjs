// `npm test`: every suite in order; stops at the first failure.
import { ensureDevVars, run } from "./lib.mjs";

// The Env types come from wrangler.toml and .dev.vars' names (npm run cf-typegen), so the check
// needs .dev.vars: npm start creates it from .dev.vars.example, and so does this script.
ensureDevVars();

const steps = [
  [
    "worker types up to date",
    "npx",
    ["wrangler", "types", "--check", "--env-interface", "Env", "worker-configuration.d.ts"],
  ],
  ["typecheck", "npm", ["run", "typecheck"]],
  // the API reference's answers are read from the Worker's types: regenerate after changing a route
  ["API reference answers up to date", "npm", ["run", "openapi:answers", "--", "--check"]],
  ["lint", "npx", ["biome", "check", "."]],
  ["unit", "npm", ["run", "test:unit"]],
  ["api (workerd)", "npm", ["run", "test:api"]],
  ["web components", "npm", ["run", "test:web"]],
  ["e2e (chromium)", "npm", ["run", "test:e2e"]],
];

const started = Date.now();
for (const [name, cmd, args] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const t = Date.now();
  await run(cmd, args);
  console.log(`━━ ${name}: ok (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}
console.log(`\nTodas las pruebas pasaron en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
