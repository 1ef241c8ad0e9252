import { and, asc, eq, inArray, like, or, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { requireAuth, requireRole } from "../auth/middleware";
import { AREA_ROLES } from "../auth/roles";
import { tenantId } from "../auth/tenant";
import { createDb } from "../db/client";
import { chunk } from "../db/limits";
import { inventory, locations, productEmbeddings, products } from "../db/schema";
import { toPesos } from "../domain/money";
import {
  confidenceLevel,
  confidenceOf,
  DEFAULT_MODEL,
  modelOf,
  parseEmbedding,
  quantise,
  type Reference,
  toBase64,
  vectorFromBlob,
} from "../domain/scan";
import { availabilityFor } from "../domain/scan-availability";
import { isKnownModel, loadEnrolmentStatus } from "../domain/scan-enrolment";
import { buildGallery, type Gallery, rankGallery } from "../domain/scan-gallery";
import type { AppEnv } from "../env";
import { ApiError, notFound } from "../lib/errors";
import { TtlCache } from "../lib/ttl-cache";
import { newObjectKey, readImageUpload } from "../lib/uploads";
import { fileField, jsonText, validate, validateBody, validateId } from "../lib/validation";

/** Decoded references and their product prototypes per company and model; enrolment bumps the version so a stale entry is never used. */
const catalogues = new TtlCache<string, { version: string; refs: Reference[]; gallery: Gallery }>(60_000, 200);

async function catalogueVersion(db: ReturnType<typeof createDb>, companyId: number, modelId: string) {
  const [row] = await db
    .select({ n: sql<number>`COUNT(*)`, last: sql<number>`COALESCE(MAX(${productEmbeddings.id}), 0)` })
    .from(productEmbeddings)
    .where(and(eq(productEmbeddings.companyId, companyId), eq(productEmbeddings.modelId, modelId)));
  return `${modelId}:${row?.n ?? 0}:${row?.last ?? 0}`;
}

async function references(db: ReturnType<typeof createDb>, companyId: number, modelId: string, version: string) {
  const key = `${companyId}:${modelId}`;
  const hit = catalogues.get(key);
  if (hit?.version === version) return hit;
  const rows = await db
    .select({ productId: productEmbeddings.productId, vector: productEmbeddings.vector })
    .from(productEmbeddings)
    .innerJoin(products, eq(products.id, productEmbeddings.productId))
    .where(
      and(
        eq(productEmbeddings.companyId, companyId),
        eq(productEmbeddings.modelId, modelId),
        eq(products.isActive, true),
      ),
    );
  const refs = rows.map((r) => ({ productId: r.productId, vector: vectorFromBlob(r.vector) }));
  const entry = { version, refs, gallery: buildGallery(modelOf(modelId).embeddingSize, refs) };
  catalogues.set(key, entry);
  return entry;
}

export const EnrolBody = v.object({
  model_id: v.optional(v.string(), DEFAULT_MODEL),
  vectors: v.pipe(
    v.array(v.unknown(), "vectors debe ser una lista"),
    v.minLength(1, "Envía al menos una huella visual"),
    v.maxLength(32, "Máximo 32 huellas por producto"),
  ),
  sources: v.optional(v.array(v.picklist(["photo", "video_frame", "scan"]))),
  replace: v.optional(v.boolean(), true),
});

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

/** /api/v1/classify — product scan: catalogue for the phones, enrolment, and server-side matching. */
export const classifyRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/catalog",
    requireRole(...AREA_ROLES.companyStaff),
    validate("query", v.object({ model_id: v.optional(v.string()) })),
    async (c) => {
      const model = modelOf(c.req.valid("query").model_id);
      const companyId = tenantId(c);
      const db = createDb(c.env.DB);
      const version = await catalogueVersion(db, companyId, model.id);
      const etag = `"${version}"`;
      if (c.req.header("If-None-Match") === etag) return c.body(null, 304, { ETag: etag });
      const [{ refs }, list] = await Promise.all([
        references(db, companyId, model.id, version),
        db
          .select({
            id: products.id,
            ref: products.referenceCode,
            brand: products.brand,
            model: products.model,
            color: products.color,
            imageKey: products.imageKey,
            price: products.unitPrice,
          })
          .from(products)
          .where(and(eq(products.companyId, companyId), eq(products.isActive, true))),
      ]);
      const packed = new Int8Array(refs.length * model.embeddingSize);
      for (const [i, r] of refs.entries()) packed.set(quantise(r.vector), i * model.embeddingSize);
      const used = new Set(refs.map((r) => r.productId));
      c.header("ETag", etag);
      c.header("Cache-Control", "private, max-age=0, must-revalidate");
      return c.json({
        model_id: model.id,
        dims: model.embeddingSize,
        encoding: "int8-base64",
        scale: 1 / 127,
        count: refs.length,
        product_ids: refs.map((r) => r.productId),
        vectors: toBase64(new Uint8Array(packed.buffer)),
        products: list
          .filter((p) => used.has(p.id))
          .map((p) => ({
            product_id: p.id,
            reference_code: p.ref,
            brand: p.brand,
            model: p.model,
            color: p.color,
            unit_price: toPesos(p.price),
            image_url: p.imageKey ? `/api/v1/files/${p.imageKey}` : null,
          })),
      });
    },
  )
  // which active products have no references for the model id (re-enrolment after the model changes)
  .get("/enrolment", requireRole(...AREA_ROLES.admin), validate("query", EnrolmentQuery), async (c) => {
    const { model_id } = c.req.valid("query");
    return c.json(await loadEnrolmentStatus(createDb(c.env.DB), tenantId(c), model_id));
  })
  .post(
    "/enroll/:productId",
    requireRole(...AREA_ROLES.admin),
    validate("json", EnrolBody),
    validateId("productId"),
    async (c) => {
      const { productId } = c.req.valid("param");
      const body = c.req.valid("json");
      const model = modelOf(body.model_id);
      const companyId = tenantId(c);
      const db = createDb(c.env.DB);
      const [product] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.companyId, companyId), eq(products.id, productId)))
        .limit(1);
      if (!product) throw notFound("Producto no encontrado");
      const vectors = body.vectors.map((raw) => parseEmbedding(raw, model));
      const rows = vectors.map((vec, i) => ({
        companyId,
        productId,
        modelId: model.id,
        source: body.sources?.[i] ?? (i === 0 ? ("photo" as const) : ("video_frame" as const)),
        dims: vec.length,
        vector: Buffer.from(vec.buffer, vec.byteOffset, vec.byteLength),
      }));
      // D1 binds at most 100 values per statement (7 per row): insert in chunks, all in one batch;
      // re-enrolment replaces the product's references for that model in the same batch
      const inserts = chunk(rows, 12).map((part) => db.insert(productEmbeddings).values(part));
      const removal = db
        .delete(productEmbeddings)
        .where(
          and(
            eq(productEmbeddings.companyId, companyId),
            eq(productEmbeddings.productId, productId),
            eq(productEmbeddings.modelId, model.id),
          ),
        );
      const [first, ...rest] = inserts;
      if (!first) throw new ApiError(422, "Envía al menos una huella visual");
      await db.batch(body.replace ? [removal, first, ...rest] : [first, ...rest]);
      return c.json({ success: true, product_id: productId, model_id: model.id, references_stored: rows.length }, 201);
    },
  )
  .post("/scan", requireRole(...AREA_ROLES.seller), validateBody(ScanBody), async (c) => {
    const started = Date.now();
    const body = c.req.valid("form");
    const user = c.get("user");
    const companyId = tenantId(c);
    const db = createDb(c.env.DB);
    const model = modelOf(body.model_id);
    const image = body.image ? await readImageUpload(body.image) : null;
    const rawEmbedding = body.embedding;
    const code = body.reference_code ?? "";

    let ranked: { productId: number; similarity: number }[] = [];
    let totalReferences = 0;
    if (rawEmbedding !== undefined) {
      const query = parseEmbedding(rawEmbedding, model);
      const version = await catalogueVersion(db, companyId, model.id);
      const { refs, gallery } = await references(db, companyId, model.id, version);
      totalReferences = refs.length;
      ranked = rankGallery(query, gallery, 5);
    } else {
      // an old client without the on-device model: search the catalogue by code or text
      const term = `%${code.replace(/[%_]/g, "")}%`;
      const found = await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.companyId, companyId),
            eq(products.isActive, true),
            or(like(products.referenceCode, term), like(products.model, term)),
          ),
        )
        .orderBy(asc(products.referenceCode))
        .limit(5);
      ranked = found.map((p, i) => ({ productId: p.id, similarity: 1 - i * 0.01 }));
    }

    // the photo is kept for audit
    if (image) {
      const key = newObjectKey(companyId, "scans", image.type.ext);
      c.executionCtx.waitUntil(
        c.env.FILES.put(key, image.bytes, {
          httpMetadata: { contentType: image.type.mime },
          customMetadata: { user: String(user.id) },
        }).then(() => undefined),
      );
    }

    const ids = ranked.map((r) => r.productId);
    const [productRows, cells, places] =
      ids.length === 0
        ? [[], [], []]
        : await db.batch([
            db
              .select()
              .from(products)
              .where(and(eq(products.companyId, companyId), inArray(products.id, ids))),
            db
              .select()
              .from(inventory)
              .where(and(eq(inventory.companyId, companyId), inArray(inventory.productId, ids))),
            db
              .select()
              .from(locations)
              .where(and(eq(locations.companyId, companyId), eq(locations.isActive, true)) as SQL),
          ]);
    const placeMap = new Map(places.map((p) => [p.id, p]));
    const matches = ranked.flatMap((r, index) => {
      const p = productRows.find((x) => x.id === r.productId);
      if (!p) return [];
      const stock = availabilityFor(
        cells.filter((cell) => cell.productId === p.id && placeMap.has(cell.locationId)),
        placeMap,
        user.locationId,
      );
      const percent = confidenceOf(r.similarity, model);
      return [
        {
          rank: index + 1,
          product: {
            product_id: p.id,
            reference_code: p.referenceCode,
            brand: p.brand,
            model: p.model,
            color: p.color,
            description: p.description,
            image_url: p.imageKey ? `/api/v1/files/${p.imageKey}` : null,
            unit_price: toPesos(p.unitPrice),
            box_price: p.boxPrice === null ? null : toPesos(p.boxPrice),
          },
          sizes: stock.sizes,
          classification: { brand_detected: p.brand, model_detected: p.model },
          global_summary: stock.global_summary,
          distribution_matrix: stock.distribution_matrix,
          pair_formation_opportunities: stock.pair_formation_opportunities,
          transfer_suggestions: stock.transfer_suggestions,
          availability: { can_sell_now: stock.can_sell_now, requires_transfer: stock.available_elsewhere },
          confidence_percentage: percent,
          similarity_score: Math.round(r.similarity * 10_000) / 10_000,
          confidence_level: confidenceLevel(percent),
        },
      ];
    });
    const userLocation = user.locationId === null ? null : placeMap.get(user.locationId);
    return c.json({
      success: true,
      scan_timestamp: new Date().toISOString(),
      scanned_by: { name: `${user.firstName} ${user.lastName}`, user_id: user.id, location_id: user.locationId },
      user_location: userLocation ? { id: userLocation.id, name: userLocation.name, type: userLocation.type } : null,
      processing_time_ms: Date.now() - started,
      availability_summary: {
        products_classified_only: matches.filter((m) => m.global_summary.total_pairs === 0).length,
        can_sell_immediately: matches.filter((m) => m.availability.can_sell_now).length,
        products_available_locally: matches.filter((m) => m.availability.can_sell_now).length,
        products_requiring_transfer: matches.filter((m) => m.availability.requires_transfer).length,
      },
      classification_service: {
        model: model.id,
        total_database_matches: matches.length,
        references_compared: totalReferences,
      },
      results: { total_matches: matches.length, matches },
      is_footwear: body.is_footwear ?? null,
    });
  });
