import { type Context, Hono } from "hono";
import * as v from "valibot";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { type ScanInput, scanAnswer } from "../../domain/scan/answer";
import { phoneCatalogue } from "../../domain/scan/catalogue";
import { catalogueVersion } from "../../domain/scan/catalogue-cache";
import { COLOUR_BINS, isColourDescriptor } from "../../domain/scan/colour";
import { type EnrolInput, enrolProduct, isKnownModel, loadEnrolmentStatus } from "../../domain/scan/enrolment";
import { DEFAULT_MODEL, modelOf } from "../../domain/scan/matching";
import type { AppEnv } from "../../env";
import { type ImageType, newObjectKey, readImageUpload } from "../../lib/uploads";
import { fileField, jsonText, validate, validateBody, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";

export const EnrolBody = v.pipe(
  v.object({
    model_id: v.optional(v.string(), DEFAULT_MODEL),
    vectors: v.pipe(
      v.array(v.unknown(), "vectors debe ser una lista"),
      v.minLength(1, "Envía al menos una huella visual"),
      v.maxLength(32, "Máximo 32 huellas por producto"),
    ),
    sources: v.optional(v.array(v.picklist(["photo", "video_frame", "scan"]))),
    // one colour histogram per vector (or null), as the phone computes it: lets colourways of one model be told apart
    colours: v.optional(
      v.array(
        v.nullable(
          v.custom<number[]>(isColourDescriptor, `Cada color debe ser un histograma de ${COLOUR_BINS} valores`),
        ),
        "colours debe ser una lista",
      ),
    ),
    replace: v.optional(v.boolean(), true),
  }),
  // enrolProduct's input, with the model's id for the route to look up (an unknown one is 422 after the id's check)
  v.transform((b): Omit<EnrolInput, "model"> & { modelId: string } => ({
    modelId: b.model_id,
    vectors: b.vectors,
    colours: b.colours,
    sources: b.sources,
    replace: b.replace,
  })),
);

/** Text fields of the scan form are lenient: a value of another type counts as not sent. */
const textOr = <T>(fallback: T) =>
  v.pipe(
    v.optional(v.custom<string>(() => true)),
    v.transform((x): string | T => (typeof x === "string" ? x : fallback)),
  );

/**
 * POST /classify/scan, as multipart (the photo `image`, the on-device `embedding` as JSON text) or JSON.
 * The embedding's length and model are checked by parseEmbedding; without one, a reference code is needed.
 */
export const ScanBody = v.pipe(
  v.object({
    model_id: v.pipe(
      textOr(""),
      v.transform((x) => x || undefined),
    ),
    image: fileField,
    // a list of numbers, or its JSON text
    embedding: v.optional(
      jsonText(
        v.custom<number[]>(() => true),
        "embedding",
        { blankIsAbsent: true },
      ),
    ),
    // the photo's colour histogram (JSON list of numbers); optional: older clients rank by shape alone
    colour: v.optional(
      jsonText(
        v.custom<number[]>(isColourDescriptor, `El color de la foto debe ser un histograma de ${COLOUR_BINS} valores`),
        "colour",
        { blankIsAbsent: true },
      ),
    ),
    reference_code: v.pipe(
      textOr(""),
      v.transform((x) => x.trim()),
    ),
    is_footwear: v.pipe(
      textOr(null),
      v.transform((x) => (x === null ? null : x === "true")),
    ),
  }),
  v.check(
    (b) => b.embedding !== undefined || (b.reference_code ?? "") !== "",
    "La imagen debe llegar con su huella visual (embedding) calculada en el dispositivo, o indica un código de referencia",
  ),
  // scanAnswer's input; the model (looked up after the photo is read), the photo and the start time are the route's
  v.transform(
    (b): Omit<ScanInput, "model" | "started"> & { modelId: string | undefined; image: File | null | undefined } => ({
      modelId: b.model_id,
      image: b.image,
      embedding: b.embedding,
      colour: b.colour ? Float32Array.from(b.colour) : null,
      code: b.reference_code ?? "",
      isFootwear: b.is_footwear ?? null,
    }),
  ),
);

export const EnrolmentQuery = v.object({
  model_id: v.optional(
    v.pipe(
      v.string("model_id debe ser un texto"),
      v.trim(),
      v.check(isKnownModel, "Modelo de clasificación desconocido"),
    ),
    DEFAULT_MODEL,
  ),
});

/** Keeps the scanned photo for audit, after the answer (waitUntil). */
function keepScanPhoto(c: Context<AppEnv>, companyId: number, image: { bytes: Uint8Array; type: ImageType }) {
  const key = newObjectKey(companyId, "scans", image.type.ext);
  c.executionCtx.waitUntil(
    c.env.FILES.put(key, image.bytes, {
      httpMetadata: { contentType: image.type.mime },
      customMetadata: { user: String(c.get("user").id) },
    }).then(() => undefined),
  );
}

/** /api/v1/classify — product scan: catalogue for the phones, enrolment, and server-side matching. */
export const classifyRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/catalog",
    doc(
      "Descarga el catálogo de la empresa para el teléfono: huellas visuales y los códigos de todos los productos activos",
      { 422: "El modelo de clasificación es desconocido" },
      {
        description:
          "JSON con ETag. `products` lista todos los productos activos, tengan o no huellas (`has_references`), con los códigos de caja de sus tallas (`variants`: talla, código de barras, SKU). La versión cambia al enrolar, al editar un producto o sus códigos; si If-None-Match coincide con la versión vigente, responde 304 sin cuerpo",
      },
    ),
    requireRole(...AREA_ROLES.companyStaff),
    validate("query", v.object({ model_id: v.optional(v.string()) })),
    async (c) => {
      const model = modelOf(c.req.valid("query").model_id);
      const companyId = tenantId(c);
      const db = companyDb(c);
      const version = await catalogueVersion(db, companyId, model.id);
      const etag = `"${version}"`;
      if (c.req.header("If-None-Match") === etag) return c.body(null, 304, { ETag: etag });
      const answer = await phoneCatalogue(db, companyId, model, version);
      c.header("ETag", etag);
      c.header("Cache-Control", "private, max-age=0, must-revalidate");
      return c.json(answer);
    },
  )
  // which active products have no references for the model id (re-enrolment after the model changes)
  .get(
    "/enrolment",
    doc("Indica qué productos activos no tienen huellas visuales para un modelo de clasificación"),
    requireRole(...AREA_ROLES.admin),
    validate("query", EnrolmentQuery),
    async (c) => {
      const { model_id } = c.req.valid("query");
      return c.json(await loadEnrolmentStatus(companyDb(c), tenantId(c), model_id));
    },
  )
  .post(
    "/enroll/:productId",
    doc("Guarda las huellas visuales de referencia de un producto para el reconocimiento por foto", {
      404: "El producto no existe o es de otra empresa",
      422: "El modelo de clasificación es desconocido; una huella visual no es válida o no tiene el tamaño del modelo; un color no es un histograma válido",
    }),
    requireRole(...AREA_ROLES.admin),
    validate("json", EnrolBody),
    validateId("productId"),
    async (c) => {
      const { productId } = c.req.valid("param");
      const { modelId, ...input } = c.req.valid("json");
      const model = modelOf(modelId);
      const stored = await enrolProduct(companyDb(c), tenantId(c), productId, { ...input, model });
      return c.json({ success: true, product_id: productId, model_id: model.id, references_stored: stored }, 201);
    },
  )
  .post(
    "/scan",
    doc(
      "Reconoce un producto a partir de la huella visual de una foto (o de su código) y muestra su disponibilidad",
      {
        413: "La foto pesa más de 5 MB",
        415: "La foto no es una imagen JPG, PNG, GIF o WebP",
        422: "El modelo de clasificación es desconocido; la huella visual no es válida o no tiene el tamaño del modelo; el color (opcional) no es un histograma válido",
      },
      {
        description:
          "Multipart o JSON: `image` (opcional), `embedding` (huella visual calculada en el dispositivo), `model_id`, `is_footwear`, `reference_code` (sin huella) y `colour` (opcional: histograma de color de la foto, lista JSON de " +
          `${COLOUR_BINS} valores que suman 1; ordena por color los productos de forma casi igual, p. ej. colores de un mismo modelo). Sin \`colour\` se ordena solo por forma.`,
      },
    ),
    requireRole(...AREA_ROLES.seller),
    validateBody(ScanBody),
    async (c) => {
      const started = Date.now();
      const { modelId, image: photo, ...input } = c.req.valid("form");
      const companyId = tenantId(c);
      const image = photo ? await readImageUpload(photo) : null;
      const answer = await scanAnswer(companyDb(c), companyId, c.get("user"), {
        ...input,
        model: modelOf(modelId),
        started,
      });
      if (image) keepScanPhoto(c, companyId, image);
      return c.json(answer);
    },
  );
