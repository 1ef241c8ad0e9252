// Companies (tenants) on the platform: list, read, create, change, suspend and delete (spec 2).
import { and, asc, eq, isNull, like, or, type SQL, sql } from "drizzle-orm";
import { forgetCompanyAccounts } from "../../auth/accounts";
import type { Db } from "../../db/client";
import { companies, plans } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { toPesos } from "../money";
import { forgetCompanyModules } from "../plan-modules";
import { bogotaDate } from "../time";
import { addDays, monthlyCost, monthPeriod } from "./rules";

export const activeLocations = sql<number>`(SELECT COUNT(*) FROM locations l WHERE l.company_id = companies.id AND l.is_active = 1)`;
export const employees = sql<number>`(SELECT COUNT(*) FROM users u WHERE u.company_id = companies.id AND u.is_active = 1)`;

type CompanyRow = typeof companies.$inferSelect;

export function toCompanyDto(c: CompanyRow, locationsCount: number, employeesCount: number) {
  const cost = monthlyCost(locationsCount, c.pricePerLocation);
  return {
    id: c.id,
    name: c.name,
    subdomain: c.subdomain,
    email: c.email,
    legal_name: c.legalName,
    tax_id: c.taxId,
    phone: c.phone,
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
  db: Db,
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
  const [rows, [total]] = await db.batch([
    db
      .select({ c: companies, locations: activeLocations, employees })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: sql<number>`COUNT(*)` }).from(companies).where(where),
  ]);
  return {
    companies: rows.map((r) => toCompanyDto(r.c, Number(r.locations), Number(r.employees))),
    total: Number(total?.n ?? 0),
  };
}

export async function getCompany(db: Db, id: number): Promise<CompanyDto> {
  const [row] = await db
    .select({ c: companies, locations: activeLocations, employees })
    .from(companies)
    .where(and(eq(companies.id, id), isNull(companies.deletedAt)))
    .limit(1);
  if (!row) throw notFound("Empresa no encontrada");
  return toCompanyDto(row.c, Number(row.locations), Number(row.employees));
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

export async function createCompany(db: Db, input: CompanyInput) {
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
  return getCompany(db, row.id);
}

/**
 * What the company form may change: the company's own data. Its plan, limits and price change only
 * through a subscription change (./subscriptions.ts), which checks the limits and keeps the history.
 */
export type CompanyOwnData = Partial<
  Pick<typeof companies.$inferInsert, "name" | "email" | "legalName" | "taxId" | "phone">
>;

export async function updateCompany(db: Db, id: number, changes: CompanyOwnData) {
  await getCompany(db, id);
  await db
    .update(companies)
    .set({ ...changes, updatedAt: new Date().toISOString() })
    .where(eq(companies.id, id));
  forgetCompanyAccounts(id);
  forgetCompanyModules(id);
  return getCompany(db, id);
}

/** Soft delete: the company leaves every list and its users are blocked; its rows stay. */
export async function deleteCompany(db: Db, id: number) {
  await getCompany(db, id);
  await db
    .update(companies)
    .set({ deletedAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
    .where(eq(companies.id, id));
  forgetCompanyAccounts(id);
}

export async function setCompanyStatus(db: Db, id: number, status: "active" | "suspended", reason: string | null) {
  const company = await getCompany(db, id);
  if (status === "suspended" && company.subscription_status === "suspended")
    throw conflict("La empresa ya está suspendida");
  if (status === "active" && company.subscription_status !== "suspended")
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
  forgetCompanyAccounts(id);
  return getCompany(db, id);
}
