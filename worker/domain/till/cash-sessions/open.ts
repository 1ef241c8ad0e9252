// The till: the store's open session, and opening one with its float.

import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { cashSessions } from "../../../db/schema";
import { insertedOrRefused } from "../../sales/statements";
import { conflict } from "../../shared/errors";
import { toCentavos } from "../../shared/money";
import type { TillActor } from "./types";
import { sessionView } from "./view";

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
  const row = await insertedOrRefused(
    db
      .insert(cashSessions)
      .values({
        companyId: actor.companyId,
        locationId: actor.locationId,
        openedBy: actor.id,
        openingFloat: toCentavos(openingFloatPesos),
      })
      .returning(),
    () => conflict(`Ya hay una caja abierta en ${actor.locationName}; ciérrala antes de abrir otra`),
    "cash session",
  );
  return sessionView(db, row);
}
