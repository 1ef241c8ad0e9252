/** Camera access for the inventory video and photo (spec §5 'Camera', §8 camera messages, §9). */

export const CAMERA_MESSAGES = {
  denied: "Acceso a la cámara denegado. Por favor, permite el acceso y reintenta.",
  notFound: "No se encontró ninguna cámara en tu dispositivo.",
  unsupported: "Tu navegador no soporta acceso a la cámara.",
  inUse: "La cámara está siendo usada por otra aplicación.",
  generic: "No se pudo acceder a la cámara.",
} as const;

/** A getUserMedia failure → the spec's message. */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") {
    return CAMERA_MESSAGES.denied;
  }
  if (name === "NotFoundError" || name === "DevicesNotFoundError" || name === "OverconstrainedError") {
    return CAMERA_MESSAGES.notFound;
  }
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") return CAMERA_MESSAGES.inUse;
  if (name === "NotSupportedError") return CAMERA_MESSAGES.unsupported;
  const reason = error instanceof Error && error.message ? error.message : "";
  return reason ? `No se pudo acceder a la cámara: ${reason}` : CAMERA_MESSAGES.generic;
}

const PREFERRED: MediaTrackConstraints = {
  facingMode: { ideal: "environment" },
  width: { ideal: 1280, max: 1920 },
  height: { ideal: 720, max: 1080 },
};

/**
 * The rear camera at the preferred size with audio; falls back to basic video (still with audio,
 * then without) when the device refuses the constraints. Permission refusals are not retried.
 */
export async function openRearCamera(): Promise<MediaStream> {
  const media = typeof navigator === "undefined" ? undefined : navigator.mediaDevices;
  if (!media?.getUserMedia) throw new DOMException(CAMERA_MESSAGES.unsupported, "NotSupportedError");
  const attempts: MediaStreamConstraints[] = [
    { video: PREFERRED, audio: true },
    { video: true, audio: true },
    { video: true, audio: false },
  ];
  let last: unknown = null;
  for (const constraints of attempts) {
    try {
      return await media.getUserMedia(constraints);
    } catch (error) {
      last = error;
      const name = error instanceof DOMException ? error.name : "";
      if (name === "NotAllowedError" || name === "SecurityError") break;
    }
  }
  throw last;
}

/** A webm type this browser's MediaRecorder accepts (vp8/opus first), or "" to let it choose. */
export function webmMimeType(): string {
  if (typeof MediaRecorder === "undefined") return "";
  for (const type of ["video/webm;codecs=vp8,opus", "video/webm;codecs=vp9,opus", "video/webm"]) {
    if (MediaRecorder.isTypeSupported(type)) return type;
  }
  return "";
}

export const PHOTO_QUALITY = 0.9;

/** The current frame of a playing video as a JPEG (quality 0.9). */
export function captureFrame(video: HTMLVideoElement): Promise<File> {
  return new Promise((resolve, reject) => {
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth || 1280;
    canvas.height = video.videoHeight || 720;
    const context = canvas.getContext("2d");
    if (!context) {
      reject(new Error("No se pudo capturar la foto"));
      return;
    }
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (!blob) reject(new Error("No se pudo capturar la foto"));
        else resolve(new File([blob], `foto-${Date.now()}.jpg`, { type: "image/jpeg" }));
      },
      "image/jpeg",
      PHOTO_QUALITY,
    );
  });
}
