// The catalogue as the administrador and the boss manage it: search and filter, one product's page
// (stock per size and location, prices and their history, scan references, the ledger), and edits.
// Price changes are recorded with who made them; sales keep the prices they were made at.
//
// catalogue/: view (a product as answered, and one product of the company), list (search and filter),
// movements (a product's ledger), detail (one product's page), edit (photo, fields and prices).

import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products } from "../../db/schema";
import { fileUrl } from "../../lib/uploads";
import { companyRowOf } from "../shared/company-row";
import { toPesos } from "../shared/money";

export type Product = typeof products.$inferSelect;

export const pesos = (centavos: number | null) => (centavos === null ? null : toPesos(centavos));

// correlated on the outer products row by name: drizzle writes a column bare inside a select list,
// where it would bind to the subquery's own table instead
export const PRODUCT_ID = sql.raw(`"products"."id"`);
export const unitsOnHand = sql<number>`(SELECT COALESCE(SUM(i.pairs), 0) FROM inventory i WHERE i.product_id = ${PRODUCT_ID})`;
export const singleFeet = sql<number>`(SELECT COALESCE(SUM(i.left_feet + i.right_feet), 0) FROM inventory i WHERE i.product_id = ${PRODUCT_ID})`;
export const exhibitionUnits = sql<number>`(SELECT COALESCE(SUM(i.exhibition), 0) FROM inventory i WHERE i.product_id = ${PRODUCT_ID})`;
export const scanReferences = sql<number>`(SELECT COUNT(*) FROM product_embeddings e WHERE e.product_id = ${PRODUCT_ID})`;

/** A product as the catalogue screens show it (cost included: these routes are administrador/boss only). */
/** What the catalogue screens and the storefront both say of a product, in this order. */
export function productFacts(
  p: Pick<Product, "id" | "referenceCode" | "brand" | "model" | "color" | "description" | "category">,
) {
  return {
    id: p.id,
    reference_code: p.referenceCode,
    brand: p.brand,
    model: p.model,
    color: p.color,
    description: p.description,
    category: p.category,
  };
}

export function productView(p: Product) {
  return {
    ...productFacts(p),
    gender: p.gender,
    unit_price: toPesos(p.unitPrice),
    box_price: pesos(p.boxPrice),
    cost_price: pesos(p.costPrice),
    /** its IVA (shelf prices include it) */
    tax_class: p.taxClass,
    is_active: p.isActive,
    /** shown in the storefront (with its photo) while active */
    published: p.isPublished,
    image_url: fileUrl(p.imageKey),
    video_url: fileUrl(p.videoKey),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

export async function productOf(db: Db, companyId: number, productId: number): Promise<Product> {
  return companyRowOf(db, products, companyId, productId, "Producto no encontrado");
}
