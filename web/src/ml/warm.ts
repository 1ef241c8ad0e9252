// No cold first scan (issue 33): once the seller's panel is idle, and only when this phone already holds
// the model's files (an earlier scan put them in the service worker's cache or the HTTP cache), the scan
// worker starts and loads the model, and the company catalogue is read, so the visit's first scan costs
// what the next ones do. Nothing is downloaded for it: with the model not cached (a first visit, perhaps
// on mobile data or with Save-Data on) the panel stays as it was and the scan screen loads the model.
import { CACHE_NAME as SCAN_CATALOGUE_CACHE } from "./catalogue-store";
import { configuredModelUrl, scanClient } from "./client";
import { WASM_PATH } from "./models";

/** The files a model load reads first; all present ⇒ it was loaded here before (the rest came with them). */
function probeUrls(): string[] {
  return [configuredModelUrl(), `${WASM_PATH}tfjs-backend-wasm-simd.wasm`];
}

/** Whether the response for `url` is already on the phone: Cache Storage, else the HTTP cache (no network). */
async function isCached(url: string): Promise<boolean> {
  const absolute = new URL(url, location.origin);
  try {
    if (typeof caches !== "undefined" && (await caches.match(absolute.href))) return true;
  } catch {
    // storage refused (private mode): try the HTTP cache
  }
  if (absolute.origin !== location.origin) return false; // only-if-cached needs same-origin
  try {
    const response = await fetch(absolute, { cache: "only-if-cached", mode: "same-origin" });
    void response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

export async function modelCached(): Promise<boolean> {
  // a scan screen opened on this phone before keeps the catalogue there: without it nothing is probed
  // (a probe that misses the HTTP cache is a failed request in the console)
  try {
    if (typeof caches === "undefined" || !(await caches.has(SCAN_CATALOGUE_CACHE))) return false;
  } catch {
    return false;
  }
  const found = await Promise.all(probeUrls().map(isCached));
  return found.every(Boolean);
}

type Connection = { saveData?: boolean };

/** Starts the worker and the model when their files are cached; resolves whether it did. */
export async function warmScan(token: string | null, scope: string): Promise<boolean> {
  if (!(await modelCached())) return false;
  const client = scanClient();
  await client.init();
  // the catalogue's revalidation is one small request (304), skipped when the seller asked to save data
  const connection = (navigator as { connection?: Connection }).connection;
  if (!connection?.saveData) await client.syncCatalogue(token, scope).catch(() => null);
  return true;
}
