import { and, desc, eq, sql } from "drizzle-orm";
import { SCOPED_ROLES } from "../../../shared/constants";
import { plural, pluralWord } from "../../../shared/plural";
import type { Db } from "../../db/client";
import { companies, locations } from "../../db/schema";
import { companyRowOf, companyRowRead } from "../shared/company-row";
import { conflict } from "../shared/errors";

export const locationLimitMessage = (max: number) =>
  `Se alcanzó el límite de ubicaciones del plan (${max}). Actualiza la suscripción para agregar más.`;

export interface NewLocation {
  name: string;
  type: "local" | "bodega";
  address: string | null;
  phone: string | null;
  managerName: string | null;
  capacity: number | null;
  notes: string | null;
  /** a store's opening hours (one line) */
  openingHours?: string | null;
  /** a Colombian mobile's 10 digits */
  whatsapp?: string | null;
}

/** Inserts a location unless the plan's max_locations is reached (a conditional insert: it cannot overshoot). */
export async function createLocation(db: Db, companyId: number, input: NewLocation) {
  const result = await db.run(sql`
    INSERT INTO locations (company_id, name, type, address, phone, manager_name, capacity, notes, opening_hours, whatsapp, is_active)
    SELECT ${companyId}, ${input.name}, ${input.type}, ${input.address}, ${input.phone}, ${input.managerName},
           ${input.type === "bodega" ? input.capacity : null}, ${input.notes}, ${input.openingHours ?? null},
           ${input.whatsapp ?? null}, 1
    WHERE (SELECT COUNT(*) FROM locations WHERE company_id = ${companyId} AND is_active = 1)
          < (SELECT max_locations FROM companies WHERE id = ${companyId})`);
  if (!result.meta.changes) {
    const [company] = await db
      .select({ max: companies.maxLocations })
      .from(companies)
      .where(eq(companies.id, companyId));
    throw conflict(locationLimitMessage(company?.max ?? 0));
  }
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.name, input.name)))
    .orderBy(desc(locations.id))
    .limit(1);
  return row ?? null;
}

export interface LocationChanges {
  /** the type cannot change (see updateLocation): only the current one is accepted */
  type?: "local" | "bodega" | undefined;
  name?: string | undefined;
  address?: string | null | undefined;
  phone?: string | null | undefined;
  manager_name?: string | null | undefined;
  capacity?: number | null | undefined;
  notes?: string | null | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  opening_hours?: string | null | undefined;
  whatsapp?: string | null | undefined;
}

/** The company's location with this id (none for another company's), as a query to put in a batch. */
export function locationRead(db: Db, companyId: number, id: number) {
  return companyRowRead(db, locations, companyId, id);
}

/** One location of the company, or 404. */
export async function locationOf(db: Db, companyId: number, id: number) {
  return companyRowOf(db, locations, companyId, id, "Ubicación no encontrada");
}

const SCOPED_ROLE_LIST = sql.raw(
  `(${Object.keys(SCOPED_ROLES)
    .map((r) => `'${r}'`)
    .join(", ")})`,
);

/** The active users who work only at this location: its keepers (a warehouse) or its sellers (a store). */
const staffAt = (companyId: number, id: number) =>
  sql<number>`(SELECT COUNT(*) FROM users WHERE company_id = ${companyId} AND location_id = ${id} AND is_active = 1 AND role IN ${SCOPED_ROLE_LIST})`;

// "1 bodeguero asignado", "2 vendedores asignados": who works at a warehouse, at a store
const staffText = (place: { type: string }, n: number) =>
  place.type === "bodega"
    ? plural(n, "bodeguero asignado", "bodegueros asignados")
    : plural(n, "vendedor asignado", "vendedores asignados");

/**
 * Edits a location's details. Its type stays (409 when asked to change): its stock, its transfers and
 * the keepers or sellers assigned to it depend on it (a bodeguero needs a warehouse, a seller a store).
 */
export async function updateLocation(db: Db, companyId: number, id: number, changes: LocationChanges) {
  const place = await locationOf(db, companyId, id);
  if (changes.type !== undefined && changes.type !== place.type) {
    const [row] = await db.all<{ staff: number }>(sql`SELECT ${staffAt(companyId, id)} AS staff`);
    const staff = Number(row?.staff ?? 0);
    const kind = place.type === "bodega" ? "una bodega" : "un local";
    throw conflict(
      staff > 0
        ? `No se puede cambiar el tipo de ${place.name}: tiene ${staffText(place, staff)} y cada uno necesita ${kind}; además, su inventario y sus transferencias dependen de él`
        : `No se puede cambiar el tipo de ${place.name}: su inventario y sus transferencias dependen de él`,
    );
  }
  const set: Partial<typeof locations.$inferInsert> = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.address !== undefined ? { address: changes.address } : {}),
    ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
    ...(changes.manager_name !== undefined ? { managerName: changes.manager_name } : {}),
    // only a warehouse has a capacity
    ...(changes.capacity !== undefined ? { capacity: place.type === "bodega" ? changes.capacity : null } : {}),
    ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
    ...(changes.latitude !== undefined ? { latitude: changes.latitude } : {}),
    ...(changes.longitude !== undefined ? { longitude: changes.longitude } : {}),
    ...(changes.opening_hours !== undefined ? { openingHours: changes.opening_hours } : {}),
    ...(changes.whatsapp !== undefined ? { whatsapp: changes.whatsapp } : {}),
    updatedAt: new Date().toISOString(),
  };
  await db
    .update(locations)
    .set(set)
    .where(and(eq(locations.companyId, companyId), eq(locations.id, id)));
  return locationOf(db, companyId, id);
}

const OPEN_STATUSES = sql.raw(
  `('pending', 'accepted', 'courier_assigned', 'in_transit', 'returning_to_origin', 'delivered')`,
);

/**
 * What keeps a location from closing: units on hand, transfers still moving to or from it, and the
 * active keepers or sellers who work there (they would be left without a location of their own).
 */
function remainsAt(companyId: number, id: number) {
  return {
    units: sql<number>`(SELECT COALESCE(SUM(pairs + left_feet + right_feet + exhibition), 0) FROM inventory WHERE company_id = ${companyId} AND location_id = ${id})`,
    transfers: sql<number>`(SELECT COUNT(*) FROM transfer_requests WHERE company_id = ${companyId} AND (source_location_id = ${id} OR destination_location_id = ${id}) AND status IN ${OPEN_STATUSES})`,
    staff: staffAt(companyId, id),
  };
}

/**
 * Closes a location: only with no stock and no open transfers, decided by the UPDATE itself (a sale
 * or a transfer racing with it cannot slip in between a check and the write). 409 names what remains.
 */
export async function deactivateLocation(db: Db, companyId: number, id: number) {
  const place = await locationOf(db, companyId, id);
  if (!place.isActive) throw conflict(`${place.name} ya está inactiva`);
  const remains = remainsAt(companyId, id);
  const result = await db.run(sql`
    UPDATE locations SET is_active = 0, updated_at = ${new Date().toISOString()}
    WHERE company_id = ${companyId} AND id = ${id} AND is_active = 1
      AND ${remains.units} = 0 AND ${remains.transfers} = 0 AND ${remains.staff} = 0`);
  if (!result.meta.changes) {
    const [left] = await db.all<{ units: number; transfers: number; staff: number }>(
      sql`SELECT ${remains.units} AS units, ${remains.transfers} AS transfers, ${remains.staff} AS staff`,
    );
    const units = Number(left?.units ?? 0);
    const transfers = Number(left?.transfers ?? 0);
    const staff = Number(left?.staff ?? 0);
    if (units === 0 && transfers === 0 && staff === 0) throw conflict(`${place.name} ya está inactiva`);
    const what = [
      units > 0 ? `${plural(units, "unidad", "unidades")} en inventario` : "",
      transfers > 0 ? plural(transfers, "transferencia abierta", "transferencias abiertas") : "",
      staff > 0 ? staffText(place, staff) : "",
    ].filter(Boolean);
    // "queda 1 transferencia abierta", "quedan 2 unidades en inventario y 1 transferencia abierta"
    const verb = what.length > 1 ? "quedan" : pluralWord(units + transfers + staff, "queda", "quedan");
    const list = what.length > 1 ? `${what.slice(0, -1).join(", ")} y ${what.at(-1)}` : what.join("");
    const hint = staff > 0 ? " (asígnales otra ubicación o desactívalos antes)" : "";
    throw conflict(`No se puede desactivar ${place.name}: ${verb} ${list}${hint}`);
  }
  return locationOf(db, companyId, id);
}

/** Opens a closed location again, within the plan's number of active locations. */
export async function reactivateLocation(db: Db, companyId: number, id: number) {
  const place = await locationOf(db, companyId, id);
  if (place.isActive) throw conflict(`${place.name} ya está activa`);
  const result = await db.run(sql`
    UPDATE locations SET is_active = 1, updated_at = ${new Date().toISOString()}
    WHERE company_id = ${companyId} AND id = ${id} AND is_active = 0
      AND (SELECT COUNT(*) FROM locations WHERE company_id = ${companyId} AND is_active = 1)
          < (SELECT max_locations FROM companies WHERE id = ${companyId})`);
  if (!result.meta.changes) {
    const fresh = await locationOf(db, companyId, id);
    if (fresh.isActive) throw conflict(`${place.name} ya está activa`);
    const [company] = await db
      .select({ max: companies.maxLocations })
      .from(companies)
      .where(eq(companies.id, companyId));
    throw conflict(locationLimitMessage(company?.max ?? 0));
  }
  return locationOf(db, companyId, id);
}
