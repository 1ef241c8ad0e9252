import { useEffect, useState } from "react";
import { fetchFileBlob } from "../../api/seller";
import { sessionAtom } from "../session";
import { appStore } from "../store";

/** A path of the Worker's authenticated file route (receipts, product photos and videos). */
export function isFilePath(path: string | null | undefined): path is string {
  return typeof path === "string" && path.startsWith("/api/v1/files/");
}

// The file route needs the bearer token, which an <img src> cannot send: files come as blobs shown
// through object URLs. The same photo appears on many cards (a list of 24 products, every location's
// inventory, each request of a product), so each is fetched once per session and kept (bounded).
const cache = new Map<string, Promise<string>>();
const MAX_CACHED = 200;

function forget(pending: Promise<string>) {
  pending.then(
    (url) => URL.revokeObjectURL(url),
    () => undefined,
  );
}

// another account (or none): what the last one could read is not kept for the next
let cachedFor = appStore.get(sessionAtom)?.token ?? null;
appStore.sub(sessionAtom, () => {
  const token = appStore.get(sessionAtom)?.token ?? null;
  if (token === cachedFor) return;
  cachedFor = token;
  for (const pending of cache.values()) forget(pending);
  cache.clear();
});

/** The object URL of a stored file, fetched with the session's token once and shared by every screen. */
export function fileObjectUrl(path: string): Promise<string> {
  const hit = cache.get(path);
  if (hit) return hit;
  const pending = fetchFileBlob(path).then((blob) => URL.createObjectURL(blob));
  pending.catch(() => {
    if (cache.get(path) === pending) cache.delete(path);
  });
  if (cache.size >= MAX_CACHED) {
    const oldest = cache.keys().next();
    if (!oldest.done) {
      const evicted = cache.get(oldest.value);
      cache.delete(oldest.value);
      // a screen may still show it: release it a while later, not under it
      if (evicted) setTimeout(() => forget(evicted), 60_000);
    }
  }
  cache.set(path, pending);
  return pending;
}

/**
 * What an <img src> can show for `path`: a file-route path becomes an object URL fetched with the
 * token ("loading" until then, "failed" when it could not be read); any other URL (the public store's
 * photos) is used as it is.
 */
export function useFileUrl(path: string | null | undefined): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ path: string; url: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!isFilePath(path)) return;
    let live = true;
    fileObjectUrl(path).then(
      (url) => live && setState({ path, url, failed: false }),
      () => live && setState({ path, url: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [path]);
  if (!path) return { url: null, failed: false };
  if (!isFilePath(path)) return { url: path, failed: false };
  if (state?.path !== path) return { url: null, failed: false };
  return { url: state.url, failed: state.failed };
}
