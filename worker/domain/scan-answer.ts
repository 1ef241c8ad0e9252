// POST /classify/scan's answer: the best matches of an on-device embedding (or, from an old client,
// of a reference code or text), each with its stock across the company's locations.
import { and, asc, eq, inArray, like, or, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { inventory, locations, products } from "../db/schema";
import type { AuthUser } from "../env";
import { catalogueReferences, catalogueVersion } from "./catalogue-cache";
import { toPesos } from "./money";
import { confidenceLevel, confidenceOf, type ModelInfo, parseEmbedding } from "./scan";
import { availabilityFor } from "./scan-availability";
import { rankGallery } from "./scan-gallery";

type Ranked = { productId: number; similarity: number }[];

/** The five most similar products, and how many references they were compared with. */
async function rankByEmbedding(db: Db, companyId: number, model: ModelInfo, raw: unknown) {
  const query = parseEmbedding(raw, model);
  const version = await catalogueVersion(db, companyId, model.id);
  const { refs, gallery } = await catalogueReferences(db, companyId, model.id, version);
  return { ranked: rankGallery(query, gallery, 5), totalReferences: refs.length };
}

/** An old client without the on-device model: search the catalogue by code or text. */
async function rankByCode(db: Db, companyId: number, code: string): Promise<Ranked> {
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
  return found.map((p, i) => ({ productId: p.id, similarity: 1 - i * 0.01 }));
}

/** The ranked products, their stock cells and the active locations, in one batch. */
async function readMatches(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return [[], [], []] as const;
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

export interface ScanInput {
  model: ModelInfo;
  embedding: unknown;
  code: string;
  isFootwear: boolean | null;
  /** when the call began, for processing_time_ms */
  started: number;
}

export async function scanAnswer(db: Db, companyId: number, user: AuthUser, input: ScanInput) {
  const { model } = input;
  const { ranked, totalReferences } =
    input.embedding !== undefined
      ? await rankByEmbedding(db, companyId, model, input.embedding)
      : { ranked: await rankByCode(db, companyId, input.code), totalReferences: 0 };
  const [productRows, cells, places] = await readMatches(
    db,
    companyId,
    ranked.map((r) => r.productId),
  );
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
