// The plan templates a company subscribes to (spec 2).
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { plans } from "../../db/schema";
import { toPesos } from "../shared/money";

export async function listPlans(db: Db, activeOnly: boolean) {
  const rows = await db
    .select()
    .from(plans)
    .where(activeOnly ? eq(plans.isActive, true) : undefined)
    .orderBy(asc(plans.sortOrder), asc(plans.id));
  return rows.map((p) => ({
    id: p.id,
    plan_code: p.planCode,
    display_name: p.displayName,
    description: p.description,
    max_locations: p.maxLocations,
    max_employees: p.maxEmployees,
    price_per_location: toPesos(p.pricePerLocation),
    features: p.features,
    sort_order: p.sortOrder,
    is_active: p.isActive,
  }));
}
