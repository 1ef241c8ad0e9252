// DIAN numbering resolutions of the stores' POS documents (issue 36, docs/fiscal.md): what a range has
// used and has left, when it warns the administrador, and registering and switching ranges.
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isGuardFailure, requireThat } from "../../db/guards";
import { locations, numberingRanges } from "../../db/schema";
import { locationOf } from "../company/locations";
import { conflict, invalid, notFound } from "../shared/errors";
import { daysUntil } from "../shared/time";

export type NumberingRange = typeof numberingRanges.$inferSelect;
/** A range with its store's name, as the administrador's list shows it. */
export type ListedRange = { range: NumberingRange; locationName: string };

/** A range is nearly used up when this share of its numbers is taken (DIAN asks to request the next one). */
export const NEARLY_USED_SHARE = 0.9;
/** A range warns this many days before its resolution expires. */
export const EXPIRY_WARNING_DAYS = 30;

export type RangeState = "active" | "inactive" | "exhausted" | "expired" | "not_yet_valid";
export type RangeAlert = "nearly_used" | "expiring";

/** What the administrador reads of a range on a given Bogotá day ('YYYY-MM-DD'). */
export function rangeUsage(range: NumberingRange, today: string) {
  const size = range.rangeTo - range.rangeFrom + 1;
  const used = range.nextNumber - range.rangeFrom;
  const remaining = size - used;
  const daysLeft = daysUntil(range.validUntil, today);
  const state: RangeState =
    remaining === 0
      ? "exhausted"
      : daysLeft < 0
        ? "expired"
        : today < range.validFrom
          ? "not_yet_valid"
          : range.active
            ? "active"
            : "inactive";
  const alerts: RangeAlert[] = [];
  if (range.active && remaining > 0 && used >= Math.ceil(size * NEARLY_USED_SHARE)) alerts.push("nearly_used");
  if (range.active && daysLeft >= 0 && daysLeft <= EXPIRY_WARNING_DAYS) alerts.push("expiring");
  return { size, used, remaining, usedPercent: Math.floor((used * 100) / size), daysLeft, state, alerts };
}

/** What a sale is refused with when its company requires numbering and its store has no usable range. */
export const noNumberingText = (placeName: string) =>
  `${placeName} no tiene una resolución de numeración DIAN vigente con números disponibles: el administrador debe registrarla en su panel, sección Numeración DIAN`;

/** The store's active range, with a number left and valid on `today` (a Bogotá day). */
const usableRange = (companyId: number, locationId: number | SQL, today: string) =>
  sql`company_id = ${companyId} AND location_id = ${locationId} AND active = 1 AND next_number <= range_to
    AND valid_from <= ${today} AND valid_until >= ${today}`;

const numberingRequired = (companyId: number) =>
  sql`COALESCE((SELECT require_fiscal_numbering FROM companies WHERE id = ${companyId}), 0)`;

/** True when the company lets a store sell without numbering, or the store has a usable range. */
export function numberingRuleHolds(companyId: number, locationId: number | SQL, today: string): SQL<number> {
  return sql<number>`(NOT ${numberingRequired(companyId)}
    OR EXISTS (SELECT 1 FROM numbering_ranges WHERE ${usableRange(companyId, locationId, today)}))`;
}

/**
 * A sale's number, taken inside the sale's own batch (place these before the sale's insert): the store's
 * usable range moves on by one and marks it taken by the sale's key, and the batch fails when the
 * company requires a number and none was taken. A refused or rolled-back sale thus consumes no number,
 * and two sales never take the same one (D1 runs batches one at a time).
 */
export function takeNumberStatements(db: Db, companyId: number, locationId: number, saleKey: string, today: string) {
  return [
    db
      .update(numberingRanges)
      .set({ nextNumber: sql`next_number + 1`, lastTakenBy: saleKey })
      .where(usableRange(companyId, locationId, today)),
    requireThat(db, "fiscal numbering when required", sql`changes() > 0 OR NOT ${numberingRequired(companyId)}`),
  ] as const;
}

/**
 * The sale row's number columns: what the batch's update took for this sale's key, NULL for all three
 * when it took none (a non-fiscal document).
 */
export function takenNumber(companyId: number, saleKey: string) {
  const taken = (column: string) =>
    sql`(SELECT ${sql.raw(column)} FROM numbering_ranges WHERE company_id = ${companyId} AND last_taken_by = ${saleKey})`;
  return {
    numberingRangeId: taken("id") as SQL<number | null>,
    fiscalPrefix: taken("prefix") as SQL<string | null>,
    fiscalNumber: taken("next_number - 1") as SQL<number | null>,
  };
}

/** A document's number as printed and sent to DIAN: the prefix and the consecutive, no separator. */
export function fiscalNumber(prefix: string, consecutive: number): string {
  return `${prefix}${consecutive}`;
}

export interface NewNumberingRange {
  locationId: number;
  resolutionNumber: string;
  resolutionDate: string;
  prefix: string;
  rangeFrom: number;
  rangeTo: number;
  validFrom: string;
  validUntil: string;
  documentText: string;
  /** make it the store's active range now (the one active before is kept, inactive) */
  activate: boolean;
}

/** The rules a resolution's own data must keep, in the words the administrador reads; null when it holds. */
export function rangeProblem(input: NewNumberingRange, today: string): string | null {
  if (input.rangeTo < input.rangeFrom) return "El número final del rango no puede ser menor que el inicial";
  if (input.validUntil < input.validFrom) return "La vigencia termina antes de empezar";
  if (input.validFrom < input.resolutionDate) return "La vigencia no puede empezar antes de la fecha de la resolución";
  if (input.validUntil < today) return "La resolución ya está vencida";
  return null;
}

const OVERLAP_TEXT = "El rango se cruza con otro rango del mismo prefijo: un número no puede emitirse dos veces";

/** A range of the company with the same prefix sharing at least one number with [from, to]. */
const overlapping = (companyId: number, prefix: string, from: number, to: number) =>
  sql`EXISTS (SELECT 1 FROM numbering_ranges WHERE company_id = ${companyId} AND prefix = ${prefix}
    AND range_from <= ${to} AND range_to >= ${from})`;

/**
 * Registers a resolution for a store. One batch: no range of the same prefix may share a number with it
 * (checked inside the batch, so two registrations racing cannot both pass), and with `activate` the
 * store's active range is switched off as this one is switched on.
 */
export async function createNumberingRange(
  db: Db,
  companyId: number,
  userId: number,
  input: NewNumberingRange,
  today: string,
): Promise<ListedRange> {
  const problem = rangeProblem(input, today);
  if (problem) throw invalid(problem);
  const place = await locationOf(db, companyId, input.locationId);
  if (place.type !== "local") throw invalid("La numeración de documentos POS es de un local, no de una bodega");
  const statements = [
    requireThat(
      db,
      "numbering_overlap",
      sql`NOT ${overlapping(companyId, input.prefix, input.rangeFrom, input.rangeTo)}`,
    ),
    ...(input.activate ? [switchOff(db, companyId, input.locationId)] : []),
    db
      .insert(numberingRanges)
      .values({
        companyId,
        locationId: input.locationId,
        resolutionNumber: input.resolutionNumber,
        resolutionDate: input.resolutionDate,
        prefix: input.prefix,
        rangeFrom: input.rangeFrom,
        rangeTo: input.rangeTo,
        validFrom: input.validFrom,
        validUntil: input.validUntil,
        documentText: input.documentText,
        nextNumber: input.rangeFrom,
        active: input.activate,
        createdBy: userId,
      })
      .returning(),
  ] as const;
  try {
    const results = await db.batch(statements);
    const [row] = results[results.length - 1] as NumberingRange[];
    if (!row) throw new Error("numbering range not inserted");
    return { range: row, locationName: place.name };
  } catch (err) {
    if (isGuardFailure(err)) throw conflict(OVERLAP_TEXT);
    throw err;
  }
}

const switchOff = (db: Db, companyId: number, locationId: number) =>
  db
    .update(numberingRanges)
    .set({ active: false })
    .where(
      and(
        eq(numberingRanges.companyId, companyId),
        eq(numberingRanges.locationId, locationId),
        eq(numberingRanges.active, true),
      ),
    );

/**
 * Makes a range its store's active one (the one before is switched off in the same batch), or switches
 * it off. A used-up or expired range cannot be switched on.
 */
export async function setRangeActive(
  db: Db,
  companyId: number,
  id: number,
  active: boolean,
  today: string,
): Promise<ListedRange> {
  const { range, locationName } = await rangeOf(db, companyId, id);
  if (range.active === active) throw alreadySo(active);
  if (active) {
    const usage = rangeUsage(range, today);
    if (usage.state === "exhausted") throw conflict("El rango ya se agotó: registra la nueva resolución");
    if (usage.state === "expired") throw conflict("La resolución del rango ya está vencida");
  }
  const setIt = db
    .update(numberingRanges)
    .set({ active })
    .where(and(eq(numberingRanges.companyId, companyId), eq(numberingRanges.id, id)))
    .returning();
  // still in the state read, inside the batch: of two switches racing, the second finds it done
  const stillAsRead = requireThat(
    db,
    "numbering_range_state",
    sql`(SELECT active FROM numbering_ranges WHERE id = ${id}) = ${active ? 0 : 1}`,
  );
  try {
    const results = active
      ? await db.batch([stillAsRead, switchOff(db, companyId, range.locationId), setIt])
      : await db.batch([stillAsRead, setIt]);
    const [row] = results[results.length - 1] as NumberingRange[];
    if (!row) throw notFound(RANGE_NOT_FOUND);
    return { range: row, locationName };
  } catch (err) {
    if (isGuardFailure(err)) throw alreadySo(active);
    throw err;
  }
}

const alreadySo = (active: boolean) =>
  conflict(active ? "El rango ya es el activo de su local" : "El rango ya está inactivo");

/**
 * Corrects the text a range's documents print (a typo in the resolution's wording). Its numbers, prefix and
 * dates stay: documents may already carry them.
 */
export async function correctDocumentText(
  db: Db,
  companyId: number,
  id: number,
  documentText: string,
): Promise<ListedRange> {
  const { locationName } = await rangeOf(db, companyId, id);
  const [row] = await db
    .update(numberingRanges)
    .set({ documentText })
    .where(and(eq(numberingRanges.companyId, companyId), eq(numberingRanges.id, id)))
    .returning();
  if (!row) throw notFound(RANGE_NOT_FOUND);
  return { range: row, locationName };
}

const RANGE_NOT_FOUND = "Rango de numeración no encontrado";

async function rangeOf(db: Db, companyId: number, id: number): Promise<ListedRange> {
  const [row] = await listed(db).where(and(eq(numberingRanges.companyId, companyId), eq(numberingRanges.id, id)));
  if (!row) throw notFound(RANGE_NOT_FOUND);
  return row;
}

const listed = (db: Db) =>
  db
    .select({ range: numberingRanges, locationName: locations.name })
    .from(numberingRanges)
    .innerJoin(locations, eq(locations.id, numberingRanges.locationId));

/** The company's ranges (one store's when asked), each with its store's name; active first, newest first. */
export async function listNumberingRanges(
  db: Db,
  companyId: number,
  locationId: number | null,
): Promise<ListedRange[]> {
  return listed(db)
    .where(
      and(
        eq(numberingRanges.companyId, companyId),
        locationId === null ? undefined : eq(numberingRanges.locationId, locationId),
      ),
    )
    .orderBy(asc(locations.name), desc(numberingRanges.active), desc(numberingRanges.id));
}
