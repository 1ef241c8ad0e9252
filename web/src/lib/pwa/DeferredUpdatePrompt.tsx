import { lazy, Suspense, useEffect, useState } from "react";

const UpdatePrompt = lazy(() => import("./UpdatePrompt").then((m) => ({ default: m.UpdatePrompt })));

/** After the page has loaded and the main thread is idle (the service worker registers after load anyway). */
function whenSettled(run: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (typeof requestIdleCallback === "function") idle = requestIdleCallback(run, { timeout: 5000 });
    else timer = setTimeout(run, 1000);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle !== undefined) cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * The service worker's registration and its update prompt, started once the first screen is up: the
 * registration code (workbox-window) is not among what the first paint waits for.
 */
export function DeferredUpdatePrompt() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenSettled(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
