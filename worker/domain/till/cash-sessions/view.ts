// The till: a session as the API answers it (figures, store, thresholds, people, movements), read in one batch.

import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { cashMovements, cashSessions, companies, locations, users } from "../../../db/schema";
import { companyRowRead } from "../../shared/company-row";
import { notFound } from "../../shared/errors";
import { toPesos } from "../../shared/money";
import { type Figures, figuresStatement } from "./figures";
import type { Session, TillActor } from "./types";

const pesosOrNull = (centavos: number | null) => (centavos === null ? null : toPesos(centavos));

/** Who a view names: who opened a session and who closed it. */
type Viewed = Pick<Session, "id" | "locationId" | "companyId" | "openedBy" | "closedBy">;

/**
 * The reads behind sessions' views, for one batch: their figures, stores, companies' thresholds, people
 * and movements (viewsOf assembles them).
 */
export function viewStatements(db: Db, rows: readonly Viewed[]) {
  const ids = rows.map((r) => r.id);
  const people = [...new Set(rows.flatMap((r) => [r.openedBy, r.closedBy ?? r.openedBy]))];
  return [
    figuresStatement(db, ids),
    db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(inArray(locations.id, [...new Set(rows.map((r) => r.locationId))])),
    // the company's threshold: a cash difference above it is flagged to the administrador
    db
      .select({ id: companies.id, threshold: companies.tillAlertThreshold })
      .from(companies)
      .where(inArray(companies.id, [...new Set(rows.map((r) => r.companyId))])),
    db
      .select({ id: users.id, first: users.firstName, last: users.lastName })
      .from(users)
      .where(inArray(users.id, people)),
    db
      .select({ m: cashMovements, first: users.firstName, last: users.lastName })
      .from(cashMovements)
      .innerJoin(users, eq(users.id, cashMovements.userId))
      .where(inArray(cashMovements.sessionId, ids))
      .orderBy(cashMovements.id),
  ] as const;
}

type ViewReads = Awaited<ReturnType<typeof readViews>>;
// only for its type: what viewStatements answer
const readViews = (db: Db, rows: readonly Viewed[]) => db.batch(viewStatements(db, rows));

export function viewsOf(rows: readonly Session[], [figures, places, thresholds, names, movements]: ViewReads) {
  return rows.map((s) => {
    const f = figures.find((x) => Number(x.session_id) === s.id);
    if (!f) throw new Error("cash session figures not read");
    return viewOf(s, f, {
      place: places.find((p) => p.id === s.locationId)?.name ?? "",
      threshold: thresholds.find((t) => t.id === s.companyId)?.threshold ?? 0,
      people: names,
      movements: movements.filter((m) => m.m.sessionId === s.id),
    });
  });
}

/** Sessions as answered (their figures, and once closed what was counted and the differences), in one round trip. */
export async function sessionViews(db: Db, rows: readonly Session[]) {
  if (rows.length === 0) return [];
  return viewsOf(rows, await readViews(db, rows));
}

export async function sessionView(db: Db, s: Session) {
  const [view] = await sessionViews(db, [s]);
  if (!view) throw new Error("cash session not viewed");
  return view;
}

function viewOf(
  s: Session,
  f: Figures,
  read: {
    place: string;
    threshold: number;
    people: { id: number; first: string; last: string }[];
    movements: { m: typeof cashMovements.$inferSelect; first: string; last: string }[];
  },
) {
  const { people, movements } = read;
  const nameOf = (id: number | null) => {
    const p = people.find((u) => u.id === id);
    return p ? `${p.first} ${p.last}` : null;
  };
  const closed = s.status === "closed";
  const expected = {
    efectivo: toPesos(closed ? (s.expectedCash ?? 0) : f.expected_cash),
    tarjeta: toPesos(closed ? (s.expectedCard ?? 0) : f.card - f.card_refunds - f.card_rejected),
    transferencia: toPesos(closed ? (s.expectedTransfer ?? 0) : f.transfer - f.transfer_refunds - f.transfer_rejected),
  };
  const counted = {
    efectivo: pesosOrNull(s.countedCash),
    tarjeta: pesosOrNull(s.countedCard),
    transferencia: pesosOrNull(s.countedTransfer),
  };
  const difference = (method: keyof typeof expected) => {
    const c = counted[method];
    return c === null ? null : c - expected[method];
  };
  const cashDifference = difference("efectivo");
  return {
    id: s.id,
    location_id: s.locationId,
    location_name: read.place,
    status: s.status,
    opened_at: s.openedAt,
    opened_by_name: nameOf(s.openedBy),
    opening_float: toPesos(s.openingFloat),
    closed_at: s.closedAt,
    closed_by_name: nameOf(s.closedBy),
    totals: {
      cash_sales: toPesos(f.cash_sales),
      card_sales: toPesos(f.card),
      transfer_sales: toPesos(f.transfer),
      // what went back to customers (returns), per method
      cash_refunds: toPesos(f.cash_refunds),
      card_refunds: toPesos(f.card_refunds),
      transfer_refunds: toPesos(f.transfer_refunds),
      // sales of an earlier (closed) till rejected during this one, per method
      cash_rejected: toPesos(f.cash_rejected),
      card_rejected: toPesos(f.card_rejected),
      transfer_rejected: toPesos(f.transfer_rejected),
      cash_in: toPesos(f.cash_in),
      cash_out: toPesos(f.cash_out),
      cash_expenses: toPesos(f.expenses),
    },
    expected,
    counted,
    difference: {
      efectivo: cashDifference,
      tarjeta: difference("tarjeta"),
      transferencia: difference("transferencia"),
    },
    alert_threshold: toPesos(read.threshold),
    alert: cashDifference !== null && Math.abs(cashDifference) > toPesos(read.threshold),
    close_note: s.closeNote,
    movements: movements.map(({ m, first, last }) => ({
      id: m.id,
      kind: m.kind,
      amount: toPesos(m.amount),
      reason: m.reason,
      user_name: `${first} ${last}`,
      created_at: m.createdAt,
    })),
  };
}

export type CashSessionView = Awaited<ReturnType<typeof sessionView>>;

export function sessionStatement(db: Db, companyId: number, id: number) {
  return companyRowRead(db, cashSessions, companyId, id);
}

export async function sessionOf(db: Db, companyId: number, id: number) {
  const [row] = await sessionStatement(db, companyId, id);
  if (!row) throw notFound("Caja no encontrada");
  return row;
}

/** A seller's session: one of their own store (another store's is 404 to them, as another company's). */
export async function tillSession(db: Db, actor: TillActor, id: number) {
  const row = await sessionOf(db, actor.companyId, id);
  if (row.locationId !== actor.locationId) throw notFound("Caja no encontrada");
  return row;
}
