// The administrador's list of alert messages: each event (or digest) with its state, recipients and, once
// sent, when, to whom and the message id.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type ALERT_KINDS, type ALERT_STATUSES, alertMessages } from "../../db/schema";
import { MAX_ALERT_ATTEMPTS, textOf } from "./drain";

export type AlertStatus = (typeof ALERT_STATUSES)[number];
export type AlertKindName = (typeof ALERT_KINDS)[number];

export const ALERT_STATUS_LABELS: Record<AlertStatus, string> = {
  pendiente: "Pendiente",
  enviado: "Enviado",
  fallido: "Fallido",
  en_resumen: "Para el resumen diario",
  resumido: "Enviado en el resumen",
};
export const ALERT_KIND_LABELS: Record<AlertKindName, string> = {
  low_stock: "Poco stock",
  till_difference: "Caja con diferencia",
  discrepancy: "Recepción con diferencias",
  numbering: "Numeración DIAN",
  digest: "Resumen diario",
};

export async function listAlertMessages(
  db: Db,
  companyId: number,
  filter: { status: AlertStatus | null; kind: AlertKindName | null },
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(alertMessages.companyId, companyId),
    filter.status === null ? undefined : eq(alertMessages.status, filter.status),
    filter.kind === null ? undefined : eq(alertMessages.kind, filter.kind),
  ) as SQL;
  const [rows, [counted]] = await db.batch([
    db
      .select()
      .from(alertMessages)
      .where(where)
      .orderBy(desc(alertMessages.createdAt), desc(alertMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`COUNT(*)` }).from(alertMessages).where(where),
  ]);
  return {
    messages: rows.map((row) => {
      const { subject, text } = textOf(row);
      return {
        id: row.id,
        event_key: row.eventKey,
        kind: row.kind,
        kind_label: ALERT_KIND_LABELS[row.kind],
        status: row.status,
        status_label: ALERT_STATUS_LABELS[row.status],
        subject,
        body: text,
        recipients: row.recipients,
        sent_to: row.sentTo,
        attempts: row.attempts,
        max_attempts: MAX_ALERT_ATTEMPTS,
        next_attempt_at: row.status === "pendiente" ? row.nextAttemptAt : null,
        sent_at: row.sentAt,
        message_id: row.messageId,
        last_error: row.lastError,
        digest_key: row.digestKey,
        created_at: row.createdAt,
      };
    }),
    total: Number(counted?.total ?? 0),
  };
}
