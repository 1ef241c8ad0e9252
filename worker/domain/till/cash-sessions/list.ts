// The till: the administrador's list of sessions and one session.

import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { cashSessions } from "../../../db/schema";
import { type Page, pageInfo } from "../../../lib/paging";
import { pageRead } from "../../shared/page-read";
import { sessionOf, sessionView, sessionViews } from "./view";

/**
 * The administrador's list: a page of the company's sessions (a store, a day), newest first, with
 * differences, and how many match in all (issue 32 §4).
 */
export async function listSessions(
  db: Db,
  companyId: number,
  filter: { location_id?: number | undefined; from?: string | undefined; to?: string | undefined },
  page: Page,
) {
  const where = and(
    eq(cashSessions.companyId, companyId),
    filter.location_id ? eq(cashSessions.locationId, filter.location_id) : undefined,
    filter.from ? gte(sql`substr(${cashSessions.openedAt}, 1, 10)`, filter.from) : undefined,
    filter.to ? lte(sql`substr(${cashSessions.openedAt}, 1, 10)`, filter.to) : undefined,
  );
  // a page's ids are bound in one query (D1 takes 100 at most): the route caps the page at 60
  const order = [desc(cashSessions.openedAt), desc(cashSessions.id)];
  const [rows, [counted]] = await db.batch(pageRead(db, cashSessions, where, order, page));
  return { sessions: await sessionViews(db, rows), ...pageInfo(page, Number(counted?.n ?? 0)) };
}

export async function oneSession(db: Db, companyId: number, id: number) {
  return sessionView(db, await sessionOf(db, companyId, id));
}
