// Physical counts: recording and removing what was counted of a product and size.

import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { isGuardFailure, requireThat } from "../../../db/guards";
import { inventory, products, productVariants, stockCountLines } from "../../../db/schema";
import { codeCandidates } from "../../catalogue/barcodes";
import { CODE_NOT_FOUND } from "../../catalogue/variants";
import { invalid, notFound } from "../../shared/errors";
import { cellWhere } from "../ledger";
import { countOf, getCount } from "./read";
import { type Counter, closedError } from "./types";

const isOpen = (countId: number) => sql`EXISTS (SELECT 1 FROM stock_counts WHERE id = ${countId} AND status = 'open')`;

/** A product and size named by a typed or scanned code (any letter case): a barcode or SKU names the size too. */
async function resolveCode(db: Db, companyId: number, rawCode: string, size: string | null) {
  const list = sql.join(
    codeCandidates(rawCode).map((c) => sql`${c}`),
    sql`, `,
  );
  const [variantHits, productHits] = await db.batch([
    db
      .select({ productId: productVariants.productId, size: productVariants.size })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.companyId, companyId),
          // any letter case: a company's codes are one namespace compared without case
          sql`(${productVariants.barcode} COLLATE NOCASE IN (${list}) OR ${productVariants.sku} COLLATE NOCASE IN (${list}))`,
        ),
      )
      .limit(1),
    db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, companyId), sql`${products.referenceCode} = ${rawCode.trim()} COLLATE NOCASE`))
      .limit(1),
  ]);
  const variant = variantHits[0];
  const productId = variant?.productId ?? productHits[0]?.id;
  if (productId === undefined) throw notFound(CODE_NOT_FOUND);
  if (variant && size !== null && size !== variant.size) {
    throw invalid(`El código ${rawCode.trim()} es de la talla ${variant.size}, no de la ${size}`);
  }
  const chosen = variant?.size ?? size;
  if (chosen === null) throw invalid("Indica la talla (la referencia no la dice; un código de barras sí)");
  const [product] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!product) throw notFound(CODE_NOT_FOUND);
  return { product, size: chosen };
}

export interface CountLineInput {
  code: string;
  size: string | null;
  pairs: number;
  left: number;
  right: number;
  exhibition: number;
}

/**
 * Records what was counted of a product and size (again: the line is replaced). The expected snapshot
 * is read from the inventory by the same upsert that writes the line, in a batch that first checks the
 * count is still open.
 */
export async function countLine(db: Db, actor: Counter, countId: number, input: CountLineInput) {
  const row = await countOf(db, actor, countId);
  if (row.c.status !== "open") throw closedError(row.c.status);
  const { product, size } = await resolveCode(db, actor.companyId, input.code, input.size);
  if (row.c.filterBrand && product.brand.toLowerCase() !== row.c.filterBrand.toLowerCase()) {
    throw invalid(
      `${product.referenceCode} es de la marca ${product.brand}; este conteo es solo de ${row.c.filterBrand}`,
    );
  }
  // what the ledger holds right now, read by the statement that writes the line
  const cell = (column: SQL) =>
    sql<number>`COALESCE((SELECT ${column} FROM ${inventory} WHERE ${cellWhere(
      actor.companyId,
      product.id,
      row.c.locationId,
      size,
    )}), 0)`;
  const snapshot = {
    countedPairs: input.pairs,
    countedLeft: input.left,
    countedRight: input.right,
    countedExhibition: input.exhibition,
    expectedPairs: cell(sql`${inventory.pairs}`),
    expectedLeft: cell(sql`${inventory.leftFeet}`),
    expectedRight: cell(sql`${inventory.rightFeet}`),
    expectedExhibition: cell(sql`${inventory.exhibition}`),
    countedBy: actor.id,
    updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
  };
  const upsert = db
    .insert(stockCountLines)
    .values({ companyId: actor.companyId, countId, productId: product.id, size, ...snapshot })
    .onConflictDoUpdate({
      target: [stockCountLines.countId, stockCountLines.productId, stockCountLines.size],
      set: snapshot,
    });
  try {
    await db.batch([requireThat(db, "count_open", isOpen(countId)), upsert]);
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    throw closedError((await countOf(db, actor, countId)).c.status);
  }
  const detail = await getCount(db, actor, countId);
  const line = detail.lines.find((l) => l.product_id === product.id && l.size === size);
  if (!line) throw new Error("count line not found after its batch");
  return { line, progress: detail.count.progress };
}

export async function deleteLine(db: Db, actor: Counter, countId: number, lineId: number) {
  const row = await countOf(db, actor, countId);
  if (row.c.status !== "open") throw closedError(row.c.status);
  let deleted: { id: number }[];
  try {
    [, deleted] = await db.batch([
      requireThat(db, "count_open", isOpen(countId)),
      db
        .delete(stockCountLines)
        .where(
          and(
            eq(stockCountLines.id, lineId),
            eq(stockCountLines.countId, countId),
            eq(stockCountLines.companyId, actor.companyId),
          ),
        )
        .returning({ id: stockCountLines.id }),
    ]);
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    throw closedError((await countOf(db, actor, countId)).c.status);
  }
  if (deleted.length === 0) throw notFound("Línea no encontrada");
  return getCount(db, actor, countId);
}
