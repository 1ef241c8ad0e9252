// Draining the alerts' outbox (the company's Durable Object calls it after an event and from its alarm):
// each due row is CLAIMED first by a guarded UPDATE (attempts + 1, next attempt a lease ahead, only from the
// state it was read in), so two drains never send the same row; then its e-mail goes to every recipient not
// yet sent to, each recorded in sent_to right after its send (under the claim), and the row records when it
// was done and the message id. A failure waits (1, 2, 4 … minutes,
// up to 6 h) and MAX_ALERT_ATTEMPTS failures give up ("fallido").
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { alertMessages } from "../../db/schema";
import { nextAttemptAt } from "../fiscal/transmission/backoff";
import { type AlertKind, alertText } from "./messages";
import type { OutgoingEmail } from "./mime";

/** Sends one message to one envelope recipient; answers the id the service gave it. */
export type AlertTransport = (email: OutgoingEmail, envelopeTo: string) => Promise<{ messageId: string }>;

export const MAX_ALERT_ATTEMPTS = 8;
/** Rows drained per call: the alarm comes back for the rest. */
const BATCH = 20;
/** How long a claim holds a row: a drain that died mid-way leaves it to the next one after this. */
const LEASE_MS = 5 * 60_000;
const NO_RECIPIENTS = "La empresa no tiene direcciones de notificación (Notificaciones → Alertas por correo)";

type Row = typeof alertMessages.$inferSelect;

/** The subject and text of a row: kept on it, or made now from its facts. */
export function textOf(row: Pick<Row, "kind" | "facts" | "subject" | "body">) {
  if (row.subject !== null && row.body !== null) return { subject: row.subject, text: row.body };
  if (row.kind === "digest") return { subject: row.subject ?? "Resumen diario", text: row.body ?? "" };
  return alertText(row.kind as Exclude<AlertKind, "digest">, row.facts);
}

export interface Sender {
  transport: AlertTransport | null;
  from: string;
  fromName: string;
}

/** Sends the company's due alerts; answers how many rows it sent and when the next one is due. */
export async function sendDueAlerts(
  db: Db,
  companyId: number,
  sender: Sender,
  now = new Date(),
): Promise<{ sent: number; nextDueAt: string | null }> {
  const pending = and(eq(alertMessages.companyId, companyId), eq(alertMessages.status, "pendiente"));
  const due = await db
    .select()
    .from(alertMessages)
    .where(and(pending, lte(alertMessages.nextAttemptAt, now.toISOString())))
    .orderBy(asc(alertMessages.nextAttemptAt), asc(alertMessages.id))
    .limit(BATCH);
  let sent = 0;
  for (const row of due) if (await sendOne(db, sender, row, now)) sent++;
  const [next] = await db
    .select({ at: alertMessages.nextAttemptAt })
    .from(alertMessages)
    .where(pending)
    .orderBy(asc(alertMessages.nextAttemptAt))
    .limit(1);
  return { sent, nextDueAt: next?.at ?? null };
}

async function sendOne(db: Db, sender: Sender, read: Row, now: Date): Promise<boolean> {
  const { subject, text } = textOf(read);
  const attempts = read.attempts + 1;
  // the claim: only from the state this drain read (another drain's claim or send changes it)
  const [claimed] = await db
    .update(alertMessages)
    .set({ attempts, nextAttemptAt: new Date(now.getTime() + LEASE_MS).toISOString(), subject, body: text })
    .where(
      and(
        eq(alertMessages.id, read.id),
        eq(alertMessages.status, "pendiente"),
        eq(alertMessages.attempts, read.attempts),
        eq(alertMessages.nextAttemptAt, read.nextAttemptAt),
      ),
    )
    .returning();
  if (!claimed) return false;
  const mine = and(eq(alertMessages.id, read.id), eq(alertMessages.attempts, attempts));
  const recipients = [...new Set(claimed.recipients)];
  if (recipients.length === 0) {
    await db.update(alertMessages).set({ status: "fallido", lastError: NO_RECIPIENTS }).where(mine);
    return false;
  }
  const sentTo = [...claimed.sentTo];
  let messageId = claimed.messageId;
  let error: string | null = null;
  if (!sender.transport) error = "El envío de correo (send_email) no está configurado";
  else {
    const email: OutgoingEmail = {
      from: sender.from,
      fromName: sender.fromName,
      to: recipients,
      subject,
      text,
      messageId: `alerta-${claimed.id}.${claimed.companyId}@${sender.from.split("@")[1] ?? "horma.app"}`,
      date: now,
    };
    for (const to of recipients.filter((r) => !sentTo.includes(r))) {
      let result: { messageId: string };
      try {
        result = await sender.transport(email, to);
      } catch (err) {
        error = `${to}: ${err instanceof Error ? err.message : String(err)}`;
        continue;
      }
      sentTo.push(to);
      messageId ??= result.messageId;
      // recorded at once, still under this drain's claim: a drain that dies after this send re-sends to
      // nobody already recorded (only a send whose record did not land can be repeated)
      const [kept] = await db
        .update(alertMessages)
        .set({
          sentTo: sql`json_insert(${alertMessages.sentTo}, '$[#]', ${to})`,
          messageId: sql`COALESCE(${alertMessages.messageId}, ${result.messageId})`,
        })
        .where(and(mine, eq(alertMessages.status, "pendiente")))
        .returning({ id: alertMessages.id });
      // the claim was lost (a lease that ran out and another drain's claim): that drain sends the rest
      if (!kept) return false;
    }
  }
  const done = error === null;
  await db
    .update(alertMessages)
    .set(
      done
        ? { status: "enviado", sentTo, sentAt: new Date().toISOString(), messageId, lastError: null }
        : {
            status: attempts >= MAX_ALERT_ATTEMPTS ? "fallido" : "pendiente",
            sentTo,
            messageId,
            lastError: error,
            nextAttemptAt: nextAttemptAt(attempts, now),
          },
    )
    .where(mine);
  return done;
}
