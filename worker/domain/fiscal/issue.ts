// Draining the electronic documents' outbox (the company's Durable Object calls it, from its alarm and
// after each numbered sale or return): build each due document once (XML, CUDE, QR kept on its row), send
// it through the company's provider with the CUDE as the idempotency key, and move its state by the answer
// (transmission/outcome.ts), each write guarded by the state it was read in.
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { electronicDocuments, fiscalSettings } from "../../db/schema";
import { buildElectronicDocument } from "./document";
import { DocumentNotReady, documentInputOf } from "./document-source";
import { nextAttemptAt } from "./transmission/backoff";
import { applyOutcome, type Transmission } from "./transmission/outcome";
import type { FiscalProvider, StatusOutcome } from "./transmission/provider";

type Row = typeof electronicDocuments.$inferSelect;
export type FiscalSettingsRow = typeof fiscalSettings.$inferSelect;

/** Documents drained per call: the alarm comes back for the rest. */
const BATCH = 20;

const transmissionOf = (row: Row): Transmission => ({
  status: row.status,
  reason: row.reason,
  providerRef: row.providerRef,
  attempts: row.attempts,
  nextAttemptAt: row.nextAttemptAt,
  acceptedAt: row.acceptedAt,
});

/** The row as it was read: a write of another drainer in between makes this one change nothing. */
const asRead = (row: Row) =>
  and(
    eq(electronicDocuments.id, row.id),
    eq(electronicDocuments.status, row.status),
    eq(electronicDocuments.attempts, row.attempts),
    eq(electronicDocuments.nextAttemptAt, row.nextAttemptAt),
  );

/** Builds the row's document once; a later call finds it built. Null when it cannot be built yet. */
async function built(db: Db, row: Row, now: Date): Promise<Row | null> {
  if (row.cude && row.xml) return row;
  try {
    const doc = await buildElectronicDocument(await documentInputOf(db, row));
    const [saved] = await db
      .update(electronicDocuments)
      .set({ cude: doc.cude, qr: doc.qr, xml: doc.xml, updatedAt: now.toISOString() })
      .where(and(eq(electronicDocuments.id, row.id), sql`${electronicDocuments.cude} IS NULL`))
      .returning();
    return saved ?? null;
  } catch (err) {
    const reason = err instanceof DocumentNotReady ? err.message : `No se pudo armar el documento: ${String(err)}`;
    await db
      .update(electronicDocuments)
      .set({
        reason,
        attempts: row.attempts + 1,
        nextAttemptAt: nextAttemptAt(row.attempts + 1, now),
        updatedAt: now.toISOString(),
      })
      .where(asRead(row));
    return null;
  }
}

/**
 * A document's XML, CUDE and QR at once (a receipt opened right after the sale, before the hub drained
 * it): built and kept now when they are not yet; the row as it was when it cannot be built yet.
 */
export async function builtNow(db: Db, row: Row): Promise<Row> {
  if (row.cude) return row;
  // a nota de ajuste cites its POS document's CUDE: a return right after the sale, before the hub drained,
  // builds the POS document first
  if (row.kind === "adjustment") await posDocumentBuilt(db, row);
  try {
    const doc = await buildElectronicDocument(await documentInputOf(db, row));
    const [saved] = await db
      .update(electronicDocuments)
      .set({ cude: doc.cude, qr: doc.qr, xml: doc.xml, updatedAt: new Date().toISOString() })
      .where(and(eq(electronicDocuments.id, row.id), sql`${electronicDocuments.cude} IS NULL`))
      .returning();
    // another reader or the hub built it meanwhile: theirs is the same document
    return saved ?? (await db.select().from(electronicDocuments).where(eq(electronicDocuments.id, row.id)))[0] ?? row;
  } catch (err) {
    if (err instanceof DocumentNotReady) return row;
    throw err;
  }
}

/** The POS document of the nota's sale, built now when it is not yet. */
async function posDocumentBuilt(db: Db, note: Row): Promise<void> {
  const [pos] = await db
    .select()
    .from(electronicDocuments)
    .where(
      and(
        eq(electronicDocuments.companyId, note.companyId),
        eq(electronicDocuments.saleId, note.saleId),
        eq(electronicDocuments.kind, "pos"),
      ),
    );
  if (pos && !pos.cude) await builtNow(db, pos);
}

/** One due document: built, sent (or looked up), its state moved by the answer. */
async function issueOne(db: Db, provider: FiscalProvider, read: Row, now: Date) {
  const row = await built(db, read, now);
  if (!row?.cude || !row.xml) return;
  const outcome: StatusOutcome =
    row.status === "pendiente"
      ? await provider.send({ cude: row.cude, number: row.number, kind: row.kind, xml: row.xml })
      : await provider.status(row.cude);
  const step = applyOutcome(transmissionOf(row), outcome, new Date());
  if (!step.changed) return;
  const next = step.next;
  await db
    .update(electronicDocuments)
    .set({
      status: next.status,
      reason: next.reason,
      providerRef: next.providerRef,
      attempts: next.attempts,
      // null: nothing to call again (accepted or rejected); kept far ahead so the due index skips it
      nextAttemptAt: next.nextAttemptAt ?? "9999-12-31T00:00:00.000Z",
      acceptedAt: next.acceptedAt,
      updatedAt: new Date().toISOString(),
    })
    .where(asRead(row));
}

/**
 * Issues the company's due documents (POS documents before notas de ajuste, which cite their CUDE) and
 * answers when the next one is due (null: none waiting).
 */
export async function issueDueDocuments(
  db: Db,
  companyId: number,
  providerFor: (settings: FiscalSettingsRow) => FiscalProvider,
  now = new Date(),
): Promise<{ issued: number; nextDueAt: string | null }> {
  const waiting = and(
    eq(electronicDocuments.companyId, companyId),
    inArray(electronicDocuments.status, ["pendiente", "enviado"]),
  );
  const [[settings], due] = await db.batch([
    db.select().from(fiscalSettings).where(eq(fiscalSettings.companyId, companyId)),
    db
      .select()
      .from(electronicDocuments)
      .where(and(waiting, lte(electronicDocuments.nextAttemptAt, now.toISOString())))
      .orderBy(sql`${electronicDocuments.kind} = 'adjustment'`, asc(electronicDocuments.id))
      .limit(BATCH),
  ]);
  const provider = settings ? providerFor(settings) : null;
  for (const row of due) {
    if (provider) await issueOne(db, provider, row, now);
    else await built(db, row, now); // says what is missing on the row, and waits with backoff
  }
  const [next] = await db
    .select({ at: electronicDocuments.nextAttemptAt })
    .from(electronicDocuments)
    .where(waiting)
    .orderBy(asc(electronicDocuments.nextAttemptAt))
    .limit(1);
  return { issued: due.length, nextDueAt: next?.at ?? null };
}
