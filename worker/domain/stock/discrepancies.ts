// Units a reception did not add up to (short or damaged) stay accounted for until the administrador
// resolves them: written off with a reason, or found and put back into sellable stock. Both through
// the stock ledger, in one guarded batch, so a unit is resolved once however many clicks arrive.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { isGuardFailure, requireChanged } from "../../db/guards";
import { locations, stockDiscrepancies, stockMovements, transferRequests, users } from "../../db/schema";
import type { Page } from "../../lib/paging";
import { companyRowOf } from "../shared/company-row";
import { conflict, notFound } from "../shared/errors";
import { stockChangeStatements } from "./ledger";

export const ALREADY_RESOLVED = "Esta diferencia ya fue resuelta";
export const NOTHING_SELLABLE =
  "Esta transferencia no dejó unidades vendibles en tu local (llegaron faltantes o dañadas)";

/**
 * Units a completed transfer left sellable at its destination: those received, minus those reported
 * damaged (held as a discrepancy, not in stock). What a sale or a return of the transfer may take.
 */
export async function sellableUnitsOf(
  db: Db,
  t: { id: number; quantity: number; receivedQuantity: number | null },
): Promise<number> {
  const [held] = await db
    .select({ units: sql<number>`COALESCE(SUM(${stockDiscrepancies.quantity}), 0)` })
    .from(stockDiscrepancies)
    .where(and(eq(stockDiscrepancies.transferId, t.id), eq(stockDiscrepancies.kind, "damaged")));
  return (t.receivedQuantity ?? t.quantity) - Number(held?.units ?? 0);
}

const reporter = alias(users, "reporter");
const resolver = alias(users, "resolver");

const UNIT_TEXT = {
  pair: ["par", "pares"],
  left: ["pie izquierdo", "pies izquierdos"],
  right: ["pie derecho", "pies derechos"],
};

/** How many discrepancies the list of `status` has in all, and how many of the company's are open. */
export async function discrepancyCounts(db: Db, companyId: number, status: "open" | "all") {
  const [row] = await db
    .select({
      all: sql<number>`COUNT(*)`,
      open: sql<number>`COALESCE(SUM(CASE WHEN ${stockDiscrepancies.status} = 'open' THEN 1 ELSE 0 END), 0)`,
    })
    .from(stockDiscrepancies)
    .where(eq(stockDiscrepancies.companyId, companyId));
  const open = Number(row?.open ?? 0);
  return { total: status === "open" ? open : Number(row?.all ?? 0), open };
}

export function unitsText(quantity: number, unit: "pair" | "left" | "right"): string {
  const [one, many] = UNIT_TEXT[unit];
  return `${quantity} ${quantity === 1 ? one : many}`;
}

/**
 * The company's discrepancies, open first, with who reported and who resolved them: one (`id`), or a
 * page of them (`page`; discrepancyCounts says how many there are in all).
 */
export async function listDiscrepancies(
  db: Db,
  companyId: number,
  status: "open" | "all",
  { id, page }: { id?: number; page?: Page } = {},
) {
  const query = db
    .select({
      d: stockDiscrepancies,
      location: locations.name,
      reporterFirst: reporter.firstName,
      reporterLast: reporter.lastName,
      resolverFirst: resolver.firstName,
      resolverLast: resolver.lastName,
      t: {
        brand: transferRequests.brand,
        model: transferRequests.model,
        color: transferRequests.color,
        reference: transferRequests.sneakerReferenceCode,
        requestType: transferRequests.requestType,
        quantity: transferRequests.quantity,
      },
    })
    .from(stockDiscrepancies)
    .innerJoin(transferRequests, eq(transferRequests.id, stockDiscrepancies.transferId))
    .innerJoin(locations, eq(locations.id, stockDiscrepancies.locationId))
    .innerJoin(reporter, eq(reporter.id, stockDiscrepancies.reportedBy))
    .leftJoin(resolver, eq(resolver.id, stockDiscrepancies.resolvedBy))
    .where(
      and(
        eq(stockDiscrepancies.companyId, companyId),
        status === "open" ? eq(stockDiscrepancies.status, "open") : undefined,
        id === undefined ? undefined : eq(stockDiscrepancies.id, id),
      ) as SQL,
    )
    .orderBy(
      sql`${stockDiscrepancies.status} = 'open' DESC`,
      desc(stockDiscrepancies.reportedAt),
      desc(stockDiscrepancies.id),
    );
  const rows = await (page ? query.limit(page.limit).offset(page.offset) : query);
  return rows.map(({ d, t, ...r }) => ({
    id: d.id,
    transfer_id: d.transferId,
    request_type: t.requestType,
    kind: d.kind,
    kind_label: d.kind === "short" ? "Faltante" : "Dañado",
    status: d.status,
    status_label: d.status === "open" ? "Pendiente" : d.status === "found" ? "Encontrado" : "Dado de baja",
    quantity: d.quantity,
    unit: d.unit,
    units_text: unitsText(d.quantity, d.unit),
    sent_quantity: t.quantity,
    product_id: d.productId,
    sneaker_reference_code: t.reference,
    brand: t.brand,
    model: t.model,
    color: t.color,
    size: d.size,
    location_id: d.locationId,
    location_name: r.location,
    reported_by: `${r.reporterFirst} ${r.reporterLast}`,
    reported_at: d.reportedAt,
    notes: d.notes,
    resolved_by: r.resolverFirst ? `${r.resolverFirst} ${r.resolverLast}` : null,
    resolved_at: d.resolvedAt,
    resolution_reason: d.resolutionReason,
  }));
}

export type Resolution = "write_off" | "found";

/**
 * Resolves an open discrepancy. Found: the units enter sellable stock at the location where they
 * should have arrived. Write-off: a ledger row records the loss with its reason (no delta: the units
 * never entered stock). The status update guards the batch: a second resolution changes nothing.
 */
export async function resolveDiscrepancy(
  db: Db,
  actor: { id: number; companyId: number },
  discrepancyId: number,
  resolution: Resolution,
  reason: string,
) {
  const d = await companyRowOf(db, stockDiscrepancies, actor.companyId, discrepancyId, "Diferencia no encontrada");
  if (d.status !== "open") throw conflict(ALREADY_RESOLVED);
  const now = new Date().toISOString();
  const update = db
    .update(stockDiscrepancies)
    .set({
      status: resolution === "found" ? "found" : "written_off",
      resolvedBy: actor.id,
      resolvedAt: now,
      resolutionReason: reason,
    })
    .where(and(eq(stockDiscrepancies.id, d.id), eq(stockDiscrepancies.status, "open")));
  const units =
    d.unit === "left" ? { left: d.quantity } : d.unit === "right" ? { right: d.quantity } : { pairs: d.quantity };
  const base = {
    companyId: d.companyId,
    productId: d.productId,
    locationId: d.locationId,
    size: d.size,
    transferId: d.transferId,
    userId: actor.id,
  };
  const ledger =
    resolution === "found"
      ? stockChangeStatements(db, { ...base, delta: units, reason: "discrepancy_found", notes: reason })
      : [
          db.insert(stockMovements).values({
            ...base,
            reason: "write_off",
            notes: `Baja de ${unitsText(d.quantity, d.unit)} (${d.kind === "short" ? "faltante" : "dañado"}): ${reason}`,
          }),
        ];
  try {
    await db.batch([update, requireChanged(db, "discrepancy_already_resolved"), ...ledger]);
  } catch (err) {
    if (isGuardFailure(err)) throw conflict(ALREADY_RESOLVED);
    throw err;
  }
  const [view] = await listDiscrepancies(db, actor.companyId, "all", { id: d.id });
  if (!view) throw notFound("Diferencia no encontrada");
  return view;
}
