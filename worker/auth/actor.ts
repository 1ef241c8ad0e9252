import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { locations } from "../db/schema";
import { companyDb } from "../db/shards";
import type { Seller } from "../domain/sales/index";
import type { AppEnv } from "../env";
import { conflict, notFound } from "../lib/errors";
import { scopeLocation } from "./scope";
import { tenantId } from "./tenant";

/**
 * The seller a seller-area call acts as: a seller acts at their own location; an administrador or
 * the superuser (allowed by the route guards) names a location of the company with `location_id`.
 */
export async function sellerActor(c: Context<AppEnv>, requestedLocation?: unknown): Promise<Seller> {
  const user = c.get("user");
  const companyId = tenantId(c);
  // a seller without their store is refused (403), never left to name one
  let locationId = user.role === "seller" ? scopeLocation(user) : null;
  let locationName = user.role === "seller" ? user.locationName : null;
  if (
    user.role !== "seller" &&
    requestedLocation !== undefined &&
    requestedLocation !== null &&
    requestedLocation !== ""
  ) {
    const id = Number(requestedLocation);
    if (!Number.isInteger(id) || id <= 0) throw notFound("Ubicación no encontrada");
    const [row] = await companyDb(c)
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(and(eq(locations.companyId, companyId), eq(locations.id, id)))
      .limit(1);
    if (!row) throw notFound("Ubicación no encontrada");
    locationId = row.id;
    locationName = row.name;
  }
  if (locationId === null) throw conflict("Indica la ubicación (location_id) en la que se registra la operación");
  return {
    id: user.id,
    companyId,
    locationId,
    locationName: locationName ?? `ubicación ${locationId}`,
    firstName: user.firstName,
    lastName: user.lastName,
  };
}
