import { type ChangeEvent, useRef, useState } from "react";
import { type BarcodeRead, readBarcode } from "../barcode/reader";
import { useLiveBarcode } from "../barcode/useLiveBarcode";
import { CameraDialog, CameraHeader } from "./CameraDialog";
import { cameraSupported } from "./camera";
import { smallButton } from "./classes";
import { useCamera } from "./useCamera";

const NOT_READ = "No se encontró un código de barras en la foto. Acércate a la etiqueta, con buena luz.";

/** A hidden 'photo of the label' input: its code goes to `onRead`, a photo without one to the problem text. */
function useLabelPhoto(onRead: (read: BarcodeRead) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const read = await readBarcode(file).catch(() => null);
    setProblem(read ? null : NOT_READ);
    if (read) onRead(read);
  }
  const input = (testId: string) => (
    <input
      ref={ref}
      type="file"
      accept="image/*"
      capture="environment"
      hidden
      onChange={(e) => void choose(e)}
      data-testid={testId}
    />
  );
  return { open: () => ref.current?.click(), problem, clear: () => setProblem(null), input };
}

/** The live camera reading a box's code; a photo of the label where the camera cannot read it. */
function ReaderDialog({ onRead, onClose }: { onRead: (read: BarcodeRead) => void; onClose: () => void }) {
  const { videoRef, state, stop } = useCamera();
  const finish = (read: BarcodeRead) => {
    stop();
    onRead(read);
    onClose();
  };
  const photo = useLabelPhoto(finish);
  useLiveBarcode(videoRef, state.kind === "live", finish);

  return (
    <CameraDialog testId="barcode-reader">
      <CameraHeader
        title="Escanear código de barras"
        closeLabel="Cerrar lector"
        onClose={() => {
          stop();
          onClose();
        }}
      />
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
        {photo.problem && (
          <p className="absolute top-4 mx-4 rounded-lg bg-red-700 px-4 py-2 text-sm" role="alert">
            {photo.problem}
          </p>
        )}
      </div>
      <div className="flex flex-col items-center gap-2 px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
        {state.kind === "live" && <p className="text-sm text-stone-200">Apunta al código de barras de la caja</p>}
        <button
          type="button"
          onClick={photo.open}
          className="min-h-12 rounded-full bg-white/15 px-5 py-3 font-semibold"
        >
          Foto de la etiqueta
        </button>
      </div>
      {photo.input("barcode-photo-input")}
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
  const photo = useLabelPhoto((read) => onRead(read.code));
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          photo.clear();
          // no live camera (desktop without one, or an old browser): a photo of the label instead
          if (cameraSupported()) setOpen(true);
          else photo.open();
        }}
      >
        {label}
      </button>
      {photo.input("barcode-file-input")}
      {photo.problem && (
        <span className="text-sm text-red-700" role="alert">
          {photo.problem}
        </span>
      )}
      {open && <ReaderDialog onRead={(read) => onRead(read.code)} onClose={() => setOpen(false)} />}
    </>
  );
}
