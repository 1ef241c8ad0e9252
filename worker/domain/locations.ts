import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { companies, locations } from "../db/schema";
import { conflict } from "../lib/errors";

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
}

/** Inserts a location unless the plan's max_locations is reached (a conditional insert: it cannot overshoot). */
export async function createLocation(db: Db, companyId: number, input: NewLocation) {
  const result = await db.run(sql`
    INSERT INTO locations (company_id, name, type, address, phone, manager_name, capacity, notes, is_active)
    SELECT ${companyId}, ${input.name}, ${input.type}, ${input.address}, ${input.phone}, ${input.managerName},
           ${input.type === "bodega" ? input.capacity : null}, ${input.notes}, 1
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
