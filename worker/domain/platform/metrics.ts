// The platform's metrics and financial report over all companies (spec 2).
import { and, asc, eq, gte, isNull, lt, lte } from "drizzle-orm";
import { companies, invoices } from "../../db/schema";
import type { Databases } from "../../db/shards";
import { rangeBounds } from "../reports/location-stats";
import { toPesos } from "../shared/money";
import { bogotaDate, daysUntil } from "../shared/time";
import { type CompanyDto, getCompany, toCompanyDto, usageOf } from "./companies";
import { effectiveInvoiceStatus, invoiceDueSoon, nearLimit, usagePercent } from "./rules";

/** Every company with what it uses: the platform's rows, and one query per shard for the counts. */
async function companiesWithCounts(d: Databases) {
  const rows = await d.platform.select().from(companies).where(isNull(companies.deletedAt));
  const usage = await usageOf(
    d,
    rows.map((c) => c.id),
  );
  return rows.map((c) => toCompanyDto(c, usage.get(c.id)));
}

export async function globalMetrics(d: Databases) {
  const db = d.platform;
  const today = bogotaDate();
  const [list, open] = await Promise.all([
    companiesWithCounts(d),
    db
      .select({ invoice: invoices, name: companies.name, subdomain: companies.subdomain })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(and(eq(invoices.status, "pending"), isNull(companies.deletedAt)))
      .orderBy(asc(invoices.dueDate), asc(invoices.id)),
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
  // "Vencen pronto": the invoices not paid that fall due within the week or already did, soonest first
  const nextBilling = new Map(list.map((c) => [c.id, c.next_billing_date]));
  const dueSoon = open
    .filter((r) => invoiceDueSoon(r.invoice.status, r.invoice.dueDate, today))
    .map((r) => ({
      id: r.invoice.companyId,
      name: r.name,
      subdomain: r.subdomain,
      next_billing_date: nextBilling.get(r.invoice.companyId) ?? null,
      invoice_id: r.invoice.id,
      invoice_number: r.invoice.invoiceNumber,
      due_date: r.invoice.dueDate,
      total_amount: toPesos(r.invoice.totalAmount),
      status: effectiveInvoiceStatus(r.invoice.status, r.invoice.dueDate, today) as "pending" | "overdue",
      days_until_due: daysUntil(r.invoice.dueDate, today),
    }));
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
    subscriptions_expiring_soon: dueSoon.length,
    suspended_companies: suspended.length,
    alerts: {
      companies_near_limit: near.map((c) => ({
        ...brief(c),
        locations_usage_percent: usagePercent(c.current_locations_count, c.max_locations),
        employees_usage_percent: usagePercent(c.current_employees_count, c.max_employees),
      })),
      subscriptions_expiring_soon: dueSoon,
      suspended_companies: suspended.map((c) => ({ ...brief(c), reason: c.suspended_reason })),
    },
  };
}

export async function companyMetrics(d: Databases, id: number) {
  const c = await getCompany(d, id);
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
export async function financialReport(d: Databases, startDate: string, endDate: string) {
  const db = d.platform;
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
    companiesWithCounts(d),
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
  // the same amounts, cents → pesos (the keys keep their number type)
  const pesos = <T extends Record<string, unknown>>(o: T, keys: (keyof T)[]): T => ({
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
