// Catalogue enrolment from the admin's inventory entry: the product photo and frames sampled from its
// video are embedded in the scan's Web Worker (each in its enrolment views: itself, mirror, padded) and sent to
// POST /api/v1/classify/enroll/{productId}, so phones recognise the product (design §7.4).
import { api, call } from "../api/http";
import { DEFAULT_MODEL_ID } from "./models";

/** Frames sampled evenly over the video; with the photo, each in its 3 enrolment views (embedder.ts): at most 27 references. */
export const ENROL_FRAMES = 8;
const MAX_REFERENCES = 32;
const FRAME_SIDE = 448;

export type References = {
  model_id: string;
  vectors: Float32Array[];
  /** the colour histogram of the image each vector comes from (scan-colour.ts) */
  colours: Float32Array[];
  sources: ("photo" | "video_frame")[];
};

function once<K extends keyof HTMLVideoElementEventMap>(video: HTMLVideoElement, name: K, timeoutMs: number) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`video: ${name} no llegó`)), timeoutMs);
    video.addEventListener(
      name,
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
    // a video the browser cannot decode fails at once instead of waiting for the timeout
    video.addEventListener(
      "error",
      () => {
        clearTimeout(timer);
        reject(new Error("video: no se puede decodificar"));
      },
      { once: true },
    );
  });
}

/** `count` JPEG frames taken evenly over the video (none when the browser cannot decode it). */
export async function videoFrames(video: Blob, count = ENROL_FRAMES, timeoutMs = 10_000): Promise<Blob[]> {
  const element = document.createElement("video");
  element.muted = true;
  element.playsInline = true;
  element.preload = "auto";
  const url = URL.createObjectURL(video);
  const frames: Blob[] = [];
  try {
    const loaded = once(element, "loadeddata", timeoutMs);
    element.src = url;
    await loaded;
    const duration = Number.isFinite(element.duration) && element.duration > 0 ? element.duration : 0;
    const scale = Math.min(1, FRAME_SIDE / Math.max(element.videoWidth || 1, element.videoHeight || 1));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round((element.videoWidth || 1) * scale));
    canvas.height = Math.max(1, Math.round((element.videoHeight || 1) * scale));
    const context = canvas.getContext("2d");
    if (!context) return [];
    for (let i = 0; i < count; i++) {
      const seeked = once(element, "seeked", timeoutMs);
      element.currentTime = duration * ((i + 0.5) / count);
      await seeked;
      context.drawImage(element, 0, 0, canvas.width, canvas.height);
      const frame = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
      if (frame) frames.push(frame);
    }
    return frames;
  } catch {
    return frames;
  } finally {
    element.removeAttribute("src");
    URL.revokeObjectURL(url);
  }
}

/** Reference embeddings of a product's photo and video frames, computed in the scan's Web Worker. */
export async function referenceEmbeddings(photo: Blob | null, video: Blob | null): Promise<References | null> {
  if (typeof Worker === "undefined") return null;
  const { scanClient } = await import("./client");
  const client = scanClient();
  const vectors: Float32Array[] = [];
  const colours: Float32Array[] = [];
  const sources: References["sources"] = [];
  const images: { image: Blob; source: "photo" | "video_frame" }[] = [];
  if (photo && photo.size > 0) images.push({ image: photo, source: "photo" });
  if (video) for (const frame of await videoFrames(video)) images.push({ image: frame, source: "video_frame" });
  for (const { image, source } of images) {
    try {
      const { vectors: views, colour } = await client.references(image);
      for (const view of views) {
        if (vectors.length >= MAX_REFERENCES) break;
        vectors.push(view);
        colours.push(colour);
        sources.push(source);
      }
    } catch {
      // an unreadable frame is skipped; the others still count
    }
  }
  return vectors.length === 0 ? null : { model_id: client.modelId ?? DEFAULT_MODEL_ID, vectors, colours, sources };
}

function toBase64(vector: Float32Array): string {
  const bytes = new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

/**
 * Rows per enrolment request: D1 binds at most 100 values per statement and the server inserts a
 * product's references in one multi-row INSERT of 7 columns, so more than 14 fail ("too many SQL
 * variables"). Larger sets go in several requests: the first replaces, the rest add.
 */
export const REFERENCES_PER_REQUEST = 14;

/**
 * Replaces the product's references for the model (re-enrolment with its latest photo and video), or
 * adds to them (`replace: false`, another photo of the same product).
 */
export async function enrolProduct(productId: number, references: References, { replace = true } = {}) {
  let stored = 0;
  for (let start = 0; start < references.vectors.length; start += REFERENCES_PER_REQUEST) {
    const json = {
      model_id: references.model_id,
      vectors: references.vectors.slice(start, start + REFERENCES_PER_REQUEST).map(toBase64),
      sources: references.sources.slice(start, start + REFERENCES_PER_REQUEST),
      colours: references.colours
        .slice(start, start + REFERENCES_PER_REQUEST)
        .map((c) => Array.from(c, (x) => Math.round(x * 1e5) / 1e5)),
      replace: replace && start === 0,
    };
    const answer = await call(
      api.classify.enroll[":productId"].$post({ param: { productId: String(productId) }, json }),
    );
    stored += answer.references_stored;
  }
  return { product_id: productId, model_id: references.model_id, references_stored: stored };
}
