// POST /classify/scan's answer: the best matches of an on-device embedding (or, from an old client,
// of a reference code or text), each with its stock across the company's locations.
import { and, asc, eq, inArray, like, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inventory, locations, products } from "../../db/schema";
import type { AuthUser } from "../../env";
import { toPesos } from "../shared/money";
import { availabilityFor } from "./availability";
import { catalogueReferences, catalogueVersion } from "./catalogue-cache";
import { modelKey, rerankByColour } from "./colour";
import { rankGallery } from "./gallery";
import { confidenceLevel, confidences, type ModelInfo, parseEmbedding } from "./matching";

type Ranked = { productId: number; similarity: number }[];

/** Candidates ranked by shape before the colour re-rank: more than 5, so a colourway below 5th can rise. */
const SHAPE_CANDIDATES = 10;

/** The most similar products by shape (SHAPE_CANDIDATES of them), and how many references they were compared with. */
async function rankByEmbedding(db: Db, companyId: number, model: ModelInfo, raw: unknown) {
  const query = parseEmbedding(raw, model);
  const version = await catalogueVersion(db, companyId, model.id);
  const { refs, gallery, colours } = await catalogueReferences(db, companyId, model.id, version);
  return { ranked: rankGallery(query, gallery, SHAPE_CANDIDATES), totalReferences: refs.length, colours };
}

/** An old client without the on-device model: the catalogue's first five by code or text. */
function codeMatches(db: Db, companyId: number, code: string) {
  const term = `%${code.replace(/[%_]/g, "")}%`;
  return db
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
}

/**
 * The ranked products (ids, or the code search's subquery so a code scan is one round trip), their stock
 * cells and the active locations, in one batch.
 */
function readMatches(db: Db, companyId: number, ids: number[] | ReturnType<typeof codeMatches>) {
  return db.batch([
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
}

/** The code search's order, as ranks of decreasing similarity. */
function rankedByCode(found: readonly (typeof products.$inferSelect)[]): Ranked {
  return [...found]
    .sort((a, b) => (a.referenceCode < b.referenceCode ? -1 : a.referenceCode > b.referenceCode ? 1 : 0))
    .map((p, i) => ({ productId: p.id, similarity: 1 - i * 0.01 }));
}

export interface ScanInput {
  model: ModelInfo;
  embedding: unknown;
  /** the photo's colour histogram (optional: older clients do not send it) */
  colour?: Float32Array | null;
  code: string;
  isFootwear: boolean | null;
  /** when the call began, for processing_time_ms */
  started: number;
}

export async function scanAnswer(db: Db, companyId: number, user: AuthUser, input: ScanInput) {
  const { model } = input;
  const byShape = input.embedding !== undefined ? await rankByEmbedding(db, companyId, model, input.embedding) : null;
  const [productRows, cells, places] = await readMatches(
    db,
    companyId,
    byShape ? byShape.ranked.map((r) => r.productId) : codeMatches(db, companyId, input.code),
  );
  const candidates = byShape ? byShape.ranked : rankedByCode(productRows);
  const totalReferences = byShape?.totalReferences ?? 0;
  const colours = byShape?.colours ?? null;
  // colourways of one model (same brand and model) whose shape scores are close are ordered by the
  // photo's colour (colour.ts); older clients send no colour and get the shape order
  const keys = new Map(productRows.map((p) => [p.id, modelKey(p.brand, p.model)]));
  const ranked = (
    colours
      ? rerankByColour(
          candidates,
          input.colour,
          (id) => colours.get(id),
          model.colourMargin,
          (id) => keys.get(id),
        )
      : candidates
  ).slice(0, 5);
  const placeMap = new Map(places.map((p) => [p.id, p]));
  const percents = confidences(ranked, model);
  const matches = ranked.flatMap((r, index) => {
    const p = productRows.find((x) => x.id === r.productId);
    if (!p) return [];
    const stock = availabilityFor(
      cells.filter((cell) => cell.productId === p.id && placeMap.has(cell.locationId)),
      placeMap,
      user.locationId,
    );
    const percent = percents[index] ?? 0;
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
  return {
    success: true,
    scan_timestamp: new Date().toISOString(),
    scanned_by: { name: `${user.firstName} ${user.lastName}`, user_id: user.id, location_id: user.locationId },
    user_location: userLocation ? { id: userLocation.id, name: userLocation.name, type: userLocation.type } : null,
    processing_time_ms: Date.now() - input.started,
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
    is_footwear: input.isFootwear,
  };
}
