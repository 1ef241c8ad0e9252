import { useAtomValue, useSetAtom } from "jotai";
import { type ChangeEvent, useRef } from "react";
import { scanPhotoAtom, setScanPhotoAtom } from "./state";
import { cardClass, primaryButton, secondaryButton } from "./ui";
import type { Go } from "./views";

/**
 * 'Escanear Producto': the photo is taken, but product recognition arrives with its own release.
 * Until then this says so plainly and offers the manual sale; no simulated match is shown.
 */
export function ScanView({ go }: { go: Go }) {
  const photo = useAtomValue(scanPhotoAtom);
  const setScanPhoto = useSetAtom(setScanPhotoAtom);
  const camera = useRef<HTMLInputElement>(null);

  function handlePhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) setScanPhoto(file);
  }

  return (
    <div className={`${cardClass} space-y-4`}>
      {photo ? (
        <img
          src={photo.url}
          alt="Foto del producto"
          className="mx-auto max-h-72 w-full rounded-lg bg-stone-100 object-contain"
        />
      ) : (
        <p className="text-stone-700">Aún no has tomado una foto del producto.</p>
      )}
      <div className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950" role="status">
        <p className="font-semibold">El reconocimiento automático de productos llega pronto.</p>
        <p className="mt-1">
          Por ahora registra la venta de forma manual con el código de referencia, la talla y el precio que aparecen en
          la etiqueta o la caja.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="button" onClick={() => go("new-sale")} className={`${primaryButton} sm:flex-1`}>
          Venta manual
        </button>
        <button type="button" onClick={() => camera.current?.click()} className={`${secondaryButton} sm:flex-1`}>
          {photo ? "Tomar otra foto" : "Tomar foto"}
        </button>
        <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={handlePhoto} />
      </div>
    </div>
  );
}
