// Idempotent inserts of the demo's plans, companies, locations and users.
import { eq } from "drizzle-orm";
import { hashPassword } from "../../auth/password";
import { createAccount } from "../../domain/accounts/user-directory";
import type { Db } from "../client";
import { companies, locations, plans, userDirectory, users } from "../schema";
import { DEMO_PLANS } from "./plans";
import { type CompanySeed, DEMO_PASSWORD, type LocationSeed, type UserSeed } from "./world";

export async function ensurePlans(db: Db) {
  await db
    .insert(plans)
    .values(DEMO_PLANS.map((p) => ({ ...p, features: { ...p.features } })))
    .onConflictDoNothing({ target: plans.planCode });
}

/**
 * The seed's user, once: its id from the platform's directory, its row on `home` (its company's shard, or
 * the platform for the superuser).
 */
export async function ensureUser(
  home: Db,
  platform: Db,
  seed: UserSeed,
  companyId: number | null,
  locationIds: Map<string, number>,
): Promise<{ id: number; created: boolean }> {
  const [existing] = await platform
    .select({ id: userDirectory.id })
    .from(userDirectory)
    .where(eq(userDirectory.email, seed.email))
    .limit(1);
  const [account] = existing
    ? await home.select({ id: users.id }).from(users).where(eq(users.id, existing.id)).limit(1)
    : [];
  if (account) return { id: account.id, created: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const pinHash = seed.pin ? await hashPassword(seed.pin) : null;
  const id = await createAccount(platform, home, companyId, seed.email, async (userId) => {
    await home.insert(users).values({
      id: userId,
      email: seed.email,
      passwordHash,
      pinHash,
      firstName: seed.firstName,
      lastName: seed.lastName,
      role: seed.role,
      companyId,
      locationId: seed.location ? (locationIds.get(seed.location) ?? null) : null,
    });
    return true;
  });
  if (id === null) throw new Error(`no se pudo crear ${seed.email}`);
  return { id, created: true };
}

export async function ensureCompany(db: Db, seed: CompanySeed) {
  const plan = DEMO_PLANS.find((p) => p.planCode === seed.plan) ?? DEMO_PLANS[0];
  await db
    .insert(companies)
    .values({
      name: seed.name,
      subdomain: seed.subdomain,
      email: seed.email,
      legalName: seed.legalName,
      taxId: seed.taxId,
      phone: seed.phone,
      returnPolicy: seed.returnPolicy ?? null,
      requireOpenTill: seed.requireOpenTill ?? false,
      subscriptionPlan: plan.planCode,
      subscriptionStatus: "active",
      maxLocations: plan.maxLocations,
      maxEmployees: plan.maxEmployees,
      pricePerLocation: plan.pricePerLocation,
      monthlyCost: plan.pricePerLocation * seed.locations.length,
      nextBillingDate: firstOfNextMonth(new Date()),
    })
    .onConflictDoNothing({ target: companies.subdomain });
  const [company] = await db.select().from(companies).where(eq(companies.subdomain, seed.subdomain)).limit(1);
  if (!company) throw new Error(`no se pudo crear ${seed.subdomain}`);
  return company;
}

function firstOfNextMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * Creates the company's missing seed locations; returns name → id for all of them. A seed store made
 * before it had opening hours and a WhatsApp (migration 0024) gets them, unless someone set either.
 */
export async function ensureLocations(db: Db, companyId: number, seeds: LocationSeed[]) {
  const existing = await db.select().from(locations).where(eq(locations.companyId, companyId));
  const byName = new Map(existing.map((l) => [l.name, l.id]));
  for (const seed of seeds) {
    const made = existing.find((l) => l.name === seed.name);
    if (made && (seed.openingHours || seed.whatsapp) && made.openingHours === null && made.whatsapp === null) {
      await db
        .update(locations)
        .set({ openingHours: seed.openingHours ?? null, whatsapp: seed.whatsapp ?? null })
        .where(eq(locations.id, made.id));
    }
    if (byName.has(seed.name)) continue;
    const [row] = await db
      .insert(locations)
      .values({ companyId, ...seed, capacity: seed.capacity ?? null })
      .returning({ id: locations.id });
    if (row) byName.set(seed.name, row.id);
  }
  return byName;
}
