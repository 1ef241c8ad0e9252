// Camera access of the scan overlay and the inventory video/photo (spec §5 'Camera', §8 camera errors, §9).

export const CAMERA_ERRORS = {
  denied: "Acceso a la cámara denegado. Por favor, permite el acceso y reintenta.",
  notFound: "No se encontró ninguna cámara en tu dispositivo.",
  unsupported: "Tu navegador no soporta acceso a la cámara.",
  busy: "La cámara está siendo usada por otra aplicación.",
  generic: "No se pudo acceder a la cámara.",
} as const;

/** Preferred: rear camera, ideal 1280×720, at most 1920×1080. */
export const PREFERRED_CONSTRAINTS: MediaStreamConstraints = {
  video: {
    facingMode: { ideal: "environment" },
    width: { ideal: 1280, max: 1920 },
    height: { ideal: 720, max: 1080 },
  },
  audio: false,
};
/** Fallback when the preferred constraints cannot be met: any video. */
export const BASIC_CONSTRAINTS: MediaStreamConstraints = { video: true, audio: false };

export const CAPTURE_DELAY_MS = 1000;
export const JPEG_QUALITY = 0.8;

const errorName = (error: unknown) =>
  error && typeof error === "object" && "name" in error && typeof error.name === "string" ? error.name : "";

/** getUserMedia's error → the spec's text. */
export function cameraErrorMessage(error: unknown): string {
  switch (errorName(error)) {
    case "NotAllowedError":
    case "PermissionDeniedError":
    case "SecurityError":
      return CAMERA_ERRORS.denied;
    case "NotFoundError":
    case "DevicesNotFoundError":
    case "OverconstrainedError":
      return CAMERA_ERRORS.notFound;
    case "NotSupportedError":
    case "TypeError":
      return CAMERA_ERRORS.unsupported;
    case "NotReadableError":
    case "TrackStartError":
    case "AbortError":
      return CAMERA_ERRORS.busy;
    default:
      return CAMERA_ERRORS.generic;
  }
}

export function cameraSupported(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
}

/**
 * Rear camera with the preferred constraints, then basic video; a refused permission is not retried.
 * With `audio` (the inventory video) each try asks for sound first, then the last one goes without.
 */
export async function openCamera({ audio = false }: { audio?: boolean } = {}): Promise<MediaStream> {
  if (!cameraSupported()) throw new DOMException("getUserMedia", "NotSupportedError");
  const attempts: MediaStreamConstraints[] = audio
    ? [{ ...PREFERRED_CONSTRAINTS, audio: true }, { video: true, audio: true }, BASIC_CONSTRAINTS]
    : [PREFERRED_CONSTRAINTS, BASIC_CONSTRAINTS];
  let last: unknown = null;
  for (const constraints of attempts) {
    try {
      return await navigator.mediaDevices.getUserMedia(constraints);
    } catch (error) {
      last = error;
      const name = errorName(error);
      if (name === "NotAllowedError" || name === "PermissionDeniedError" || name === "SecurityError") break;
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

/** Whether the device reports a camera (no permission needed); false when it cannot tell. */
export async function hasCamera(): Promise<boolean> {
  if (!cameraSupported() || typeof navigator.mediaDevices.enumerateDevices !== "function") return false;
  try {
    return (await navigator.mediaDevices.enumerateDevices()).some((d) => d.kind === "videoinput");
  } catch {
    return false;
  }
}

/** The video's current frame as a JPEG file named <prefix>-<timestamp>.jpg (scan 0.8, product photo 0.9). */
export function captureFrame(
  video: HTMLVideoElement,
  {
    now = Date.now(),
    prefix = "scan",
    quality = JPEG_QUALITY,
  }: { now?: number; prefix?: string; quality?: number } = {},
): Promise<File> {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth || 1280;
  canvas.height = video.videoHeight || 720;
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error(CAMERA_ERRORS.generic));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) =>
        blob
          ? resolve(new File([blob], `${prefix}-${now}.jpg`, { type: "image/jpeg" }))
          : reject(new Error(CAMERA_ERRORS.generic)),
      "image/jpeg",
      quality,
    ),
  );
}
