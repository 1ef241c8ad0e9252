import { lazy, Suspense, useEffect, useState } from "react";

const UpdatePrompt = lazy(() => import("./UpdatePrompt").then((m) => ({ default: m.UpdatePrompt })));

/** Once the page has loaded (when workbox registers the service worker anyway). */
function afterLoad(run: () => void): () => void {
  if (document.readyState === "complete") {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  window.addEventListener("load", run, { once: true });
  return () => window.removeEventListener("load", run);
}

/**
 * The service worker's registration and its update prompt, mounted once the page has loaded: their code
 * (the prompt, workbox-window) is not in the entry chunk nor among the first requests.
 */
export function DeferredUpdatePrompt() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoad(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
