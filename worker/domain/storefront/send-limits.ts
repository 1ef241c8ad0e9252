// Both public forms (contact messages, web reservations) limit a sender per hour twice: by what the
// visitor typed (an e-mail, a phone) and by the network address. One query reads both counts.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export type SendLimit = {
  /** fixed names from the code, never from a request */
  table: "contact_messages" | "web_reservations";
  keyColumn: "email" | "customer_phone";
  key: string;
  maxByKey: number;
  maxBySender: number;
  windowMs: number;
};

/** Seconds until each full count (key, sender) has room again; empty when neither is at its limit. */
export async function waitsUntilRoom(
  db: Db,
  companyId: number,
  limit: SendLimit,
  senderHash: string | null,
  since: string,
  now: Date,
): Promise<number[]> {
  const table = sql.raw(limit.table);
  const column = sql.raw(limit.keyColumn);
  const [row] = await db.all<{
    by_key: number | null;
    first_key: string | null;
    by_sender: number | null;
    first_sender: string | null;
  }>(sql`
    SELECT SUM(${column} = ${limit.key}) AS by_key,
           MIN(CASE WHEN ${column} = ${limit.key} THEN created_at END) AS first_key,
           SUM(sender_hash IS NOT NULL AND sender_hash = ${senderHash}) AS by_sender,
           MIN(CASE WHEN sender_hash = ${senderHash} THEN created_at END) AS first_sender
      FROM ${table} WHERE company_id = ${companyId} AND created_at > ${since}`);
  // a full count has a first row; 1 only keeps the type whole
  const wait = (first: string | null) =>
    first ? Math.ceil((Date.parse(first) + limit.windowMs - now.getTime()) / 1000) : 1;
  const waits: number[] = [];
  if (Number(row?.by_key ?? 0) >= limit.maxByKey) waits.push(wait(row?.first_key ?? null));
  if (Number(row?.by_sender ?? 0) >= limit.maxBySender) waits.push(wait(row?.first_sender ?? null));
  return waits;
}
