// Notifications, operating costs and their payments.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { BILL_PAYMENT_METHODS, COST_TYPES, FREQUENCIES } from "../../../shared/constants";
import { locations, users } from "./accounts";
import { bool, createdAt, nowIso, ref } from "./columns";
import { companyRow } from "./platform";

export const notifications = sqliteTable(
  "notifications",
  {
    ...companyRow(),
    userId: integer("user_id").references(() => users.id),
    locationId: integer("location_id").references(() => locations.id),
    /** alert: the administrador's (per user); stock: a location's low-stock notice, read by its staff */
    type: text("type", { enum: ["return", "transfer", "discount", "alert", "stock"] }).notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    transferId: integer("transfer_id"),
    isRead: bool("is_read").notNull().default(false),
    readAt: text("read_at"),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.companyId, t.userId, t.isRead)],
);

export const operatingCosts = sqliteTable(
  "operating_costs",
  {
    ...companyRow(),
    locationId: ref("location_id", () => locations.id),
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
    ...companyRow(),
    costId: ref("cost_id", () => operatingCosts.id),
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

/** What an alert e-mail is about (docs/alerts.md); `digest` is the day's summary of the others. */
export const ALERT_KINDS = ["low_stock", "till_difference", "discrepancy", "numbering", "digest"] as const;
/**
 * pendiente: to send; enviado: sent to every recipient; fallido: gave up (no recipients, or MAX attempts);
 * en_resumen: held for the day's digest (the company chose it); resumido: sent inside a digest.
 */
export const ALERT_STATUSES = ["pendiente", "enviado", "fallido", "en_resumen", "resumido"] as const;

/**
 * The alerts' outbox (issue 37): one row per EVENT, written in the same D1 batch as the event's own write
 * (a sale or adjustment taking stock below a rule's minimum, a till closed with a difference above the
 * threshold, a reception with differences, a numbering range at 90 %), its identity in `event_key`
 * (UNIQUE per company: a retried or repeated write adds nothing). The company's Durable Object drains it.
 */
export const alertMessages = sqliteTable(
  "alert_messages",
  {
    ...companyRow(),
    eventKey: text("event_key").notNull(),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    locationId: integer("location_id"),
    /** what happened, as JSON (domain/alerts/messages.ts makes the Spanish subject and text from it) */
    facts: text("facts", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    subject: text("subject"),
    body: text("body"),
    recipients: text("recipients", { mode: "json" }).$type<string[]>().notNull().default([]),
    status: text("status", { enum: ALERT_STATUSES }).notNull().default("pendiente"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull().default(nowIso),
    /** recipients the binding already took (a retry sends only to the others) */
    sentTo: text("sent_to", { mode: "json" }).$type<string[]>().notNull().default([]),
    sentAt: text("sent_at"),
    messageId: text("message_id"),
    lastError: text("last_error"),
    /** a digest row: the ids of the events it carries; an event: the digest's key that carried it */
    included: text("included", { mode: "json" }).$type<number[]>(),
    digestKey: text("digest_key"),
    /** the in-app notices of the event were written (same batch) */
    notified: bool("notified").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("alert_messages_event_uq").on(t.companyId, t.eventKey),
    index("alert_messages_due_idx").on(t.companyId, t.status, t.nextAttemptAt),
    index("alert_messages_created_idx").on(t.companyId, t.createdAt),
    // every sale's batch looks for the rows not yet turned into notices: only those, however many were sent
    index("alert_messages_unnotified_idx").on(t.companyId).where(sql`${t.notified} = 0`),
    check("alert_messages_attempts_ck", sql`${t.attempts} >= 0`),
  ],
);

/** The company's alert settings: where its alerts go, and whether they go once a day in one digest. */
export const alertSettings = sqliteTable(
  "alert_settings",
  {
    ...companyRow(),
    dailyDigest: bool("daily_digest").notNull().default(false),
    notificationEmails: text("notification_emails", { mode: "json" }).$type<string[]>().notNull().default([]),
    updatedAt: text("updated_at").notNull().default(nowIso),
  },
  (t) => [uniqueIndex("alert_settings_company_uq").on(t.companyId)],
);
