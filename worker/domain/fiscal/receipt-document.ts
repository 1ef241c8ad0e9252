// The electronic document a receipt prints: number, CUDE, QR text and its state at DIAN.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { electronicDocuments } from "../../db/schema";
import { builtNow } from "./issue";

const STATE_TEXT = {
  pendiente: "Pendiente de envío a la DIAN",
  enviado: "Enviado a la DIAN, esperando validación",
  aceptado: "Validado por la DIAN",
  rechazado: "Rechazado por la DIAN: el administrador lo corrige y lo reenvía",
} as const;

/** The sale's POS document (returnId null) or the return's nota de ajuste, as a receipt shows it. */
export async function receiptDocument(db: Db, saleId: number, returnId: number | null) {
  const [row] = await db
    .select()
    .from(electronicDocuments)
    .where(
      returnId === null
        ? and(eq(electronicDocuments.saleId, saleId), eq(electronicDocuments.kind, "pos"))
        : eq(electronicDocuments.returnId, returnId),
    );
  if (!row) return null;
  const doc = await builtNow(db, row);
  return {
    kind: doc.kind,
    number: doc.number,
    cude: doc.cude,
    qr: doc.qr,
    status: doc.status,
    status_text: STATE_TEXT[doc.status],
  };
}
