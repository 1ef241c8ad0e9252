import { useAtomValue, useSetAtom } from "jotai";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { sessionAtom } from "../../lib/session";
import { hasCamera } from "../../lib/ui/camera";
import { CACHE_NAME as SCAN_CATALOGUE_CACHE } from "../../ml/catalogue-store";
import { CameraIcon, ChartIcon, ReceiptIcon } from "./icons";
import { scanBegunAtom, setScanPhotoAtom } from "./state";
import type { Go } from "./views";

const actionClass =
  "flex min-h-24 flex-col items-center justify-center gap-1 rounded-xl px-2 py-3 text-center text-sm font-semibold shadow-sm";

/** The two plain shortcuts beside 'Vender Producto'. */
const SHORTCUTS = [
  { view: "expenses", icon: <ReceiptIcon />, label: "Registrar Gasto" },
  { view: "today-sales", icon: <ChartIcon />, label: "Ver Ventas" },
] as const;

type ClientModule = typeof import("../../ml/client");
/** The scan client's module once loaded (by the warm-up or a first scan): later photos go to it at once. */
let clientModule: ClientModule | null = null;
const loadClientModule = () =>
  import("../../ml/client").then((module) => {
    clientModule = module;
    return module;
  });

/**
 * The photo goes to the scan worker in the input's own event, before React draws the scan view (an
 * import's promise would only resolve after that render, ~50 ms later on a slow phone).
 */
function startScan(file: File) {
  if (clientModule) return Promise.resolve(clientModule.scanClient().scanPhoto(file));
  return loadClientModule().then(({ scanClient }) => scanClient().scanPhoto(file));
}

/** Whether a scan screen was opened on this phone before (it keeps the catalogue in Cache Storage). */
async function scannedHereBefore(): Promise<boolean> {
  try {
    return typeof caches !== "undefined" && (await caches.has(SCAN_CATALOGUE_CACHE));
  } catch {
    return false;
  }
}

/** After the panel's load, how long an idle moment may be waited for before the warm-up starts anyway. */
const WARM_IDLE_TIMEOUT_MS = 5_000;

/**
 * Once the panel is idle, the scan's model is loaded from this phone's cache (web/src/ml/warm.ts), so
 * the first 'Vender Producto' of a visit does not wait for it. Nothing runs before the page's load
 * event and its next idle moment, and nothing is downloaded when the model is not cached.
 */
function useScanWarmUp() {
  const user = useAtomValue(sessionAtom);
  const token = user?.token ?? null;
  const scope = user ? `${user.id}` : null;
  useEffect(() => {
    if (scope === null || typeof window.requestIdleCallback !== "function") return;
    let idle = 0;
    const start = () => {
      idle = window.requestIdleCallback(
        () => {
          // nothing is fetched, not even the warm-up's code, on a phone that never opened the scanner
          void scannedHereBefore()
            .then((before) => (before ? import("../../ml/warm") : Promise.reject(new Error("sin escáner"))))
            .then(({ warmScan }) => warmScan(token, scope))
            .then(async (warmed) => warmed && Boolean(await loadClientModule()))
            // the scan view's code too, so the first 'Vender Producto' draws at once
            .then((warmed) => (warmed ? import("./ScanView") : null))
            .catch(() => undefined);
        },
        { timeout: WARM_IDLE_TIMEOUT_MS },
      );
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      window.removeEventListener("load", start);
      if (idle) window.cancelIdleCallback(idle);
    };
  }, [token, scope]);
}

/**
 * 'Vender Producto' opens the camera (spec 1 §2): the scan view's live camera overlay when the device
 * has a camera, else the hidden file input (capture="environment": the phone's camera app or a photo).
 */
export function QuickActions({ go }: { go: Go }) {
  const camera = useRef<HTMLInputElement>(null);
  const setScanPhoto = useSetAtom(setScanPhotoAtom);
  const setScanBegun = useSetAtom(scanBegunAtom);
  const [liveCamera, setLiveCamera] = useState(false);
  useScanWarmUp();

  useEffect(() => {
    let live = true;
    void hasCamera().then((found) => live && setLiveCamera(found));
    return () => {
      live = false;
    };
  }, []);

  function handlePhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    // the worker starts on the photo now, while the scan view is drawn
    const scan = startScan(file);
    scan.catch(() => undefined); // the scan view reports a failure
    setScanBegun({ file, scan });
    setScanPhoto(file);
    go("scan");
  }

  return (
    <section aria-label="Acciones rápidas" className="grid grid-cols-3 gap-3">
      <button
        type="button"
        onClick={() => (liveCamera ? go("scan") : camera.current?.click())}
        className={`${actionClass} bg-orange-700 text-white hover:bg-orange-800`}
      >
        <CameraIcon />
        Vender Producto
      </button>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={handlePhoto}
        data-testid="scan-camera-input"
      />
      {SHORTCUTS.map(({ view, icon, label }) => (
        <button
          key={view}
          type="button"
          onClick={() => go(view)}
          className={`${actionClass} border border-stone-200 bg-white text-stone-900 hover:bg-stone-50`}
        >
          {icon}
          {label}
        </button>
      ))}
    </section>
  );
}
