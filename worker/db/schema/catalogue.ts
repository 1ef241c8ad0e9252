// Products, their prices' history, variants and price overrides.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CATEGORIES, DEFAULT_TAX_CLASS, GENDERS, PRICE_FIELDS, TAX_CLASSES } from "../../../shared/constants";
import { users } from "./accounts";
import { bool, createdAt, ref, updatedAt } from "./columns";
import { companyRow } from "./platform";

export const products = sqliteTable(
  "products",
  {
    ...companyRow(),
    referenceCode: text("reference_code").notNull(),
    brand: text("brand").notNull(),
    model: text("model").notNull(),
    color: text("color"),
    description: text("description"),
    category: text("category", { enum: CATEGORIES }),
    unitPrice: integer("unit_price").notNull(),
    boxPrice: integer("box_price"),
    /** what a pair costs the company (centavos); administrador and boss only, never sent to sellers */
    costPrice: integer("cost_price"),
    gender: text("gender", { enum: GENDERS }),
    imageKey: text("image_key"),
    videoKey: text("video_key"),
    isActive: bool("is_active").notNull().default(true),
    /**
     * "Publicar en la tienda" (issue 32 §6): the storefront shows only published active products, and
     * only a product with a photo can be published (the publishing UPDATE is guarded by the photo).
     */
    isPublished: bool("is_published").notNull().default(false),
    /** its IVA (shelf prices include it); a product created without one takes the company's default */
    taxClass: text("tax_class", { enum: TAX_CLASSES }).notNull().default(DEFAULT_TAX_CLASS),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_company_ref_uq").on(t.companyId, t.referenceCode),
    check(
      "products_price_ck",
      sql`${t.unitPrice} >= 0 AND (${t.boxPrice} IS NULL OR ${t.boxPrice} >= 0) AND (${t.costPrice} IS NULL OR ${t.costPrice} >= 0)`,
    ),
  ],
);

/** Every change of a product's prices: who, when, from what to what (sales keep their own prices). */
export const productPriceChanges = sqliteTable(
  "product_price_changes",
  {
    ...companyRow(),
    productId: ref("product_id", () => products.id),
    field: text("field", { enum: PRICE_FIELDS }).notNull(),
    oldValue: integer("old_value"),
    newValue: integer("new_value"),
    userId: integer("user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("product_price_changes_product_idx").on(t.productId, t.createdAt)],
);

/** A product in one size, with the codes printed on its box (barcode, SKU), unique per company. */
export const productVariants = sqliteTable(
  "product_variants",
  {
    ...companyRow(),
    productId: ref("product_id", () => products.id),
    size: text("size").notNull(),
    barcode: text("barcode"),
    sku: text("sku"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("product_variants_size_uq").on(t.productId, t.size),
    uniqueIndex("product_variants_barcode_uq").on(t.companyId, t.barcode),
    uniqueIndex("product_variants_sku_uq").on(t.companyId, t.sku),
  ],
);

/**
 * An administrador's authorisation (by PIN) for one seller to sell a product at another price; used by
 * at most one sale line, within PRICE_OVERRIDE_TTL_MINUTES.
 */
export const priceOverrides = sqliteTable(
  "price_overrides",
  {
    ...companyRow(),
    productId: ref("product_id", () => products.id),
    requestedBy: ref("requested_by", () => users.id),
    approvedBy: ref("approved_by", () => users.id),
    cataloguePrice: integer("catalogue_price").notNull(),
    newPrice: integer("new_price").notNull(),
    reason: text("reason").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedInSaleId: integer("used_in_sale_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("price_overrides_company_idx").on(t.companyId, t.createdAt),
    check("price_overrides_price_ck", sql`${t.newPrice} > 0`),
  ],
);
