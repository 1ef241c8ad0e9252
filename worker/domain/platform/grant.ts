// A company's own row on its shard (docs/sharding.md "The company's own row on its shard"). Company
// operations check their plan's limits, status and modules in their own guarded batches, and a batch
// cannot span two databases: so the shard keeps a copy of what the platform grants the company, which
// only this module writes, right after the platform commits a change (and the daily job again). The
// company's own settings on that row (receipt data, till rules, barcode sequence) are the shard's.
import { eq } from "drizzle-orm";
import { forgetCompanyAccounts } from "../../auth/accounts";
import { companies, plans } from "../../db/schema";
import type { Databases } from "../../db/shards";
import { forgetCompanyModules } from "../plan-modules";

type CompanyRow = typeof companies.$inferSelect;

/** The columns the platform owns; every other column of the shard's row is the company's. */
export function grantOf(row: CompanyRow) {
  return {
    name: row.name,
    subdomain: row.subdomain,
    email: row.email,
    subscriptionPlan: row.subscriptionPlan,
    subscriptionStatus: row.subscriptionStatus,
    maxLocations: row.maxLocations,
    maxEmployees: row.maxEmployees,
    pricePerLocation: row.pricePerLocation,
    monthlyCost: row.monthlyCost,
    nextBillingDate: row.nextBillingDate,
    suspendedReason: row.suspendedReason,
    suspendedAt: row.suspendedAt,
    deletedAt: row.deletedAt,
  };
}

/**
 * Copies the platform's grant of a company (and its plan's row, for the modules) to the company's shard;
 * creates the shard's row the first time. Idempotent: it copies the platform's rows as they are.
 */
export async function syncGrant(d: Databases, companyId: number): Promise<void> {
  const [row] = await d.platform.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) return;
  const [plan] = await d.platform.select().from(plans).where(eq(plans.planCode, row.subscriptionPlan)).limit(1);
  const shard = await d.company(companyId);
  const { id: _planId, ...planFields } = plan ?? { id: 0 };
  await shard.batch([
    shard
      .insert(companies)
      .values(row)
      .onConflictDoUpdate({ target: companies.id, set: grantOf(row) }),
    ...(plan ? [shard.insert(plans).values(plan).onConflictDoUpdate({ target: plans.planCode, set: planFields })] : []),
  ]);
  forgetCompanyAccounts(companyId);
  forgetCompanyModules(companyId);
}

/** The daily job: every company's grant copied again, one company at a time; answers how many. */
export async function syncEveryGrant(d: Databases): Promise<number> {
  const ids = await d.platform.select({ id: companies.id }).from(companies);
  for (const { id } of ids) await syncGrant(d, id);
  return ids.length;
}
