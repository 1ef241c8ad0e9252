import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { baseEnv, ensureDevVars, prepareLocalData, run, waitForHttp } from "../../scripts/lib.mjs";
import { CHROMIUM, E2E_PORT } from "./browser";

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    console.log(
      `\n[e2e] AVISO: ${CHROMIUM} no existe; las pruebas de navegador se omiten (instala con apt-get install -y chromium).\n`,
    );
    project.provide("e2eBaseUrl", "");
    project.provide("e2eState", "");
    return;
  }
  ensureDevVars();
  // as `npm start` does: the build copies web/public, so the models the manifest names must be there first
  await run("node", ["scripts/place-models.mjs"]).catch((err: Error) => console.warn(`[e2e] AVISO: ${err.message}`));
  // vitest sets NODE_ENV=test, which would make vite build React's development bundle: the journeys
  // (and a bench run reusing dist/client) must see the production build `npm start` serves
  await run("npx", ["vite", "build", "--logLevel", "warn"], { env: { ...baseEnv, NODE_ENV: "production" } });
  const state = mkdtempSync(join(tmpdir(), "horma-e2e-"));
  await prepareLocalData(state);
  const server: ChildProcess = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      String(E2E_PORT),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      state,
      // as npm start: GET /__scheduled runs the daily job
      "--test-scheduled",
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
    ],
    { stdio: "inherit", env: baseEnv, detached: true },
  );
  const baseUrl = `http://127.0.0.1:${E2E_PORT}`;
  await waitForHttp(`${baseUrl}/health`, 90_000);
  project.provide("e2eBaseUrl", baseUrl);
  project.provide("e2eState", state);
  return () => {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
    rmSync(state, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    /** the local D1/R2/DO state the server persists to (wrangler d1 execute --persist-to reads it) */
    e2eState: string;
  }
}
