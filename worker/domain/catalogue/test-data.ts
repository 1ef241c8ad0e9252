import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { locations } from "../../db/schema";
import { seedCatalog } from "../../db/seed/catalogue";
import { conflict } from "../shared/errors";

/** Adds the demo catalogue with stock to a company's active locations; reruns add nothing. */
export async function createTestData(db: Db, companyId: number, userId: number) {
  const targets = await db
    .select({ id: locations.id, type: locations.type })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.isActive, true)));
  if (targets.length === 0) {
    throw conflict("La empresa no tiene ubicaciones activas: crea al menos un local o bodega primero");
  }
  const result = await seedCatalog(db, companyId, targets, 24, userId);
  return { ...result, locationsUsed: targets.length };
}
