// ad-hoc (not committed): the offline rows alone on port 8796
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
