import { ApiError } from "./errors";

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export type ImageType = { mime: "image/jpeg" | "image/png" | "image/gif" | "image/webp"; ext: string };

/** The file's real type from its first bytes; the declared Content-Type is not trusted. */
export function sniffImage(head: Uint8Array): ImageType | null {
  const at = (i: number) => head[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return { mime: "image/jpeg", ext: "jpg" };
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return { mime: "image/png", ext: "png" };
  if (at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46 && at(3) === 0x38) return { mime: "image/gif", ext: "gif" };
  const riff = at(0) === 0x52 && at(1) === 0x49 && at(2) === 0x46 && at(3) === 0x46;
  const webp = at(8) === 0x57 && at(9) === 0x45 && at(10) === 0x42 && at(11) === 0x50;
  if (riff && webp) return { mime: "image/webp", ext: "webp" };
  return null;
}

export const IMAGE_TOO_LARGE = "El archivo es demasiado grande. Máximo 5MB";
export const IMAGE_WRONG_TYPE = "Por favor seleccione una imagen válida (JPG, PNG, GIF o WebP)";

/** Reads an uploaded receipt/photo: 413 above 5 MB, 415 when it is not a JPG/PNG/GIF/WebP image. */
export async function readImageUpload(file: File): Promise<{ bytes: Uint8Array; type: ImageType }> {
  if (file.size > IMAGE_MAX_BYTES) throw new ApiError(413, IMAGE_TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw new ApiError(413, IMAGE_TOO_LARGE);
  const type = sniffImage(bytes.subarray(0, 16));
  if (!type) throw new ApiError(415, IMAGE_WRONG_TYPE);
  return { bytes, type };
}

/** A form field that may be a file: empty parts (size 0, as some clients send) count as absent. */
export function optionalFile(value: unknown): File | null {
  if (value instanceof File && value.size > 0) return value;
  return null;
}

export function newObjectKey(companyId: number, folder: string, ext: string): string {
  return `company/${companyId}/${folder}/${crypto.randomUUID()}.${ext}`;
}
