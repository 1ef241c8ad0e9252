// The demo company's tills: closed sessions of the last days at each store (counted, one short with its
// note, one flagged above the alert threshold) and one open since this morning, so the seller can sell
// (the demo company requires an open till) and the administrador's Cajas has a history to read.
import { and, eq, sql } from "drizzle-orm";
import { toCentavos } from "../../domain/shared/money";
import { bogotaDate, bogotaDayRange } from "../../domain/shared/time";
import { closingExpectations } from "../../domain/till/cash-sessions/figures";
import type { Db } from "../client";
import { cashSessions, locations, sales, users } from "../schema";

const PAST_DAYS = 6;
const HOUR = 60 * 60_000;

/** What was counted against what was expected, per day back (pesos): most tills square. */
const COUNT_DIFFERENCE: Record<number, { pesos: number; note: string }> = {
  2: { pesos: -5_000, note: "Faltó sencillo: se dio cambio de más en una venta" },
  4: { pesos: -32_000, note: "Faltante sin explicar: se revisa con el vendedor" },
};

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 24 * HOUR).toISOString().slice(0, 10);

export async function seedTills(db: Db, companyId: number, now: Date) {
  const stores = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.type, "local"), eq(locations.isActive, true)));
  const staff = await db
    .select({ id: users.id, role: users.role, locationId: users.locationId })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true)))
    .orderBy(users.id);
  const administrador = staff.find((u) => u.role === "administrador")?.id ?? null;
  const today = bogotaDate(now);
  for (const store of stores) {
    // the store's first seller opens and closes it; a store without one, the administrador
    const opener = staff.find((u) => u.role === "seller" && u.locationId === store.id)?.id ?? administrador;
    if (opener === null) continue;
    for (let back = PAST_DAYS; back >= 1; back--) {
      const { start } = bogotaDayRange(addDays(today, -back));
      const openedAt = new Date(Date.parse(start) + 8 * HOUR).toISOString();
      const closedAt = new Date(Date.parse(start) + 20 * HOUR).toISOString();
      const [session] = await db
        .insert(cashSessions)
        .values({
          companyId,
          locationId: store.id,
          status: "closed",
          openedBy: opener,
          openedAt,
          openingFloat: toCentavos(150_000),
          closedBy: opener,
          closedAt,
        })
        .returning({ id: cashSessions.id });
      if (!session) continue;
      const difference = COUNT_DIFFERENCE[back];
      const expected = closingExpectations(session.id);
      await db
        .update(cashSessions)
        .set({
          ...expected,
          countedCash: sql`${expected.expectedCash} + ${toCentavos(difference?.pesos ?? 0)}`,
          countedCard: expected.expectedCard,
          closeNote: difference?.note ?? null,
        })
        .where(eq(cashSessions.id, session.id));
    }
    // today's till, open since before the first sale of the day (and never before the day began)
    const { start } = bogotaDayRange(today);
    const [first] = await db
      .select({ at: sql<string | null>`MIN(${sales.saleDate})` })
      .from(sales)
      .where(and(eq(sales.locationId, store.id), sql`${sales.saleDate} >= ${start}`));
    const earliest = Math.min(first?.at ? Date.parse(first.at) : now.getTime(), now.getTime()) - 5 * 60_000;
    await db.insert(cashSessions).values({
      companyId,
      locationId: store.id,
      status: "open",
      openedBy: opener,
      openedAt: new Date(Math.max(Date.parse(start), earliest)).toISOString(),
      openingFloat: toCentavos(150_000),
    });
  }
}
