// The till: cash put in or taken out by hand.

import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { cashMovements } from "../../../db/schema";
import { conflict } from "../../shared/errors";
import { toCentavos } from "../../shared/money";
import { coverIfShort, coverShortfall, movementWhere, shortOfCashText } from "../cash-exits";
import { expectedCashSql, figuresStatement } from "./figures";
import type { TillActor } from "./types";
import { sessionOf, sessionView, tillSession } from "./view";

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
