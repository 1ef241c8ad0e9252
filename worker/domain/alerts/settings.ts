// The company's alert settings: its notification addresses and the daily digest switch.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { alertMessages, alertSettings } from "../../db/schema";

export interface AlertSettingsInput {
  daily_digest?: boolean | undefined;
  notification_emails?: string[] | undefined;
}

export async function alertSettingsOf(db: Db, companyId: number) {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.companyId, companyId)).limit(1);
  return { daily_digest: row?.dailyDigest ?? false, notification_emails: row?.notificationEmails ?? [] };
}

/**
 * Sets the fields given. Switching the digest off sends the events it held one by one (they go back to
 * pendiente, in the same batch as the switch); switching it on holds only the events after it.
 */
export async function updateAlertSettings(db: Db, companyId: number, input: AlertSettingsInput) {
  const emails = input.notification_emails?.map((e) => e.trim().toLowerCase());
  const set = {
    ...(input.daily_digest !== undefined ? { dailyDigest: input.daily_digest } : {}),
    ...(emails !== undefined ? { notificationEmails: [...new Set(emails)] } : {}),
    updatedAt: new Date().toISOString(),
  };
  const upsert = db
    .insert(alertSettings)
    .values({ companyId, ...set })
    .onConflictDoUpdate({ target: alertSettings.companyId, set })
    .returning();
  // switching off and releasing the held events are one batch: no event is written 'en_resumen' after the
  // release (the switch is already off for it), and the midnight digest, also one batch, lists only events
  // still held when it writes (digest.ts), so each held event is sent either alone or in the digest
  const [[row]] =
    input.daily_digest === false
      ? await db.batch([
          upsert,
          db
            .update(alertMessages)
            .set({ status: "pendiente" })
            .where(and(eq(alertMessages.companyId, companyId), eq(alertMessages.status, "en_resumen"))),
        ])
      : [await upsert];
  return { daily_digest: row?.dailyDigest ?? false, notification_emails: row?.notificationEmails ?? [] };
}
