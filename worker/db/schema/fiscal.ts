// Fiscal documents (issue 36): the DIAN numbering resolutions a store's POS documents are numbered in.
// Docs: docs/fiscal.md.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { locations, users } from "./accounts";
import { bool, createdAt, ref } from "./columns";
import { companyRow } from "./platform";

/**
 * A DIAN numbering resolution for one store's POS documents (documento equivalente electrónico POS):
 * the numbers `range_from`…`range_to` with their prefix, usable until `valid_until`. `next_number` is the
 * number the next sale takes; a sale takes it in its own D1 batch (domain/fiscal/numbering.ts), so
 * numbers are never skipped nor repeated. At most one range is active per store (partial UNIQUE index).
 */
export const numberingRanges = sqliteTable(
  "numbering_ranges",
  {
    ...companyRow(),
    locationId: ref("location_id", () => locations.id),
    /** the resolution's number as DIAN printed it (digits) */
    resolutionNumber: text("resolution_number").notNull(),
    /** 'YYYY-MM-DD' */
    resolutionDate: text("resolution_date").notNull(),
    /** up to 4 upper-case letters or digits; '' when the resolution has none */
    prefix: text("prefix").notNull(),
    rangeFrom: integer("range_from").notNull(),
    rangeTo: integer("range_to").notNull(),
    /** 'YYYY-MM-DD', the first and last day numbers of the range may be issued */
    validFrom: text("valid_from").notNull(),
    validUntil: text("valid_until").notNull(),
    /** what the document prints about the resolution ("Resolución DIAN No. … del …, numeración …") */
    documentText: text("document_text").notNull(),
    nextNumber: integer("next_number").notNull(),
    active: bool("active").notNull(),
    /** the idempotency key of the sale that took the last number (how the sale's batch finds its number) */
    lastTakenBy: text("last_taken_by"),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("numbering_ranges_active_uq").on(t.companyId, t.locationId).where(sql`${t.active} = 1`),
    index("numbering_ranges_company_prefix_idx").on(t.companyId, t.prefix),
    check(
      "numbering_ranges_bounds_ck",
      sql`${t.rangeFrom} >= 1 AND ${t.rangeTo} >= ${t.rangeFrom} AND ${t.nextNumber} >= ${t.rangeFrom} AND ${t.nextNumber} <= ${t.rangeTo} + 1 AND ${t.validUntil} >= ${t.validFrom}`,
    ),
  ],
);
