// The company's alert settings: its notification addresses and the daily digest switch.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { alertSettings } from "../../db/schema";

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
 * pendiente); switching it on holds only the events after it.
 */
export async function updateAlertSettings(db: Db, companyId: number, input: AlertSettingsInput) {
  const emails = input.notification_emails?.map((e) => e.trim().toLowerCase());
  const set = {
    ...(input.daily_digest !== undefined ? { dailyDigest: input.daily_digest } : {}),
    ...(emails !== undefined ? { notificationEmails: [...new Set(emails)] } : {}),
    updatedAt: new Date().toISOString(),
  };
  const [row] = await db
    .insert(alertSettings)
    .values({ companyId, ...set })
    .onConflictDoUpdate({ target: alertSettings.companyId, set })
    .returning();
  if (input.daily_digest === false)
    await db.run(
      sql`UPDATE alert_messages SET status = 'pendiente' WHERE company_id = ${companyId} AND status = 'en_resumen'`,
    );
  return { daily_digest: row?.dailyDigest ?? false, notification_emails: row?.notificationEmails ?? [] };
}
