import { IMAGE_TOO_LARGE } from "../../shared/messages";
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

/** Where the SPA reads a stored file back (only users of the file's company get it). */
export const fileUrl = (key: string | null) => (key ? `/api/v1/files/${key}` : null);

export function newObjectKey(companyId: number, folder: string, ext: string): string {
  return `company/${companyId}/${folder}/${crypto.randomUUID()}.${ext}`;
}

// ---------------------------------------------------------------- routes that receive files

export type UploadKind = "image" | "video";

/**
 * One route that receives a file. `files` names each form field that may carry a file (for a `raw`
 * body: the body itself, under "body"); `served` says whether the stored file is handed out later
 * through /api/v1/files/<key>.
 */
export interface UploadRoute {
  method: "POST" | "PUT";
  /** As in the app's route table, with its :params. */
  path: string;
  body: "multipart" | "raw";
  files: Readonly<Record<string, UploadKind>>;
  /** The whole request body; each file has its own smaller limit (images 5 MB) with its own message. */
  maxBodyBytes: number;
  served: boolean;
}

const MB = 1024 * 1024;

/**
 * Every route that receives a file. The body limit in worker/index.ts reads this list: these routes get
 * their larger limit, and a multipart body sent to any other route is refused with 415, so a new
 * file-accepting route only works once it is listed here (and tests/api/uploads.test.ts then covers it).
 */
export const UPLOAD_ROUTES: readonly UploadRoute[] = [
  {
    method: "POST",
    path: "/api/v1/sales/create",
    body: "multipart",
    files: { receipt_image: "image" },
    maxBodyBytes: 8 * MB,
    served: true,
  },
  {
    method: "POST",
    path: "/api/v1/expenses/create",
    body: "multipart",
    files: { receipt_image: "image" },
    maxBodyBytes: 8 * MB,
    served: true,
  },
  {
    method: "POST",
    path: "/api/v1/classify/scan",
    body: "multipart",
    files: { image: "image" },
    maxBodyBytes: 8 * MB,
    // kept in R2 for audit, never handed out
    served: false,
  },
  {
    method: "POST",
    path: "/api/v1/mayoreo/productos/crear",
    body: "multipart",
    files: { foto: "image" },
    maxBodyBytes: 8 * MB,
    served: true,
  },
  {
    method: "PUT",
    path: "/api/v1/mayoreo/productos/:id/actualizar",
    body: "multipart",
    files: { foto: "image" },
    maxBodyBytes: 8 * MB,
    served: true,
  },
  {
    // the catalogue's photo of a product
    method: "PUT",
    path: "/api/v1/products/:id/photo",
    body: "multipart",
    files: { image: "image" },
    maxBodyBytes: 8 * MB,
    served: true,
  },
  {
    // a video of up to 40 MB travels inside the entry; larger ones go through video-uploads
    method: "POST",
    path: "/api/v1/admin/admin/inventory/video-entry-distributed",
    body: "multipart",
    files: { reference_image: "image", video_file: "video" },
    maxBodyBytes: 45 * MB,
    served: true,
  },
  {
    // one 10 MB part of an R2 multipart upload, as the raw body
    method: "PUT",
    path: "/api/v1/admin/admin/inventory/video-uploads/parts",
    body: "raw",
    files: { body: "video" },
    maxBodyBytes: 12 * MB,
    served: true,
  },
];

/** A route path with :params as an anchored pattern (one path segment per param). */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/:[A-Za-z]+/g, "[^/]+")}$`);
}

const UPLOAD_MATCHERS = UPLOAD_ROUTES.map((route) => ({ route, pattern: pathPattern(route.path) }));

/** The upload route a request goes to, if any. */
export function uploadRouteFor(method: string, path: string): UploadRoute | null {
  const upper = method.toUpperCase();
  return UPLOAD_MATCHERS.find((m) => m.route.method === upper && m.pattern.test(path))?.route ?? null;
}

export const NOT_AN_UPLOAD_ROUTE = "Esta ruta no recibe archivos: envía los datos como JSON";

export { IMAGE_TOO_LARGE };
