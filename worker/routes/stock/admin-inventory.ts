import { Hono } from "hono";
import { VIDEO_NOT_FOUND, VIDEO_TOO_LARGE } from "../../../shared/messages";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { registerOrderEntry } from "../../domain/purchasing/order-entry";
import { createAlert, evaluateAlerts } from "../../domain/stock/inventory-alerts";
import {
  planDistribution,
  registerEntry,
  sniffVideo,
  VIDEO_MAX_BYTES,
  VIDEO_PART_BYTES,
} from "../../domain/stock/inventory-entry";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { newObjectKey, readImageUpload } from "../../lib/uploads";
import { validate, validateBody } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import {
  CompleteUpload,
  CreateAlert,
  PartQuery,
  StartUpload,
  UploadRef,
  VIDEO_WRONG_TYPE,
  VideoEntryBody,
} from "./admin-inventory-bodies";

/** Videos sent inside the entry request itself; larger ones go through /inventory/video-uploads. */
export const DIRECT_VIDEO_MAX_BYTES = 40 * 1024 * 1024;
const NO_VIDEO = VIDEO_NOT_FOUND;
const toKeyOwner = (companyId: number) => `company/${companyId}/videos/`;

async function storeVideoFromForm(
  env: Env,
  companyId: number,
  fields: { videoFile?: File | null | undefined; videoKey?: string | undefined },
) {
  const file = fields.videoFile;
  if (file) {
    if (file.size > VIDEO_MAX_BYTES) throw new ApiError(413, VIDEO_TOO_LARGE);
    if (file.size > DIRECT_VIDEO_MAX_BYTES) {
      throw new ApiError(413, "Los videos de más de 40MB se suben por partes (/inventory/video-uploads)");
    }
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    const type = sniffVideo(head);
    if (!type) throw new ApiError(415, VIDEO_WRONG_TYPE);
    const key = newObjectKey(companyId, "videos", type.ext);
    await env.FILES.put(key, file.stream(), { httpMetadata: { contentType: type.mime } });
    return { key, uploadedHere: true };
  }
  if (fields.videoKey) {
    if (!fields.videoKey.startsWith(toKeyOwner(companyId))) throw notFound(NO_VIDEO);
    const head = await env.FILES.head(fields.videoKey);
    if (!head) throw notFound(NO_VIDEO);
    return { key: fields.videoKey, uploadedHere: false };
  }
  throw new ApiError(422, NO_VIDEO);
}

/** Inventory entry by video with size distribution, large video uploads, and stock alerts. */
export const adminInventoryRoutes = new Hono<AppEnv>()
  .post(
    "/inventory/video-entry-distributed",
    doc(
      "Ingresa un producto al inventario con su video, foto y la distribución de tallas por ubicación; con purchase_order_id y product_id, los pares entran como una recepción de esa orden de compra",
      {
        404: "El video ya subido no existe o es de otra empresa; una ubicación de la distribución no es de la empresa; la orden de compra no existe o es de otra empresa",
        409: "El código de referencia ya es el código de barras o SKU de otro producto; la orden no se puede recibir (no está enviada ni recibida en parte) o entrarían más pares de los pendientes",
        413: "El video pesa más de 40 MB (se sube por partes) o supera el máximo; la foto pesa más de 5 MB",
        415: "El video no es MP4 ni WebM; la foto no es una imagen JPG, PNG, GIF o WebP",
        422: "No se envió video; ninguna talla tiene cantidades válidas o los pies izquierdos y derechos no cuadran; una huella visual no es válida; desde una orden: pies sueltos, otra ubicación que su destino, una talla o un producto que no están en la orden, o un costo",
      },
    ),
    validateBody(VideoEntryBody),
    async (c) => {
      const started = Date.now();
      const { sizes, videoFile, videoKey, referenceImage, fromOrder, ...entry } = c.req.valid("form");
      const cells = planDistribution(sizes);
      const companyId = tenantId(c);
      const image = referenceImage ? await readImageUpload(referenceImage) : null;
      const video = await storeVideoFromForm(c.env, companyId, { videoFile, videoKey });
      const imageKey = image ? newObjectKey(companyId, "products", image.type.ext) : null;
      try {
        if (image && imageKey)
          await c.env.FILES.put(imageKey, image.bytes, { httpMetadata: { contentType: image.type.mime } });
        const written = {
          ...entry,
          companyId,
          userId: c.get("user").id,
          videoKey: video.key,
          imageKey,
          cells,
        };
        const result = fromOrder
          ? await registerOrderEntry(companyDb(c), { ...written, ...fromOrder })
          : { ...(await registerEntry(companyDb(c), written)), purchase_order: null };
        return c.json(
          {
            success: true,
            message: result.purchase_order
              ? `Pares recibidos de la orden de compra #${result.purchase_order.id}`
              : result.created
                ? "Producto registrado con su inventario"
                : "Inventario agregado al producto existente",
            ...result,
            video_url: `/api/v1/files/${video.key}`,
            image_url: imageKey ? `/api/v1/files/${imageKey}` : null,
            processing_time_seconds: Math.round((Date.now() - started) / 10) / 100,
          },
          201,
        );
      } catch (err) {
        // No half product: files stored by this request go away with it.
        if (imageKey) await c.env.FILES.delete(imageKey).catch(() => undefined);
        if (video.uploadedHere) await c.env.FILES.delete(video.key).catch(() => undefined);
        throw err;
      }
    },
  )
  .post(
    "/inventory/video-uploads",
    doc("Inicia la carga por partes de un video grande de producto", {
      413: "El tamaño anunciado supera el máximo para un video",
    }),
    validate("json", StartUpload),
    async (c) => {
      const body = c.req.valid("json");
      if (body.size > VIDEO_MAX_BYTES) throw new ApiError(413, VIDEO_TOO_LARGE);
      const ext = body.content_type === "video/mp4" ? "mp4" : "webm";
      const key = newObjectKey(tenantId(c), "videos", ext);
      const upload = await c.env.FILES.createMultipartUpload(key, { httpMetadata: { contentType: body.content_type } });
      return c.json({ key, upload_id: upload.uploadId, part_size: VIDEO_PART_BYTES, max_size: VIDEO_MAX_BYTES }, 201);
    },
  )
  .put(
    "/inventory/video-uploads/parts",
    doc("Sube una parte de un video grande de producto", {
      404: "La carga no existe, es de otra empresa o ya expiró",
      413: "La parte pesa más de 10 MB",
      415: "La primera parte no es de un video MP4 ni WebM",
      422: "La parte llegó vacía",
    }),
    validate("query", PartQuery),
    async (c) => {
      const q = c.req.valid("query");
      if (!q.key.startsWith(toKeyOwner(tenantId(c)))) throw notFound("Carga no encontrada");
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.byteLength === 0) throw new ApiError(422, "La parte del video está vacía");
      if (bytes.byteLength > VIDEO_PART_BYTES + 1024 * 1024)
        throw new ApiError(413, "Cada parte del video debe ser de máximo 10MB");
      const upload = c.env.FILES.resumeMultipartUpload(q.key, q.upload_id);
      if (q.part_number === 1 && !sniffVideo(bytes.subarray(0, 16))) {
        await upload.abort().catch(() => undefined);
        throw new ApiError(415, VIDEO_WRONG_TYPE);
      }
      try {
        const part = await upload.uploadPart(q.part_number, bytes);
        return c.json({ part_number: part.partNumber, etag: part.etag });
      } catch {
        throw notFound("Carga no encontrada");
      }
    },
  )
  .post(
    "/inventory/video-uploads/complete",
    doc("Completa la carga por partes de un video y entrega su dirección", {
      404: "La carga es de otra empresa",
      409: "Faltan partes o la carga expiró",
      413: "El video completo supera el máximo permitido",
    }),
    validate("json", CompleteUpload),
    async (c) => {
      const body = c.req.valid("json");
      if (!body.key.startsWith(toKeyOwner(tenantId(c)))) throw notFound("Carga no encontrada");
      const upload = c.env.FILES.resumeMultipartUpload(body.key, body.upload_id);
      let object: R2Object;
      try {
        object = await upload.complete(body.parts.map((p) => ({ partNumber: p.part_number, etag: p.etag })));
      } catch {
        throw new ApiError(409, "No se pudo completar la carga del video: faltan partes o la carga expiró");
      }
      if (object.size > VIDEO_MAX_BYTES) {
        await c.env.FILES.delete(body.key);
        throw new ApiError(413, VIDEO_TOO_LARGE);
      }
      return c.json({ key: object.key, size: object.size, video_url: `/api/v1/files/${object.key}` });
    },
  )
  .delete(
    "/inventory/video-uploads",
    doc("Cancela una carga de video por partes", { 404: "La carga es de otra empresa" }),
    validate("query", UploadRef),
    async (c) => {
      const q = c.req.valid("query");
      if (!q.key.startsWith(toKeyOwner(tenantId(c)))) throw notFound("Carga no encontrada");
      await c.env.FILES.resumeMultipartUpload(q.key, q.upload_id)
        .abort()
        .catch(() => undefined);
      return c.json({ success: true, message: "Carga cancelada" });
    },
  )
  .post(
    "/inventory-alerts",
    doc("Configura una alerta de poco stock para una ubicación o un producto", {
      404: "La ubicación no existe o es de otra empresa",
    }),
    validate("json", CreateAlert),
    async (c) => {
      const alert = await createAlert(companyDb(c), tenantId(c), c.get("user").id, c.req.valid("json"));
      return c.json({ success: true, message: "Alerta de inventario configurada exitosamente", ...alert }, 201);
    },
  )
  .get(
    "/inventory-alerts",
    doc("Lista las alertas de inventario y los productos con poco stock que las disparan"),
    async (c) => {
      const alerts = await evaluateAlerts(companyDb(c), tenantId(c));
      return c.json({ alerts, total: alerts.length, triggered: alerts.filter((a) => a.triggered).length });
    },
  );
