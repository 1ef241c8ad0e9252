// The till: closing a session once, with what was counted.

import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { isGuardFailure, requireChanged } from "../../../db/guards";
import { cashSessions } from "../../../db/schema";
import { writeThenRead } from "../../../db/write-then-read";
import { alertNoticeStatements, tillDifferenceAlertStatement } from "../../alerts/enqueue";
import { conflict, invalid, notFound } from "../../shared/errors";
import { copText, toCentavos } from "../../shared/money";
import { closingExpectations, figuresStatement } from "./figures";
import type { Session, TillActor } from "./types";
import { sessionStatement, viewStatements, viewsOf } from "./view";

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
    throw invalid(
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
      // a cash difference above the company's threshold: its alert e-mail and notices (issue 37)
      tillDifferenceAlertStatement(db, actor.companyId, session.id),
      ...alertNoticeStatements(db, actor.companyId),
    ],
    [sessionStatement(db, actor.companyId, session.id), ...viewStatements(db, [{ ...session, closedBy: actor.id }])],
  );
}
