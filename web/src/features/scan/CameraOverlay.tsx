import { type ChangeEvent, useEffect, useRef, useState } from "react";
import type { BarcodeRead } from "../../lib/barcode/reader";
import { useLiveBarcode } from "../../lib/barcode/useLiveBarcode";
import { CameraDialog, CameraHeader } from "../../lib/ui/CameraDialog";
import { CAMERA_ERRORS, CAPTURE_DELAY_MS, captureFrame } from "../../lib/ui/camera";
import { useCamera } from "../../lib/ui/useCamera";

type Props = {
  /** The photo to analyse; the overlay shows 'Analizando con IA...' until this settles, then closes. */
  onConfirm: (file: File) => Promise<void>;
  onClose: () => void;
  /** A box's barcode seen by the live camera: the overlay closes and the code is looked up instead. */
  onBarcode?: (read: BarcodeRead) => void;
  /**
   * The captured camera frame, at the shutter (null when it is discarded: retake, or a photo from the
   * gallery): the analysis can start while the photo is previewed and its JPEG encoded.
   */
  onFrame?: (frame: ImageBitmap | null) => void;
};

type Phase =
  | { kind: "starting" }
  | { kind: "live" }
  | { kind: "capturing" }
  | { kind: "preview"; file: File; url: string }
  | { kind: "analyzing"; url: string }
  | { kind: "error"; message: string };

const TIPS = [
  "Permite el acceso a la cámara en la configuración del navegador y vuelve a intentarlo.",
  "Cierra otras aplicaciones o pestañas que estén usando la cámara.",
  "Si tu dispositivo no tiene cámara, elige una foto de la galería.",
];

const overlayButton =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-5 py-3 text-base font-semibold shadow disabled:opacity-50";

/** Camera overlay (spec 1 §2): live rear camera, capture with a 1 s delay, preview, retake/continue. */
export function CameraOverlay({ onConfirm, onClose, onBarcode, onFrame }: Props) {
  const { videoRef: video, state: camera, start: startCamera, stop } = useCamera();
  const gallery = useRef<HTMLInputElement>(null);
  // null: the camera's own state (starting, live, error); otherwise a capture step.
  const [step, setStep] = useState<Phase | null>(null);
  const phase: Phase = step ?? camera;

  useLiveBarcode(video, phase.kind === "live" && onBarcode !== undefined, (read) => {
    stop();
    onBarcode?.(read);
    onClose();
  });

  function start() {
    setStep(null);
    void startCamera();
  }

  // Free the preview's object URL when it is replaced or the overlay closes.
  const previewUrl = phase.kind === "preview" || phase.kind === "analyzing" ? phase.url : null;
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  async function capture() {
    const element = video.current;
    if (!element || phase.kind !== "live") return;
    setStep({ kind: "capturing" });
    await new Promise((resolve) => setTimeout(resolve, CAPTURE_DELAY_MS));
    try {
      // the frame's pixels go to the analysis first (its Web Worker runs while this thread encodes the JPEG)
      if (onFrame && typeof createImageBitmap === "function") {
        onFrame(await createImageBitmap(element).catch(() => null));
      }
      const file = await captureFrame(element);
      element.pause();
      setStep({ kind: "preview", file, url: URL.createObjectURL(file) });
    } catch {
      setStep({ kind: "error", message: CAMERA_ERRORS.generic });
    }
  }

  function retake() {
    onFrame?.(null);
    setStep(null);
    void video.current?.play().catch(() => undefined);
  }

  async function confirm(file: File, url: string) {
    setStep({ kind: "analyzing", url });
    stop();
    try {
      await onConfirm(file);
    } finally {
      onClose();
    }
  }

  function choosePhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    onFrame?.(null);
    if (file) void confirm(file, URL.createObjectURL(file));
  }

  return (
    <CameraDialog testId="camera-overlay">
      <CameraHeader
        title="Escanear producto"
        closeLabel="Cerrar cámara"
        onClose={() => {
          stop();
          onClose();
        }}
      />

      <div className="relative flex min-h-0 flex-1 items-center justify-center overflow-hidden">
        <video
          ref={video}
          playsInline
          muted
          autoPlay
          className={`h-full w-full object-contain ${phase.kind === "live" || phase.kind === "capturing" ? "" : "hidden"}`}
        />
        {(phase.kind === "preview" || phase.kind === "analyzing") && (
          <img src={phase.url} alt="Vista previa de la foto" className="h-full w-full object-contain" />
        )}
        {phase.kind === "live" && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-8 rounded-2xl border-2 border-white/70"
          />
        )}
        {phase.kind === "live" && onBarcode && (
          <p className="absolute bottom-3 mx-4 rounded-full bg-black/60 px-4 py-2 text-center text-sm" role="status">
            Captura el zapato o apunta al código de barras de la caja
          </p>
        )}
        {phase.kind === "starting" && <p className="text-sm text-stone-300">Iniciando cámara...</p>}
        {phase.kind === "capturing" && (
          <p className="absolute top-4 rounded-full bg-black/60 px-4 py-2 text-sm font-semibold" role="status">
            Capturando... mantén el zapato quieto
          </p>
        )}
        {phase.kind === "analyzing" && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/60" role="status">
            <span
              aria-hidden="true"
              className="size-10 animate-spin rounded-full border-4 border-white/30 border-t-white"
            />
            <p className="text-lg font-semibold">Analizando con IA...</p>
          </div>
        )}
        {phase.kind === "error" && (
          <div className="mx-4 max-w-md rounded-2xl bg-white p-5 text-stone-900" role="alert">
            <p className="font-semibold text-red-700">{phase.message}</p>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-stone-700">
              {TIPS.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <button
                type="button"
                onClick={start}
                className="rounded-lg bg-stone-900 px-4 py-3 font-semibold text-white"
              >
                Reintentar
              </button>
              <button
                type="button"
                onClick={() => gallery.current?.click()}
                className="rounded-lg border border-stone-300 px-4 py-3 font-semibold"
              >
                Elegir foto
              </button>
            </div>
          </div>
        )}
      </div>

      <div className="flex items-center justify-center gap-3 px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
        {(phase.kind === "live" || phase.kind === "capturing") && (
          <>
            <button
              type="button"
              onClick={() => gallery.current?.click()}
              className={`${overlayButton} bg-white/15 text-white`}
            >
              Galería
            </button>
            <button
              type="button"
              onClick={() => void capture()}
              disabled={phase.kind === "capturing"}
              className={`${overlayButton} bg-orange-700 text-white`}
            >
              {phase.kind === "capturing" ? "Capturando..." : "Capturar"}
            </button>
          </>
        )}
        {phase.kind === "preview" && (
          <>
            <button type="button" onClick={retake} className={`${overlayButton} bg-white/15 text-white`}>
              Repetir
            </button>
            <button
              type="button"
              onClick={() => void confirm(phase.file, phase.url)}
              className={`${overlayButton} bg-orange-700 text-white`}
            >
              Continuar
            </button>
          </>
        )}
      </div>
      <input
        ref={gallery}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={choosePhoto}
        data-testid="camera-gallery-input"
      />
    </CameraDialog>
  );
}
