// One rule for every cash exit of a store (a cash refund, an expense, a cash-out, the cash of a sale
// rejected after its till closed): the drawer of the store's open till must hold it. When it does not,
// an administrador's PIN with a reason covers the shortfall: a cash-in of exactly the missing amount,
// "cubierto por" that administrador, is written before the exit in the same batch, so the drawer never
// goes below zero and the Z report shows where the money came from. A store with no open till has no
// drawer to count (its company does not require one), and the exit goes through.
import { eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { CASH_COVER_HINT } from "../../../shared/messages";
import type { Db } from "../../db/client";
import { requireThat } from "../../db/guards";
import { cashMovements, companies } from "../../db/schema";
import { administradorByPin } from "../sales/price-authority";
import { conflict, invalid } from "../shared/errors";
import { copText } from "../shared/money";
import { expectedCashSql } from "./cash-sessions/figures";

export const CASH_EXIT_GUARD = "cash exit covered by the drawer";

/** The store's open till (its id), or NULL. */
const openTillOf = (locationId: number | SQL) =>
  sql<number>`(SELECT id FROM cash_sessions WHERE location_id = ${locationId} AND status = 'open')`;

/** The cash the store's open till holds now (centavos), or NULL when none is open. */
export function drawerCashSql(locationId: number | SQL) {
  return sql<
    number | null
  >`(CASE WHEN ${openTillOf(locationId)} IS NULL THEN NULL ELSE ${expectedCashSql(openTillOf(locationId))} END)`;
}

/** Fails the batch unless the open till (if any) holds `amount` centavos, before the exit is written. */
export function drawerGuard(db: Db, locationId: number | SQL, amount: number | SQL) {
  return requireThat(db, CASH_EXIT_GUARD, sql`COALESCE(${drawerCashSql(locationId)} >= ${amount}, 1)`);
}

/** What an administrador's PIN covers: who, and why. */
export interface CashCover {
  companyId: number;
  locationId: number;
  /** the administrador whose PIN it was */
  authorizedBy: number;
  /** who asked (the seller at the till) */
  userId: number;
  reason: string;
}

/**
 * The cash-in that makes the drawer hold `amount`: only the missing part, only while it is missing (a
 * statement for the exit's batch, before its guard).
 */
export function coverShortfall(db: Db, cover: CashCover, amount: number | SQL) {
  const held = drawerCashSql(cover.locationId);
  return movementWhere(
    db,
    {
      companyId: sql`${cover.companyId}`,
      sessionId: openTillOf(cover.locationId),
      kind: sql`'in'`,
      amount: sql`${amount} - ${held}`,
      reason: sql`'Cubierto con el PIN de ' || (SELECT first_name || ' ' || last_name FROM users WHERE id = ${cover.authorizedBy}) || ': ' || ${cover.reason}`,
      userId: sql`${cover.userId}`,
      authorizedBy: sql`${cover.authorizedBy}`,
    },
    sql`${held} IS NOT NULL AND ${held} < ${amount}`,
  );
}

type MovementValues = Record<Exclude<keyof typeof cashMovements.$inferSelect, "id" | "createdAt">, SQL>;

/** A cash movement written only when `condition` holds as the statement runs (a batch item). */
export function movementWhere(db: Db, values: MovementValues, condition: SQL) {
  const row: Record<keyof typeof cashMovements.$inferSelect, SQL> = {
    ...values,
    id: sql`NULL`,
    createdAt: sql.raw("strftime('%Y-%m-%dT%H:%M:%fZ','now')"),
  };
  const columns = Object.keys(getTableColumns(cashMovements)) as (keyof typeof row)[];
  return db.insert(cashMovements).select(
    sql`SELECT ${sql.join(
      columns.map((column) => row[column]),
      sql`, `,
    )} WHERE ${condition}`,
  );
}

/** What a caller may send to cover an exit: an administrador's PIN and why. */
export interface CoverRequest {
  adminPin: string | null;
  reason: string | null;
}

/** The cash the store's open till holds now (centavos; null with none open), as a read for a batch. */
export function drawerReading(db: Db, companyId: number, locationId: number) {
  return db
    .select({ held: drawerCashSql(locationId) })
    .from(companies)
    .where(eq(companies.id, companyId));
}

/**
 * Null when the open till (if any) holds `amount`; else the cover an administrador's PIN gives (403 for
 * a wrong PIN, 422 without a reason), or 409 saying what the drawer holds.
 */
export async function coverIfShort(
  db: Db,
  actor: { id: number; companyId: number },
  locationId: number,
  amount: number,
  request: CoverRequest,
): Promise<CashCover | null> {
  if (amount <= 0) return null;
  const [row] = await drawerReading(db, actor.companyId, locationId);
  return coverForDrawer(db, actor, locationId, amount, request, row?.held ?? null);
}

/** `coverIfShort` for a drawer already read (`held`, from `drawerReading` in the caller's read batch). */
export async function coverForDrawer(
  db: Db,
  actor: { id: number; companyId: number },
  locationId: number,
  amount: number,
  request: CoverRequest,
  held: number | null,
): Promise<CashCover | null> {
  if (amount <= 0 || held === null || held >= amount) return null;
  if (!request.adminPin) throw conflict(shortOfCashText(held, amount));
  const reason = request.reason?.trim();
  if (!reason) throw invalid(COVER_REASON_MISSING);
  const admin = await administradorByPin(db, actor.companyId, actor.id, request.adminPin);
  return { companyId: actor.companyId, locationId, authorizedBy: admin.id, userId: actor.id, reason };
}

export const COVER_REASON_MISSING = "Escribe el motivo por el que el administrador autoriza la salida de efectivo";

/** 409 when the open till cannot pay `amount` and no cover is given (the batch's guard holds it after). */
export async function assertDrawerCovers(db: Db, locationId: number, amount: number, cover: CashCover | null) {
  if (cover || amount <= 0) return;
  const [row] = await db.all<{ held: number | null }>(sql`SELECT ${drawerCashSql(locationId)} AS held`);
  if (row?.held != null && row.held < amount) throw conflict(shortOfCashText(row.held, amount));
}

/** The statements an exit's batch starts with: the PIN's cover (if any), then the guard. */
export function cashExitStatements(
  db: Db,
  locationId: number,
  amount: number | SQL,
  cover: CashCover | null,
): BatchItem<"sqlite">[] {
  return [...(cover ? [coverShortfall(db, cover, amount)] : []), drawerGuard(db, locationId, amount)];
}

/** The Spanish 409 of an exit the drawer cannot pay. */
export function shortOfCashText(held: number, amount: number) {
  return `No hay suficiente efectivo en la caja: hay ${copText(held)} y se necesitan ${copText(amount)}. ${CASH_COVER_HINT}`;
}
