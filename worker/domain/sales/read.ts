// Reading sales: one sale, a day's list and its summary, and the replay of an idempotent retry.
import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customers, locations, saleItems, salePayments, sales, users } from "../../db/schema";
import { fiscalNumber } from "../fiscal/numbering";
import { taxAnswer, taxesByClass } from "../fiscal/tax";
import { conflict, IDEMPOTENCY_KEY_TAKEN, notFound } from "../shared/errors";
import { toPesos, wholePesos } from "../shared/money";
import { bogotaDate, bogotaDayRange } from "../shared/time";
import { documentLabel } from "./customers";
import { returnsBetween } from "./returns/totals";
import type { Seller } from "./types";

export async function saleByKey(db: Db, companyId: number, key: string) {
  const [row] = await db
    .select({ id: sales.id, sellerId: sales.sellerId })
    .from(sales)
    .where(and(eq(sales.companyId, companyId), eq(sales.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** A retry answers the first sale, but only to the seller who made it: a colleague's key is refused. */
export function replay(db: Db, seller: Seller, existing: { id: number; sellerId: number | null }) {
  if (existing.sellerId !== seller.id) throw conflict(IDEMPOTENCY_KEY_TAKEN);
  return oneSale(db, seller.companyId, existing.id);
}

/** The sale an earlier call made with this key, answered as replay does; null when there is none. */
export async function replayOfKey(db: Db, seller: Seller, key: string) {
  const existing = await saleByKey(db, seller.companyId, key);
  return existing ? replay(db, seller, existing) : null;
}

/** The three reads of a sales list (rows, their items, their payments) for one batch; no IN lists,
 * since D1 caps bound parameters at 100. */
export function saleReadStatements(db: Db, where: SQL) {
  return [
    db
      .select({
        sale: sales,
        firstName: users.firstName,
        lastName: users.lastName,
        locationName: locations.name,
        ...saleCustomerColumns,
      })
      .from(sales)
      .innerJoin(users, eq(users.id, sales.sellerId))
      .innerJoin(locations, eq(locations.id, sales.locationId))
      .leftJoin(customers, and(eq(customers.id, sales.customerId), eq(customers.companyId, sales.companyId)))
      .where(where)
      .orderBy(desc(sales.saleDate), desc(sales.id)),
    db.select({ item: saleItems }).from(saleItems).innerJoin(sales, eq(sales.id, saleItems.saleId)).where(where),
    db
      .select({ payment: salePayments })
      .from(salePayments)
      .innerJoin(sales, eq(sales.id, salePayments.saleId))
      .where(where),
  ] as const;
}

/**
 * What a sale shows of its customer: who and the document an invoice would carry. Aliased: D1's batch
 * answers rows keyed by column name, so a second `id` or `name` in the join would overwrite the sale's
 * and the location's.
 */
const saleCustomerColumns = {
  customerId: sql<number | null>`${customers.id}`.as("customer_ref_id"),
  customerName: sql<string | null>`${customers.name}`.as("customer_name"),
  customerDocType: sql<SaleCustomer["documentType"] | null>`${customers.documentType}`.as("customer_doc_type"),
  customerDocNumber: sql<string | null>`${customers.documentNumber}`.as("customer_doc_number"),
  customerNitDv: sql<number | null>`${customers.nitCheckDigit}`.as("customer_nit_dv"),
};
type CustomerColumns = {
  customerId: number | null;
  customerName: string | null;
  customerDocType: SaleCustomer["documentType"] | null;
  customerDocNumber: string | null;
  customerNitDv: number | null;
};

/** The customer of a sale read with the aliased columns above (null without one). */
function customerOfRow(row: CustomerColumns): SaleCustomer | null {
  if (row.customerId === null || row.customerName === null || row.customerDocType === null) return null;
  return {
    id: row.customerId,
    name: row.customerName,
    documentType: row.customerDocType,
    documentNumber: row.customerDocNumber ?? "",
    nitCheckDigit: row.customerNitDv,
  };
}
export type SaleCustomer = {
  id: number;
  name: string;
  documentType: (typeof customers.$inferSelect)["documentType"];
  documentNumber: string;
  nitCheckDigit: number | null;
};

export type SaleRow = {
  sale: typeof sales.$inferSelect;
  firstName: string;
  lastName: string;
  locationName: string;
  customer: SaleCustomer | null;
};
export type ItemRow = { item: typeof saleItems.$inferSelect };
export type PaymentRow = { payment: typeof salePayments.$inferSelect };

export type SaleDto = ReturnType<typeof assembleSales>[number];

/** Sales with their items and payments, in the spec's field names, money in pesos. */
export async function loadSales(db: Db, where: SQL) {
  const [rows, items, payments] = await db.batch(saleReadStatements(db, where));
  return assembleRead(rows, items, payments);
}

type ReadRows = Awaited<ReturnType<typeof loadRows>>;
// only for its type: what the three reads of saleReadStatements answer
const loadRows = (db: Db, where: SQL) => db.batch(saleReadStatements(db, where));

/** The sales of saleReadStatements' three answers (read in a caller's batch). */
export function assembleRead(rows: ReadRows[0], items: ReadRows[1], payments: ReadRows[2]) {
  return assembleSales(
    rows.map(({ sale, firstName, lastName, locationName, ...customer }) => ({
      sale,
      firstName,
      lastName,
      locationName,
      customer: customerOfRow(customer),
    })),
    items,
    payments,
  );
}

export async function oneSale(db: Db, companyId: number, id: number): Promise<SaleDto> {
  const [sale] = await loadSales(db, and(eq(sales.companyId, companyId), eq(sales.id, id)) as SQL);
  if (!sale) throw notFound("Venta no encontrada");
  return sale;
}

export function assembleSales(rows: SaleRow[], itemRows: ItemRow[], paymentRows: PaymentRow[]) {
  const itemsBySale = Map.groupBy(
    itemRows.map((r) => r.item),
    (i) => i.saleId,
  );
  const paymentsBySale = Map.groupBy(
    paymentRows.map((r) => r.payment),
    (p) => p.saleId,
  );
  return rows.map(({ sale, firstName, lastName, locationName, customer }) => {
    const saleItemsOf = itemsBySale.get(sale.id) ?? [];
    return {
      id: sale.id,
      seller_id: sale.sellerId,
      location_id: sale.locationId,
      subtotal_amount: toPesos(sale.subtotalAmount),
      discount_amount: toPesos(sale.discountAmount),
      total_amount: toPesos(sale.totalAmount),
      receipt_image: sale.receiptImageKey ? `/api/v1/files/${sale.receiptImageKey}` : null,
      has_receipt: sale.receiptImageKey !== null,
      // opens the printable receipt (/recibo/<token>) for anyone holding the link
      receipt_token: sale.receiptToken,
      // its DIAN number with prefix; null for a non-fiscal document (no usable range when it was made)
      fiscal_number:
        sale.fiscalNumber === null || sale.fiscalPrefix === null
          ? null
          : fiscalNumber(sale.fiscalPrefix, sale.fiscalNumber),
      sale_date: sale.saleDate,
      status: sale.status,
      items_count: saleItemsOf.reduce((acc, i) => acc + i.quantity, 0),
      notes: sale.notes,
      requires_confirmation: sale.requiresConfirmation,
      confirmed: sale.confirmed,
      confirmed_at: sale.confirmedAt,
      confirmation_notes: sale.confirmationNotes,
      transfer_id: sale.transferId,
      first_name: firstName,
      last_name: lastName,
      seller_name: `${firstName} ${lastName}`,
      location_name: locationName,
      customer: customer
        ? {
            id: customer.id,
            name: customer.name,
            document_type: customer.documentType,
            document_number: customer.documentNumber,
            nit_check_digit: customer.nitCheckDigit,
            document: documentLabel({
              type: customer.documentType,
              number: customer.documentNumber,
              checkDigit: customer.nitCheckDigit,
            }),
          }
        : null,
      items: saleItemsOf.map((i) => ({
        id: i.id,
        sale_id: i.saleId,
        sneaker_reference_code: i.sneakerReferenceCode,
        brand: i.brand,
        model: i.model,
        color: i.color,
        size: i.size,
        quantity: i.quantity,
        // units customers brought back (returns and exchanges)
        returned_quantity: i.returnedQuantity,
        unit_price: toPesos(i.unitPrice),
        subtotal: toPesos(i.subtotal),
        // the line after its share of the discount, and its IVA fixed when sold (domain/fiscal/tax.ts)
        net_amount: toPesos(i.netAmount),
        tax_class: i.taxClass,
        tax_rate: i.taxRate / 100,
        tax_base: toPesos(i.taxBase),
        tax_amount: toPesos(i.taxAmount),
      })),
      taxes: taxesByClass(saleItemsOf).map(taxAnswer),
      payment_methods: (paymentsBySale.get(sale.id) ?? []).map((p) => ({
        id: p.id,
        sale_id: p.saleId,
        payment_type: p.paymentType,
        amount: toPesos(p.amount),
        reference: p.reference,
        cash_received: p.cashReceived === null ? null : toPesos(p.cashReceived),
        change: p.cashReceived === null ? null : toPesos(p.cashReceived - p.amount),
        created_at: p.createdAt,
      })),
    };
  });
}

const dayOfSales = (companyId: number, sellerId: number | null, start: string, end: string) =>
  and(
    eq(sales.companyId, companyId),
    sellerId === null ? undefined : eq(sales.sellerId, sellerId),
    gte(sales.saleDate, start),
    lt(sales.saleDate, end),
  ) as SQL;

/** Sales of one Bogotá day, of one seller or (null) of the whole company. */
export function salesOfDay(db: Db, companyId: number, sellerId: number | null, day = bogotaDate()) {
  const { start, end } = bogotaDayRange(day);
  return loadSales(db, dayOfSales(companyId, sellerId, start, end));
}

/**
 * A day's sales and what customers brought back that day (of those sellers' sales, any day's), in one
 * D1 round trip: what Ventas del Día shows.
 */
export async function salesAndReturnsOfDay(db: Db, companyId: number, sellerId: number | null, day = bogotaDate()) {
  const { start, end } = bogotaDayRange(day);
  const [rows, items, payments, [returned]] = await db.batch([
    ...saleReadStatements(db, dayOfSales(companyId, sellerId, start, end)),
    returnsBetween(db, companyId, start, end, sellerId),
  ]);
  return {
    list: assembleRead(rows, items, payments),
    returned: { count: Number(returned?.count ?? 0), amount: Number(returned?.amount ?? 0) },
  };
}

/**
 * Rejected sales are kept for the record but count for nothing; what customers brought back that day
 * (`returned`, centavos) nets the total.
 */
export function daySummary(list: SaleDto[], returned: { count: number; amount: number } = { count: 0, amount: 0 }) {
  const live = list.filter((s) => s.status === "completed");
  const pending = live.filter((s) => s.requires_confirmation && !s.confirmed);
  const confirmed = live.filter((s) => s.confirmed);
  const cents = (xs: SaleDto[]) => xs.reduce((acc, s) => acc + Math.round(s.total_amount * 100), 0);
  const total = cents(live) - returned.amount;
  return {
    total_sales: live.length,
    confirmed_sales: confirmed.length,
    pending_sales: pending.length,
    rejected_sales: list.length - live.length,
    total_amount: wholePesos(total),
    confirmed_amount: wholePesos(cents(confirmed)),
    pending_amount: wholePesos(cents(pending)),
    average_sale: live.length === 0 ? 0 : wholePesos(Math.round(total / live.length)),
    confirmed_items: confirmed.reduce((acc, s) => acc + s.items_count, 0),
    /** returns of the day's figures (any day's sales brought back today); total_amount is net of them */
    returns_count: returned.count,
    returned_amount: wholePesos(returned.amount),
  };
}
