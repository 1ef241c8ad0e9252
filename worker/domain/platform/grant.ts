// A company's own row on its shard (docs/sharding.md "The company's own row on its shard"). Company
// operations check their plan's limits, status and modules in their own guarded batches, and a batch
// cannot span two databases: so the shard keeps a copy of what the platform grants the company, which
// only this module writes, right after the platform commits a change (and the daily job again). The
// company's own settings on that row (receipt data, till rules, barcode sequence) are the shard's.
import { eq, sql } from "drizzle-orm";
import { forgetCompanyAccounts } from "../../auth/accounts";
import type { Db } from "../../db/client";
import { companies, plans, users } from "../../db/schema";
import type { Databases } from "../../db/shards";
import { forgetCompanyModules } from "./plan-modules";

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
export async function syncGrant(d: Databases, companyId: number, onto?: Db): Promise<void> {
  const [row] = await d.platform.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) return;
  const [plan] = await d.platform.select().from(plans).where(eq(plans.planCode, row.subscriptionPlan)).limit(1);
  // `onto`: the shard a company is moving to, before the directory names it
  const shard = onto ?? (await d.company(companyId));
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
  await syncSuperusers(d);
  return ids.length;
}

/** The password hash of a superuser's copy on a shard: no password verifies against it. */
export const NO_PASSWORD = "!";

/**
 * Copies the platform's superusers to every shard, without their passwords: company rows record who did
 * something (a superuser working on a company names it), and those references point at users of the same
 * database. Sign-in reads only the platform's row (the directory says so).
 */
export async function syncSuperusers(d: Databases): Promise<void> {
  const superusers = await d.platform.select().from(users).where(eq(users.role, "superuser"));
  if (superusers.length === 0) return;
  await Promise.all(
    d.shardNames.map((name) => {
      const shard = d.shard(name);
      // one statement for all of them (a handful): the copies without a password
      return shard
        .insert(users)
        .values(superusers.map((u) => ({ ...u, passwordHash: NO_PASSWORD, pinHash: null })))
        .onConflictDoUpdate({
          target: users.id,
          set: {
            email: sql`excluded.email`,
            firstName: sql`excluded.first_name`,
            lastName: sql`excluded.last_name`,
            isActive: sql`excluded.is_active`,
          },
        });
    }),
  );
}
