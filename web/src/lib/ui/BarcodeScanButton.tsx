import { type ChangeEvent, useRef, useState } from "react";
import { type BarcodeRead, readBarcode } from "../barcode/reader";
import { useLiveBarcode } from "../barcode/useLiveBarcode";
import { CameraDialog } from "./CameraDialog";
import { cameraSupported } from "./camera";
import { smallButton } from "./classes";
import { useCamera } from "./useCamera";

const NOT_READ = "No se encontró un código de barras en la foto. Acércate a la etiqueta, con buena luz.";

/** The live camera reading a box's code; a photo of the label where there is no live camera. */
function ReaderDialog({ onRead, onClose }: { onRead: (read: BarcodeRead) => void; onClose: () => void }) {
  const { videoRef, state, stop } = useCamera();
  const photo = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const finish = (read: BarcodeRead) => {
    stop();
    onRead(read);
    onClose();
  };
  useLiveBarcode(videoRef, state.kind === "live", finish);

  async function fromPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setProblem(null);
    const read = await readBarcode(file).catch(() => null);
    if (read) finish(read);
    else setProblem(NOT_READ);
  }

  return (
    <CameraDialog testId="barcode-reader">
      <div className="flex items-center justify-between px-4 py-3">
        <p className="font-semibold">Escanear código de barras</p>
        <button
          type="button"
          onClick={() => {
            stop();
            onClose();
          }}
          className="rounded-full px-3 py-1 text-2xl leading-none"
          aria-label="Cerrar lector"
        >
          ×
        </button>
      </div>
      <div className="relative flex min-h-0 flex-1 items-center justify-center overflow-hidden">
        <video
          ref={videoRef}
          playsInline
          muted
          autoPlay
          className={`h-full w-full object-contain ${state.kind === "live" ? "" : "hidden"}`}
        />
        {state.kind === "live" && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-8 top-1/3 h-1/3 rounded-xl border-2 border-white/80"
          />
        )}
        {state.kind === "starting" && <p className="text-sm text-stone-300">Iniciando cámara...</p>}
        {state.kind === "error" && <p className="mx-6 text-center text-sm text-stone-200">{state.message}</p>}
        {problem && (
          <p className="absolute top-4 mx-4 rounded-lg bg-red-700 px-4 py-2 text-sm" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="flex flex-col items-center gap-2 px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
        {state.kind === "live" && <p className="text-sm text-stone-200">Apunta al código de barras de la caja</p>}
        <button
          type="button"
          onClick={() => photo.current?.click()}
          className="min-h-12 rounded-full bg-white/15 px-5 py-3 font-semibold"
        >
          Foto de la etiqueta
        </button>
      </div>
      <input
        ref={photo}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(e) => void fromPhoto(e)}
        data-testid="barcode-photo-input"
      />
    </CameraDialog>
  );
}

/**
 * 'Escanear código': reads a box's barcode with the camera and hands its digits to the form (the same
 * as typing them, or a hand scanner's keystrokes). The reader is downloaded on first use.
 */
export function BarcodeScanButton({
  onRead,
  label = "Escanear código",
  className = smallButton,
}: {
  onRead: (code: string) => void;
  label?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const photo = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function fromPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const read = await readBarcode(file).catch(() => null);
    setProblem(read ? null : NOT_READ);
    if (read) onRead(read.code);
  }

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          setProblem(null);
          // no live camera (desktop without one, or an old browser): a photo of the label instead
          if (cameraSupported()) setOpen(true);
          else photo.current?.click();
        }}
      >
        {label}
      </button>
      <input
        ref={photo}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(e) => void fromPhoto(e)}
        data-testid="barcode-file-input"
      />
      {problem && (
        <span className="text-sm text-red-700" role="alert">
          {problem}
        </span>
      )}
      {open && <ReaderDialog onRead={(read) => onRead(read.code)} onClose={() => setOpen(false)} />}
    </>
  );
}
