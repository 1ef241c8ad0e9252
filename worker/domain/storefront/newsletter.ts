// The storefront's newsletter box: e-mails kept per company, once each, for its administrators.
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";
import { type Page, pageInfo } from "../../lib/paging";
import { pageRead } from "../shared/page-read";

/** Case and surrounding spaces do not make another address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Subscribes an e-mail; subscribing again changes nothing. The answer is the same either way, so
 * the public box does not tell who is already subscribed.
 */
export async function subscribe(db: Db, companyId: number, email: string): Promise<void> {
  await db
    .insert(newsletterSubscribers)
    .values({ companyId, email: normalizeEmail(email) })
    .onConflictDoNothing({ target: [newsletterSubscribers.companyId, newsletterSubscribers.email] });
}

/** A page of the company's subscribers, newest first, and how many there are in all (issue 32 §4). */
export async function subscribersOf(db: Db, companyId: number, page: Page) {
  const [rows, [count]] = await db.batch(
    pageRead(
      db,
      newsletterSubscribers,
      eq(newsletterSubscribers.companyId, companyId),
      [desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id)],
      page,
    ),
  );
  return {
    subscribers: rows.map((r) => ({ id: r.id, email: r.email, subscribed_at: r.createdAt })),
    ...pageInfo(page, Number(count?.n ?? 0)),
  };
}
