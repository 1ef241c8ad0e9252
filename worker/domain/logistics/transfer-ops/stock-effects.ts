// The stock a transition moves: reservations, departures, arrivals and discrepancies, as batch statements.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { plural, pluralWord } from "../../../../shared/plural";
import type { Db } from "../../../db/client";
import { inventory, notifications, stockDiscrepancies } from "../../../db/schema";
import { alertNoticeStatements, discrepancyAlertStatement, lowStockAlertStatement } from "../../alerts/enqueue";
import { stockChangeStatements } from "../../stock/ledger";
import { pairFormationStatements, splitForFeetStatements } from "../../stock/pairing";
import { unitsOf } from "../transfers/plan";
import { type ReceptionOutcome, receptionOutcome } from "../transfers/reception";
import { kindOf } from "./apply";
import type { Actor, TransferRow, TransitionPayload } from "./types";

/** Reserve or release units at a cell (the CHECK stops reserving more than there is). */
export function reservation(db: Db, t: TransferRow, locationId: number, sign: 1 | -1) {
  const units = unitsOf(t);
  const cell = and(
    eq(inventory.productId, t.productId ?? 0),
    eq(inventory.locationId, locationId),
    eq(inventory.size, t.size),
  ) as SQL;
  const ensure = db
    .insert(inventory)
    .values({ companyId: t.companyId, productId: t.productId ?? 0, locationId, size: t.size })
    .onConflictDoNothing({ target: [inventory.productId, inventory.locationId, inventory.size] });
  const update = db
    .update(inventory)
    .set({
      reservedPairs: sql`${inventory.reservedPairs} + ${sign * (units.pairs ?? 0)}`,
      reservedLeft: sql`${inventory.reservedLeft} + ${sign * (units.left ?? 0)}`,
      reservedRight: sql`${inventory.reservedRight} + ${sign * (units.right ?? 0)}`,
    })
    .where(cell);
  return [ensure, update] as const;
}

const footOf = (t: TransferRow) => (t.footSide === "left" ? "left" : "right");

function negate(units: { pairs?: number; left?: number; right?: number }) {
  return { pairs: -(units.pairs ?? 0), left: -(units.left ?? 0), right: -(units.right ?? 0) };
}

/** Where the units sit at each step: a transfer leaves its source; a return leaves the seller's location (its source too). */
export function stockStatements(
  db: Db,
  t: TransferRow,
  effect: string,
  actor: Actor,
  payload: TransitionPayload,
): BatchItem<"sqlite">[] {
  const units = unitsOf(t);
  const isReturn = kindOf(t) === "return";
  const base = {
    companyId: t.companyId,
    productId: t.productId ?? 0,
    size: t.size,
    transferId: t.id,
    userId: actor.id,
  };
  const sourceCell = { ...base, locationId: t.sourceLocationId };
  switch (effect) {
    case "reserve": {
      // a single foot sent back may have been paired on arrival: its pair is split so the foot can go
      const [ensure, reserve] = reservation(db, t, t.sourceLocationId, 1);
      const foot = isReturn && t.transferType === "single_foot" ? footOf(t) : null;
      const split = foot
        ? splitForFeetStatements(db, sourceCell, foot, t.quantity, { userId: actor.id, transferId: t.id })
        : [];
      // pairs reserved count out of what the source has available: its minimum may be crossed (issue 37);
      // reserved single feet are not in "available" (a split pair is left out: docs/alerts.md)
      const pairs = units.pairs ?? 0;
      // this acceptance (a lapsed reservation goes back to pending and may be accepted again): the status
      // UPDATE before it in the batch has set accepted_at
      const cause = sql`${`reserva:${t.id}:`} || COALESCE((SELECT accepted_at FROM transfer_requests WHERE id = ${t.id}), '')`;
      const alert =
        pairs > 0
          ? [
              lowStockAlertStatement(db, t.companyId, t.sourceLocationId, t.productId ?? 0, pairs, cause),
              ...alertNoticeStatements(db, t.companyId),
            ]
          : [];
      return [ensure, ...split, reserve, ...alert];
    }
    case "release":
      // freed feet pair with the free feet of the other side that wait there
      return [
        ...reservation(db, t, t.sourceLocationId, -1),
        ...(t.transferType === "single_foot"
          ? pairFormationStatements(db, sourceCell, { userId: actor.id, transferId: t.id })
          : []),
      ];
    case "out":
      return [
        ...reservation(db, t, t.sourceLocationId, -1),
        ...stockChangeStatements(db, {
          ...base,
          locationId: t.sourceLocationId,
          delta: negate(units),
          reason: isReturn ? "return_out" : "transfer_out",
        }),
      ];
    case "in": {
      const outcome = receptionOutcome(kindOf(t), t.quantity, payload);
      const unit = t.transferType === "single_foot" ? footOf(t) : "pair";
      const arriving =
        unit === "left"
          ? { left: outcome.sellable }
          : unit === "right"
            ? { right: outcome.sellable }
            : { pairs: outcome.sellable };
      const held = (["short", "damaged"] as const)
        .filter((kind) => outcome[kind] > 0)
        .map((kind) =>
          db.insert(stockDiscrepancies).values({
            companyId: t.companyId,
            transferId: t.id,
            productId: t.productId ?? 0,
            locationId: t.destinationLocationId,
            size: t.size,
            unit,
            kind,
            quantity: outcome[kind],
            reportedBy: actor.id,
            notes: payload.notes ?? null,
          }),
        );
      const alert: BatchItem<"sqlite">[] =
        held.length === 0
          ? []
          : [
              db.insert(notifications).values({
                companyId: t.companyId,
                userId: null,
                locationId: t.destinationLocationId,
                type: "alert",
                title: "Recepción con diferencias",
                message: discrepancyText(t, outcome),
                transferId: t.id,
              }),
              // the alert e-mail and the administradores' notices (issue 37), once per reception
              discrepancyAlertStatement(
                db,
                t.companyId,
                { id: t.id, locationId: t.destinationLocationId },
                discrepancyText(t, outcome),
              ),
              ...alertNoticeStatements(db, t.companyId),
            ];
      const entry =
        outcome.sellable === 0
          ? []
          : stockChangeStatements(db, {
              ...base,
              locationId: t.destinationLocationId,
              delta: arriving,
              reason: isReturn ? "return_in" : "transfer_in",
            });
      return [...entry, ...held, ...alert];
    }
    case "back":
      // what left the source comes back into it (feet pair up with free ones there, as on any arrival)
      return [...stockChangeStatements(db, { ...sourceCell, delta: units, reason: "transfer_back" })];
    default:
      return [];
  }
}

/** The administrador's alert: which units did not arrive as sent. */
function discrepancyText(t: TransferRow, outcome: ReceptionOutcome): string {
  const units = (n: number) =>
    t.transferType === "single_foot" ? plural(n, "pie", "pies") : plural(n, "par", "pares");
  const parts = [
    outcome.short > 0 ? `${units(outcome.short)} ${pluralWord(outcome.short, "faltante", "faltantes")}` : null,
    outcome.damaged > 0 ? `${units(outcome.damaged)} ${pluralWord(outcome.damaged, "dañado", "dañados")}` : null,
  ].filter(Boolean);
  const what = t.requestType === "return" ? "devolución" : "transferencia";
  return `${t.brand} ${t.model} talla ${t.size} (${what} #${t.id}): ${parts.join(" y ")} de ${units(t.quantity)} ${pluralWord(t.quantity, "enviado", "enviados")}.`;
}
