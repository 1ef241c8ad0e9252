// A company's active locations: read by every form and by each code lookup, changed rarely. Kept a few
// seconds per isolate; every write that adds, edits or (de)activates a location forgets it at once.
import { asc, eq } from "drizzle-orm";
import { inTenant } from "../../auth/tenant";
import type { Db } from "../../db/client";
import { locations } from "../../db/schema";
import { TtlCache } from "../../lib/ttl-cache";

const active = new TtlCache<number, (typeof locations.$inferSelect)[]>(5_000);

export function activeLocationsOf(db: Db, companyId: number) {
  return active.getOrLoad(companyId, () =>
    db
      .select()
      .from(locations)
      .where(inTenant(locations.companyId, companyId, eq(locations.isActive, true)))
      .orderBy(asc(locations.type), asc(locations.name)),
  );
}

/** Call after creating, editing or (de)activating a location of the company. */
export function forgetCompanyLocations(companyId: number): void {
  active.delete(companyId);
}
