// Every table of the three spec documents. Money columns hold integer centavos
// (design §4); timestamps are ISO-8601 UTC text; calendar dates are 'YYYY-MM-DD'.
import { relations, sql } from "drizzle-orm";
import { blob, check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  ADJUSTMENT_REASONS,
  BILL_PAYMENT_METHODS,
  CATEGORIES,
  COST_TYPES,
  DELIVERY_FAILURE_REASONS,
  DOCUMENT_TYPES,
  FREQUENCIES,
  GENDERS,
  PAYMENT_TYPES,
  PICKUP_TYPES,
  PRICE_FIELDS,
  RETURN_REASONS,
  ROLES,
  type Role,
  SALE_PAYMENT_TYPES,
  TRANSFER_STATUSES,
  type TransferStatus,
  UNIT_KINDS,
} from "../../shared/constants";

const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const id = () => integer("id").primaryKey({ autoIncrement: true });
/** A receipt's public token: 128 random bits as 32 hex digits. */
export function newReceiptToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const createdAt = () => text("created_at").notNull().default(nowIso);
const updatedAt = () => text("updated_at").notNull().default(nowIso);
const bool = (name: string) => integer(name, { mode: "boolean" });

export { ROLES, type Role, TRANSFER_STATUSES, type TransferStatus };

// ---------------------------------------------------------------- platform

export const plans = sqliteTable("plans", {
  id: id(),
  planCode: text("plan_code").notNull().unique(),
  displayName: text("display_name").notNull(),
  description: text("description").notNull().default(""),
  maxLocations: integer("max_locations").notNull(),
  maxEmployees: integer("max_employees").notNull(),
  pricePerLocation: integer("price_per_location").notNull(),
  features: text("features", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
  sortOrder: integer("sort_order").notNull().default(0),
  isActive: bool("is_active").notNull().default(true),
  createdAt: createdAt(),
});

export const companies = sqliteTable(
  "companies",
  {
    id: id(),
    name: text("name").notNull(),
    subdomain: text("subdomain").notNull().unique(),
    email: text("email").notNull(),
    legalName: text("legal_name"),
    taxId: text("tax_id"),
    phone: text("phone"),
    subscriptionPlan: text("subscription_plan").notNull().default("basic"),
    subscriptionStatus: text("subscription_status", {
      enum: ["active", "suspended", "trial"],
    })
      .notNull()
      .default("active"),
    maxLocations: integer("max_locations").notNull().default(3),
    maxEmployees: integer("max_employees").notNull().default(10),
    pricePerLocation: integer("price_per_location").notNull().default(5000),
    monthlyCost: integer("monthly_cost").notNull().default(0),
    nextBillingDate: text("next_billing_date"),
    suspendedReason: text("suspended_reason"),
    /** printed at the foot of every receipt (the administrador writes it) */
    returnPolicy: text("return_policy"),
    /** days after a sale in which a seller may take it back without an administrador's PIN */
    returnWindowDays: integer("return_window_days").notNull().default(30),
    /** sales (and returns) at a store need its till open */
    requireOpenTill: bool("require_open_till").notNull().default(false),
    /** a till closed with a cash difference above this (centavos) is flagged to the administrador */
    tillAlertThreshold: integer("till_alert_threshold").notNull().default(2_000_000),
    /** the last in-store EAN-13 handed out (prefix 29): box labels for sizes without a maker's code */
    barcodeSequence: integer("barcode_sequence").notNull().default(0),
    suspendedAt: text("suspended_at"),
    deletedAt: text("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("companies_limits_ck", sql`${t.maxLocations} >= 0 AND ${t.maxEmployees} >= 0`),
    check("companies_money_ck", sql`${t.pricePerLocation} >= 0 AND ${t.monthlyCost} >= 0`),
  ],
);

export const subscriptionChanges = sqliteTable(
  "subscription_changes",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    oldPlan: text("old_plan"),
    newPlan: text("new_plan").notNull(),
    oldMaxLocations: integer("old_max_locations"),
    newMaxLocations: integer("new_max_locations").notNull(),
    oldMaxEmployees: integer("old_max_employees"),
    newMaxEmployees: integer("new_max_employees").notNull(),
    oldPricePerLocation: integer("old_price_per_location"),
    newPricePerLocation: integer("new_price_per_location").notNull(),
    effectiveDate: text("effective_date").notNull(),
    reason: text("reason"),
    changedBy: integer("changed_by"),
    /**
     * applied: in force since effective_date; scheduled: waits for its date (the cron applies it);
     * cancelled: replaced or cancelled before its date; blocked: its date came but the company no
     * longer fitted the new limits (status_reason says why).
     */
    status: text("status", { enum: ["applied", "scheduled", "cancelled", "blocked"] })
      .notNull()
      .default("applied"),
    statusReason: text("status_reason"),
    /** when a scheduled change was applied, cancelled or blocked */
    resolvedAt: text("resolved_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("subscription_changes_company_idx").on(t.companyId, t.createdAt),
    // at most one change waiting per company; the cron finds due ones by date
    uniqueIndex("subscription_changes_one_scheduled_uq").on(t.companyId).where(sql`status = 'scheduled'`),
    index("subscription_changes_due_idx").on(t.status, t.effectiveDate),
  ],
);

export const invoices = sqliteTable(
  "invoices",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    invoiceNumber: text("invoice_number").notNull().unique(),
    billingPeriodStart: text("billing_period_start").notNull(),
    billingPeriodEnd: text("billing_period_end").notNull(),
    locationsCount: integer("locations_count").notNull(),
    pricePerLocation: integer("price_per_location").notNull(),
    totalAmount: integer("total_amount").notNull(),
    dueDate: text("due_date").notNull(),
    status: text("status", { enum: ["pending", "paid", "overdue"] })
      .notNull()
      .default("pending"),
    paidAt: text("paid_at"),
    paymentMethod: text("payment_method"),
    paymentReference: text("payment_reference"),
    /**
     * How the period was priced, frozen with the invoice: one line per stretch of days at one plan and
     * price (a plan change in the month splits it; worker/domain/platform/proration.ts), money in centavos.
     */
    lines: text("lines", { mode: "json" }).$type<StoredInvoiceLine[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_company_period_uq").on(t.companyId, t.billingPeriodStart),
    check("invoices_total_ck", sql`${t.totalAmount} >= 0`),
  ],
);

/** One line of an invoice as stored (centavos). */
export interface StoredInvoiceLine {
  plan: string;
  plan_name: string;
  start: string;
  end: string;
  days: number;
  period_days: number;
  locations_count: number;
  price_per_location: number;
  amount: number;
  description: string;
}

// ---------------------------------------------------------------- company

export const locations = sqliteTable(
  "locations",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    type: text("type", { enum: ["local", "bodega"] })
      .notNull()
      .default("local"),
    address: text("address"),
    phone: text("phone"),
    managerName: text("manager_name"),
    capacity: integer("capacity"),
    notes: text("notes"),
    isActive: bool("is_active").notNull().default(true),
    latitude: real("latitude"),
    longitude: real("longitude"),
    /** a store's opening hours as the storefront shows them: "Lun–Sáb 9:00–19:00 · Dom 10:00–17:00" */
    openingHours: text("opening_hours"),
    /** a Colombian mobile's 10 digits ("3001234567"); the SPA formats it and builds the wa.me link */
    whatsapp: text("whatsapp"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("locations_company_idx").on(t.companyId, t.isActive),
    check("locations_capacity_ck", sql`${t.capacity} IS NULL OR ${t.capacity} >= 0`),
  ],
);

export const users = sqliteTable(
  "users",
  {
    id: id(),
    // null only for superusers (enforced by the CHECK below)
    companyId: integer("company_id").references(() => companies.id),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    locationId: integer("location_id").references(() => locations.id),
    isActive: bool("is_active").notNull().default(true),
    /** an administrador's price-override PIN (PBKDF2 like passwords); null until they set one */
    pinHash: text("pin_hash"),
    /**
     * Tokens carry it and must match it: raised by a trigger (migration 0019) whenever the password, the
     * active flag or the role changes, so every session of the account ends at once.
     */
    sessionEpoch: integer("session_epoch").notNull().default(0),
    lastLoginAt: text("last_login_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("users_company_idx").on(t.companyId, t.role),
    check(
      "users_tenant_ck",
      sql`(${t.role} = 'superuser' AND ${t.companyId} IS NULL) OR (${t.role} <> 'superuser' AND ${t.companyId} IS NOT NULL)`,
    ),
  ],
);

// ---------------------------------------------------------------- the platform's directory
// On the platform database only (docs/sharding.md): which shard holds each company, and which company
// each e-mail belongs to. The directory hands out user ids, so an id names one account platform-wide.

export const companyDirectory = sqliteTable("company_directory", {
  companyId: integer("company_id").primaryKey(),
  /** the binding of the company's shard (SHARD_1, …) */
  shard: text("shard").notNull(),
  /** the D1 location hint of that shard when the company was placed (enam, weur, …) */
  region: text("region").notNull(),
  /** set while `npm run shard:move` copies the company: its writes answer 503 */
  movingSince: text("moving_since"),
  /** raised at every flip, so isolates drop what they cached */
  version: integer("version").notNull().default(1),
});

export const userDirectory = sqliteTable("user_directory", {
  id: id(),
  email: text("email").notNull().unique(),
  /** null for the platform's superusers, whose account row is on the platform database */
  companyId: integer("company_id"),
  createdAt: createdAt(),
});

/** Failed-login counter per e-mail for the login rate limit. */
export const loginAttempts = sqliteTable("login_attempts", {
  email: text("email").primaryKey(),
  failures: integer("failures").notNull().default(0),
  /** attempts whose password is being checked right now (each holds one of the MAX_FAILURES slots) */
  inflight: integer("inflight").notNull().default(0),
  /** the token of the last attempt given a slot (so the attempt knows it got it) */
  lastGrant: text("last_grant"),
  windowStart: text("window_start").notNull(),
  lockedUntil: text("locked_until"),
});

export const products = sqliteTable(
  "products",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
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

export const inventory = sqliteTable(
  "inventory",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
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
  // a transfer the courier could not deliver, brought back to its source (issue 32 §3): once per transfer
  "transfer_back",
] as const;

/** Append-only ledger: stock of a cell = sum of its deltas. */
export const stockMovements = sqliteTable(
  "stock_movements",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
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

/** Every change of a product's prices: who, when, from what to what (sales keep their own prices). */
export const productPriceChanges = sqliteTable(
  "product_price_changes",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
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
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
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
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    requestedBy: integer("requested_by")
      .notNull()
      .references(() => users.id),
    approvedBy: integer("approved_by")
      .notNull()
      .references(() => users.id),
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

/** A hand adjustment of one stock cell and unit kind, with its reason; its ledger row has entry_ref = ref. */
export const stockAdjustments = sqliteTable(
  "stock_adjustments",
  {
    id: id(),
    ref: text("ref").notNull().unique(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
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
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
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
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    countId: integer("count_id")
      .notNull()
      .references(() => stockCounts.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
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

export const productEmbeddings = sqliteTable(
  "product_embeddings",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    modelId: text("model_id").notNull(),
    source: text("source", { enum: ["photo", "video_frame", "scan"] }).notNull(),
    dims: integer("dims").notNull(),
    // little-endian float32 values, L2-normalised
    vector: blob("vector", { mode: "buffer" }).notNull(),
    // the image's colour histogram (worker/domain/scan-colour.ts), little-endian float32; null from
    // clients before issue 19: those products are then ranked by shape alone
    colour: blob("colour", { mode: "buffer" }),
    createdAt: createdAt(),
  },
  (t) => [index("product_embeddings_company_model_idx").on(t.companyId, t.modelId)],
);

// ---------------------------------------------------------------- sales

export const discountRequests = sqliteTable(
  "discount_requests",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => users.id),
    locationId: integer("location_id").references(() => locations.id),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    adminId: integer("admin_id"),
    adminNotes: text("admin_notes"),
    reviewedAt: text("reviewed_at"),
    usedInSaleId: integer("used_in_sale_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("discount_requests_company_status_idx").on(t.companyId, t.status),
    check("discount_amount_ck", sql`${t.amount} > 0`),
  ],
);

/**
 * A store's customer (optional on a sale). Stored only with their data-processing consent (Ley 1581 de
 * 2012); the document is kept normalised (digits for CC and NIT, upper-case alphanumerics for CE and
 * pasaporte) with the NIT's check digit apart, ready for electronic invoicing. One customer per document
 * and company: the UNIQUE index decides two registrations racing for it.
 */
export const customers = sqliteTable(
  "customers",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    /** the name lower-cased without accents, for search */
    nameKey: text("name_key").notNull(),
    documentType: text("document_type", { enum: DOCUMENT_TYPES }).notNull(),
    documentNumber: text("document_number").notNull(),
    nitCheckDigit: integer("nit_check_digit"),
    /** digits only, without +57 */
    phone: text("phone"),
    email: text("email"),
    dataConsent: bool("data_consent").notNull(),
    consentAt: text("consent_at"),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("customers_document_uq").on(t.companyId, t.documentType, t.documentNumber),
    index("customers_company_phone_idx").on(t.companyId, t.phone),
    index("customers_company_name_idx").on(t.companyId, t.nameKey),
    check("customers_consent_ck", sql`${t.dataConsent} = 1`),
    check("customers_nit_dv_ck", sql`(${t.documentType} = 'NIT') = (${t.nitCheckDigit} IS NOT NULL)`),
  ],
);

export const sales = sqliteTable(
  "sales",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    sellerId: integer("seller_id")
      .notNull()
      .references(() => users.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    subtotalAmount: integer("subtotal_amount").notNull(),
    discountAmount: integer("discount_amount").notNull().default(0),
    discountRequestId: integer("discount_request_id"),
    totalAmount: integer("total_amount").notNull(),
    receiptImageKey: text("receipt_image_key"),
    saleDate: text("sale_date").notNull().default(nowIso),
    status: text("status", { enum: ["completed", "rejected"] })
      .notNull()
      .default("completed"),
    notes: text("notes"),
    requiresConfirmation: bool("requires_confirmation").notNull().default(false),
    confirmed: bool("confirmed").notNull().default(false),
    confirmedAt: text("confirmed_at"),
    confirmedBy: integer("confirmed_by"),
    confirmationNotes: text("confirmation_notes"),
    transferId: integer("transfer_id"),
    idempotencyKey: text("idempotency_key"),
    /** opens the sale's public receipt (/recibo/<token>) without signing in: 128 random bits, hex */
    receiptToken: text("receipt_token").$defaultFn(() => newReceiptToken()),
    /** the customer the sale was made to (optional) */
    customerId: integer("customer_id").references(() => customers.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("sales_company_date_idx").on(t.companyId, t.saleDate),
    uniqueIndex("sales_receipt_token_uq").on(t.receiptToken),
    // covering indexes for the report aggregates (sum/count by date range, location, seller)
    index("sales_report_idx").on(t.companyId, t.status, t.saleDate, t.totalAmount, t.locationId, t.sellerId),
    index("sales_location_report_idx").on(t.locationId, t.status, t.saleDate, t.totalAmount),
    index("sales_seller_date_idx").on(t.sellerId, t.saleDate),
    uniqueIndex("sales_idempotency_uq").on(t.companyId, t.idempotencyKey),
    // a transfer of several pairs is sold in as many sales as the seller needs (issue 31 §8); what is left
    // of it is checked where each sale is written (domain/sales/from-transfer.ts)
    index("sales_transfer_idx").on(t.transferId),
    // an approved discount is used by one sale only
    uniqueIndex("sales_discount_request_uq").on(t.discountRequestId),
    index("sales_customer_idx").on(t.customerId, t.saleDate),
    check("sales_amounts_ck", sql`${t.totalAmount} >= 0 AND ${t.discountAmount} >= 0`),
  ],
);

export const saleItems = sqliteTable(
  "sale_items",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id),
    productId: integer("product_id").references(() => products.id),
    sneakerReferenceCode: text("sneaker_reference_code").notNull(),
    brand: text("brand").notNull(),
    model: text("model").notNull(),
    color: text("color"),
    size: text("size").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    subtotal: integer("subtotal").notNull(),
    /** the catalogue price when sold (differs from unit_price only under a price override) */
    cataloguePrice: integer("catalogue_price"),
    /** the product's cost price when sold, for the gross margin; null when it had none */
    unitCost: integer("unit_cost"),
    priceOverrideId: integer("price_override_id"),
    /** units of the line customers brought back (never more than sold: guarded by the return's batch) */
    returnedQuantity: integer("returned_quantity").notNull().default(0),
  },
  (t) => [
    index("sale_items_sale_idx").on(t.saleId),
    index("sale_items_report_idx").on(t.saleId, t.sneakerReferenceCode, t.quantity, t.subtotal),
    check("sale_items_qty_ck", sql`${t.quantity} >= 1 AND ${t.unitPrice} >= 0`),
    check("sale_items_returned_ck", sql`${t.returnedQuantity} >= 0 AND ${t.returnedQuantity} <= ${t.quantity}`),
  ],
);

export const salePayments = sqliteTable(
  "sale_payments",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id),
    paymentType: text("payment_type", { enum: SALE_PAYMENT_TYPES }).notNull(),
    amount: integer("amount").notNull(),
    reference: text("reference"),
    /** cash the customer handed over for an efectivo payment (≥ amount); the change is the difference */
    cashReceived: integer("cash_received"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sale_payments_sale_idx").on(t.saleId),
    index("sale_payments_report_idx").on(t.saleId, t.paymentType, t.amount),
    check("sale_payments_amount_ck", sql`${t.amount} >= 0`),
  ],
);

/**
 * A customer bringing back units of a sale (a return), or bringing them back for others (an exchange:
 * `exchange_sale_id` is the sale made with the credit). Money: `refund_amount` went back to the customer
 * by `refund_method`; `credit_amount` paid the exchange sale (payment type nota_credito).
 */
export const saleReturns = sqliteTable(
  "sale_returns",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id),
    /** the sale's store: the units go back there */
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    /** the sale's seller, whose figures the return nets */
    sellerId: integer("seller_id")
      .notNull()
      .references(() => users.id),
    /** who took the units back */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason", { enum: RETURN_REASONS }).notNull(),
    notes: text("notes"),
    refundAmount: integer("refund_amount").notNull().default(0),
    refundMethod: text("refund_method", { enum: PAYMENT_TYPES }),
    creditAmount: integer("credit_amount").notNull().default(0),
    exchangeSaleId: integer("exchange_sale_id").references(() => sales.id),
    /** the administrador whose PIN allowed a return after the company's window */
    approvedBy: integer("approved_by").references(() => users.id),
    idempotencyKey: text("idempotency_key").notNull(),
    receiptToken: text("receipt_token")
      .notNull()
      .$defaultFn(() => newReceiptToken()),
    createdAt: createdAt(),
  },
  (t) => [
    index("sale_returns_sale_idx").on(t.saleId),
    index("sale_returns_company_date_idx").on(t.companyId, t.createdAt),
    index("sale_returns_location_date_idx").on(t.locationId, t.createdAt),
    uniqueIndex("sale_returns_idempotency_uq").on(t.companyId, t.idempotencyKey),
    uniqueIndex("sale_returns_receipt_token_uq").on(t.receiptToken),
    check(
      "sale_returns_money_ck",
      sql`${t.refundAmount} >= 0 AND ${t.creditAmount} >= 0 AND (${t.refundAmount} = 0 OR ${t.refundMethod} IS NOT NULL)`,
    ),
  ],
);

export const saleReturnItems = sqliteTable(
  "sale_return_items",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    returnId: integer("return_id")
      .notNull()
      .references(() => saleReturns.id),
    saleItemId: integer("sale_item_id")
      .notNull()
      .references(() => saleItems.id),
    quantity: integer("quantity").notNull(),
    /** what these units were worth: their share of the line after the sale's discount (centavos) */
    amount: integer("amount").notNull(),
    /** sellable: back to the store's pairs; damaged: to the cell's damaged bucket */
    destination: text("destination", { enum: ["sellable", "damaged"] }).notNull(),
  },
  (t) => [
    index("sale_return_items_return_idx").on(t.returnId),
    index("sale_return_items_item_idx").on(t.saleItemId),
    check("sale_return_items_qty_ck", sql`${t.quantity} >= 1 AND ${t.amount} >= 0`),
  ],
);

export const expenses = sqliteTable(
  "expenses",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    locationId: integer("location_id").references(() => locations.id),
    concept: text("concept").notNull(),
    amount: integer("amount").notNull(),
    notes: text("notes"),
    receiptImageKey: text("receipt_image_key"),
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("expenses_company_date_idx").on(t.companyId, t.createdAt),
    uniqueIndex("expenses_idempotency_uq").on(t.companyId, t.idempotencyKey),
    check("expenses_amount_ck", sql`${t.amount} > 0`),
  ],
);

// ---------------------------------------------------------------- cash at the till

/**
 * A till's session (caja) at a store: opened with a float, closed with the counted cash. At most one
 * open per location (the partial UNIQUE index decides two openings racing).
 */
export const cashSessions = sqliteTable(
  "cash_sessions",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    openedBy: integer("opened_by")
      .notNull()
      .references(() => users.id),
    openedAt: text("opened_at").notNull().default(nowIso),
    openingFloat: integer("opening_float").notNull(),
    closedBy: integer("closed_by").references(() => users.id),
    closedAt: text("closed_at"),
    /** what the drawer should hold per method when closed (centavos), kept as it was then */
    expectedCash: integer("expected_cash"),
    expectedCard: integer("expected_card"),
    expectedTransfer: integer("expected_transfer"),
    countedCash: integer("counted_cash"),
    countedCard: integer("counted_card"),
    countedTransfer: integer("counted_transfer"),
    closeNote: text("close_note"),
    /**
     * The Z report's figures at closing (JSON of cash-sessions.ts Figures, centavos): a closed till never
     * changes, whatever later happens to its sales (a rejection or refund is recorded in the till open then).
     */
    closingFigures: text("closing_figures"),
  },
  (t) => [
    uniqueIndex("cash_sessions_one_open_uq").on(t.locationId).where(sql`status = 'open'`),
    index("cash_sessions_company_idx").on(t.companyId, t.openedAt),
    check("cash_sessions_money_ck", sql`${t.openingFloat} >= 0 AND COALESCE(${t.countedCash}, 0) >= 0`),
  ],
);

/** Cash put into or taken out of an open till by hand, with its reason. */
export const cashMovements = sqliteTable(
  "cash_movements",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    sessionId: integer("session_id")
      .notNull()
      .references(() => cashSessions.id),
    kind: text("kind", { enum: ["in", "out"] }).notNull(),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** the administrador whose PIN covered a cash exit the drawer could not pay (cash-exits.ts) */
    authorizedBy: integer("authorized_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("cash_movements_session_idx").on(t.sessionId), check("cash_movements_amount_ck", sql`${t.amount} > 0`)],
);

// ---------------------------------------------------------------- logistics

export const transferRequests = sqliteTable(
  "transfer_requests",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    requesterId: integer("requester_id")
      .notNull()
      .references(() => users.id),
    sourceLocationId: integer("source_location_id")
      .notNull()
      .references(() => locations.id),
    destinationLocationId: integer("destination_location_id")
      .notNull()
      .references(() => locations.id),
    productId: integer("product_id").references(() => products.id),
    sneakerReferenceCode: text("sneaker_reference_code").notNull(),
    brand: text("brand").notNull(),
    model: text("model").notNull(),
    color: text("color"),
    size: text("size").notNull(),
    quantity: integer("quantity").notNull().default(1),
    transferType: text("transfer_type", { enum: ["pair", "single_foot"] })
      .notNull()
      .default("pair"),
    footSide: text("foot_side", { enum: ["left", "right"] }),
    inventoryType: text("inventory_type", { enum: ["pair", "left_only", "right_only", "both_feet"] })
      .notNull()
      .default("pair"),
    purpose: text("purpose", { enum: ["cliente", "restock", "pair_formation", "return"] })
      .notNull()
      .default("cliente"),
    requestType: text("request_type", { enum: ["transfer", "return"] })
      .notNull()
      .default("transfer"),
    pickupType: text("pickup_type", { enum: PICKUP_TYPES }).notNull().default("corredor"),
    destinationType: text("destination_type", { enum: ["exhibicion", "bodega"] })
      .notNull()
      .default("exhibicion"),
    priority: text("priority", { enum: ["high", "normal"] })
      .notNull()
      .default("normal"),
    status: text("status", { enum: TRANSFER_STATUSES }).notNull().default("pending"),
    notes: text("notes"),
    // returns
    originalTransferId: integer("original_transfer_id"),
    returnReason: text("return_reason", {
      enum: ["no_sale", "damaged", "wrong_product", "customer_return", "other"],
    }),
    productCondition: text("product_condition", { enum: ["good", "damaged", "unusable"] }),
    // actors and timeline
    warehouseKeeperId: integer("warehouse_keeper_id"),
    courierId: integer("courier_id"),
    requestedAt: text("requested_at").notNull().default(nowIso),
    acceptedAt: text("accepted_at"),
    estimatedPreparationTime: integer("estimated_preparation_time"),
    warehouseNotes: text("warehouse_notes"),
    reservedUntil: text("reserved_until"),
    courierAcceptedAt: text("courier_accepted_at"),
    estimatedPickupTime: integer("estimated_pickup_time"),
    courierNotes: text("courier_notes"),
    pickedUpAt: text("picked_up_at"),
    pickupNotes: text("pickup_notes"),
    deliveredAt: text("delivered_at"),
    deliveryNotes: text("delivery_notes"),
    deliverySuccessful: bool("delivery_successful"),
    completedAt: text("completed_at"),
    receivedQuantity: integer("received_quantity"),
    conditionOk: bool("condition_ok"),
    receptionNotes: text("reception_notes"),
    cancelledAt: text("cancelled_at"),
    cancelledBy: integer("cancelled_by"),
    cancellationReason: text("cancellation_reason"),
    // set when the keeper (not the requester) refused the request; cancellation_reason holds why
    declinedAt: text("declined_at"),
    // the last time an acceptance lapsed (45 minutes without a courier or a hand-over): back to pending
    reservationExpiredAt: text("reservation_expired_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("transfer_requests_company_status_idx").on(t.companyId, t.status),
    index("transfer_requests_requester_idx").on(t.requesterId, t.status),
    index("transfer_requests_courier_idx").on(t.courierId, t.status),
    // a transfer's returns: the guard that one transfer is returned (or sold) once reads it in every return
    index("transfer_requests_original_idx").on(t.originalTransferId, t.status),
    check("transfer_quantity_ck", sql`${t.quantity} >= 1`),
    check("transfer_single_foot_ck", sql`(${t.transferType} = 'single_foot') = (${t.footSide} IS NOT NULL)`),
  ],
);

/**
 * Every delivery attempt of a courier, failed (with its reason) or successful: appended, never changed
 * or deleted (triggers in migration 0023), so a later delivery does not erase the failures before it.
 */
export const deliveryAttempts = sqliteTable(
  "delivery_attempts",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    transferId: integer("transfer_id")
      .notNull()
      .references(() => transferRequests.id),
    courierId: integer("courier_id").references(() => users.id),
    outcome: text("outcome", { enum: ["failed", "delivered"] }).notNull(),
    /** why it failed (failed attempts only) */
    reason: text("reason", { enum: DELIVERY_FAILURE_REASONS }),
    notes: text("notes"),
    attemptedAt: text("attempted_at").notNull().default(nowIso),
  },
  (t) => [
    index("delivery_attempts_transfer_idx").on(t.transferId, t.id),
    check("delivery_attempts_outcome_ck", sql`${t.outcome} IN ('failed', 'delivered')`),
    check("delivery_attempts_reason_ck", sql`(${t.outcome} = 'failed') = (${t.reason} IS NOT NULL)`),
  ],
);

/**
 * Units a reception did not add up to: sent but not received (short) or received damaged. They stay
 * here, accounted for, until the administrador writes them off or finds them (back to stock).
 */
export const stockDiscrepancies = sqliteTable(
  "stock_discrepancies",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    transferId: integer("transfer_id")
      .notNull()
      .references(() => transferRequests.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    // where the units should have arrived
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    size: text("size").notNull(),
    unit: text("unit", { enum: ["pair", "left", "right"] }).notNull(),
    kind: text("kind", { enum: ["short", "damaged"] }).notNull(),
    quantity: integer("quantity").notNull(),
    status: text("status", { enum: ["open", "found", "written_off"] })
      .notNull()
      .default("open"),
    reportedBy: integer("reported_by").notNull(),
    reportedAt: text("reported_at").notNull().default(nowIso),
    notes: text("notes"),
    resolvedBy: integer("resolved_by"),
    resolvedAt: text("resolved_at"),
    resolutionReason: text("resolution_reason"),
  },
  (t) => [
    uniqueIndex("stock_discrepancies_transfer_kind_uq").on(t.transferId, t.kind),
    index("stock_discrepancies_company_status_idx").on(t.companyId, t.status),
    check("stock_discrepancies_quantity_ck", sql`${t.quantity} >= 1`),
  ],
);

export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    userId: integer("user_id").references(() => users.id),
    locationId: integer("location_id").references(() => locations.id),
    type: text("type", { enum: ["return", "transfer", "discount", "alert"] }).notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    transferId: integer("transfer_id"),
    isRead: bool("is_read").notNull().default(false),
    readAt: text("read_at"),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.companyId, t.userId, t.isRead)],
);

// ---------------------------------------------------------------- administration

export const operatingCosts = sqliteTable(
  "operating_costs",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    nature: text("nature", { enum: ["fijo", "variable"] })
      .notNull()
      .default("fijo"),
    costType: text("cost_type", { enum: COST_TYPES }).notNull(),
    category: text("category").notNull(),
    description: text("description").notNull(),
    amount: integer("amount").notNull(),
    frequency: text("frequency", { enum: FREQUENCIES }).notNull().default("monthly"),
    startDate: text("start_date").notNull(),
    endDate: text("end_date"),
    lastPaidDate: text("last_paid_date"),
    isActive: bool("is_active").notNull().default(true),
    createdBy: integer("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("operating_costs_company_idx").on(t.companyId, t.locationId),
    check("operating_costs_amount_ck", sql`${t.amount} > 0`),
  ],
);

/**
 * The payment log of operating costs: each payment moved its cost's due date from `due_date` to
 * `next_due_date`; an undo (by an administrador) puts the cost back as it was and stays recorded here
 * (undone_at, undone_by, undo_reason). At most one live payment per cost and due date.
 */
export const costPayments = sqliteTable(
  "cost_payments",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    costId: integer("cost_id")
      .notNull()
      .references(() => operatingCosts.id),
    /** the due date this payment settled (null: the cost had none) */
    dueDate: text("due_date"),
    /** the due date the payment moved the cost to */
    nextDueDate: text("next_due_date").notNull(),
    /** the cost's last_paid_date before this payment, put back by an undo */
    previousLastPaidDate: text("previous_last_paid_date"),
    amount: integer("amount").notNull(),
    paidOn: text("paid_on").notNull(),
    method: text("method", { enum: BILL_PAYMENT_METHODS }).notNull(),
    note: text("note"),
    paidBy: integer("paid_by"),
    createdAt: createdAt(),
    undoneAt: text("undone_at"),
    undoneBy: integer("undone_by"),
    undoReason: text("undo_reason"),
  },
  (t) => [
    index("cost_payments_cost_idx").on(t.companyId, t.costId),
    uniqueIndex("cost_payments_live_due_uq").on(t.costId, t.dueDate).where(sql`undone_at IS NULL`),
    check("cost_payments_amount_ck", sql`${t.amount} > 0`),
  ],
);

export const inventoryAlerts = sqliteTable(
  "inventory_alerts",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
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

export const wholesaleProducts = sqliteTable(
  "wholesale_products",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    modelo: text("modelo").notNull(),
    cantidadCajasDisponibles: integer("cantidad_cajas_disponibles").notNull(),
    paresPorCaja: integer("pares_por_caja").notNull(),
    precio: integer("precio").notNull(),
    fotoKey: text("foto_key"),
    tallas: text("tallas"),
    isActive: bool("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("wholesale_products_company_idx").on(t.companyId),
    check(
      "wholesale_products_ck",
      sql`${t.cantidadCajasDisponibles} >= 0 AND ${t.paresPorCaja} > 0 AND ${t.precio} > 0`,
    ),
  ],
);

export const wholesaleSales = sqliteTable(
  "wholesale_sales",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    mayoreoId: integer("mayoreo_id")
      .notNull()
      .references(() => wholesaleProducts.id),
    cantidadCajasVendidas: integer("cantidad_cajas_vendidas").notNull(),
    precioUnitarioVenta: integer("precio_unitario_venta").notNull(),
    totalVenta: integer("total_venta").notNull(),
    fechaVenta: text("fecha_venta").notNull().default(nowIso),
    notas: text("notas"),
    sellerId: integer("seller_id"),
  },
  (t) => [
    index("wholesale_sales_company_idx").on(t.companyId, t.fechaVenta),
    check("wholesale_sales_ck", sql`${t.cantidadCajasVendidas} >= 1 AND ${t.precioUnitarioVenta} > 0`),
  ],
);

// ---------------------------------------------------------------- relations (for db.query)

export const usersRelations = relations(users, ({ one }) => ({
  company: one(companies, { fields: [users.companyId], references: [companies.id] }),
  location: one(locations, { fields: [users.locationId], references: [locations.id] }),
}));

export const locationsRelations = relations(locations, ({ one }) => ({
  company: one(companies, { fields: [locations.companyId], references: [companies.id] }),
}));

// ---------------------------------------------------------------- report rollups
// Written in the same batch as every sale, rejection and sale from transfer, so reports over
// tens of thousands of sales read a few hundred rows. Days are Bogotá calendar days.

export const salesDaily = sqliteTable(
  "sales_daily",
  {
    companyId: integer("company_id").notNull(),
    day: text("day").notNull(),
    locationId: integer("location_id").notNull(),
    sellerId: integer("seller_id").notNull(),
    salesCount: integer("sales_count").notNull().default(0),
    /** net of returns: the day's sales minus what was refunded that day for this seller's sales */
    totalAmount: integer("total_amount").notNull().default(0),
    returnsCount: integer("returns_count").notNull().default(0),
    returnedAmount: integer("returned_amount").notNull().default(0),
  },
  (t) => [uniqueIndex("sales_daily_uq").on(t.companyId, t.day, t.locationId, t.sellerId)],
);

export const salesDailyProducts = sqliteTable(
  "sales_daily_products",
  {
    companyId: integer("company_id").notNull(),
    day: text("day").notNull(),
    locationId: integer("location_id").notNull(),
    referenceCode: text("reference_code").notNull(),
    brand: text("brand").notNull(),
    model: text("model").notNull(),
    units: integer("units").notNull().default(0),
    revenue: integer("revenue").notNull().default(0),
  },
  (t) => [uniqueIndex("sales_daily_products_uq").on(t.companyId, t.day, t.locationId, t.referenceCode)],
);

export const salesDailyPayments = sqliteTable(
  "sales_daily_payments",
  {
    companyId: integer("company_id").notNull(),
    day: text("day").notNull(),
    locationId: integer("location_id").notNull(),
    paymentType: text("payment_type").notNull(),
    paymentsCount: integer("payments_count").notNull().default(0),
    amount: integer("amount").notNull().default(0),
  },
  (t) => [uniqueIndex("sales_daily_payments_uq").on(t.companyId, t.day, t.locationId, t.paymentType)],
);

/**
 * The goods sold per day and location (centavos), net of returns at the cost recorded on each line: what
 * the gross margin reads, so no report sums sale lines. Revenues are a line's share of its sale after the
 * discount, fractional until a report rounds its sum (as summing the lines did).
 */
export const salesDailyGoods = sqliteTable(
  "sales_daily_goods",
  {
    companyId: integer("company_id").notNull(),
    day: text("day").notNull(),
    locationId: integer("location_id").notNull(),
    cogs: integer("cogs").notNull().default(0),
    costedRevenue: real("costed_revenue").notNull().default(0),
    uncostedRevenue: real("uncosted_revenue").notNull().default(0),
    uncostedUnits: integer("uncosted_units").notNull().default(0),
  },
  (t) => [uniqueIndex("sales_daily_goods_uq").on(t.companyId, t.day, t.locationId)],
);

/** E-mails left in the storefront's newsletter box, for the showcase company's administrators. */
export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("newsletter_subscribers_email_uq").on(t.companyId, t.email)],
);

/**
 * Messages left in the storefront's contact form (issue 32 §6) for the showcase company, optionally
 * addressed to one of its stores; the administrador reads them and marks them read or unread. A message
 * sent with an Idempotency-Key keeps it (with a hash of what was sent), so a retry of the form creates
 * nothing more: the public routes have no user to scope the general key store to.
 */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    /** the store the visitor addressed (null: the company in general) */
    locationId: integer("location_id").references(() => locations.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    idempotencyKey: text("idempotency_key"),
    /** SHA-256 of the canonical body sent with the key: the same key with other data is refused */
    fingerprint: text("fingerprint"),
    /** a keyed hash of the sender's IP address, for the per-address rate limit (never the address) */
    senderHash: text("sender_hash"),
    readAt: text("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_company_idx").on(t.companyId, t.createdAt),
    index("contact_messages_email_idx").on(t.companyId, t.email, t.createdAt),
    index("contact_messages_sender_idx").on(t.companyId, t.senderHash, t.createdAt),
    uniqueIndex("contact_messages_key_uq").on(t.companyId, t.idempotencyKey),
    check("contact_messages_message_ck", sql`length(${t.message}) BETWEEN 1 AND 2000`),
  ],
);

export const WEB_RESERVATION_STATUSES = ["pending", "confirmed", "completed", "cancelled", "expired"] as const;
export type WebReservationStatus = (typeof WEB_RESERVATION_STATUSES)[number];

/**
 * A shopper's reservation from the storefront (issue 32 §6): pairs of published products held at one
 * store for a set time through the cells' reserved_pairs (never the stock itself). While pending or
 * confirmed its lines hold their pairs; completed, cancelled or expired released them, once (every
 * transition is a guarded UPDATE from the statuses that hold, in the batch that releases).
 * Public calls have no user: the reservation keeps its Idempotency-Key with a hash of what was sent.
 */
export const webReservations = sqliteTable(
  "web_reservations",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id),
    /** what the shopper says at the store: "RW-7K3Q9P" */
    code: text("code").notNull(),
    status: text("status", { enum: WEB_RESERVATION_STATUSES }).notNull().default("pending"),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull(),
    customerEmail: text("customer_email"),
    /** sum of the lines (centavos) */
    totalAmount: integer("total_amount").notNull(),
    /** the pairs are held until then; the scheduled job expires it after */
    heldUntil: text("held_until").notNull(),
    idempotencyKey: text("idempotency_key"),
    fingerprint: text("fingerprint"),
    /** a keyed hash of the sender's network address (never the address), for the per-address limit */
    senderHash: text("sender_hash"),
    confirmedAt: text("confirmed_at"),
    confirmedBy: integer("confirmed_by").references(() => users.id),
    completedAt: text("completed_at"),
    completedBy: integer("completed_by").references(() => users.id),
    cancelledAt: text("cancelled_at"),
    cancelledBy: integer("cancelled_by").references(() => users.id),
    cancellationReason: text("cancellation_reason"),
    expiredAt: text("expired_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("web_reservations_code_uq").on(t.companyId, t.code),
    uniqueIndex("web_reservations_key_uq").on(t.companyId, t.idempotencyKey),
    index("web_reservations_location_idx").on(t.companyId, t.locationId, t.status, t.createdAt),
    index("web_reservations_held_idx").on(t.status, t.heldUntil),
    index("web_reservations_phone_idx").on(t.companyId, t.customerPhone, t.createdAt),
    index("web_reservations_sender_idx").on(t.companyId, t.senderHash, t.createdAt),
    check("web_reservations_total_ck", sql`${t.totalAmount} >= 0`),
  ],
);

/** One line of a web reservation: a product, a size and how many pairs, at the price it was reserved at. */
export const webReservationItems = sqliteTable(
  "web_reservation_items",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => webReservations.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    size: text("size").notNull(),
    quantity: integer("quantity").notNull(),
    /** centavos, as the catalogue said when reserved */
    unitPrice: integer("unit_price").notNull(),
  },
  (t) => [
    index("web_reservation_items_reservation_idx").on(t.reservationId),
    uniqueIndex("web_reservation_items_line_uq").on(t.reservationId, t.productId, t.size),
    check("web_reservation_items_quantity_ck", sql`${t.quantity} > 0 AND ${t.unitPrice} >= 0`),
  ],
);

// ---------------------------------------------------------------- reliability

/**
 * Never holds a row: a batch inserts into it only when one of its guards did not hold (a guarded
 * UPDATE that matched nothing, a condition that is false), and the CHECK then fails and rolls back
 * the whole batch. See worker/db/guards.ts.
 */
export const batchGuards = sqliteTable("batch_guards", { guard: text("guard").notNull() }, (t) => [
  check("batch_guard_held", sql`${t.guard} IS NULL`),
]);

/**
 * The answer to a call made with an Idempotency-Key, per user: a retry with the same key and body gets
 * it back instead of creating again.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: integer("user_id").notNull(),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    /** random per taking of the key: only the request that took it may finish or release it */
    owner: text("owner").notNull(),
    /** committed: written with the call's first write (worker/db/commit-mark.ts), not answered yet; done: answered */
    state: text("state", { enum: ["committed", "done"] }).notNull(),
    status: integer("status"),
    body: text("body"),
    createdAt: text("created_at").notNull(),
    lockedUntil: text("locked_until").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("idempotency_keys_user_key_uq").on(t.userId, t.key),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
  ],
);
