// Demo data (idempotent): plans, the superuser, a demo company with 3 stores, 2 warehouses,
// one user per role, 24 products with stock (incl. single feet), sales and transfers in several
// states, and a second company to prove isolation. Every stock row comes with its ledger rows.
// Used by `npm start` (scripts/seed-local.ts) and the tests; not imported by the Worker.
import { and, eq, sql } from "drizzle-orm";
import { syncGrant, syncSuperusers } from "../../domain/platform/grant";
import { addDays, INVOICE_DUE_DAYS, invoiceNumber, monthPeriod } from "../../domain/platform/rules";
import { bogotaDate } from "../../domain/shared/time";
import type { Db } from "../client";
import { companies, invoices, locations } from "../schema";
import { everyCompanyDb, placeCompanyOn, platformDatabases, platformDb, shardsOf } from "../shards";
import { seedCatalog } from "./catalogue";
import { seedContactMessages } from "./contact";
import { seedDemoHistory } from "./demo-history";
import { ensureCompany, ensureLocations, ensurePlans, ensureUser } from "./ensure";
import type { HistorySummary } from "./history";
import { seedSales } from "./sales";
import { seedSellerExtras } from "./seller-extras";
import { seedTills } from "./tills";
import { seedTransfers } from "./transfers";
import { type CompanySeed, DEMO_COMPANY, OTHER_COMPANY, SUPERUSER } from "./world";

export type SeedSummary = {
  companies: Record<
    string,
    { id: number; productsCreated: number; stockRows: number; usersCreated: number; history?: HistorySummary }
  >;
};

export type SeedOptions = {
  /**
   * 90 days of sales, transfers, returns, expenses and costs for the demo company (seed/history.ts).
   * `npm start` loads it; the API tests keep the lean demo (one test seeds the history itself).
   */
  history?: boolean;
};

/**
 * A demo company: its platform row, its directory row on `shard` (kept where it is on a rerun), its own
 * row on that shard (syncGrant), then everything else on the shard.
 */
async function seedCompany(env: SeedEnv, seed: CompanySeed, shard: string, full: boolean, now: Date) {
  const d = platformDatabases(env);
  const company = await ensureCompany(d.platform, seed);
  await placeCompanyOn(env, company.id, shard);
  await syncGrant(d, company.id);
  const db = await d.company(company.id);
  const locationIds = await ensureLocations(db, company.id, seed.locations);
  const userIds = new Map<string, number>();
  const locationOf = new Map<number, number>();
  let usersCreated = 0;
  for (const u of seed.users) {
    const { id, created } = await ensureUser(db, d.platform, u, company.id, locationIds);
    userIds.set(u.email, id);
    if (created) usersCreated++;
    const locId = u.location ? locationIds.get(u.location) : undefined;
    if (locId) locationOf.set(id, locId);
  }
  const adminId = [...userIds.values()][0] ?? null;
  const targetLocations = seed.locations.flatMap((l) => {
    const id = locationIds.get(l.name);
    return id ? [{ id, type: l.type }] : [];
  });
  const catalog = await seedCatalog(db, company.id, targetLocations, seed.productCount, adminId);
  // Activity only on the first run: it is what makes reruns add nothing.
  if (full && catalog.productsCreated > 0) {
    await seedSales(db, company.id, userIds, locationOf, catalog.productIds, now);
    await seedTransfers(db, company.id, userIds, locationIds, now);
    await seedSellerExtras(db, company.id, userIds, locationOf, locationIds, now);
  }
  return { id: company.id, productsCreated: catalog.productsCreated, stockRows: catalog.stockRows, usersCreated, db };
}

/**
 * Last month's invoice of a company, unpaid: its due date (15 days after the period starts) has
 * passed, so the console shows it overdue. One per company and period (UNIQUE), so reruns add nothing.
 */
async function ensureOverdueInvoice(db: Db, shard: Db, companyId: number, now: Date) {
  const period = monthPeriod(addDays(monthPeriod(bogotaDate(now)).start, -1));
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  const [{ n } = { n: 0 }] = await shard
    .select({ n: sql<number>`COUNT(*)` })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.isActive, true)));
  if (!company) return;
  const count = Number(n);
  await db
    .insert(invoices)
    .values({
      companyId,
      invoiceNumber: invoiceNumber(period.start, companyId, 1),
      billingPeriodStart: period.start,
      billingPeriodEnd: period.end,
      locationsCount: count,
      pricePerLocation: company.pricePerLocation,
      totalAmount: count * company.pricePerLocation,
      dueDate: addDays(period.start, INVOICE_DUE_DAYS),
    })
    .onConflictDoNothing();
}

/** The bindings the seed writes: the platform and the shards (docs/sharding.md). */
export type SeedEnv = Pick<Env, "PLATFORM" | "SHARDS">;

/**
 * The whole demo world. Safe to run any number of times. "demo" lives on the first shard and "otra" on
 * the second (when there is one), so every run of the product and the tests spans two shards.
 */
export async function seedDemo(env: SeedEnv, now = new Date(), options: SeedOptions = {}): Promise<SeedSummary> {
  const platform = platformDb(env);
  const shards = shardsOf(env).map((s) => s.name);
  await ensurePlans(platform);
  await ensureUser(platform, platform, { ...SUPERUSER, role: "superuser" }, null, new Map());
  await syncSuperusers(platformDatabases(env));
  const { db, ...demo } = await seedCompany(env, DEMO_COMPANY, shards[0] ?? "", true, now);
  const history = options.history ? await seedDemoHistory(db, platform, now) : null;
  // after the history: the past tills' expected cash is read from the sales of their days
  if (demo.productsCreated > 0) await seedTills(db, demo.id, now);
  await seedContactMessages(db, demo.id, now);
  const { db: otherDb, ...other } = await seedCompany(env, OTHER_COMPANY, shards[1] ?? shards[0] ?? "", false, now);
  await ensureOverdueInvoice(platform, otherDb, other.id, now);
  return { companies: { demo: history ? { ...demo, history } : demo, otra: other } };
}

/** Counts used by tests and the seed script's report: the platform's companies and users, every shard's rows. */
export async function demoCounts(env: SeedEnv) {
  const [platform] = await platformDb(env).all<{ companies: number; users: number }>(sql`
    SELECT (SELECT COUNT(*) FROM companies) AS companies, (SELECT COUNT(*) FROM user_directory) AS users`);
  const perShard = await Promise.all(
    everyCompanyDb(env).map(async (db) => {
      const [row] = await db.all<{ products: number; inventory: number; sales: number; transfers: number }>(sql`
        SELECT (SELECT COUNT(*) FROM products) AS products, (SELECT COUNT(*) FROM inventory) AS inventory,
               (SELECT COUNT(*) FROM sales) AS sales, (SELECT COUNT(*) FROM transfer_requests) AS transfers`);
      return row;
    }),
  );
  const sum = (key: "products" | "inventory" | "sales" | "transfers") =>
    perShard.reduce((total, row) => total + Number(row?.[key] ?? 0), 0);
  return {
    companies: Number(platform?.companies ?? 0),
    users: Number(platform?.users ?? 0),
    products: sum("products"),
    inventory: sum("inventory"),
    sales: sum("sales"),
    transfers: sum("transfers"),
  };
}

export { type DemoProduct, demoProducts } from "./catalogue";
export { CATALOGUE } from "./catalogue-data";
export { seedDemoHistory } from "./demo-history";
export { publishedOnSeed } from "./storefront";
export { DEMO_COMPANY, DEMO_PASSWORD, OTHER_COMPANY, SUPERUSER } from "./world";
