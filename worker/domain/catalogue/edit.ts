// The catalogue: editing a product (its photo, its fields, its prices with who changed them).

import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Category, Gender, PriceField, TaxClass } from "../../../shared/constants";
import type { Db } from "../../db/client";
import { isGuardFailure, requireChanged } from "../../db/guards";
import { productPriceChanges, products } from "../../db/schema";
import { conflict, notFound } from "../shared/errors";
import { toCentavos } from "../shared/money";
import { type Product, productOf, productView } from "./view";

/** The product's photo is now the stored file `key` (the old one stays in R2, unreferenced). */
export async function replaceProductPhoto(db: Db, companyId: number, productId: number, key: string) {
  const [row] = await db
    .update(products)
    .set({ imageKey: key, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
    .where(and(eq(products.companyId, companyId), eq(products.id, productId)))
    .returning();
  if (!row) throw notFound("Producto no encontrado");
  return productView(row);
}

export interface ProductChanges {
  brand?: string | undefined;
  model?: string | undefined;
  color?: string | null | undefined;
  description?: string | null | undefined;
  category?: Category | null | undefined;
  gender?: Gender | null | undefined;
  unit_price?: number | undefined;
  box_price?: number | null | undefined;
  cost_price?: number | null | undefined;
  is_active?: boolean | undefined;
  published?: boolean | undefined;
  /** its IVA from the next sale on (sales made keep theirs) */
  tax_class?: TaxClass | undefined;
}

export const PUBLISH_NEEDS_PHOTO =
  "Agrega una foto al producto antes de publicarlo en la tienda: la tienda en línea solo muestra productos con foto.";

const PRICE_COLUMNS = { unit_price: "unitPrice", box_price: "boxPrice", cost_price: "costPrice" } as const;

/** The recorded price changes an edit makes, in centavos (a field left out or unchanged is none). */
export function priceChangesOf(
  current: Pick<Product, "unitPrice" | "boxPrice" | "costPrice">,
  changes: ProductChanges,
) {
  const out: { field: PriceField; oldValue: number | null; newValue: number | null }[] = [];
  for (const field of Object.keys(PRICE_COLUMNS) as PriceField[]) {
    const wanted = changes[field];
    if (wanted === undefined) continue;
    const newValue = wanted === null ? null : toCentavos(wanted);
    const oldValue = current[PRICE_COLUMNS[field]];
    if (newValue !== oldValue) out.push({ field, oldValue, newValue });
  }
  return out;
}

/**
 * Edits a product. The update is guarded by the prices read (compare-and-set), so two editors racing
 * on a price both land in the history in order with the right "from" values; a lost race is retried.
 */
export async function updateProduct(
  db: Db,
  actor: { id: number; companyId: number },
  productId: number,
  changes: ProductChanges,
) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const current = await productOf(db, actor.companyId, productId);
    if (changes.published === true && current.imageKey === null) throw conflict(PUBLISH_NEEDS_PHOTO);
    const priceChanges = priceChangesOf(current, changes);
    const set: Partial<typeof products.$inferInsert> = {
      ...(changes.brand !== undefined ? { brand: changes.brand } : {}),
      ...(changes.model !== undefined ? { model: changes.model } : {}),
      ...(changes.color !== undefined ? { color: changes.color } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.category !== undefined ? { category: changes.category } : {}),
      ...(changes.gender !== undefined ? { gender: changes.gender } : {}),
      ...(changes.is_active !== undefined ? { isActive: changes.is_active } : {}),
      ...(changes.published !== undefined ? { isPublished: changes.published } : {}),
      ...(changes.tax_class !== undefined ? { taxClass: changes.tax_class } : {}),
      ...Object.fromEntries(priceChanges.map((c) => [PRICE_COLUMNS[c.field], c.newValue])),
      updatedAt: new Date().toISOString(),
    };
    const samePrices = and(
      sql`${products.unitPrice} IS ${current.unitPrice}`,
      sql`${products.boxPrice} IS ${current.boxPrice}`,
      sql`${products.costPrice} IS ${current.costPrice}`,
    );
    try {
      await db.batch([
        db
          .update(products)
          .set(set)
          .where(
            and(
              eq(products.companyId, actor.companyId),
              eq(products.id, productId),
              samePrices,
              // published only with its photo, whatever changed since it was read
              changes.published === true ? isNotNull(products.imageKey) : undefined,
            ),
          ),
        requireChanged(db, "product prices unchanged since read"),
        ...priceChanges.map((c) =>
          db.insert(productPriceChanges).values({
            companyId: actor.companyId,
            productId,
            field: c.field,
            oldValue: c.oldValue,
            newValue: c.newValue,
            userId: actor.id,
          }),
        ),
      ]);
      return productView(await productOf(db, actor.companyId, productId));
    } catch (err) {
      if (!isGuardFailure(err)) throw err;
    }
  }
  throw conflict("El producto cambió mientras se guardaba; vuelve a intentarlo");
}
