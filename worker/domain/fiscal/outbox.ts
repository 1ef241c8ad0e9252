// The electronic documents' outbox (docs/fiscal.md): a numbered sale, and a return of one, writes the row
// of its document in its own batch, so a document is never lost between the sale and its transmission;
// the company's Durable Object drains the rows (domain/fiscal/issue.ts).
import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { electronicDocuments, saleReturns, sales } from "../../db/schema";

/** Only a sale with a DIAN number (and a return of one) has an electronic document. */
const numbered = isNotNull(sales.fiscalNumber);
const now = sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ','now')`;
const none = (column: string) => sql<null>`NULL`.as(column);

/**
 * A new document's row as an INSERT … SELECT reads it: drizzle wants every column, in the table's order
 * (a sale without a number selects no row, so writes no document).
 */
function pendingDocument(fields: {
  companyId: typeof sales.companyId | typeof saleReturns.companyId;
  kind: "pos" | "adjustment";
  saleId: typeof sales.id | typeof saleReturns.saleId;
  returnId: typeof saleReturns.id | null;
  number: SQL.Aliased<string>;
}) {
  return {
    id: none("id"),
    companyId: fields.companyId,
    kind: sql<string>`${fields.kind}`.as("kind"),
    saleId: fields.saleId,
    returnId: fields.returnId ?? none("return_id"),
    number: fields.number,
    status: sql<string>`'pendiente'`.as("status"),
    cude: none("cude"),
    qr: none("qr"),
    xml: none("xml"),
    reason: none("reason"),
    providerRef: none("provider_ref"),
    attempts: sql<number>`0`.as("attempts"),
    nextAttemptAt: now.as("next_attempt_at"),
    acceptedAt: none("accepted_at"),
    createdAt: now.as("created_at"),
    updatedAt: now.as("updated_at"),
  };
}

/** The POS document of the sale being written under `saleKey`, when it took a DIAN number. */
export const posDocumentStatement = (db: Db, companyId: number, saleKey: string) =>
  db.insert(electronicDocuments).select(
    db
      .select(
        pendingDocument({
          companyId: sales.companyId,
          kind: "pos",
          saleId: sales.id,
          returnId: null,
          number: sql<string>`${sales.fiscalPrefix} || ${sales.fiscalNumber}`.as("number"),
        }),
      )
      .from(sales)
      .where(and(eq(sales.companyId, companyId), eq(sales.idempotencyKey, saleKey), numbered)),
  );

/**
 * The company's next nota de ajuste number: NA1, NA2, … without gaps. Taken inside the return's own
 * INSERT (D1 runs a batch as one transaction, one writer at a time), so two returns never share a number
 * and a failed return takes none; the partial unique index on (company_id, number) is the backstop.
 */
const nextAdjustmentNumber = (companyId: number) =>
  sql<string>`'NA' || (COALESCE((
    SELECT MAX(CAST(substr(${electronicDocuments.number}, 3) AS INTEGER)) FROM ${electronicDocuments}
    WHERE ${electronicDocuments.companyId} = ${companyId} AND ${electronicDocuments.kind} = 'adjustment'
  ), 0) + 1)`.as("number");

/** The nota de ajuste of the return being written under `returnKey`, when its sale has a POS document. */
export const adjustmentDocumentStatement = (db: Db, companyId: number, returnKey: string) =>
  db.insert(electronicDocuments).select(
    db
      .select(
        pendingDocument({
          companyId: saleReturns.companyId,
          kind: "adjustment",
          saleId: saleReturns.saleId,
          returnId: saleReturns.id,
          number: nextAdjustmentNumber(companyId),
        }),
      )
      .from(saleReturns)
      .innerJoin(sales, eq(sales.id, saleReturns.saleId))
      .where(and(eq(saleReturns.companyId, companyId), eq(saleReturns.idempotencyKey, returnKey), numbered)),
  );
