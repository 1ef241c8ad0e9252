import { IMAGE_TOO_LARGE } from "../../../../shared/messages";
/** Receipt photo rules (spec 1 §5, §9; design §4): an image of a type the server accepts, at most 5 MB. */

export const RECEIPT_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_NOT_IMAGE = "Por favor seleccione una imagen válida";
export const RECEIPT_TOO_LARGE = IMAGE_TOO_LARGE;
const ALLOWED = new Set(RECEIPT_ACCEPT.split(","));

/** null when the file can be sent, else the message to show. */
export function receiptError(file: { type: string; size: number }): string | null {
  if (!ALLOWED.has(file.type.toLowerCase())) return RECEIPT_NOT_IMAGE;
  if (file.size > RECEIPT_MAX_BYTES) return RECEIPT_TOO_LARGE;
  return null;
}
