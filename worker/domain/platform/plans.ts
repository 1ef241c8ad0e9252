// The plan templates a company subscribes to (spec 2).
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { plans } from "../../db/schema";
import { conflict } from "../shared/errors";
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

/** A new plan template (its price in centavos). */
export interface NewPlan {
  planCode: string;
  displayName: string;
  description: string;
  maxLocations: number;
  maxEmployees: number;
  pricePerLocation: number;
  features: Record<string, unknown>;
  sortOrder: number;
}

/** Adds a plan template; its code must be new (409). Answers the plan as listPlans shows it. */
export async function createPlan(db: Db, input: NewPlan) {
  const [taken] = await db.select({ id: plans.id }).from(plans).where(eq(plans.planCode, input.planCode));
  if (taken) throw conflict("Ya existe un plan con ese código");
  await db.insert(plans).values(input);
  return (await listPlans(db, false)).find((p) => p.plan_code === input.planCode);
}
