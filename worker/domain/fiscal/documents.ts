// What the administrador sees and does about electronic documents: the company's fiscal settings (software,
// address, provider), the documents with their state at DIAN, and re-sending a rejected one after fixing.
import { and, desc, eq, gte, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isGuardFailure, requireChanged } from "../../db/guards";
import { electronicDocuments, fiscalSettings } from "../../db/schema";
import { conflict, notFound } from "../shared/errors";
import { MAX_ATTEMPTS } from "./transmission/backoff";
import { needsAttention, ONLY_REJECTED_RESENT } from "./transmission/outcome";

export type FiscalSettingsInput = Omit<typeof fiscalSettings.$inferInsert, "companyId" | "updatedAt">;

/** The settings as the API shows them (its field names): the PIN never leaves the server (it signs every CUDE). */
export function settingsView(row: typeof fiscalSettings.$inferSelect | undefined) {
  if (!row) return null;
  return {
    environment: row.environment,
    software_id: row.softwareId,
    software_pin_set: true,
    software_maker: row.softwareMaker,
    person_type: row.personType,
    tax_regime: row.taxRegime,
    responsibilities: row.responsibilities,
    address: row.address,
    city_code: row.cityCode,
    city_name: row.cityName,
    department_code: row.departmentCode,
    department_name: row.departmentName,
    provider: row.provider,
    provider_url: row.providerUrl,
    provider_secret: row.providerSecret,
    updated_at: row.updatedAt,
  };
}

export async function fiscalSettingsOf(db: Db, companyId: number) {
  const [row] = await db.select().from(fiscalSettings).where(eq(fiscalSettings.companyId, companyId));
  return settingsView(row);
}

/** Writes the company's settings whole (one row per company: the last save wins, as saved one after another). */
export async function saveFiscalSettings(db: Db, companyId: number, input: FiscalSettingsInput) {
  const values = { ...input, companyId, updatedAt: new Date().toISOString() };
  const [row] = await db
    .insert(fiscalSettings)
    .values(values)
    .onConflictDoUpdate({ target: fiscalSettings.companyId, set: values })
    .returning();
  return settingsView(row);
}

const documentView = (d: typeof electronicDocuments.$inferSelect) => ({
  id: d.id,
  kind: d.kind,
  number: d.number,
  sale_id: d.saleId,
  return_id: d.returnId,
  status: d.status,
  cude: d.cude,
  reason: d.reason,
  attempts: d.attempts,
  next_attempt_at: d.status === "pendiente" || d.status === "enviado" ? d.nextAttemptAt : null,
  needs_attention: needsAttention(d),
  accepted_at: d.acceptedAt,
  created_at: d.createdAt,
});

/** needsAttention (transmission/outcome.ts) in SQL: rejected, or unanswered by the provider for too long. */
const attentionSql = or(
  eq(electronicDocuments.status, "rechazado"),
  and(inArray(electronicDocuments.status, ["pendiente", "enviado"]), gte(electronicDocuments.attempts, MAX_ATTEMPTS)),
) as SQL;

export interface DocumentsFilter {
  status: (typeof electronicDocuments.$inferSelect)["status"] | null;
  /** Only those the administrador must look at. */
  attention: boolean;
}

/** A page of the company's documents, newest first, and how many of all need the administrador. */
export async function listDocuments(
  db: Db,
  companyId: number,
  filter: DocumentsFilter,
  page: { limit: number; offset: number },
) {
  const mine = eq(electronicDocuments.companyId, companyId);
  const where = and(
    mine,
    filter.status === null ? undefined : eq(electronicDocuments.status, filter.status),
    filter.attention ? attentionSql : undefined,
  ) as SQL;
  const [rows, [counted]] = await db.batch([
    db
      .select()
      .from(electronicDocuments)
      .where(where)
      .orderBy(desc(electronicDocuments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: sql<number>`COUNT(*)` }).from(electronicDocuments).where(and(mine, attentionSql)),
  ]);
  return { documents: rows.map(documentView), attention_count: Number(counted?.count ?? 0) };
}

/**
 * Sends a rejected document again, after its data was fixed: it is rebuilt (a new CUDE when a field of the
 * CUDE changed) and goes back to the outbox. Guarded on 'rechazado' in the same statement: two re-sends
 * racing re-send it once.
 */
export async function resendDocument(db: Db, companyId: number, documentId: number) {
  const mine = and(eq(electronicDocuments.companyId, companyId), eq(electronicDocuments.id, documentId)) as SQL;
  const [found] = await db.select().from(electronicDocuments).where(mine);
  if (!found) throw notFound("Documento electrónico no encontrado");
  if (found.status !== "rechazado") throw conflict(ONLY_REJECTED_RESENT);
  const now = new Date().toISOString();
  try {
    const [, , [row]] = await db.batch([
      db
        .update(electronicDocuments)
        .set({
          status: "pendiente",
          cude: null,
          qr: null,
          xml: null,
          reason: null,
          attempts: 0,
          nextAttemptAt: now,
          updatedAt: now,
        })
        .where(and(mine, eq(electronicDocuments.status, "rechazado"))),
      requireChanged(db, "document still rejected"),
      db.select().from(electronicDocuments).where(mine),
    ]);
    if (!row) throw notFound("Documento electrónico no encontrado");
    return documentView(row);
  } catch (err) {
    if (isGuardFailure(err)) throw conflict(ONLY_REJECTED_RESENT);
    throw err;
  }
}
