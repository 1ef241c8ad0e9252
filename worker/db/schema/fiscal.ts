// Fiscal documents (issue 36): the DIAN numbering resolutions a store's POS documents are numbered in.
// Docs: docs/fiscal.md.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { locations, users } from "./accounts";
import { bool, createdAt, nowIso, ref, updatedAt } from "./columns";
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

export const FISCAL_DOCUMENT_KINDS = ["pos", "adjustment"] as const;
export const FISCAL_DOCUMENT_STATES = ["pendiente", "enviado", "aceptado", "rechazado"] as const;

/**
 * How a company issues electronic documents (docs/fiscal.md): the software DIAN registered (id and PIN:
 * both enter the CUDE), the environment, the issuer's address with DANE codes, its tax regime, and its
 * technology provider. The provider's credentials never live here: `provider_secret` names the Worker
 * secret that holds them.
 */
export const fiscalSettings = sqliteTable("fiscal_settings", {
  companyId: integer("company_id").primaryKey(),
  /** "2" habilitación (tests), "1" producción */
  environment: text("environment", { enum: ["1", "2"] })
    .notNull()
    .default("2"),
  softwareId: text("software_id").notNull(),
  softwarePin: text("software_pin").notNull(),
  /** who made the software (InformacionDelFabricanteDelSoftware) */
  softwareMaker: text("software_maker").notNull().default("Horma"),
  personType: text("person_type", { enum: ["juridica", "natural"] })
    .notNull()
    .default("juridica"),
  /** "48" responsable de IVA, "49" no responsable */
  taxRegime: text("tax_regime", { enum: ["48", "49"] })
    .notNull()
    .default("48"),
  /** the RUT's responsibilities, separated by ';' (e.g. "O-13;O-15") */
  responsibilities: text("responsibilities").notNull().default("R-99-PN"),
  address: text("address").notNull(),
  cityCode: text("city_code").notNull(),
  cityName: text("city_name").notNull(),
  departmentCode: text("department_code").notNull(),
  departmentName: text("department_name").notNull(),
  /** "prueba": the local test provider (development); "http": a provider's HTTP API at provider_url */
  provider: text("provider", { enum: ["prueba", "http"] })
    .notNull()
    .default("prueba"),
  providerUrl: text("provider_url"),
  providerSecret: text("provider_secret"),
  updatedAt: updatedAt(),
});

/**
 * The electronic document of a numbered sale (its POS document) or of a return of one (its nota de
 * ajuste): an outbox row written in the sale's or the return's own batch, so no document is ever lost;
 * the company's Durable Object builds it (XML, CUDE, QR, kept once built) and sends it through the
 * provider with the CUDE as the idempotency key, retrying with backoff (domain/fiscal/transmission).
 */
export const electronicDocuments = sqliteTable(
  "electronic_documents",
  {
    ...companyRow(),
    kind: text("kind", { enum: FISCAL_DOCUMENT_KINDS }).notNull(),
    saleId: integer("sale_id").notNull(),
    returnId: integer("return_id"),
    /** prefix and consecutive (FA1000); a nota de ajuste's is NA and the company's next consecutive (NA1, NA2…) */
    number: text("number").notNull(),
    status: text("status", { enum: FISCAL_DOCUMENT_STATES }).notNull().default("pendiente"),
    cude: text("cude"),
    qr: text("qr"),
    xml: text("xml"),
    /** the provider's or DIAN's words when rejected, or the last failure to reach it */
    reason: text("reason"),
    providerRef: text("provider_ref"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull().default(nowIso),
    acceptedAt: text("accepted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("electronic_documents_sale_uq").on(t.saleId).where(sql`${t.kind} = 'pos'`),
    uniqueIndex("electronic_documents_return_uq").on(t.returnId),
    uniqueIndex("electronic_documents_adjustment_number_uq")
      .on(t.companyId, t.number)
      .where(sql`${t.kind} = 'adjustment'`),
    index("electronic_documents_due_idx").on(t.companyId, t.status, t.nextAttemptAt),
  ],
);
