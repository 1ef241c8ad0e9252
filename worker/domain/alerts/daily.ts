// The daily alert job (the Worker's Cron Trigger at midnight in Bogotá, worker/index.ts `scheduled`): on one
// shard, the numbering ranges entering their last 30 days (one event per range), and the digest of the day
// that ended for every company that chose it (one per day, however many times the job runs). Answers the
// companies with something to send; the caller asks each company's hub to send it.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { EXPIRY_WARNING_DAYS } from "../fiscal/numbering";
import { bogotaDate } from "../shared/time";
import { composeDigest, digestCompanies } from "./digest";
import { alertNoticeStatements, expiringNumberingStatement } from "./enqueue";

const dayPlus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function dailyAlerts(db: Db, at: Date): Promise<number[]> {
  const today = bogotaDate(at);
  const touched = new Set<number>();
  const ranged = await db.all<{ company_id: number }>(
    sql`SELECT DISTINCT company_id FROM numbering_ranges WHERE active = 1 AND valid_until >= ${today}
      AND valid_until <= ${dayPlus(today, EXPIRY_WARNING_DAYS)}`,
  );
  for (const { company_id: companyId } of ranged) {
    await db.batch([
      expiringNumberingStatement(db, companyId, today, dayPlus(today, EXPIRY_WARNING_DAYS)),
      ...alertNoticeStatements(db, companyId),
    ]);
    touched.add(companyId);
  }
  // the digest carries the day before the job's day: a second run that day finds its key taken
  const yesterday = dayPlus(today, -1);
  for (const companyId of await digestCompanies(db)) {
    if (await composeDigest(db, companyId, yesterday, at)) touched.add(companyId);
  }
  return [...touched];
}
