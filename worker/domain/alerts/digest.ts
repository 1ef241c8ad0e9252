// The daily digest (issue 37): a company that chose "Resumen diario por correo" gets its events held
// (status en_resumen) and, once a day, ONE message carrying them all. The digest row's key is the day
// (`digest:<YYYY-MM-DD>`), UNIQUE per company, so a job that runs twice writes one; the events it carries
// are listed on it and marked from that list in the same batch, so an event that arrived between two runs
// waits for the next digest instead of being lost. The batch writes only if every event it lists is still
// held, so an event released by switching the digest off (sent alone) is never in a digest too.
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isGuardFailure, requireThat } from "../../db/guards";
import { alertMessages, alertSettings } from "../../db/schema";
import { companyEmails } from "./enqueue";
import { type AlertKind, digestText } from "./messages";

/** Composes the digest of `day` (a Bogotá day) from the events held before `until`; answers its key or null. */
export async function composeDigest(db: Db, companyId: number, day: string, until: Date): Promise<string | null> {
  const held = await db
    .select({ id: alertMessages.id, kind: alertMessages.kind, facts: alertMessages.facts })
    .from(alertMessages)
    .where(
      and(
        eq(alertMessages.companyId, companyId),
        eq(alertMessages.status, "en_resumen"),
        lt(alertMessages.createdAt, until.toISOString()),
      ),
    )
    .orderBy(asc(alertMessages.createdAt), asc(alertMessages.id))
    .limit(200);
  if (held.length === 0) return null;
  const key = `digest:${day}`;
  const { subject, text } = digestText(
    day,
    held.map((e) => ({ kind: e.kind as AlertKind, facts: e.facts })),
  );
  const ids = held.map((e) => e.id);
  const listed = sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;
  try {
    await db.batch([
      // every event it lists is still held when it writes: switching the digest off (settings.ts, one batch)
      // turns them back to 'pendiente' to be sent one by one, and then this digest must not carry them too;
      // a second run of the day that read them before the first marked them stops here as well
      requireThat(
        db,
        "digest_events_held",
        sql`(SELECT COUNT(*) FROM alert_messages WHERE company_id = ${companyId} AND status = 'en_resumen'
        AND id IN ${listed}) = ${ids.length}`,
      ),
      db
        .insert(alertMessages)
        .values({
          companyId,
          eventKey: key,
          kind: "digest",
          facts: { day, events: ids.length },
          subject,
          body: text,
          recipients: sql`${companyEmails(companyId)}`,
          included: ids,
          notified: true,
        })
        .onConflictDoNothing(),
      // only the events the winning digest lists (a second run's insert did nothing; its list is not used)
      db
        .update(alertMessages)
        .set({ status: "resumido", digestKey: key })
        .where(
          sql`company_id = ${companyId} AND status = 'en_resumen' AND id IN (SELECT value FROM json_each(
          (SELECT included FROM alert_messages WHERE company_id = ${companyId} AND event_key = ${key})))`,
        ),
    ]);
  } catch (err) {
    if (isGuardFailure(err)) return null;
    throw err;
  }
  return key;
}

/** The companies of a shard that chose the daily digest. */
export async function digestCompanies(db: Db): Promise<number[]> {
  const rows = await db
    .select({ companyId: alertSettings.companyId })
    .from(alertSettings)
    .where(eq(alertSettings.dailyDigest, true));
  return rows.map((r) => r.companyId);
}
