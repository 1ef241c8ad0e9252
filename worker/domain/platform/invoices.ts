// The platform's invoices to companies: generate, list and mark paid (spec 2).
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { errorText } from "../../db/guards";
import { companies, invoices } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { toPesos } from "../money";
import { bogotaDate } from "../time";
import { getCompany } from "./companies";
import { addDays, effectiveInvoiceStatus, INVOICE_DUE_DAYS, invoiceNumber, monthPeriod } from "./rules";

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
