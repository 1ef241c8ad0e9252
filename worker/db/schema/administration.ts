// Notifications, operating costs and their payments.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { BILL_PAYMENT_METHODS, COST_TYPES, FREQUENCIES } from "../../../shared/constants";
import { locations, users } from "./accounts";
import { bool, createdAt, ref } from "./columns";
import { companyRow } from "./platform";

export const notifications = sqliteTable(
  "notifications",
  {
    ...companyRow(),
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
