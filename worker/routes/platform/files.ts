import { Hono } from "hono";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { tenantId } from "../../auth/tenant";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { doc } from "../../openapi/describe";

const SAFE_INLINE = new Set(["image/jpeg", "image/png", "image/gif", "image/webp", "video/mp4", "video/webm"]);

/** The R2 key a files path names; null when its escapes are malformed (no such file, not a server error). */
function keyOf(path: string): string | null {
  try {
    return decodeURIComponent(path.replace(/^.*?\/files\//, ""));
  } catch {
    return null;
  }
}

/**
 * /api/v1/files/<key> — receipts, product photos and videos, only to users of the company whose
 * folder holds them (keys start with company/<id>/). Never served as something executable.
 */
export const filesRoutes = new Hono<AppEnv>().use(requireAuth, requireRole(...AREA_ROLES.companyStaff)).get(
  "/*",
  doc(
    "Descarga un archivo guardado de la empresa (foto, video o recibo)",
    { 404: "El archivo no existe o es de otra empresa" },
    {
      description: "Responde el archivo con su tipo de contenido (imagen o video en línea; otro, adjunto)",
    },
  ),
  async (c) => {
    const key = keyOf(c.req.path);
    const prefix = `company/${tenantId(c)}/`;
    if (key === null || !key.startsWith(prefix) || key.includes("..")) throw notFound("Archivo no encontrado");
    const object = await c.env.FILES.get(key);
    if (!object) throw notFound("Archivo no encontrado");
    const declared = object.httpMetadata?.contentType ?? "";
    const type = SAFE_INLINE.has(declared) ? declared : "application/octet-stream";
    return new Response(object.body, {
      headers: {
        "Content-Type": type,
        "Content-Length": String(object.size),
        "Content-Disposition": SAFE_INLINE.has(declared) ? "inline" : "attachment",
        "Cache-Control": "private, max-age=300",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        ETag: object.httpEtag,
      },
    });
  },
);
