// The till: its figures, always computed in SQL from the records of a session's window.

import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";

/** The end of a session's window: its closing, or now while it is open. */
const windowEnd = (s: SQL | string) => sql`COALESCE(${s}, strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** What one payment method brought in during a session: the store's completed sales in its window. */
function salesIn(sessionId: number | SQL, method: "efectivo" | "tarjeta" | "transferencia") {
  return sql<number>`(SELECT COALESCE(SUM(p.amount), 0) FROM sale_payments p JOIN sales s ON s.id = p.sale_id
    JOIN cash_sessions c ON c.id = ${sessionId}
    WHERE s.location_id = c.location_id AND s.status = 'completed' AND p.payment_type = ${method}
      AND s.sale_date >= c.opened_at AND s.sale_date <= ${windowEnd(sql`c.closed_at`)})`;
}

/** What one method gave back to customers during a session: the store's returns refunded that way. */
function refundsIn(sessionId: number | SQL, method: "efectivo" | "tarjeta" | "transferencia") {
  return sql<number>`(SELECT COALESCE(SUM(r.refund_amount), 0) FROM sale_returns r JOIN cash_sessions c ON c.id = ${sessionId}
    WHERE r.location_id = c.location_id AND r.refund_method = ${method}
      AND r.created_at >= c.opened_at AND r.created_at <= ${windowEnd(sql`c.closed_at`)})`;
}

/**
 * What one method gave back during a session for sales of an earlier (closed) till rejected in it: the
 * closed till keeps its figures, the rejection is recorded here.
 */
function rejectedIn(sessionId: number | SQL, method: "efectivo" | "tarjeta" | "transferencia") {
  return sql<number>`(SELECT COALESCE(SUM(p.amount), 0) FROM sale_payments p JOIN sales s ON s.id = p.sale_id
    JOIN cash_sessions c ON c.id = ${sessionId}
    WHERE s.location_id = c.location_id AND s.status = 'rejected' AND p.payment_type = ${method}
      AND s.sale_date < c.opened_at AND s.confirmed_at >= c.opened_at AND s.confirmed_at <= ${windowEnd(sql`c.closed_at`)})`;
}

/** What one method should add up to at closing: its sales less its refunds and rejections. */
function netIn(sessionId: number | SQL, method: "tarjeta" | "transferencia") {
  return sql<number>`(${salesIn(sessionId, method)} - ${refundsIn(sessionId, method)} - ${rejectedIn(sessionId, method)})`;
}

/** The store's expenses paid from the drawer during a session. */
function expensesIn(sessionId: number | SQL) {
  return sql<number>`(SELECT COALESCE(SUM(e.amount), 0) FROM expenses e JOIN cash_sessions c ON c.id = ${sessionId}
    WHERE e.location_id = c.location_id AND e.created_at >= c.opened_at AND e.created_at <= ${windowEnd(sql`c.closed_at`)})`;
}

function movementsIn(sessionId: number | SQL, kind: "in" | "out") {
  return sql<number>`(SELECT COALESCE(SUM(m.amount), 0) FROM cash_movements m WHERE m.session_id = ${sessionId} AND m.kind = ${kind})`;
}

/**
 * What a closing writes, from the records at that instant: the expected amounts and the whole Z report's
 * figures, frozen (the demo seed closes past days with it).
 */
export function closingExpectations(sessionId: number | SQL) {
  const live = liveFigures(sessionId);
  return {
    expectedCash: sql<number>`${expectedCashSql(sessionId)}`,
    expectedCard: sql<number>`${netIn(sessionId, "tarjeta")}`,
    expectedTransfer: sql<number>`${netIn(sessionId, "transferencia")}`,
    closingFigures: sql<string>`json_object(${sql.join(
      FIGURES.map((name) => sql`${name}, ${live[name]}`),
      sql`, `,
    )})`,
  };
}

/**
 * The cash the drawer should hold (centavos): float + cash sales − cash refunds − cash of rejected earlier
 * sales + cash in − cash out − expenses.
 */
export function expectedCashSql(sessionId: number | SQL) {
  return sql<number>`((SELECT opening_float FROM cash_sessions WHERE id = ${sessionId}) + ${salesIn(sessionId, "efectivo")}
    - ${refundsIn(sessionId, "efectivo")} - ${rejectedIn(sessionId, "efectivo")} + ${movementsIn(sessionId, "in")}
    - ${movementsIn(sessionId, "out")} - ${expensesIn(sessionId)})`;
}

/** The Z report's figures, by name (centavos). */
const FIGURES = [
  "cash_sales",
  "card",
  "transfer",
  "cash_refunds",
  "card_refunds",
  "transfer_refunds",
  "cash_rejected",
  "card_rejected",
  "transfer_rejected",
  "cash_in",
  "cash_out",
  "expenses",
  "expected_cash",
] as const;

/** Each figure computed from the records now. */
function liveFigures(id: number | SQL): Record<(typeof FIGURES)[number], SQL> {
  return {
    cash_sales: salesIn(id, "efectivo"),
    card: salesIn(id, "tarjeta"),
    transfer: salesIn(id, "transferencia"),
    cash_refunds: refundsIn(id, "efectivo"),
    card_refunds: refundsIn(id, "tarjeta"),
    transfer_refunds: refundsIn(id, "transferencia"),
    cash_rejected: rejectedIn(id, "efectivo"),
    card_rejected: rejectedIn(id, "tarjeta"),
    transfer_rejected: rejectedIn(id, "transferencia"),
    cash_in: movementsIn(id, "in"),
    cash_out: movementsIn(id, "out"),
    expenses: expensesIn(id),
    expected_cash: expectedCashSql(id),
  };
}

export type Figures = { session_id: number } & Record<(typeof FIGURES)[number], number>;

/**
 * Each session's figures in one query for any number of sessions (≤ 60 ids bound): a closed session's
 * as frozen at its closing, an open one's (or one closed before figures were kept) from its records.
 * A query builder, so it joins a caller's batch.
 */
export function figuresStatement(db: Db, ids: readonly number[]) {
  // the outer alias differs from the subqueries' own `c`, which would otherwise shadow it
  const live = liveFigures(sql`listed.id`);
  const columns = Object.fromEntries(
    FIGURES.map((name) => [
      name,
      sql<number>`CASE WHEN listed.closing_figures IS NOT NULL THEN json_extract(listed.closing_figures, ${`$.${name}`})
        ELSE ${live[name]} END`.as(name),
    ]),
  ) as Record<(typeof FIGURES)[number], SQL.Aliased<number>>;
  return db
    .select({ session_id: sql<number>`listed.id`.as("session_id"), ...columns })
    .from(sql`cash_sessions listed`)
    .where(
      sql`listed.id IN (${sql.join(
        ids.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
}
