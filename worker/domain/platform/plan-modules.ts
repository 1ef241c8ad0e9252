// Which modules a company's plan includes (platform.ts PLAN_MODULES): read from the plan template of
// the company's plan code, cached per company for a few seconds like the account state.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, plans } from "../../db/schema";
import { TtlCache } from "../../lib/ttl-cache";
import { type ModuleAccess, modulesOf, planDisplayName } from "./rules";

export type CompanyPlanModules = { plan: string; plan_name: string; modules: ModuleAccess };

const MODULES_TTL_MS = 3_000;
const cache = new TtlCache<number, CompanyPlanModules | null>(MODULES_TTL_MS);

/** Call after a company's plan code changes or a plan template's features change. */
export function forgetCompanyModules(companyId?: number): void {
  if (companyId === undefined) cache.clear();
  else cache.delete(companyId);
}

async function readModules(db: Db, companyId: number): Promise<CompanyPlanModules | null> {
  const [row] = await db
    .select({ plan: companies.subscriptionPlan, name: plans.displayName, features: plans.features })
    .from(companies)
    .leftJoin(plans, eq(plans.planCode, companies.subscriptionPlan))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) return null;
  return { plan: row.plan, plan_name: planDisplayName(row.plan, row.name), modules: modulesOf(row.features ?? null) };
}

export function companyModules(db: Db, companyId: number): Promise<CompanyPlanModules | null> {
  return cache.getOrLoad(companyId, () => readModules(db, companyId));
}
