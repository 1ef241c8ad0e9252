import { useEffect, useRef, useState } from "react";
import { CameraDialog } from "../../../lib/ui/CameraDialog";
import { captureFrame, webmMimeType } from "../../../lib/ui/camera";
import { useCamera } from "../../../lib/ui/useCamera";

type Props = {
  onVideo: (file: File) => void;
  onPhoto: (file: File) => void;
  onClose: () => void;
};

type Status = "starting" | "ready" | "recording" | "error";

function formatSeconds(total: number): string {
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

/** Full-screen rear camera: records the product video (webm with audio) and takes the optional photo. */
export function CameraOverlay({ onVideo, onPhoto, onClose }: Props) {
  const recorderRef = useRef<MediaRecorder | null>(null);
  // Leaving while recording drops the half-recorded video instead of keeping it (before the tracks stop).
  useEffect(
    () => () => {
      const recorder = recorderRef.current;
      if (recorder?.state === "recording") {
        recorder.onstop = null;
        recorder.stop();
      }
    },
    [],
  );
  const { videoRef, streamRef, state: camera, start } = useCamera({ audio: true });
  const [recording, setRecording] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [saved, setSaved] = useState<{ video: boolean; photo: boolean }>({ video: false, photo: false });
  const status: Status =
    camera.kind === "error" ? "error" : camera.kind === "starting" ? "starting" : recording ? "recording" : "ready";
  const error = camera.kind === "error" ? camera.message : failure;

  useEffect(() => {
    if (status !== "recording") return;
    const started = Date.now();
    setSeconds(0);
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 500);
    return () => clearInterval(timer);
  }, [status]);

  function startRecording() {
    const stream = streamRef.current;
    if (!stream || typeof MediaRecorder === "undefined") {
      setFailure("Tu navegador no puede grabar video. Elige un archivo de video en su lugar.");
      return;
    }
    const mimeType = webmMimeType();
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const blob = new Blob(chunks, { type: "video/webm" });
      if (blob.size > 0) {
        onVideo(new File([blob], `video-${Date.now()}.webm`, { type: "video/webm" }));
        setSaved((s) => ({ ...s, video: true }));
      }
      setRecording(false);
    };
    recorderRef.current = recorder;
    recorder.start(1000);
    setRecording(true);
  }

  function stopRecording() {
    recorderRef.current?.stop();
  }

  async function takePhoto() {
    const video = videoRef.current;
    if (!video) return;
    try {
      onPhoto(await captureFrame(video, { prefix: "foto", quality: 0.9 }));
      setSaved((s) => ({ ...s, photo: true }));
    } catch (err) {
      setFailure(err instanceof Error ? err.message : "No se pudo capturar la foto");
    }
  }

  return (
    <CameraDialog>
      <video ref={videoRef} muted playsInline autoPlay className="min-h-0 flex-1 object-cover" />
      <div className="absolute inset-x-0 top-0 flex items-center justify-between gap-3 bg-gradient-to-b from-black/70 to-transparent p-4">
        <p className="text-sm font-semibold">
          {status === "starting" && "Abriendo la cámara..."}
          {status === "ready" && "Cámara lista"}
          {recording && (
            <span className="inline-flex items-center gap-2">
              <span aria-hidden="true" className="size-3 animate-pulse rounded-full bg-red-600" />
              Grabando {formatSeconds(seconds)}
            </span>
          )}
        </p>
        <button
          type="button"
          onClick={onClose}
          disabled={recording}
          className="rounded-lg bg-white/15 px-3 py-1.5 text-sm font-semibold hover:bg-white/25 disabled:opacity-40"
        >
          {saved.video || saved.photo ? "Listo" : "Cerrar"}
        </button>
      </div>
      {error && (
        <div role="alert" className="absolute inset-x-4 top-20 rounded-lg bg-red-700 p-3 text-sm">
          <p>{error}</p>
          {status === "error" && (
            <button
              type="button"
              onClick={() => {
                setFailure(null);
                void start();
              }}
              className="mt-2 font-semibold underline"
            >
              Reintentar
            </button>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center justify-center gap-3 bg-black/80 p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
        {saved.video && !recording && <span className="text-sm text-green-300">✓ Video grabado</span>}
        {saved.photo && <span className="text-sm text-green-300">✓ Foto tomada</span>}
        {recording ? (
          <button
            type="button"
            onClick={stopRecording}
            className="rounded-full bg-red-600 px-6 py-3 text-base font-bold hover:bg-red-700"
          >
            ■ Detener
          </button>
        ) : (
          <button
            type="button"
            onClick={startRecording}
            disabled={status !== "ready"}
            className="rounded-full bg-red-600 px-6 py-3 text-base font-bold hover:bg-red-700 disabled:opacity-40"
          >
            ● {saved.video ? "Grabar de nuevo" : "Grabar video"}
          </button>
        )}
        <button
          type="button"
          onClick={() => void takePhoto()}
          disabled={status !== "ready" && !recording}
          className="rounded-full bg-white px-5 py-3 text-base font-bold text-stone-900 hover:bg-stone-200 disabled:opacity-40"
        >
          Tomar foto
        </button>
      </div>
    </CameraDialog>
  );
}
