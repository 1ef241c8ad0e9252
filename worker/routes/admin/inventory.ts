import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { tenantId } from "../../auth/tenant";
import { createDb } from "../../db/client";
import { inventoryAlerts, locations } from "../../db/schema";
import {
  planDistribution,
  registerEntry,
  sniffVideo,
  VIDEO_MAX_BYTES,
  VIDEO_PART_BYTES,
} from "../../domain/inventory-entry";
import { lowStockItems } from "../../domain/low-stock";
import { toCentavos } from "../../domain/money";
import { modelOf, parseEmbedding } from "../../domain/scan";
import type { AppEnv } from "../../env";
import { ApiError, notFound } from "../../lib/errors";
import { jsonField, readForm } from "../../lib/form";
import { newObjectKey, optionalFile, readImageUpload } from "../../lib/uploads";
import { booleanLike, numberLike, optionalText, parseOr422, validate } from "../../lib/validation";

/** Videos sent inside the entry request itself; larger ones go through /inventory/video-uploads. */
export const DIRECT_VIDEO_MAX_BYTES = 40 * 1024 * 1024;
const VIDEO_TOO_LARGE = "El video es demasiado grande. Máximo 500MB";
const VIDEO_WRONG_TYPE = "El video debe ser WebM o MP4";
const NO_VIDEO = "No se encontró el archivo de video";

const LocationQuantity = v.object({
  location_id: v.optional(v.nullable(v.union([v.literal(""), numberLike("La ubicación no es válida")]))),
  quantity: v.pipe(
    numberLike("La cantidad debe ser un número"),
    v.integer("La cantidad debe ser un número entero"),
    v.minValue(0, "La cantidad no puede ser negativa"),
    v.maxValue(100_000, "La cantidad es demasiado alta"),
  ),
});
const Distribution = v.pipe(
  v.array(
    v.object({
      size: v.pipe(
        v.union([v.string(), v.pipe(v.number(), v.transform(String))], "La talla es requerida"),
        v.maxLength(10, "La talla no es válida"),
      ),
      pairs: v.optional(v.array(LocationQuantity), []),
      left_feet: v.optional(v.array(LocationQuantity), []),
      right_feet: v.optional(v.array(LocationQuantity), []),
    }),
    "La distribución por tallas debe ser una lista",
  ),
  v.maxLength(60, "Demasiadas tallas"),
);
const Embeddings = v.object({
  model_id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(80)),
  vectors: v.pipe(v.array(v.pipe(v.array(v.number()), v.minLength(64), v.maxLength(2048))), v.maxLength(32)),
});

const EntryFields = v.object({
  product_brand: v.pipe(
    v.string("La marca es requerida"),
    v.trim(),
    v.nonEmpty("La marca es requerida"),
    v.maxLength(80),
  ),
  product_model: v.pipe(
    v.string("El modelo es requerido"),
    v.trim(),
    v.nonEmpty("El modelo es requerido"),
    v.maxLength(120),
  ),
  unit_price: v.pipe(
    numberLike("Por favor ingresa un precio unitario válido"),
    v.gtValue(0, "Por favor ingresa un precio unitario válido"),
    v.maxValue(1_000_000_000, "El precio es demasiado alto"),
  ),
  box_price: v.optional(
    v.nullable(
      v.union([
        v.literal(""),
        v.pipe(numberLike("El precio por caja no es válido"), v.minValue(0, "El precio por caja no es válido")),
      ]),
    ),
  ),
  reference_code: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(60, "El código de referencia es demasiado largo"))),
  ),
  color: optionalText(60, "color"),
  notes: optionalText(1000, "notas"),
  video_key: v.optional(v.pipe(v.string(), v.maxLength(300))),
});

const toKeyOwner = (companyId: number) => `company/${companyId}/videos/`;

async function storeVideoFromForm(
  env: Env,
  companyId: number,
  form: Record<string, unknown>,
  fields: { video_key?: string | undefined },
) {
  const file = optionalFile(form.video_file);
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
  if (fields.video_key) {
    if (!fields.video_key.startsWith(toKeyOwner(companyId))) throw notFound(NO_VIDEO);
    const head = await env.FILES.head(fields.video_key);
    if (!head) throw notFound(NO_VIDEO);
    return { key: fields.video_key, uploadedHere: false };
  }
  throw new ApiError(422, NO_VIDEO);
}

const StartUpload = v.object({
  content_type: v.picklist(["video/webm", "video/mp4"], VIDEO_WRONG_TYPE),
  size: v.pipe(numberLike("El tamaño del video es requerido"), v.integer(), v.minValue(1, "El video está vacío")),
});
const UploadRef = v.object({
  key: v.pipe(v.string("Falta la clave del video"), v.maxLength(300)),
  upload_id: v.pipe(v.string("Falta el identificador de la carga"), v.nonEmpty(), v.maxLength(1000)),
});
const PartQuery = v.object({
  ...UploadRef.entries,
  part_number: v.pipe(
    v.string(),
    v.regex(/^\d{1,5}$/, "Número de parte no válido"),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(10_000),
  ),
});
const CompleteUpload = v.object({
  ...UploadRef.entries,
  parts: v.pipe(
    v.array(
      v.object({ part_number: v.pipe(v.number(), v.integer(), v.minValue(1)), etag: v.pipe(v.string(), v.nonEmpty()) }),
    ),
    v.minLength(1, "No se recibió ninguna parte del video"),
  ),
});

const CreateAlert = v.object({
  location_id: v.pipe(numberLike("La ubicación es requerida"), v.integer(), v.minValue(1, "La ubicación es requerida")),
  alert_type: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(40)), "inventario_minimo"),
  threshold_value: v.pipe(
    numberLike("El umbral debe ser un número"),
    v.integer("El umbral debe ser un número entero"),
    v.minValue(0, "El umbral no puede ser negativo"),
    v.maxValue(1_000_000),
  ),
  product_reference: optionalText(60, "referencia"),
  notification_emails: v.optional(
    v.union([
      v.pipe(v.array(v.pipe(v.string(), v.trim(), v.email("Correo de notificación no válido"))), v.maxLength(20)),
      v.pipe(
        v.string(),
        v.transform((s) => s.split(/[,;\s]+/).filter(Boolean)),
        v.array(v.pipe(v.string(), v.email("Correo de notificación no válido"))),
      ),
    ]),
    [],
  ),
  is_active: v.optional(booleanLike("is_active debe ser verdadero o falso"), true),
});

/**
 * Evaluates alerts against today's stock: each alert lists the low-stock items ("poco stock", the one
 * definition of domain/low-stock.ts) of its location, or of its product there when it names one.
 */
export async function evaluateAlerts(db: ReturnType<typeof createDb>, companyId: number) {
  const [alerts, low] = await Promise.all([
    db
      .select({ alert: inventoryAlerts, locationName: locations.name })
      .from(inventoryAlerts)
      .innerJoin(locations, eq(locations.id, inventoryAlerts.locationId))
      .where(eq(inventoryAlerts.companyId, companyId))
      .orderBy(desc(inventoryAlerts.createdAt)),
    lowStockItems(db, companyId),
  ]);
  return alerts.map(({ alert, locationName }) => {
    const rows = alert.isActive
      ? low.filter(
          (r) =>
            r.locationId === alert.locationId && (!alert.productReference || r.reference === alert.productReference),
        )
      : [];
    return {
      id: alert.id,
      location_id: alert.locationId,
      location_name: locationName,
      alert_type: alert.alertType,
      threshold_value: alert.thresholdValue,
      product_reference: alert.productReference,
      notification_emails: alert.notificationEmails,
      is_active: alert.isActive,
      created_at: alert.createdAt,
      triggered: rows.length > 0,
      low_stock_items: rows.map((r) => ({
        product_id: r.productId,
        reference_code: r.reference,
        brand: r.brand,
        model: r.model,
        pairs: r.available,
        threshold: r.threshold,
      })),
    };
  });
}

/** Inventory entry by video with size distribution, large video uploads, and stock alerts. */
export const adminInventoryRoutes = new Hono<AppEnv>()
  .post("/inventory/video-entry-distributed", async (c) => {
    const started = Date.now();
    const form = await readForm(c);
    const fields = parseOr422(EntryFields, { ...form, video_file: undefined, reference_image: undefined });
    const sizes = parseOr422(
      Distribution,
      jsonField(form.sizes_distribution_json ?? form.sizes_distribution, "sizes_distribution_json") ?? [],
    );
    const cells = planDistribution(
      sizes.map((s) => ({
        size: s.size,
        pairs: s.pairs.map((e) => ({ location_id: e.location_id === "" ? null : e.location_id, quantity: e.quantity })),
        left_feet: s.left_feet.map((e) => ({
          location_id: e.location_id === "" ? null : e.location_id,
          quantity: e.quantity,
        })),
        right_feet: s.right_feet.map((e) => ({
          location_id: e.location_id === "" ? null : e.location_id,
          quantity: e.quantity,
        })),
      })),
    );
    const embeddingsRaw =
      form.embeddings_json === undefined ? undefined : jsonField(form.embeddings_json, "embeddings_json");
    const embeddings =
      embeddingsRaw === undefined || embeddingsRaw === "" ? null : parseOr422(Embeddings, embeddingsRaw);
    const companyId = tenantId(c);
    const photo = optionalFile(form.reference_image);
    const image = photo ? await readImageUpload(photo) : null;
    const video = await storeVideoFromForm(c.env, companyId, form, fields);
    const imageKey = image ? newObjectKey(companyId, "products", image.type.ext) : null;
    try {
      if (image && imageKey)
        await c.env.FILES.put(imageKey, image.bytes, { httpMetadata: { contentType: image.type.mime } });
      const result = await registerEntry(createDb(c.env.DB), {
        companyId,
        userId: c.get("user").id,
        brand: fields.product_brand,
        model: fields.product_model,
        color: fields.color,
        description: fields.notes,
        referenceCode: fields.reference_code?.trim() ? fields.reference_code.trim() : null,
        unitPriceCentavos: toCentavos(fields.unit_price),
        boxPriceCentavos:
          fields.box_price === undefined || fields.box_price === null || fields.box_price === ""
            ? null
            : toCentavos(fields.box_price),
        videoKey: video.key,
        imageKey,
        cells,
        embeddings: embeddings
          ? {
              modelId: embeddings.model_id,
              vectors: embeddings.vectors.map((vec) => parseEmbedding(vec, modelOf(embeddings.model_id))),
            }
          : null,
      });
      return c.json(
        {
          success: true,
          message: result.created
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
  })
  .post("/inventory/video-uploads", validate("json", StartUpload), async (c) => {
    const body = c.req.valid("json");
    if (body.size > VIDEO_MAX_BYTES) throw new ApiError(413, VIDEO_TOO_LARGE);
    const ext = body.content_type === "video/mp4" ? "mp4" : "webm";
    const key = newObjectKey(tenantId(c), "videos", ext);
    const upload = await c.env.FILES.createMultipartUpload(key, { httpMetadata: { contentType: body.content_type } });
    return c.json({ key, upload_id: upload.uploadId, part_size: VIDEO_PART_BYTES, max_size: VIDEO_MAX_BYTES }, 201);
  })
  .put("/inventory/video-uploads/parts", validate("query", PartQuery), async (c) => {
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
  })
  .post("/inventory/video-uploads/complete", validate("json", CompleteUpload), async (c) => {
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
  })
  .delete("/inventory/video-uploads", validate("query", UploadRef), async (c) => {
    const q = c.req.valid("query");
    if (!q.key.startsWith(toKeyOwner(tenantId(c)))) throw notFound("Carga no encontrada");
    await c.env.FILES.resumeMultipartUpload(q.key, q.upload_id)
      .abort()
      .catch(() => undefined);
    return c.json({ success: true, message: "Carga cancelada" });
  })
  .post("/inventory-alerts", validate("json", CreateAlert), async (c) => {
    const body = c.req.valid("json");
    const companyId = tenantId(c);
    const db = createDb(c.env.DB);
    const [location] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.companyId, companyId), eq(locations.id, body.location_id)))
      .limit(1);
    if (!location) throw notFound("Ubicación no encontrada");
    const [row] = await db
      .insert(inventoryAlerts)
      .values({
        companyId,
        locationId: location.id,
        alertType: body.alert_type,
        thresholdValue: body.threshold_value,
        productReference: body.product_reference,
        notificationEmails: body.notification_emails,
        isActive: body.is_active,
        createdBy: c.get("user").id,
      })
      .returning();
    const [evaluated] = (await evaluateAlerts(db, companyId)).filter((a) => a.id === row?.id);
    return c.json({ success: true, message: "Alerta de inventario configurada exitosamente", ...evaluated }, 201);
  })
  .get("/inventory-alerts", async (c) => {
    const alerts = await evaluateAlerts(createDb(c.env.DB), tenantId(c));
    return c.json({ alerts, total: alerts.length, triggered: alerts.filter((a) => a.triggered).length });
  });
