// The platform's own tables: plans, companies and their billing, the directory (PLATFORM database).
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DEFAULT_TAX_CLASS, TAX_CLASSES } from "../../../shared/constants";
import { bool, createdAt, id, ref, updatedAt } from "./columns";

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
    /** a store without a usable DIAN numbering range cannot sell (off: it issues non-fiscal documents) */
    requireFiscalNumbering: bool("require_fiscal_numbering").notNull().default(false),
    /** the IVA of a product created without one (Configuración) */
    defaultTaxClass: text("default_tax_class", { enum: TAX_CLASSES }).notNull().default(DEFAULT_TAX_CLASS),
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

/** The first columns of every table a company owns: its id and the company it belongs to. */
export const companyRow = () => ({ id: id(), companyId: ref("company_id", () => companies.id) });

export const subscriptionChanges = sqliteTable(
  "subscription_changes",
  {
    ...companyRow(),
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
    ...companyRow(),
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
