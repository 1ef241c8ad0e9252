// Stock per product × size × location, its ledger, adjustments, counts and low-stock alerts.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ADJUSTMENT_REASONS, UNIT_KINDS } from "../../../shared/constants";
import { locations, users } from "./accounts";
import { products } from "./catalogue";
import { bool, createdAt, id, ref, updatedAt } from "./columns";
import { companies, companyRow } from "./platform";

export const inventory = sqliteTable(
  "inventory",
  {
    ...companyRow(),
    productId: ref("product_id", () => products.id),
    locationId: ref("location_id", () => locations.id),
    size: text("size").notNull(),
    pairs: integer("pairs").notNull().default(0),
    leftFeet: integer("left_feet").notNull().default(0),
    rightFeet: integer("right_feet").notNull().default(0),
    exhibition: integer("exhibition").notNull().default(0),
    /** pairs customers returned with a defect: kept apart, never sellable, never lost */
    damaged: integer("damaged").notNull().default(0),
    // units promised to accepted transfers, released on expiry or cancel
    reservedPairs: integer("reserved_pairs").notNull().default(0),
    reservedLeft: integer("reserved_left").notNull().default(0),
    reservedRight: integer("reserved_right").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("inventory_cell_uq").on(t.productId, t.locationId, t.size),
    // with product_id: "per location × product" reads (stock levels, low stock, the dashboard) group in index order
    index("inventory_company_location_idx").on(t.companyId, t.locationId, t.productId),
    check(
      "inventory_non_negative_ck",
      sql`${t.pairs} >= 0 AND ${t.leftFeet} >= 0 AND ${t.rightFeet} >= 0 AND ${t.exhibition} >= 0`,
    ),
    check("inventory_damaged_ck", sql`${t.damaged} >= 0`),
    check(
      "inventory_reserved_ck",
      sql`${t.reservedPairs} >= 0 AND ${t.reservedLeft} >= 0 AND ${t.reservedRight} >= 0 AND ${t.reservedPairs} <= ${t.pairs} AND ${t.reservedLeft} <= ${t.leftFeet} AND ${t.reservedRight} <= ${t.rightFeet}`,
    ),
  ],
);

export const MOVEMENT_REASONS = [
  "entry",
  "adjustment",
  "sale",
  "sale_rejected",
  "transfer_out",
  "transfer_in",
  "return_out",
  "return_in",
  "pair_formation",
  // a free left and a free right foot of one cell became a pair; a pair split into its two feet
  "pair_formed",
  "pair_split",
  // a unit a reception reported short or damaged that turned up sellable after all
  "discrepancy_found",
  // a short or damaged unit written off by the administrador (no delta: it never entered stock)
  "write_off",
  // a customer brought back what a sale took out: to sellable pairs, or to the damaged bucket
  "customer_return",
  // a purchase order's delivery (entry_ref: the reception's ref; unit_cost: what each pair cost)
  "purchase",
  // a transfer the courier could not deliver, brought back to its source (issue 32 §3): once per transfer
  "transfer_back",
] as const;

/** Append-only ledger: stock of a cell = sum of its deltas. */
export const stockMovements = sqliteTable(
  "stock_movements",
  {
    ...companyRow(),
    productId: ref("product_id", () => products.id),
    locationId: ref("location_id", () => locations.id),
    size: text("size").notNull(),
    deltaPairs: integer("delta_pairs").notNull().default(0),
    deltaLeft: integer("delta_left").notNull().default(0),
    deltaRight: integer("delta_right").notNull().default(0),
    deltaExhibition: integer("delta_exhibition").notNull().default(0),
    deltaDamaged: integer("delta_damaged").notNull().default(0),
    reason: text("reason", { enum: MOVEMENT_REASONS }).notNull(),
    saleId: integer("sale_id"),
    transferId: integer("transfer_id"),
    entryRef: text("entry_ref"),
    /** what each pair cost (centavos), on the rows that brought goods in at a known cost (purchases) */
    unitCost: integer("unit_cost"),
    userId: integer("user_id"),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_movements_cell_idx").on(t.productId, t.locationId, t.size),
    index("stock_movements_company_idx").on(t.companyId, t.createdAt),
    // a rejected sale puts its stock back once, even if two rejections race
    uniqueIndex("stock_movements_sale_rejected_uq")
      .on(t.saleId, t.productId, t.size)
      .where(sql`reason = 'sale_rejected'`),
    // units a courier brought back to the source re-enter it once, however the calls race
    uniqueIndex("stock_movements_transfer_back_uq").on(t.transferId).where(sql`reason = 'transfer_back'`),
  ],
);

/** A hand adjustment of one stock cell and unit kind, with its reason; its ledger row has entry_ref = ref. */
export const stockAdjustments = sqliteTable(
  "stock_adjustments",
  {
    id: id(),
    ref: text("ref").notNull().unique(),
    companyId: ref("company_id", () => companies.id),
    productId: ref("product_id", () => products.id),
    locationId: ref("location_id", () => locations.id),
    size: text("size").notNull(),
    unitKind: text("unit_kind", { enum: UNIT_KINDS }).notNull(),
    delta: integer("delta").notNull(),
    reason: text("reason", { enum: ADJUSTMENT_REASONS }).notNull(),
    notes: text("notes"),
    /** the product's cost price at the time (centavos), for the value of the adjustment */
    unitCost: integer("unit_cost"),
    userId: integer("user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_adjustments_company_idx").on(t.companyId, t.createdAt),
    check("stock_adjustments_delta_ck", sql`${t.delta} <> 0`),
  ],
);

export const COUNT_STATUSES = ["open", "posted", "cancelled"] as const;

/**
 * A physical count of one location (all products or one brand): lines are counted while the store keeps
 * selling; posting applies each line's counted − expected (as of when it was counted) as adjustments.
 */
export const stockCounts = sqliteTable(
  "stock_counts",
  {
    ...companyRow(),
    locationId: ref("location_id", () => locations.id),
    status: text("status", { enum: COUNT_STATUSES }).notNull().default("open"),
    /** counters do not see expected quantities */
    blind: bool("blind").notNull().default(false),
    filterBrand: text("filter_brand"),
    notes: text("notes"),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
    postedBy: integer("posted_by").references(() => users.id),
    postedAt: text("posted_at"),
  },
  (t) => [
    index("stock_counts_company_idx").on(t.companyId, t.createdAt),
    // one open count per location: a second one is refused by the index, whatever the race
    uniqueIndex("stock_counts_open_uq").on(t.locationId).where(sql`status = 'open'`),
  ],
);

/** One product × size counted in a count, with what the ledger held when it was counted. */
export const stockCountLines = sqliteTable(
  "stock_count_lines",
  {
    ...companyRow(),
    countId: ref("count_id", () => stockCounts.id),
    productId: ref("product_id", () => products.id),
    size: text("size").notNull(),
    countedPairs: integer("counted_pairs").notNull().default(0),
    countedLeft: integer("counted_left").notNull().default(0),
    countedRight: integer("counted_right").notNull().default(0),
    countedExhibition: integer("counted_exhibition").notNull().default(0),
    expectedPairs: integer("expected_pairs").notNull().default(0),
    expectedLeft: integer("expected_left").notNull().default(0),
    expectedRight: integer("expected_right").notNull().default(0),
    expectedExhibition: integer("expected_exhibition").notNull().default(0),
    countedBy: integer("counted_by").references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("stock_count_lines_uq").on(t.countId, t.productId, t.size),
    check(
      "stock_count_lines_counted_ck",
      sql`${t.countedPairs} >= 0 AND ${t.countedLeft} >= 0 AND ${t.countedRight} >= 0 AND ${t.countedExhibition} >= 0`,
    ),
  ],
);

export const inventoryAlerts = sqliteTable(
  "inventory_alerts",
  {
    ...companyRow(),
    locationId: ref("location_id", () => locations.id),
    alertType: text("alert_type").notNull().default("inventario_minimo"),
    thresholdValue: integer("threshold_value").notNull(),
    productReference: text("product_reference"),
    notificationEmails: text("notification_emails", { mode: "json" }).$type<string[]>().notNull().default([]),
    isActive: bool("is_active").notNull().default(true),
    createdBy: integer("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("inventory_alerts_company_idx").on(t.companyId),
    check("inventory_alerts_threshold_ck", sql`${t.thresholdValue} >= 0`),
  ],
);
