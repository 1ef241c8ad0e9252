// A company may require an open till to sell (and to take sales back) at a store: every cash movement
// then belongs to a session that is counted at closing. The rule is read before a sale and held again
// inside its batch, so a till closed in between refuses the sale instead of leaving it outside a session.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { requireThat } from "../../db/guards";

export const tillClosedText = (placeName: string) =>
  `La caja de ${placeName} no está abierta: ábrela en Caja antes de vender o recibir devoluciones`;

/** True when the company does not require a till, or the store has one open. */
export function tillRuleHolds(companyId: number, locationId: number | SQL): SQL<number> {
  return sql<number>`(NOT COALESCE((SELECT require_open_till FROM companies WHERE id = ${companyId}), 0)
    OR EXISTS (SELECT 1 FROM cash_sessions WHERE location_id = ${locationId} AND status = 'open'))`;
}

/** Whether the company requires an open till to sell at a store (Configuración). */
export async function tillRequired(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db.all<{ required: number | null }>(
    sql`SELECT require_open_till AS required FROM companies WHERE id = ${companyId}`,
  );
  return Boolean(row?.required);
}

/** The batch's statement that fails it when the rule does not hold when it runs. */
export function tillGuard(db: Db, companyId: number, locationId: number) {
  return requireThat(db, "till open when required", tillRuleHolds(companyId, locationId));
}

/**
 * What a dated sale must come after (see sale-date.ts): the latest closing of the location's tills and
 * the opening of its open till, each an ISO text or NULL.
 */
export function tillBoundsSql(companyId: number, locationId: number) {
  return {
    lastClosedAt: sql<
      string | null
    >`(SELECT MAX(closed_at) FROM cash_sessions WHERE company_id = ${companyId} AND location_id = ${locationId})`,
    openOpenedAt: sql<
      string | null
    >`(SELECT opened_at FROM cash_sessions WHERE company_id = ${companyId} AND location_id = ${locationId} AND status = 'open')`,
  };
}

/**
 * The batch's statement that fails it when a sale dated `saleDate` would fall inside or before a till
 * of the location as the batch runs: a till closed at or after that date (one closed since the read),
 * or opened after it. The date was chosen from a read before the batch; this holds it in the batch.
 */
export function saleDateGuard(db: Db, companyId: number, locationId: number, saleDate: string) {
  return requireThat(
    db,
    "sale date after the location's tills",
    sql`NOT EXISTS (SELECT 1 FROM cash_sessions WHERE company_id = ${companyId} AND location_id = ${locationId}
      AND (closed_at >= ${saleDate} OR opened_at > ${saleDate}))`,
  );
}
