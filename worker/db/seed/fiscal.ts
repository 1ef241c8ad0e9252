// The demo company's electronic invoicing (npm start only; the API tests seed without it, so their stores
// start without numbering): a DIAN numbering range per store and the local test provider, so a demo sale's
// receipt carries its number, CUDE and QR. Idempotent: what exists is kept.
import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { companies, fiscalSettings, locations, numberingRanges } from "../schema";

export async function seedFiscalDemo(db: Db, subdomain: string): Promise<number> {
  const [company] = await db.select().from(companies).where(eq(companies.subdomain, subdomain));
  if (!company) return 0;
  await db
    .insert(fiscalSettings)
    .values({
      companyId: company.id,
      environment: "2",
      softwareId: "5c2a1f0e-6b7d-4e21-9a3c-0d1e2f3a4b5c",
      softwarePin: "12345",
      address: "Carrera 7 # 12-34",
      cityCode: "11001",
      cityName: "Bogotá, D.C.",
      departmentCode: "11",
      departmentName: "Bogotá",
      responsibilities: "O-13;O-15",
      provider: "prueba",
      providerUrl: "accept",
    })
    .onConflictDoNothing();
  const stores = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.companyId, company.id), eq(locations.type, "local")))
    .orderBy(locations.id);
  let added = 0;
  for (const [index, store] of stores.entries()) {
    const [existing] = await db.select().from(numberingRanges).where(eq(numberingRanges.locationId, store.id));
    if (existing) continue;
    // letters, not digits: "FEA12" reads as prefix FEA and number 12, where "FE112" would not
    const prefix = `FE${String.fromCharCode(65 + index)}`;
    await db.insert(numberingRanges).values({
      companyId: company.id,
      locationId: store.id,
      resolutionNumber: `1876400000000${index + 1}`,
      resolutionDate: "2026-01-02",
      prefix,
      rangeFrom: 1,
      rangeTo: 100_000,
      validFrom: "2026-01-02",
      validUntil: "2027-12-31",
      documentText: `Resolución DIAN No. 1876400000000${index + 1} del 2026-01-02, prefijo ${prefix}, del 1 al 100.000, vigente hasta el 2027-12-31 (demostración)`,
      nextNumber: 1,
      active: true,
    });
    added++;
  }
  return added;
}
