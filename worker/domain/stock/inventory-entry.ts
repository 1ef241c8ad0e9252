// Inventory entry by video with a size distribution (spec 3 §3 'Inventory entry', §5 'Inventory
// submit'): entries without a location or with quantity 0 are dropped; at least one size must keep a
// valid distribution; per size, left feet must equal right feet.
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { DISTRIBUTION_REQUIRED } from "../../../shared/messages";
import type { Db } from "../../db/client";
import { isGuardFailure } from "../../db/guards";
import { locations, products } from "../../db/schema";
import { codesFreeGuards, codeTaken, type WrittenCode } from "../catalogue/codes";
import { isConstraint } from "../sales/statements";
import { embeddingInserts } from "../scan/enrolment";
import { modelOf, parseEmbedding } from "../scan/matching";
import { conflict, invalid, notFound } from "../shared/errors";
import { toPesos } from "../shared/money";
import { stockChangeStatements } from "./ledger";

export interface LocationQuantity {
  location_id: number | null | undefined;
  quantity: number;
}

export interface SizeDistribution {
  size: string;
  pairs?: LocationQuantity[];
  left_feet?: LocationQuantity[];
  right_feet?: LocationQuantity[];
}

export interface CellDelta {
  size: string;
  locationId: number;
  pairs: number;
  left: number;
  right: number;
}

export const NO_VALID_SIZE = DISTRIBUTION_REQUIRED;
const keep = (entries: LocationQuantity[] | undefined) =>
  (entries ?? []).filter(
    (e): e is { location_id: number; quantity: number } =>
      typeof e.location_id === "number" && e.location_id > 0 && Number.isInteger(e.quantity) && e.quantity > 0,
  );

/** Validates a distribution and turns it into per-cell deltas (summed per size × location). */
export function planDistribution(sizes: readonly SizeDistribution[]): CellDelta[] {
  const cells = new Map<string, CellDelta>();
  const add = (size: string, locationId: number, field: "pairs" | "left" | "right", quantity: number) => {
    const key = `${size}\u0000${locationId}`;
    const cell = cells.get(key) ?? { size, locationId, pairs: 0, left: 0, right: 0 };
    cell[field] += quantity;
    cells.set(key, cell);
  };
  let validSizes = 0;
  for (const entry of sizes) {
    const size = entry.size.trim();
    if (!size) continue;
    const pairs = keep(entry.pairs);
    const left = keep(entry.left_feet);
    const right = keep(entry.right_feet);
    const leftTotal = left.reduce((a, e) => a + e.quantity, 0);
    const rightTotal = right.reduce((a, e) => a + e.quantity, 0);
    if (leftTotal !== rightTotal) {
      throw invalid(
        `Error en talla ${size}: Pies izquierdos (${leftTotal}) debe ser igual a pies derechos (${rightTotal})`,
      );
    }
    if (pairs.length === 0 && leftTotal === 0) continue;
    validSizes++;
    for (const e of pairs) add(size, e.location_id, "pairs", e.quantity);
    for (const e of left) add(size, e.location_id, "left", e.quantity);
    for (const e of right) add(size, e.location_id, "right", e.quantity);
  }
  if (validSizes === 0) throw invalid(NO_VALID_SIZE);
  return [...cells.values()];
}

/** A reference code for a new product: brand and model initials plus a random suffix. */
export function generateReferenceCode(brand: string, model: string, random: () => number = Math.random): string {
  const clean = (text: string, n: number) =>
    text
      .normalize("NFD")
      .replace(/[^A-Za-z0-9]/g, "")
      .toUpperCase()
      .slice(0, n)
      .padEnd(Math.min(n, 2), "X");
  const suffix = Math.floor(random() * 36 ** 4)
    .toString(36)
    .toUpperCase()
    .padStart(4, "0");
  return `${clean(brand, 4)}-${clean(model, 6)}-${suffix}`;
}

export type VideoType = { mime: "video/webm" | "video/mp4"; ext: "webm" | "mp4" };

/** The video's real type from its first bytes (EBML header for WebM, an 'ftyp' box for MP4). */
export function sniffVideo(head: Uint8Array): VideoType | null {
  const at = (i: number) => head[i] ?? -1;
  if (at(0) === 0x1a && at(1) === 0x45 && at(2) === 0xdf && at(3) === 0xa3) return { mime: "video/webm", ext: "webm" };
  if (at(4) === 0x66 && at(5) === 0x74 && at(6) === 0x79 && at(7) === 0x70) return { mime: "video/mp4", ext: "mp4" };
  return null;
}

export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;
/** R2 multipart parts (except the last) must be at least 5 MiB; the client sends 10 MiB parts. */
export const VIDEO_PART_BYTES = 10 * 1024 * 1024;

// ---------------------------------------------------------------- writing the entry

export interface EntryInput {
  companyId: number;
  userId: number;
  brand: string;
  model: string;
  color: string | null;
  description: string | null;
  referenceCode: string | null;
  unitPriceCentavos: number;
  boxPriceCentavos: number | null;
  /** What each pair cost (centavos); null keeps the product's cost. */
  costPriceCentavos?: number | null;
  videoKey: string;
  imageKey: string | null;
  cells: CellDelta[];
  /** the visual fingerprints sent for a model, each checked against it (422) before anything is read */
  embeddings: { modelId: string; vectors: number[][] } | null;
}

/**
 * Creates the product (or updates the one with that reference code, in any letter case) and adds the
 * distributed stock, all in one batch with ledger rows; a new product's id is found by its reference
 * code inside the batch, and a new reference that is already another product's code refuses it (409).
 */
export async function registerEntry(db: Db, input: EntryInput) {
  const fingerprints = checkedFingerprints(input.embeddings);
  const locationIds = [...new Set(input.cells.map((c) => c.locationId))];
  const [found, existing] = await db.batch([
    db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(and(eq(locations.companyId, input.companyId), inArray(locations.id, locationIds))),
    // the reference in any letter case names the product that has it
    db
      .select()
      .from(products)
      .where(
        and(
          eq(products.companyId, input.companyId),
          sql`${products.referenceCode} = ${input.referenceCode ?? ""} COLLATE NOCASE`,
        ),
      )
      .limit(1),
  ]);
  if (found.length !== locationIds.length) throw notFound("Ubicación no encontrada");
  const product = existing[0] ?? null;
  const referenceCode =
    product?.referenceCode ?? input.referenceCode ?? generateReferenceCode(input.brand, input.model);
  const entryRef = `video-entry-${crypto.randomUUID()}`;
  const productId = sql<number>`(SELECT id FROM products WHERE company_id = ${input.companyId} AND reference_code = ${referenceCode})`;
  const upsert = product
    ? existingProductUpdate(db, product.id, input)
    : db.insert(products).values({
        companyId: input.companyId,
        referenceCode,
        brand: input.brand,
        model: input.model,
        color: input.color,
        description: input.description ?? `${input.brand} ${input.model}`,
        unitPrice: input.unitPriceCentavos,
        boxPrice: input.boxPriceCentavos,
        costPrice: input.costPriceCentavos ?? null,
        videoKey: input.videoKey,
        imageKey: input.imageKey,
        // a new product takes the company's IVA class (Configuración); the catalogue changes it
        taxClass: sql`(SELECT default_tax_class FROM companies WHERE id = ${input.companyId})`,
      });
  const stock = input.cells.flatMap((cell) =>
    stockChangeStatements(db, {
      companyId: input.companyId,
      // a number or, for a product inserted in this batch, the subquery that finds it
      productId: product?.id ?? productId,
      locationId: cell.locationId,
      size: cell.size,
      delta: { pairs: cell.pairs, left: cell.left, right: cell.right },
      reason: "entry",
      entryRef,
      userId: input.userId,
      notes: "Registro de inventario con video",
    }),
  );
  const embeddings = embeddingInserts(
    db,
    entryEmbeddingRows(input.companyId, product?.id ?? productId, fingerprints, input.imageKey !== null),
  );
  // a new reference code is one of the company's codes: not another product's barcode or SKU
  const written: WrittenCode[] = product ? [] : [{ code: referenceCode, productId, size: null, kind: "reference" }];
  try {
    await db.batch([upsert, ...codesFreeGuards(db, input.companyId, written), ...stock, ...embeddings]);
  } catch (err) {
    if (!isGuardFailure(err) && !isConstraint(err, "UNIQUE")) throw err;
    throw (
      (await codeTaken(db, input.companyId, written)) ??
      conflict(`La referencia ${referenceCode} se registró al mismo tiempo en otro ingreso; vuelve a intentarlo`)
    );
  }
  const [saved] = await db
    .select()
    .from(products)
    .where(and(eq(products.companyId, input.companyId), eq(products.referenceCode, referenceCode)))
    .limit(1);
  if (!saved) throw new Error("product not found after entry");
  return {
    product_id: saved.id,
    created: product === null,
    brand: saved.brand,
    model: saved.model,
    reference_code: saved.referenceCode,
    ...entryTotals(input.cells, found),
    ...entryPrices(saved),
    entry_ref: entryRef,
    embeddings_stored: input.embeddings?.vectors.length ?? 0,
  };
}

/** The product fields an entry writes on a product that exists (the fields left empty keep theirs). */
export function existingProductUpdate(db: Db, productId: number, input: Omit<EntryInput, "cells" | "embeddings">) {
  return db
    .update(products)
    .set({
      brand: input.brand,
      model: input.model,
      ...(input.color !== null ? { color: input.color } : {}),
      ...(input.description !== null ? { description: input.description } : {}),
      unitPrice: input.unitPriceCentavos,
      ...(input.boxPriceCentavos !== null ? { boxPrice: input.boxPriceCentavos } : {}),
      ...(input.costPriceCentavos != null ? { costPrice: input.costPriceCentavos } : {}),
      videoKey: input.videoKey,
      ...(input.imageKey ? { imageKey: input.imageKey } : {}),
      isActive: true,
      updatedAt: new Date().toISOString(),
    })
    .where(eq(products.id, productId));
}

/** The fingerprints sent, each checked against its model (422) before anything is read or written. */
export function checkedFingerprints(sent: EntryInput["embeddings"]) {
  return sent
    ? { modelId: sent.modelId, vectors: sent.vectors.map((vec) => parseEmbedding(vec, modelOf(sent.modelId))) }
    : null;
}

/** The embeddings' rows of an entry: the first from the photo when there is one, the others from video frames. */
export function entryEmbeddingRows(
  companyId: number,
  productId: number | SQL<number>,
  fingerprints: ReturnType<typeof checkedFingerprints>,
  withPhoto: boolean,
) {
  return (fingerprints?.vectors ?? []).map((vector, i) => ({
    companyId,
    productId,
    modelId: fingerprints?.modelId ?? "",
    source: i === 0 && withPhoto ? ("photo" as const) : ("video_frame" as const),
    dims: vector.length,
    vector: Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength),
  }));
}

/** An entry's totals per location and in all (pairs, single feet, individual shoes). */
export function entryTotals(cells: readonly CellDelta[], places: readonly { id: number; name: string }[]) {
  const names = new Map(places.map((l) => [l.id, l.name]));
  const locationIds = [...new Set(cells.map((c) => c.locationId))];
  const summary = locationIds.map((id) => {
    const mine = cells.filter((c) => c.locationId === id);
    return {
      location_id: id,
      location_name: names.get(id) ?? "",
      total_pairs: mine.reduce((a, c) => a + c.pairs, 0),
      total_left_feet: mine.reduce((a, c) => a + c.left, 0),
      total_right_feet: mine.reduce((a, c) => a + c.right, 0),
    };
  });
  const pairs = summary.reduce((a, s) => a + s.total_pairs, 0);
  const left = summary.reduce((a, s) => a + s.total_left_feet, 0);
  const right = summary.reduce((a, s) => a + s.total_right_feet, 0);
  return {
    total_pairs: pairs,
    total_single_feet: left + right,
    // individual shoes: two per pair plus every single foot
    total_shoes: pairs * 2 + left + right,
    locations_count: summary.length,
    distribution_summary: summary,
  };
}

/** The money of a product as an entry answers it (pesos). */
export function entryPrices(saved: typeof products.$inferSelect) {
  return {
    unit_price: toPesos(saved.unitPrice),
    box_price: saved.boxPrice === null ? null : toPesos(saved.boxPrice),
    cost_price: saved.costPrice === null ? null : toPesos(saved.costPrice),
  };
}
