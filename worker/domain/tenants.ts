// Companies (tenants), their boss, invoices and plans (subscription changes: subscriptions.ts), against D1 (spec 2).
import { and, asc, desc, eq, gte, isNull, like, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { forgetCompanyAccounts } from "../auth/accounts";
import { hashPassword } from "../auth/password";
import type { Db } from "../db/client";
import { errorText } from "../db/guards";
import { companies, invoices, plans, users } from "../db/schema";
import { conflict, notFound } from "../lib/errors";
import { lockedUntilByEmail } from "./credentials";
import { rangeBounds } from "./location-stats";
import { toPesos } from "./money";
import { forgetCompanyModules } from "./plan-modules";
import {
  addDays,
  effectiveInvoiceStatus,
  expiringSoon,
  INVOICE_DUE_DAYS,
  invoiceNumber,
  monthlyCost,
  monthPeriod,
  nearLimit,
  usagePercent,
} from "./platform";
import { activeEmployees, employeeLimitMessage } from "./staff";
import { bogotaDate } from "./time";

const activeLocations = sql<number>`(SELECT COUNT(*) FROM locations l WHERE l.company_id = companies.id AND l.is_active = 1)`;
const employees = sql<number>`(SELECT COUNT(*) FROM users u WHERE u.company_id = companies.id AND u.is_active = 1)`;

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

export async function updateCompany(db: Db, id: number, changes: Partial<typeof companies.$inferInsert>) {
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

export function toBossDto(u: typeof users.$inferSelect, lockedUntil: string | null = null) {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    full_name: `${u.firstName} ${u.lastName}`,
    email: u.email,
    company_id: u.companyId,
    is_active: u.isActive,
    /** end of a lock by failed logins, while it lasts */
    locked_until: lockedUntil,
    created_at: u.createdAt,
    updated_at: u.updatedAt,
  };
}

export async function getBoss(db: Db, companyId: number) {
  await getCompany(db, companyId);
  const [boss] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, "boss"), eq(users.isActive, true)))
    .limit(1);
  if (!boss) return null;
  const locked = await lockedUntilByEmail(db, [boss.email]);
  return toBossDto(boss, locked.get(boss.email) ?? null);
}

/** Creates the company's boss, or replaces the current one (deactivated, kept for the record). */
export async function setBoss(
  db: Db,
  companyId: number,
  input: { email: string; password: string; firstName: string; lastName: string },
) {
  const company = await getCompany(db, companyId);
  const [current] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, "boss"), eq(users.isActive, true)))
    .limit(1);
  const [sameEmail] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const passwordHash = await hashPassword(input.password);
  const now = new Date().toISOString();
  if (sameEmail && sameEmail.id === current?.id) {
    await db
      .update(users)
      .set({ passwordHash, firstName: input.firstName, lastName: input.lastName, updatedAt: now })
      .where(eq(users.id, sameEmail.id));
    forgetCompanyAccounts(companyId);
    return { boss: await getBoss(db, companyId), replaced: false };
  }
  if (sameEmail) throw conflict("Ya existe un usuario con ese correo");
  const insert = db.run(sql`
    INSERT INTO users (company_id, email, password_hash, first_name, last_name, role, is_active)
    SELECT ${companyId}, ${input.email}, ${passwordHash}, ${input.firstName}, ${input.lastName}, 'boss', 1
    WHERE ${activeEmployees(companyId)} < (SELECT max_employees FROM companies WHERE id = ${companyId})`);
  // Retire the current boss first so the new one takes its place within the employee limit;
  // if the limit still refuses it, the current boss is put back.
  if (current) await db.update(users).set({ isActive: false, updatedAt: now }).where(eq(users.id, current.id));
  const inserted = await insert;
  if (!inserted.meta.changes) {
    if (current) await db.update(users).set({ isActive: true }).where(eq(users.id, current.id));
    throw conflict(employeeLimitMessage(company.max_employees));
  }
  forgetCompanyAccounts(companyId);
  return { boss: await getBoss(db, companyId), replaced: current !== undefined };
}

// ---------------------------------------------------------------- invoices

export function toInvoiceDto(i: typeof invoices.$inferSelect, companyName: string, today = bogotaDate()) {
  return {
    id: i.id,
    invoice_number: i.invoiceNumber,
    company_id: i.companyId,
    company_name: companyName,
    billing_period_start: i.billingPeriodStart,
    billing_period_end: i.billingPeriodEnd,
    locations_count: i.locationsCount,
    price_per_location: toPesos(i.pricePerLocation),
    total_amount: toPesos(i.totalAmount),
    due_date: i.dueDate,
    status: effectiveInvoiceStatus(i.status, i.dueDate, today),
    stored_status: i.status,
    paid_at: i.paidAt,
    payment_method: i.paymentMethod,
    payment_reference: i.paymentReference,
    created_at: i.createdAt,
  };
}

const INVOICE_EXISTS = "Ya existe una factura de esta empresa para este periodo";

export async function generateInvoice(db: Db, companyId: number, today = bogotaDate()) {
  const company = await getCompany(db, companyId);
  const period = monthPeriod(today);
  const [[existing], [count]] = await db.batch([
    db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.billingPeriodStart, period.start)))
      .limit(1),
    db.select({ n: sql<number>`COUNT(*)` }).from(invoices).where(eq(invoices.companyId, companyId)),
  ]);
  if (existing) throw conflict(INVOICE_EXISTS);
  const price = Math.round(company.price_per_location * 100);
  const locationsCount = company.current_locations_count;
  // two generations at once: the (company, period) UNIQUE index lets one in
  const inserted = await db
    .insert(invoices)
    .values({
      companyId,
      invoiceNumber: invoiceNumber(period.start, companyId, Number(count?.n ?? 0) + 1),
      billingPeriodStart: period.start,
      billingPeriodEnd: period.end,
      locationsCount,
      pricePerLocation: price,
      totalAmount: locationsCount * price,
      dueDate: addDays(today, INVOICE_DUE_DAYS),
    })
    .returning()
    .catch((err: unknown) => {
      if (errorText(err).includes("UNIQUE constraint failed")) throw conflict(INVOICE_EXISTS);
      throw err;
    });
  const [row] = inserted;
  if (!row) throw new Error("invoice not inserted");
  return toInvoiceDto(row, company.name, today);
}

const STATUS_SQL = (today: string) => ({
  paid: eq(invoices.status, "paid"),
  pending: and(eq(invoices.status, "pending"), gte(invoices.dueDate, today)),
  overdue: and(eq(invoices.status, "pending"), sql`${invoices.dueDate} < ${today}`),
});

export async function listInvoices(
  db: Db,
  q: { status?: "pending" | "paid" | "overdue" | undefined; companyId?: number; skip: number; limit: number },
) {
  const today = bogotaDate();
  const rows = await db
    .select({ invoice: invoices, companyName: companies.name })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(
      and(
        q.status ? STATUS_SQL(today)[q.status] : undefined,
        q.companyId === undefined ? undefined : eq(invoices.companyId, q.companyId),
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(q.limit)
    .offset(q.skip);
  return rows.map((r) => toInvoiceDto(r.invoice, r.companyName, today));
}

export async function markInvoicePaid(
  db: Db,
  id: number,
  input: { method: string; reference: string | null; paidAt: string },
) {
  const [row] = await db
    .select({ invoice: invoices, companyName: companies.name })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(eq(invoices.id, id))
    .limit(1);
  if (!row) throw notFound("Factura no encontrada");
  const [updated] = await db
    .update(invoices)
    .set({ status: "paid", paidAt: input.paidAt, paymentMethod: input.method, paymentReference: input.reference })
    .where(and(eq(invoices.id, id), eq(invoices.status, "pending")))
    .returning();
  if (!updated) throw conflict("La factura ya está pagada");
  return toInvoiceDto(updated, row.companyName);
}

// ---------------------------------------------------------------- metrics and reports

async function companiesWithCounts(db: Db) {
  const rows = await db
    .select({ c: companies, locations: activeLocations, employees })
    .from(companies)
    .where(isNull(companies.deletedAt));
  return rows.map((r) => toCompanyDto(r.c, Number(r.locations), Number(r.employees)));
}

export async function globalMetrics(db: Db) {
  const today = bogotaDate();
  const [list, open] = await Promise.all([
    companiesWithCounts(db),
    db
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(and(eq(invoices.status, "pending"), isNull(companies.deletedAt))),
  ]);
  const overdue = open.filter((r) => effectiveInvoiceStatus(r.invoice.status, r.invoice.dueDate, today) === "overdue");
  const active = list.filter((c) => c.subscription_status === "active");
  const near = list.filter((c) =>
    nearLimit({
      locations: c.current_locations_count,
      maxLocations: c.max_locations,
      employees: c.current_employees_count,
      maxEmployees: c.max_employees,
    }),
  );
  const expiring = list.filter(
    (c) => c.subscription_status !== "suspended" && expiringSoon(c.next_billing_date, today),
  );
  const suspended = list.filter((c) => c.subscription_status === "suspended");
  const brief = (c: CompanyDto) => ({
    id: c.id,
    name: c.name,
    subdomain: c.subdomain,
    next_billing_date: c.next_billing_date,
  });
  return {
    total_companies: list.length,
    active_companies: active.length,
    trial_companies: list.filter((c) => c.subscription_status === "trial").length,
    monthly_recurring_revenue: Math.round(active.reduce((a, c) => a + c.monthly_cost * 100, 0)) / 100,
    overdue_payments: overdue.length,
    overdue_invoices_amount: toPesos(overdue.reduce((a, r) => a + r.invoice.totalAmount, 0)),
    total_locations: list.reduce((a, c) => a + c.current_locations_count, 0),
    total_employees: list.reduce((a, c) => a + c.current_employees_count, 0),
    companies_near_limit: near.length,
    subscriptions_expiring_soon: expiring.length,
    suspended_companies: suspended.length,
    alerts: {
      companies_near_limit: near.map((c) => ({
        ...brief(c),
        locations_usage_percent: usagePercent(c.current_locations_count, c.max_locations),
        employees_usage_percent: usagePercent(c.current_employees_count, c.max_employees),
      })),
      subscriptions_expiring_soon: expiring.map(brief),
      suspended_companies: suspended.map((c) => ({ ...brief(c), reason: c.suspended_reason })),
    },
  };
}

export async function companyMetrics(db: Db, id: number) {
  const c = await getCompany(db, id);
  return {
    company_id: c.id,
    company_name: c.name,
    locations_count: c.current_locations_count,
    locations_limit: c.max_locations,
    locations_usage_percent: usagePercent(c.current_locations_count, c.max_locations),
    employees_count: c.current_employees_count,
    employees_limit: c.max_employees,
    employees_usage_percent: usagePercent(c.current_employees_count, c.max_employees),
    monthly_cost: c.monthly_cost,
    subscription_plan: c.subscription_plan,
    subscription_status: c.subscription_status,
  };
}

/**
 * Invoiced = invoices whose billing period starts in the range; collected = invoices paid in the range;
 * pending / overdue = invoices of the range not paid, split by due date as of today; MRR at the end of
 * the range = monthly cost of companies that existed then and are active now.
 */
export async function financialReport(db: Db, startDate: string, endDate: string) {
  const today = bogotaDate();
  const [inRange, paidInRange, list] = await Promise.all([
    db
      .select({ invoice: invoices, companyName: companies.name })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(and(gte(invoices.billingPeriodStart, startDate), lte(invoices.billingPeriodStart, endDate))),
    db
      .select({ invoice: invoices })
      .from(invoices)
      .where(
        and(
          eq(invoices.status, "paid"),
          gte(invoices.paidAt, rangeBounds(startDate, endDate).start),
          lt(invoices.paidAt, rangeBounds(startDate, endDate).end),
        ),
      ),
    companiesWithCounts(db),
  ]);
  const sum = (xs: { invoice: typeof invoices.$inferSelect }[]) =>
    toPesos(xs.reduce((a, r) => a + r.invoice.totalAmount, 0));
  const statusOf = (r: { invoice: typeof invoices.$inferSelect }) =>
    effectiveInvoiceStatus(r.invoice.status, r.invoice.dueDate, today);
  const byCompany = new Map<
    number,
    {
      company_id: number;
      company_name: string;
      invoiced: number;
      collected: number;
      pending: number;
      overdue: number;
      invoices: number;
    }
  >();
  const byMonth = new Map<
    string,
    { month: string; invoiced: number; collected: number; pending: number; overdue: number }
  >();
  for (const r of inRange) {
    const cents = r.invoice.totalAmount;
    const status = statusOf(r);
    const company = byCompany.get(r.invoice.companyId) ?? {
      company_id: r.invoice.companyId,
      company_name: r.companyName,
      invoiced: 0,
      collected: 0,
      pending: 0,
      overdue: 0,
      invoices: 0,
    };
    const month = byMonth.get(r.invoice.billingPeriodStart.slice(0, 7)) ?? {
      month: r.invoice.billingPeriodStart.slice(0, 7),
      invoiced: 0,
      collected: 0,
      pending: 0,
      overdue: 0,
    };
    for (const bucket of [company, month]) {
      bucket.invoiced += cents;
      if (status === "paid") bucket.collected += cents;
      if (status === "pending") bucket.pending += cents;
      if (status === "overdue") bucket.overdue += cents;
    }
    company.invoices += 1;
    byCompany.set(company.company_id, company);
    byMonth.set(month.month, month);
  }
  const pesos = <T extends Record<string, unknown>>(o: T, keys: (keyof T)[]) => ({
    ...o,
    ...Object.fromEntries(keys.map((k) => [k, toPesos(Number(o[k]))])),
  });
  const active = list.filter(
    (c) => c.subscription_status === "active" && c.created_at < rangeBounds(startDate, endDate).end,
  );
  return {
    period: { start_date: startDate, end_date: endDate },
    totals: {
      invoiced: sum(inRange),
      collected: sum(paidInRange),
      pending: sum(inRange.filter((r) => statusOf(r) === "pending")),
      overdue: sum(inRange.filter((r) => statusOf(r) === "overdue")),
      invoices_count: inRange.length,
    },
    by_company: [...byCompany.values()]
      .map((c) => pesos(c, ["invoiced", "collected", "pending", "overdue"]))
      .sort((a, b) => Number(b.invoiced) - Number(a.invoiced)),
    by_month: [...byMonth.values()]
      .map((m) => pesos(m, ["invoiced", "collected", "pending", "overdue"]))
      .sort((a, b) => String(a.month).localeCompare(String(b.month))),
    mrr_at_end: Math.round(active.reduce((a, c) => a + c.monthly_cost * 100, 0)) / 100,
  };
}

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
