// The Worker for `npm run bench` and `npm run load`: what `wrangler dev` runs (same wrangler.toml, local
// D1/R2/Durable Objects in workerd, the SPA's assets), started through wrangler's own API so the
// devtools inspector can be left off. The `wrangler dev` command always attaches it, and it mirrors
// every subrequest (each D1 query is one) to the wrangler process as four Network events: on this
// 2-core machine that alone took half a core at 500 req/s and doubled the p95 of the D1 routes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unstable_startWorker } from "wrangler";
import { ensureDevVars, prepareLocalData } from "../../scripts/lib.mjs";

export type LocalWorker = { url: string; stop: () => Promise<void> };

/** The benches' own port, apart from `npm start` (8787) and the browser journeys (8799). */
export const BENCH_PORT = 8798;

export async function startLocalWorker(port: number, persistTo: string): Promise<LocalWorker> {
  // BENCH_D1: requests may ask for their D1 calls to be counted or delayed (worker/db/d1-trace.ts)
  // no network here: skip the download of the Request.cf placeholder
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
  process.env.WRANGLER_SEND_METRICS = "false";
  const worker = await unstable_startWorker({
    config: "wrangler.toml",
    bindings: { BENCH_D1: { type: "plain_text", value: "1" } },
    dev: {
      remote: false,
      inspector: false,
      persist: persistTo,
      server: { hostname: "127.0.0.1", port },
      watch: false,
      liveReload: false,
      logLevel: "error",
    },
  });
  await worker.ready;
  return { url: `http://127.0.0.1:${port}`, stop: () => worker.dispose() };
}

export type BenchWorker = LocalWorker & { state: string };

/**
 * The Worker on a fresh state folder with the migrations and the demo data (`npm run bench` and
 * `npm run bench:lighthouse`); `stop()` also deletes the folder. The SPA must be built already.
 */
export async function startBenchWorker(port = BENCH_PORT): Promise<BenchWorker> {
  ensureDevVars();
  const state = mkdtempSync(join(tmpdir(), "horma-bench-"));
  const removeState = () => rmSync(state, { recursive: true, force: true });
  try {
    await prepareLocalData(state);
    const worker = await startLocalWorker(port, state);
    return {
      url: worker.url,
      state,
      stop: async () => {
        try {
          await worker.stop();
        } finally {
          removeState();
        }
      },
    };
  } catch (error) {
    removeState();
    throw error;
  }
}
