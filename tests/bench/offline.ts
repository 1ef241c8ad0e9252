// `npm run bench:offline`: the offline seller's rows of `npm run bench` alone (save and cold start, CPU
// 4× slower), on a Worker of its own (port 8796, so it can run beside `npm start` and the main bench).
import { launchBrowser, PHONE } from "../e2e/browser";
import { startBenchWorker } from "./server";
import { buildSpaIfStale, offlineSeller } from "./web";

await buildSpaIfStale();
const server = await startBenchWorker(8796);
try {
  const browser = await launchBrowser();
  const context = await browser.newContext(PHONE);
  const result = await offlineSeller(context, server.url);
  console.log(
    JSON.stringify({ save: result.saveRuns, saveMedian: result.saveMedianMs, cold: result.coldStartMedianMs }),
  );
  await browser.close();
} finally {
  await server.stop();
}
