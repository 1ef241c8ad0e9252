import { and, eq, sql } from "drizzle-orm";
import { addDays } from "../../domain/platform/rules";
import { bogotaDate } from "../../domain/shared/time";
import type { Db } from "../client";
import { companies, products, users } from "../schema";
import { demoProducts } from "./catalogue";
import { ensureLocations, ensureUser } from "./ensure";
import { HISTORY_DAYS, type HistorySummary, type HistoryWorld, seedHistory } from "./history";
import { DEMO_COMPANY, HISTORY_SELLERS } from "./world";

/**
 * 90 days of history for the demo company (seed/history.ts), with its extra sellers. Runs once: a
 * company whose ledger already holds history entries gets nothing more.
 */
export async function seedDemoHistory(db: Db, platform: Db, now = new Date()): Promise<HistorySummary | null> {
  const seed = DEMO_COMPANY;
  const [company] = await db.select().from(companies).where(eq(companies.subdomain, seed.subdomain)).limit(1);
  if (!company) return null;
  const companyId = company.id;
  const [done] = await db.all<{ n: number }>(
    sql`SELECT COUNT(*) AS n FROM stock_movements WHERE company_id = ${companyId} AND entry_ref = 'demo-historia'`,
  );
  if (Number(done?.n ?? 0) > 0) return null;
  const locationIds = await ensureLocations(db, companyId, seed.locations);
  for (const u of HISTORY_SELLERS) await ensureUser(db, platform, u, companyId, locationIds);
  const staff = await db
    .select({ id: users.id, email: users.email, role: users.role, locationId: users.locationId })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true)));
  const idOf = (email: string) => staff.find((u) => u.email === email)?.id;
  const keeperId = idOf("bodega@demo.horma.co");
  const courierId = idOf("corredor@demo.horma.co");
  const adminId = idOf("admin@demo.horma.co");
  if (!keeperId || !courierId || !adminId) return null;
  const sizes = new Map(demoProducts(seed.productCount).map((p) => [p.referenceCode, p.sizes]));
  const rows = await db.select().from(products).where(eq(products.companyId, companyId));
  const sellers = staff.filter((u) => u.role === "seller" && u.email.endsWith("@demo.horma.co"));
  const world: HistoryWorld = {
    companyId,
    stores: seed.locations.flatMap((l) => {
      const id = locationIds.get(l.name);
      if (!id || l.type !== "local") return [];
      return [{ id, name: l.name, sellerIds: sellers.filter((u) => u.locationId === id).map((u) => u.id) }];
    }),
    warehouses: seed.locations.flatMap((l) => {
      const id = locationIds.get(l.name);
      return id && l.type === "bodega" ? [{ id, keeperId }] : [];
    }),
    courierId,
    adminId,
    products: rows
      .filter((p) => sizes.has(p.referenceCode))
      .sort((a, b) => a.id - b.id)
      .map((p) => ({
        id: p.id,
        referenceCode: p.referenceCode,
        brand: p.brand,
        model: p.model,
        color: p.color,
        unitPrice: p.unitPrice,
        costPrice: p.costPrice,
        sizes: sizes.get(p.referenceCode) ?? [],
      })),
  };
  const summary = await seedHistory(db, world, now);
  // the catalogue's opening stock was there before the history began, not entered today (it would
  // make today's ledger, and the boss's "value at the start of the day", count the whole inventory)
  await db.run(
    sql`UPDATE stock_movements SET created_at = ${`${addDays(bogotaDate(now), -HISTORY_DAYS - 1)}T12:00:00.000Z`}
        WHERE company_id = ${companyId} AND entry_ref = 'demo-seed' AND notes = 'Inventario inicial de demostración'`,
  );
  return summary;
}
