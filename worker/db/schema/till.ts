// The till: cash sessions, cash movements and sellers' expenses.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { locations, users } from "./accounts";
import { createdAt, nowIso, ref } from "./columns";
import { companyRow } from "./platform";

export const expenses = sqliteTable(
  "expenses",
  {
    ...companyRow(),
    userId: ref("user_id", () => users.id),
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

/**
 * A till's session (caja) at a store: opened with a float, closed with the counted cash. At most one
 * open per location (the partial UNIQUE index decides two openings racing).
 */
export const cashSessions = sqliteTable(
  "cash_sessions",
  {
    ...companyRow(),
    locationId: ref("location_id", () => locations.id),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    openedBy: ref("opened_by", () => users.id),
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
    ...companyRow(),
    sessionId: ref("session_id", () => cashSessions.id),
    kind: text("kind", { enum: ["in", "out"] }).notNull(),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    userId: ref("user_id", () => users.id),
    /** the administrador whose PIN covered a cash exit the drawer could not pay (cash-exits.ts) */
    authorizedBy: integer("authorized_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("cash_movements_session_idx").on(t.sessionId), check("cash_movements_amount_ck", sql`${t.amount} > 0`)],
);
