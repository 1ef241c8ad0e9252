// A camera photo read at the size the scan needs, never at its full 12 MP (issue 33). Runs in the scan's
// Web Worker. Chromium's ImageDecoder decodes a JPEG at 1/8, 2/8 … of its size inside libjpeg (a 4032
// px photo at 504 px costs a fraction of a full decode) and applies its EXIF orientation; elsewhere
// createImageBitmap's resize options still avoid a full-size canvas. No TF.js here: the decode starts
// while the model may still be loading.
import type { UploadSpec } from "./protocol";

/** A decoded photo, upright, ready for drawImage. */
export type DecodedPhoto = { image: CanvasImageSource; width: number; height: number; close(): void };

/** What the JPEG's header says: stored size and EXIF orientation (1–8), read from its first bytes. */
export type JpegInfo = { width: number; height: number; orientation: number };

const HEAD_BYTES = 128 * 1024;

/** EXIF orientation inside an APP1 segment (TIFF header at `tiff`), or 1. */
function exifOrientation(view: DataView, tiff: number, end: number): number {
  if (tiff + 8 > end) return 1;
  const little = view.getUint16(tiff) === 0x4949;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return 1;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) break;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** The JPEG header's size and orientation; null when the bytes are no JPEG (or its header is past HEAD_BYTES). */
export function readJpegInfo(bytes: ArrayBuffer): JpegInfo | null {
  const view = new DataView(bytes);
  const end = view.byteLength;
  if (end < 4 || view.getUint16(0) !== 0xffd8) return null;
  let orientation = 1;
  let at = 2;
  while (at + 4 <= end) {
    if (view.getUint8(at) !== 0xff) return null;
    const marker = view.getUint8(at + 1);
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = view.getUint16(at + 2);
    const body = at + 4;
    if (marker === 0xe1 && body + 6 <= end && view.getUint32(body) === 0x45786966) {
      orientation = exifOrientation(view, body + 6, Math.min(end, at + 2 + length));
    }
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): height, then width
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (body + 5 > end) return null;
      return { height: view.getUint16(body + 1), width: view.getUint16(body + 3), orientation };
    }
    at += 2 + length;
  }
  return null;
}

/** Orientations 5–8 turn the stored picture a quarter: width and height swap on screen. */
const uprightSize = (info: JpegInfo) =>
  info.orientation >= 5 ? { width: info.height, height: info.width } : { width: info.width, height: info.height };

/** Scales (width, height) so its longer side is at most `side`. */
export function fitWithin(width: number, height: number, side: number) {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

type Decoder = {
  decode(): Promise<{ image: VideoFrame }>;
  close(): void;
};
type DecoderClass = {
  new (init: { data: ArrayBuffer; type: string; desiredWidth?: number; desiredHeight?: number }): Decoder;
  isTypeSupported(type: string): Promise<boolean>;
};

/** Chromium's WebCodecs image decoder, when this browser has one for the type. */
async function imageDecoderFor(type: string): Promise<DecoderClass | null> {
  const decoder = (globalThis as { ImageDecoder?: DecoderClass }).ImageDecoder;
  if (!decoder || !type) return null;
  try {
    return (await decoder.isTypeSupported(type)) ? decoder : null;
  } catch {
    return null;
  }
}

/**
 * The photo decoded with its longer side near `side` (never above the photo's own), upright. JPEG
 * decoders scale by eighths, so the result may be somewhat larger or smaller than `side`: the caller
 * draws it at the exact size it needs.
 */
export async function decodePhoto(blob: Blob, side: number, bytes?: ArrayBuffer): Promise<DecodedPhoto> {
  const data = bytes ?? (await blob.arrayBuffer());
  const info = readJpegInfo(data.byteLength > HEAD_BYTES ? data.slice(0, HEAD_BYTES) : data);
  const Decoder = await imageDecoderFor(blob.type || (info ? "image/jpeg" : ""));
  if (Decoder && info) {
    // the decoder picks its scale from the area asked for: ask for the upright target's area
    const upright = uprightSize(info);
    const target = fitWithin(upright.width, upright.height, side);
    const decoder = new Decoder({ data, type: "image/jpeg", desiredWidth: target.width, desiredHeight: target.height });
    try {
      const { image } = await decoder.decode();
      // displayWidth/Height are upright (the frame carries the EXIF rotation; drawImage applies it)
      return { image, width: image.displayWidth, height: image.displayHeight, close: () => image.close() };
    } finally {
      decoder.close();
    }
  }
  if (info) {
    const upright = uprightSize(info);
    const target = fitWithin(upright.width, upright.height, side);
    const bitmap = await createImageBitmap(blob, {
      resizeWidth: target.width,
      resizeHeight: target.height,
      resizeQuality: "high",
      imageOrientation: "from-image",
    });
    return { image: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  // not a JPEG (PNG, WebP, HEIC where supported): its size is only known once decoded
  const bitmap = await createImageBitmap(blob, { imageOrientation: "from-image" });
  return { image: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
}

/** The photo as a JPEG whose longer side is at most `side` (the scan's upload and stored preview). */
export async function smallJpeg(photo: DecodedPhoto, side: number, quality: number): Promise<Blob> {
  const { width, height } = fitWithin(photo.width, photo.height, side);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No se pudo preparar la foto");
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(photo.image, 0, 0, width, height);
  return canvas.convertToBlob({ type: "image/jpeg", quality });
}

/**
 * A photo (any size) → its pixels with the longer side at most `side`, read once from the canvas
 * (colour descriptor and model input). A JPEG is decoded at about that size (photo.ts), never at
 * its full 12 MP; a camera frame (ImageBitmap) skips the JPEG round trip altogether.
 */
export async function pixelsOf(image: Blob | ImageBitmap | DecodedPhoto, side: number): Promise<ImageData> {
  const photo =
    image instanceof Blob
      ? await decodePhoto(image, side)
      : image instanceof ImageBitmap
        ? { image, width: image.width, height: image.height, close: () => image.close() }
        : image;
  try {
    const { width, height } = fitWithin(photo.width, photo.height, side);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("No se pudo leer la imagen");
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = "high";
    context.drawImage(photo.image, 0, 0, width, height);
    return context.getImageData(0, 0, width, height);
  } finally {
    photo.close();
  }
}

/**
 * A scan photo's pixels for the model, and (with `upload`) the small JPEG sent to the server, made
 * from a second decode at the upload's size once `after` (the analysis) is done, so the first
 * candidate never waits for it.
 */
export function readScanPhoto(
  image: Blob | ImageBitmap,
  side: number,
  upload: UploadSpec | null,
  after: Promise<unknown>,
): { pixels: Promise<ImageData>; upload: Promise<Blob> | null } {
  if (!(image instanceof Blob)) return { pixels: pixelsOf(image, side), upload: null };
  const bytes = image.arrayBuffer();
  const pixels = bytes.then((data) => decodePhoto(image, side, data)).then((photo) => pixelsOf(photo, side));
  if (!upload) return { pixels, upload: null };
  // after the analysis: a second decode beside the model slowed the first candidate on a busy phone
  const small = after
    .catch(() => undefined)
    .then(() => bytes)
    .then((data) => decodePhoto(image, upload.side, data))
    .then(async (photo) => {
      try {
        return await smallJpeg(photo, upload.side, upload.quality);
      } finally {
        photo.close();
      }
    });
  return { pixels, upload: small };
}
