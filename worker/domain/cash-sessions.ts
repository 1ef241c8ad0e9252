// The till of a store (caja): opened with a float, fed by the store's cash sales, its cash expenses and
// cash put in or taken out by hand, closed once with what was counted. What the drawer should hold is
// always computed from those records (never kept as a running total that could drift), and every
// guarded change is one statement or one batch: a second opening, a cash-out above the drawer or a
// second closing changes nothing and answers 409.
import { and, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { isGuardFailure, requireChanged } from "../db/guards";
import { cashMovements, cashSessions, companies, locations, users } from "../db/schema";
import { writeThenRead } from "../db/write-then-read";
import { conflict, notFound, unprocessable } from "../lib/errors";
import { type Page, pageInfo } from "../lib/paging";
import { coverIfShort, coverShortfall, movementWhere, shortOfCashText } from "./cash-exits";
import { copText, toCentavos, toPesos } from "./money";
import { isConstraint } from "./sales/statements";

export interface TillActor {
  id: number;
  companyId: number;
  locationId: number;
  locationName: string;
}

type Session = typeof cashSessions.$inferSelect;

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

type Figures = { session_id: number } & Record<(typeof FIGURES)[number], number>;

/**
 * Each session's figures in one query for any number of sessions (≤ 60 ids bound): a closed session's
 * as frozen at its closing, an open one's (or one closed before figures were kept) from its records.
 * A query builder, so it joins a caller's batch.
 */
function figuresStatement(db: Db, ids: readonly number[]) {
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

const pesosOrNull = (centavos: number | null) => (centavos === null ? null : toPesos(centavos));

/** Who a view names: who opened a session and who closed it. */
type Viewed = Pick<Session, "id" | "locationId" | "companyId" | "openedBy" | "closedBy">;

/**
 * The reads behind sessions' views, for one batch: their figures, stores, companies' thresholds, people
 * and movements (viewsOf assembles them).
 */
function viewStatements(db: Db, rows: readonly Viewed[]) {
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

function viewsOf(rows: readonly Session[], [figures, places, thresholds, names, movements]: ViewReads) {
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
async function sessionViews(db: Db, rows: readonly Session[]) {
  if (rows.length === 0) return [];
  return viewsOf(rows, await readViews(db, rows));
}

async function sessionView(db: Db, s: Session) {
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

function sessionStatement(db: Db, companyId: number, id: number) {
  return db
    .select()
    .from(cashSessions)
    .where(and(eq(cashSessions.companyId, companyId), eq(cashSessions.id, id)))
    .limit(1);
}

async function sessionOf(db: Db, companyId: number, id: number) {
  const [row] = await sessionStatement(db, companyId, id);
  if (!row) throw notFound("Caja no encontrada");
  return row;
}

/** A seller's session: one of their own store (another store's is 404 to them, as another company's). */
async function tillSession(db: Db, actor: TillActor, id: number) {
  const row = await sessionOf(db, actor.companyId, id);
  if (row.locationId !== actor.locationId) throw notFound("Caja no encontrada");
  return row;
}

/** The open session of the actor's store, or null. */
export async function currentSession(db: Db, actor: TillActor) {
  const [row] = await db
    .select()
    .from(cashSessions)
    .where(
      and(
        eq(cashSessions.companyId, actor.companyId),
        eq(cashSessions.locationId, actor.locationId),
        eq(cashSessions.status, "open"),
      ),
    )
    .limit(1);
  return row ? sessionView(db, row) : null;
}

export async function openSession(db: Db, actor: TillActor, openingFloatPesos: number) {
  try {
    const [row] = await db
      .insert(cashSessions)
      .values({
        companyId: actor.companyId,
        locationId: actor.locationId,
        openedBy: actor.id,
        openingFloat: toCentavos(openingFloatPesos),
      })
      .returning();
    if (!row) throw new Error("cash session not inserted");
    return sessionView(db, row);
  } catch (err) {
    if (isConstraint(err, "UNIQUE"))
      throw conflict(`Ya hay una caja abierta en ${actor.locationName}; ciérrala antes de abrir otra`);
    throw err;
  }
}

/**
 * Cash in or out by hand; out never takes more than the drawer holds (decided by the INSERT itself),
 * unless an administrador's PIN covers the shortfall (cash-exits.ts).
 */
export async function addMovement(
  db: Db,
  actor: TillActor,
  sessionId: number,
  input: { kind: "in" | "out"; amount: number; reason: string; admin_pin?: string | null | undefined },
) {
  const session = await tillSession(db, actor, sessionId);
  if (session.status !== "open") throw conflict("La caja está cerrada; abre una nueva para registrar movimientos");
  const amount = toCentavos(input.amount);
  const cover =
    input.kind === "out"
      ? await coverIfShort(db, actor, actor.locationId, amount, {
          adminPin: input.admin_pin ?? null,
          reason: input.reason,
        })
      : null;
  const allowed = input.kind === "in" ? sql`1` : sql`${expectedCashSql(sessionId)} >= ${amount}`;
  const insert = movementWhere(
    db,
    {
      companyId: sql`${actor.companyId}`,
      sessionId: sql`${sessionId}`,
      kind: sql`${input.kind}`,
      amount: sql`${amount}`,
      reason: sql`${input.reason}`,
      userId: sql`${actor.id}`,
      authorizedBy: sql`NULL`,
    },
    sql`EXISTS (SELECT 1 FROM cash_sessions WHERE id = ${sessionId} AND status = 'open') AND ${allowed}`,
  ).returning({ id: cashMovements.id });
  const [inserted] = cover ? (await db.batch([coverShortfall(db, cover, amount), insert]))[1] : await insert;
  if (!inserted) {
    const now = await sessionOf(db, actor.companyId, sessionId);
    if (now.status !== "open") throw conflict("La caja está cerrada; abre una nueva para registrar movimientos");
    const [figures] = await figuresStatement(db, [sessionId]);
    const held = Number(figures?.expected_cash ?? 0);
    throw conflict(shortOfCashText(held, amount));
  }
  return sessionView(db, await sessionOf(db, actor.companyId, sessionId));
}

export interface Count {
  counted_cash: number;
  counted_card?: number | null | undefined;
  counted_transfer?: number | null | undefined;
  note?: string | null | undefined;
}

/**
 * Closes a session once: what was counted against what was expected at that moment (kept with it).
 * A difference needs a note. The UPDATE is guarded by the open status, so a second close is 409.
 */
export async function closeSession(db: Db, actor: TillActor, sessionId: number, count: Count) {
  // two round trips (issue 34): the session with its figures, then the close with the answer's reads
  const [[session], [expected]] = await db.batch([
    sessionStatement(db, actor.companyId, sessionId),
    figuresStatement(db, [sessionId]),
  ]);
  // another store's session is 404 to a seller, as another company's
  if (!session || session.locationId !== actor.locationId) throw notFound("Caja no encontrada");
  if (session.status !== "open") throw conflict("La caja ya está cerrada");
  if (!expected) throw new Error("cash session figures not read");
  const counted = {
    cash: toCentavos(count.counted_cash),
    card: count.counted_card === undefined || count.counted_card === null ? null : toCentavos(count.counted_card),
    transfer:
      count.counted_transfer === undefined || count.counted_transfer === null
        ? null
        : toCentavos(count.counted_transfer),
  };
  const differs =
    counted.cash !== expected.expected_cash ||
    (counted.card !== null && counted.card !== expected.card - expected.card_refunds - expected.card_rejected) ||
    (counted.transfer !== null &&
      counted.transfer !== expected.transfer - expected.transfer_refunds - expected.transfer_rejected);
  if (differs && !count.note?.trim()) {
    throw unprocessable(
      `Lo contado no coincide con lo esperado (efectivo esperado ${copText(expected.expected_cash)}): explica la diferencia en una nota`,
    );
  }
  const now = new Date().toISOString();
  let reads: Awaited<ReturnType<typeof closeAndRead>>;
  try {
    reads = await closeAndRead(db, actor, session, { ...counted, note: count.note?.trim() || null, at: now });
  } catch (err) {
    if (isGuardFailure(err)) throw conflict("La caja ya está cerrada");
    throw err;
  }
  const [[closed], ...views] = reads;
  if (!closed) throw new Error("cash session not read after closing");
  const [view] = viewsOf([closed], views);
  if (!view) throw new Error("cash session not viewed");
  return view;
}

/**
 * The closing (guarded by the open status; the expected figures are written from the same records at
 * the same instant the status flips), then the closed session and its view's reads, in one batch.
 */
function closeAndRead(
  db: Db,
  actor: TillActor,
  session: Session,
  closing: { cash: number; card: number | null; transfer: number | null; note: string | null; at: string },
) {
  return writeThenRead(
    db,
    [
      db
        .update(cashSessions)
        .set({
          status: "closed",
          closedBy: actor.id,
          closedAt: closing.at,
          ...closingExpectations(session.id),
          countedCash: closing.cash,
          countedCard: closing.card,
          countedTransfer: closing.transfer,
          closeNote: closing.note,
        })
        .where(and(eq(cashSessions.id, session.id), eq(cashSessions.status, "open"))),
      requireChanged(db, "cash_session_open"),
    ],
    [sessionStatement(db, actor.companyId, session.id), ...viewStatements(db, [{ ...session, closedBy: actor.id }])],
  );
}

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
  const [rows, [counted]] = await db.batch([
    db
      .select()
      .from(cashSessions)
      .where(where)
      .orderBy(desc(cashSessions.openedAt), desc(cashSessions.id))
      // a page's ids are bound in one query (D1 takes 100 at most): the route caps the page at 60
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`COUNT(*)` }).from(cashSessions).where(where),
  ]);
  return { sessions: await sessionViews(db, rows), ...pageInfo(page, Number(counted?.n ?? 0)) };
}

export async function oneSession(db: Db, companyId: number, id: number) {
  return sessionView(db, await sessionOf(db, companyId, id));
}
