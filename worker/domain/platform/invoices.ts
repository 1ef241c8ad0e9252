// The platform's invoices to companies: generate, list and mark paid (spec 2).
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { BillPaymentMethod } from "../../../shared/constants";
import { plural } from "../../../shared/plural";
import type { Db } from "../../db/client";
import { errorText } from "../../db/guards";
import { companies, invoices, plans, type StoredInvoiceLine, subscriptionChanges } from "../../db/schema";
import type { Databases } from "../../db/shards";
import { conflict, notFound } from "../shared/errors";
import { copText, toPesos } from "../shared/money";
import { bogotaDate } from "../shared/time";
import { getCompany } from "./companies";
import { type AppliedChange, dayRange, daysBetween, prorateInvoice } from "./proration";
import {
  addDays,
  effectiveInvoiceStatus,
  INVOICE_DUE_DAYS,
  invoiceNumber,
  monthPeriod,
  planDisplayName,
} from "./rules";

type InvoiceRow = typeof invoices.$inferSelect;

/** A line as the API answers it (pesos). */
function toLineDto(l: StoredInvoiceLine) {
  return { ...l, price_per_location: toPesos(l.price_per_location), amount: toPesos(l.amount) };
}

/** Invoices made before their lines were kept: one line that says what the total was. */
function linesOf(i: InvoiceRow): StoredInvoiceLine[] {
  if (i.lines.length > 0) return i.lines;
  const days = daysBetween(i.billingPeriodStart, i.billingPeriodEnd);
  return [
    {
      plan: "",
      plan_name: "",
      start: i.billingPeriodStart,
      end: i.billingPeriodEnd,
      days,
      period_days: days,
      locations_count: i.locationsCount,
      price_per_location: i.pricePerLocation,
      amount: i.totalAmount,
      description: `${dayRange(i.billingPeriodStart, i.billingPeriodEnd)}: ${plural(i.locationsCount, "ubicación", "ubicaciones")} × ${copText(i.pricePerLocation)} al mes`,
    },
  ];
}

export function toInvoiceDto(i: InvoiceRow, companyName: string, today = bogotaDate()) {
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
    /** how the period was priced: one line per plan and price in force (prorated by days) */
    lines: linesOf(i).map(toLineDto),
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

/**
 * The plan changes applied up to the period's end, in the order they count, and the terms in force
 * before the first of them (the first change records the plan it replaced); without changes, the
 * company's current terms.
 */
async function pricingHistory(db: Db, company: typeof companies.$inferSelect, periodEnd: string) {
  const rows = await db
    .select()
    .from(subscriptionChanges)
    .where(
      and(
        eq(subscriptionChanges.companyId, company.id),
        eq(subscriptionChanges.status, "applied"),
        lte(subscriptionChanges.effectiveDate, periodEnd),
      ),
    )
    .orderBy(asc(subscriptionChanges.effectiveDate), asc(subscriptionChanges.id));
  const first = rows[0];
  const opening = {
    plan: first?.oldPlan ?? company.subscriptionPlan,
    pricePerLocation: first?.oldPricePerLocation ?? company.pricePerLocation,
  };
  const changes: AppliedChange[] = rows.map((r) => ({
    effectiveDate: r.effectiveDate,
    terms: { plan: r.newPlan, pricePerLocation: r.newPricePerLocation },
  }));
  return { opening, changes };
}

/**
 * The invoice of the month containing `today`: its active locations times the price in force each day,
 * prorated by days when the plan changed in the month (lines say how). The company's next billing date
 * moves to the first day after the period, in the same batch.
 */
export async function generateInvoice(d: Databases, companyId: number, today = bogotaDate()) {
  const db = d.platform;
  const company = await getCompany(d, companyId);
  const period = monthPeriod(today);
  const [[existing], [count], [row], templates] = await db.batch([
    db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.billingPeriodStart, period.start)))
      .limit(1),
    db.select({ n: sql<number>`COUNT(*)` }).from(invoices).where(eq(invoices.companyId, companyId)),
    db.select().from(companies).where(eq(companies.id, companyId)).limit(1),
    db.select({ code: plans.planCode, name: plans.displayName }).from(plans),
  ]);
  if (existing) throw conflict(INVOICE_EXISTS);
  if (!row) throw notFound("Empresa no encontrada");
  const locationsCount = company.current_locations_count;
  const history = await pricingHistory(db, row, period.end);
  const names = new Map(templates.map((t) => [t.code, t.name]));
  const priced = prorateInvoice({
    periodStart: period.start,
    periodEnd: period.end,
    locations: locationsCount,
    opening: history.opening,
    changes: history.changes,
    planName: (code) => planDisplayName(code, names.get(code)),
  });
  // two generations at once: the (company, period) UNIQUE index lets one in
  const [inserted] = await db
    .batch([
      db
        .insert(invoices)
        .values({
          companyId,
          invoiceNumber: invoiceNumber(period.start, companyId, Number(count?.n ?? 0) + 1),
          billingPeriodStart: period.start,
          billingPeriodEnd: period.end,
          locationsCount,
          pricePerLocation: row.pricePerLocation,
          totalAmount: priced.total,
          lines: priced.lines,
          dueDate: addDays(today, INVOICE_DUE_DAYS),
        })
        .returning(),
      db
        .update(companies)
        .set({ nextBillingDate: addDays(period.end, 1) })
        .where(eq(companies.id, companyId)),
    ])
    .catch((err: unknown) => {
      if (errorText(err).includes("UNIQUE constraint failed")) throw conflict(INVOICE_EXISTS);
      throw err;
    });
  const [invoice] = inserted;
  if (!invoice) throw new Error("invoice not inserted");
  return toInvoiceDto(invoice, company.name, today);
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
  const where = and(
    q.status ? STATUS_SQL(today)[q.status] : undefined,
    q.companyId === undefined ? undefined : eq(invoices.companyId, q.companyId),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ invoice: invoices, companyName: companies.name })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: sql<number>`COUNT(*)` }).from(invoices).where(where),
  ]);
  // total: every invoice the filter matches, not this page's (issue 32 §4)
  return { invoices: rows.map((r) => toInvoiceDto(r.invoice, r.companyName, today)), total: Number(counted?.n ?? 0) };
}

/** How an invoice was paid; paidAt (ISO 8601) absent: now. */
export interface InvoicePayment {
  method: BillPaymentMethod;
  reference: string | null;
  paidAt: string | null;
}

export async function markInvoicePaid(db: Db, id: number, input: InvoicePayment) {
  const paidAt = input.paidAt ?? new Date().toISOString();
  const [row] = await db
    .select({ invoice: invoices, companyName: companies.name })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(eq(invoices.id, id))
    .limit(1);
  if (!row) throw notFound("Factura no encontrada");
  const [updated] = await db
    .update(invoices)
    .set({ status: "paid", paidAt, paymentMethod: input.method, paymentReference: input.reference })
    .where(and(eq(invoices.id, id), eq(invoices.status, "pending")))
    .returning();
  if (!updated) throw conflict("La factura ya está pagada");
  return toInvoiceDto(updated, row.companyName);
}
