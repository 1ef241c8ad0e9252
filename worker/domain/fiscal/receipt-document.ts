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
  const pos = and(eq(electronicDocuments.saleId, saleId), eq(electronicDocuments.kind, "pos"));
  const note = eq(electronicDocuments.returnId, returnId ?? 0);
  const [row] = await db
    .select()
    .from(electronicDocuments)
    .where(returnId === null ? pos : note);
  if (!row) return null;
  const { kind, number, cude, qr, status } = await builtNow(db, row);
  return { kind, number, cude, qr, status, status_text: STATE_TEXT[status] };
}
