// The catalogue: one product's page.

import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inventory, locations, productEmbeddings, productPriceChanges, productVariants, users } from "../../db/schema";
import { productMovements, productMovementsCount } from "./movements";
import { pesos, productOf, productView } from "./view";

/** Ledger rows a product's page carries (the newest). */
export const DETAIL_MOVEMENTS = 50;

const sizeOrder = (a: string, b: string) => Number.parseFloat(a) - Number.parseFloat(b) || a.localeCompare(b);

/** One product's page: sizes with their codes and stock per location, price history, scan references, ledger. */
export async function productDetail(db: Db, companyId: number, productId: number) {
  const product = await productOf(db, companyId, productId);
  const [cells, variants, prices, references] = await db.batch([
    db
      .select({ cell: inventory, location: locations.name, type: locations.type })
      .from(inventory)
      .innerJoin(locations, eq(locations.id, inventory.locationId))
      .where(and(eq(inventory.companyId, companyId), eq(inventory.productId, productId))),
    db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.companyId, companyId), eq(productVariants.productId, productId))),
    db
      .select({ change: productPriceChanges, firstName: users.firstName, lastName: users.lastName })
      .from(productPriceChanges)
      .leftJoin(users, eq(users.id, productPriceChanges.userId))
      .where(and(eq(productPriceChanges.companyId, companyId), eq(productPriceChanges.productId, productId)))
      .orderBy(desc(productPriceChanges.createdAt), desc(productPriceChanges.id)),
    db
      .select({ source: productEmbeddings.source, count: sql<number>`COUNT(*)` })
      .from(productEmbeddings)
      .where(and(eq(productEmbeddings.companyId, companyId), eq(productEmbeddings.productId, productId)))
      .groupBy(productEmbeddings.source),
  ]);
  const sizes = [...new Set([...cells.map((c) => c.cell.size), ...variants.map((v) => v.size)])].sort(sizeOrder);
  const bySource = Object.fromEntries(references.map((r) => [r.source, Number(r.count)]));
  const totalReferences = references.reduce((a, r) => a + Number(r.count), 0);
  return {
    product: productView(product),
    sizes: sizes.map((size) => {
      const variant = variants.find((v) => v.size === size);
      const here = cells.filter((c) => c.cell.size === size);
      return {
        size,
        barcode: variant?.barcode ?? null,
        sku: variant?.sku ?? null,
        locations: here.map(({ cell, location, type }) => ({
          location_id: cell.locationId,
          location_name: location,
          location_type: type,
          pairs: cell.pairs,
          left_feet: cell.leftFeet,
          right_feet: cell.rightFeet,
          exhibition: cell.exhibition,
          reserved_pairs: cell.reservedPairs,
        })),
        total_pairs: here.reduce((a, c) => a + c.cell.pairs, 0),
      };
    }),
    price_history: prices.map(({ change, firstName, lastName }) => ({
      field: change.field,
      old_value: pesos(change.oldValue),
      new_value: pesos(change.newValue),
      user_name: firstName ? `${firstName} ${lastName ?? ""}`.trim() : null,
      created_at: change.createdAt,
    })),
    scan_references: {
      total: totalReferences,
      photo: bySource.photo ?? 0,
      video_frame: bySource.video_frame ?? 0,
      scan: bySource.scan ?? 0,
      status: totalReferences === 0 ? ("sin_huellas" as const) : ("con_huellas" as const),
    },
    // the 50 latest, and how many there are (GET /products/:id/movements pages through the rest)
    movements: await productMovements(db, companyId, productId, { limit: DETAIL_MOVEMENTS, offset: 0 }),
    movements_total: await productMovementsCount(db, companyId, productId),
  };
}
