// Reading returns: one return as answered, the returns of a sale, and a sale found to take back.

import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { customers, locations, saleItems, saleReturnItems, saleReturns, sales, users } from "../../../db/schema";
import { type Page, pageInfo } from "../../../lib/paging";
import { taxAnswer, taxesByClass } from "../../fiscal/tax";
import { requireCompanyRow } from "../../shared/company-row";
import { notFound } from "../../shared/errors";
import { toPesos } from "../../shared/money";
import { loadSales, type SaleDto } from "../read";

export const RETURN_NOT_FOUND = "Devolución no encontrada";

const REASON_TEXT = {
  talla: "Talla",
  defecto: "Defecto",
  no_le_gusto: "No le gustó",
  otro: "Otro",
} as const;

const approver = alias(users, "approver");

/** Returns with their lines, newest first, in the API's field names, money in pesos; all that `where` matches. */
export async function loadReturns(db: Db, where: SQL) {
  const [rows, lines] = await db.batch(returnReadStatements(db, where));
  return assembleReturns(rows, lines);
}

type ReadRows = Awaited<ReturnType<typeof readRows>>;
// only for its type: what the two reads of returnReadStatements answer
const readRows = (db: Db, where: SQL) => db.batch(returnReadStatements(db, where));

/** The two reads of loadReturns (the returns, their lines), for a caller's batch. */
export function returnReadStatements(db: Db, where: SQL) {
  return [
    db
      .select({
        r: saleReturns,
        // D1 names a batch's columns by their name alone: two first_name columns would collide
        userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        approverName: sql<string | null>`${approver.firstName} || ' ' || ${approver.lastName}`,
        locationName: locations.name,
      })
      .from(saleReturns)
      .innerJoin(users, eq(users.id, saleReturns.userId))
      .innerJoin(locations, eq(locations.id, saleReturns.locationId))
      .leftJoin(approver, eq(approver.id, saleReturns.approvedBy))
      .where(where)
      // every one (callers name one return, one sale's or one customer's: a bounded list, and the
      // customer's net total adds all of them)
      .orderBy(desc(saleReturns.createdAt), desc(saleReturns.id)),
    db
      .select({
        line: saleReturnItems,
        item: {
          sneakerReferenceCode: saleItems.sneakerReferenceCode,
          brand: saleItems.brand,
          model: saleItems.model,
          color: saleItems.color,
          size: saleItems.size,
          taxClass: saleItems.taxClass,
          taxRate: saleItems.taxRate,
        },
      })
      .from(saleReturnItems)
      .innerJoin(saleItems, eq(saleItems.id, saleReturnItems.saleItemId))
      .innerJoin(saleReturns, eq(saleReturns.id, saleReturnItems.returnId))
      .where(where)
      .orderBy(saleReturnItems.id),
  ] as const;
}

/** The returns of returnReadStatements' two answers. */
export function assembleReturns(rows: ReadRows[0], lines: ReadRows[1]) {
  const linesOf = Map.groupBy(lines, (l) => l.line.returnId);
  return rows.map(({ r, userName, approverName, locationName }) => ({
    id: r.id,
    sale_id: r.saleId,
    kind: r.exchangeSaleId === null ? ("return" as const) : ("exchange" as const),
    created_at: r.createdAt,
    location_id: r.locationId,
    location_name: locationName,
    user_name: userName,
    reason: r.reason,
    reason_text: REASON_TEXT[r.reason],
    notes: r.notes,
    /** what the units were worth (refund + credit) */
    returned_amount: toPesos(r.refundAmount + r.creditAmount),
    refund_amount: toPesos(r.refundAmount),
    refund_method: r.refundMethod,
    credit_amount: toPesos(r.creditAmount),
    exchange_sale_id: r.exchangeSaleId,
    approved_by_name: approverName,
    receipt_token: r.receiptToken,
    lines: (linesOf.get(r.id) ?? []).map(({ line, item }) => ({
      sale_item_id: line.saleItemId,
      sneaker_reference_code: item.sneakerReferenceCode,
      brand: item.brand,
      model: item.model,
      color: item.color,
      size: item.size,
      quantity: line.quantity,
      amount: toPesos(line.amount),
      destination: line.destination,
      tax_class: item.taxClass,
      tax_base: toPesos(line.taxBase),
      tax_amount: toPesos(line.taxAmount),
    })),
    // the IVA the units carried, reversed (the nota de ajuste's taxes per rate)
    taxes: taxesByClass(
      (linesOf.get(r.id) ?? []).map(({ line, item }) => ({
        taxClass: item.taxClass,
        taxRate: item.taxRate,
        taxBase: line.taxBase,
        taxAmount: line.taxAmount,
      })),
    ).map(taxAnswer),
  }));
}

export type ReturnSummary = Awaited<ReturnType<typeof loadReturns>>[number];
export type ReturnDto = ReturnSummary & { exchange_sale: SaleDto | null };

/** One return, with the exchange's sale when it was one. */
export async function oneReturn(db: Db, companyId: number, id: number): Promise<ReturnDto> {
  const [found] = await loadReturns(db, and(eq(saleReturns.companyId, companyId), eq(saleReturns.id, id)) as SQL);
  if (!found) throw notFound(RETURN_NOT_FOUND);
  const [exchangeSale] =
    found.exchange_sale_id === null
      ? []
      : await loadSales(db, and(eq(sales.companyId, companyId), eq(sales.id, found.exchange_sale_id)) as SQL);
  return { ...found, exchange_sale: exchangeSale ?? null };
}

/**
 * A sale to take back, found by its number or its receipt code (the token on the receipt's link), with
 * its returns so far. A seller finds the sales of their store only.
 */
export async function returnableSale(db: Db, companyId: number, code: string, locationId: number | null) {
  const trimmed = code.trim().replace(/^#/, "");
  const token = trimmed.replace(/^.*\/recibo\//, "").toLowerCase();
  // a sale's number, its receipt's code, or the code of one of its returns' receipts
  const byCode = /^\d{1,12}$/.test(trimmed)
    ? eq(sales.id, Number(trimmed))
    : or(
        eq(sales.receiptToken, token),
        sql`${sales.id} = (SELECT sale_id FROM sale_returns WHERE receipt_token = ${token} AND company_id = ${companyId})`,
      );
  const [sale] = await loadSales(
    db,
    and(
      eq(sales.companyId, companyId),
      byCode,
      locationId === null ? undefined : eq(sales.locationId, locationId),
    ) as SQL,
  );
  if (!sale) throw notFound("Venta no encontrada");
  const returns = await loadReturns(
    db,
    and(eq(saleReturns.companyId, companyId), eq(saleReturns.saleId, sale.id)) as SQL,
  );
  return { sale, returns };
}

/**
 * A customer's completed sales to take back, a page at a time (newest first), of the seller's store
 * only, and how many there are in all; another company's customer is unknown (404).
 */
export async function customerSalesToReturn(
  db: Db,
  companyId: number,
  customerId: number,
  locationId: number | null,
  page: Page,
) {
  await requireCompanyRow(db, customers, companyId, customerId, "Cliente no encontrado");
  const theirs = and(
    eq(sales.companyId, companyId),
    eq(sales.customerId, customerId),
    eq(sales.status, "completed"),
    locationId === null ? undefined : eq(sales.locationId, locationId),
  );
  const latest = db
    .select({ id: sales.id })
    .from(sales)
    .where(theirs)
    .orderBy(desc(sales.saleDate), desc(sales.id))
    .limit(page.limit)
    .offset(page.offset);
  const [list, [counted]] = await Promise.all([
    loadSales(db, and(eq(sales.companyId, companyId), inArray(sales.id, latest)) as SQL),
    db.select({ n: sql<number>`COUNT(*)` }).from(sales).where(theirs),
  ]);
  return { sales: list, ...pageInfo(page, Number(counted?.n ?? 0)) };
}
