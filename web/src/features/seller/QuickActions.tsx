import { useSetAtom } from "jotai";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { hasCamera } from "../../lib/ui/camera";
import { CameraIcon, ChartIcon, ReceiptIcon } from "./icons";
import { setScanPhotoAtom } from "./state";
import type { Go } from "./views";

const actionClass =
  "flex min-h-24 flex-col items-center justify-center gap-1 rounded-xl px-2 py-3 text-center text-sm font-semibold shadow-sm";

/** The two plain shortcuts beside 'Vender Producto'. */
const SHORTCUTS = [
  { view: "expenses", icon: <ReceiptIcon />, label: "Registrar Gasto" },
  { view: "today-sales", icon: <ChartIcon />, label: "Ver Ventas" },
] as const;

/**
 * 'Vender Producto' opens the camera (spec 1 §2): the scan view's live camera overlay when the device
 * has a camera, else the hidden file input (capture="environment": the phone's camera app or a photo).
 */
export function QuickActions({ go }: { go: Go }) {
  const camera = useRef<HTMLInputElement>(null);
  const setScanPhoto = useSetAtom(setScanPhotoAtom);
  const [liveCamera, setLiveCamera] = useState(false);

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
