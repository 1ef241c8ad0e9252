import { asc, eq, sql } from "drizzle-orm";
import { inTenant } from "../../auth/tenant";
import type { Db } from "../../db/client";
import { locations } from "../../db/schema";
import { toLocationDto } from "./dto";

// Shared by the administrador's and the boss's location lists (routes/company/admin-locations.ts, routes/reports/boss.ts).

/** Locations with their staff, products and stock value (spec 3 §3 'Location'). */
export async function locationsWithTotals(db: Db, companyId: number, includeInactive: boolean) {
  const rows = await db
    .select({
      location: locations,
      // correlated subqueries name the outer table literally: drizzle leaves single-table columns unqualified
      users: sql<number>`(SELECT COUNT(*) FROM users u WHERE u.location_id = locations.id AND u.is_active = 1)`,
      products: sql<number>`(SELECT COUNT(DISTINCT i.product_id) FROM inventory i WHERE i.location_id = locations.id AND (i.pairs + i.left_feet + i.right_feet + i.exhibition) > 0)`,
      // pairs and exhibition units at the unit price; single feet count as half a pair
      value: sql<number>`(SELECT COALESCE(SUM((i.pairs + i.exhibition) * p.unit_price + (i.left_feet + i.right_feet) * p.unit_price / 2), 0)
                          FROM inventory i JOIN products p ON p.id = i.product_id WHERE i.location_id = locations.id)`,
    })
    .from(locations)
    .where(inTenant(locations.companyId, companyId, includeInactive ? undefined : eq(locations.isActive, true)))
    .orderBy(asc(locations.type), asc(locations.name));
  return rows.map((r) => ({
    ...toLocationDto(r.location),
    assigned_users_count: Number(r.users),
    total_users: Number(r.users),
    total_products: Number(r.products),
    total_inventory_value: Number(r.value) / 100,
  }));
}
