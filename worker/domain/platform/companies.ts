// Companies (tenants) on the platform: list, read, create, change, suspend and delete (spec 2).
import { and, asc, eq, inArray, isNull, like, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, plans } from "../../db/schema";
import type { Databases } from "../../db/shards";
import { conflict, notFound } from "../shared/errors";
import { toPesos } from "../shared/money";
import { bogotaDate } from "../shared/time";
import { syncGrant } from "./grant";
import { addDays, monthlyCost, monthPeriod } from "./rules";

// on a company's shard: what its plan's limits count
const activeLocations = sql<number>`(SELECT COUNT(*) FROM locations l WHERE l.company_id = companies.id AND l.is_active = 1)`;
const employees = sql<number>`(SELECT COUNT(*) FROM users u WHERE u.company_id = companies.id AND u.is_active = 1)`;

/** What a company uses and writes on its shard: the counts its limits bound, and its receipt data. */
export interface CompanyUsage {
  locations: number;
  employees: number;
  legalName: string | null;
  taxId: string | null;
  phone: string | null;
}

/** The usage of some companies, one query per shard that holds any of them, in parallel. */
export async function usageOf(d: Databases, ids: readonly number[]): Promise<Map<number, CompanyUsage>> {
  const byShard = new Map<string, number[]>();
  for (const id of ids) {
    const name = await d.shardNameOf(id);
    byShard.set(name, [...(byShard.get(name) ?? []), id]);
  }
  const usage = new Map<number, CompanyUsage>();
  await Promise.all(
    [...byShard].map(async ([name, onShard]) => {
      const rows = await d
        .shard(name)
        .select({
          id: companies.id,
          locations: activeLocations,
          employees,
          legalName: companies.legalName,
          taxId: companies.taxId,
          phone: companies.phone,
        })
        .from(companies)
        .where(inArray(companies.id, onShard));
      for (const r of rows) usage.set(r.id, { ...r, locations: Number(r.locations), employees: Number(r.employees) });
    }),
  );
  return usage;
}

type CompanyRow = typeof companies.$inferSelect;

export function toCompanyDto(c: CompanyRow, usage: CompanyUsage | undefined) {
  const locationsCount = usage?.locations ?? 0;
  const employeesCount = usage?.employees ?? 0;
  const cost = monthlyCost(locationsCount, c.pricePerLocation);
  return {
    id: c.id,
    name: c.name,
    subdomain: c.subdomain,
    email: c.email,
    // the administrador edits these on the company's shard (Configuración)
    legal_name: usage ? usage.legalName : c.legalName,
    tax_id: usage ? usage.taxId : c.taxId,
    phone: usage ? usage.phone : c.phone,
    subscription_plan: c.subscriptionPlan,
    subscription_status: c.subscriptionStatus,
    status: c.subscriptionStatus,
    max_locations: c.maxLocations,
    max_employees: c.maxEmployees,
    price_per_location: toPesos(c.pricePerLocation),
    monthly_cost: toPesos(cost),
    next_billing_date: c.nextBillingDate,
    current_locations_count: locationsCount,
    current_employees_count: employeesCount,
    suspended_reason: c.suspendedReason,
    suspended_at: c.suspendedAt,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  };
}

export type CompanyDto = ReturnType<typeof toCompanyDto>;

export async function listCompanies(
  d: Databases,
  q: {
    skip: number;
    limit: number;
    status?: string | undefined;
    plan?: string | undefined;
    search?: string | undefined;
  },
) {
  const term = q.search ? `%${q.search.replace(/[%_]/g, "")}%` : null;
  const where = and(
    isNull(companies.deletedAt),
    q.status ? eq(companies.subscriptionStatus, q.status as CompanyRow["subscriptionStatus"]) : undefined,
    q.plan ? eq(companies.subscriptionPlan, q.plan) : undefined,
    term ? or(like(companies.name, term), like(companies.subdomain, term), like(companies.email, term)) : undefined,
  ) as SQL;
  const db = d.platform;
  const [rows, [total]] = await db.batch([
    db.select().from(companies).where(where).orderBy(asc(companies.name)).limit(q.limit).offset(q.skip),
    db.select({ n: sql<number>`COUNT(*)` }).from(companies).where(where),
  ]);
  const usage = await usageOf(
    d,
    rows.map((c) => c.id),
  );
  return {
    companies: rows.map((c) => toCompanyDto(c, usage.get(c.id))),
    total: Number(total?.n ?? 0),
  };
}

/** A company of the platform (404 when unknown or deleted). */
export async function companyRow(db: Db, id: number): Promise<CompanyRow> {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), isNull(companies.deletedAt)))
    .limit(1);
  if (!row) throw notFound("Empresa no encontrada");
  return row;
}

export async function getCompany(d: Databases, id: number): Promise<CompanyDto> {
  const row = await companyRow(d.platform, id);
  return toCompanyDto(row, (await usageOf(d, [id])).get(id));
}

export interface CompanyInput {
  name: string;
  subdomain: string;
  email: string;
  legalName: string | null;
  taxId: string | null;
  phone: string | null;
  plan: string;
  maxLocations: number | undefined;
  maxEmployees: number | undefined;
  pricePerLocation: number | undefined;
  status: "active" | "trial";
}

/** Creates the company on the platform, places it on a shard of `region` and writes its row there. */
export async function createCompany(d: Databases, input: CompanyInput, region: string) {
  const db = d.platform;
  const [plan] = await db.select().from(plans).where(eq(plans.planCode, input.plan)).limit(1);
  const [taken] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.subdomain, input.subdomain))
    .limit(1);
  if (taken) throw conflict("El subdominio ya está en uso");
  const [row] = await db
    .insert(companies)
    .values({
      name: input.name,
      subdomain: input.subdomain,
      email: input.email,
      legalName: input.legalName,
      taxId: input.taxId,
      phone: input.phone,
      subscriptionPlan: input.plan,
      subscriptionStatus: input.status,
      // the plan's limits are copied unless the form sent its own (spec 2 §4)
      maxLocations: input.maxLocations ?? plan?.maxLocations ?? 3,
      maxEmployees: input.maxEmployees ?? plan?.maxEmployees ?? 10,
      pricePerLocation: input.pricePerLocation ?? plan?.pricePerLocation ?? 5000,
      nextBillingDate: monthPeriod(addDays(monthPeriod(bogotaDate()).end, 1)).start,
    })
    .returning();
  if (!row) throw new Error("company not inserted");
  await d.place(row.id, region);
  await syncGrant(d, row.id);
  return getCompany(d, row.id);
}

/**
 * What the company form may change: the company's own data. Its plan, limits and price change only
 * through a subscription change (./subscriptions.ts), which checks the limits and keeps the history.
 */
export type CompanyOwnData = Partial<
  Pick<typeof companies.$inferInsert, "name" | "email" | "legalName" | "taxId" | "phone">
>;

export async function updateCompany(d: Databases, id: number, changes: CompanyOwnData) {
  await companyRow(d.platform, id);
  const now = new Date().toISOString();
  await d.platform
    .update(companies)
    .set({ ...changes, updatedAt: now })
    .where(eq(companies.id, id));
  // receipt data the superuser corrects is written where the company keeps it too
  const { legalName, taxId, phone } = changes;
  const own = Object.fromEntries(
    Object.entries({ legalName, taxId, phone }).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(own).length > 0) {
    const shard = await d.company(id);
    await shard.update(companies).set(own).where(eq(companies.id, id));
  }
  await syncGrant(d, id);
  return getCompany(d, id);
}

/** Soft delete: the company leaves every list and its users are blocked; its rows stay. */
export async function deleteCompany(d: Databases, id: number) {
  await companyRow(d.platform, id);
  await d.platform
    .update(companies)
    .set({ deletedAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
    .where(eq(companies.id, id));
  await syncGrant(d, id);
}

export async function setCompanyStatus(
  d: Databases,
  id: number,
  status: "active" | "suspended",
  reason: string | null,
) {
  const db = d.platform;
  const company = await companyRow(db, id);
  if (status === "suspended" && company.subscriptionStatus === "suspended")
    throw conflict("La empresa ya está suspendida");
  if (status === "active" && company.subscriptionStatus !== "suspended")
    throw conflict("La empresa no está suspendida");
  const now = new Date().toISOString();
  await db
    .update(companies)
    .set(
      status === "suspended"
        ? { subscriptionStatus: "suspended", suspendedReason: reason, suspendedAt: now, updatedAt: now }
        : { subscriptionStatus: "active", suspendedReason: null, suspendedAt: null, updatedAt: now },
    )
    .where(eq(companies.id, id));
  await syncGrant(d, id);
  return getCompany(d, id);
}
