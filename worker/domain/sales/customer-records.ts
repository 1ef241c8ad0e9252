// Customers in D1: register (the UNIQUE document index decides a race), search while selling, edit,
// and a customer's purchase history. The data rules are in customers.ts.
import { and, asc, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { customers, saleReturns, sales } from "../../db/schema";
import { type Page, pageInfo } from "../../lib/paging";
import { companyRowOf } from "../shared/company-row";
import { conflict, type DomainError, forbidden, notFound } from "../shared/errors";
import { toPesos } from "../shared/money";
import { pageRead } from "../shared/page-read";
import { type CustomerDocument, documentLabel, type SearchTerms } from "./customers";
import { loadSales } from "./index";
import { loadReturns } from "./returns/read";
import { insertedOrRefused, isConstraint } from "./statements";

type CustomerRow = typeof customers.$inferSelect;

export const CUSTOMER_NOT_FOUND = "Cliente no encontrado";
export const SELLER_EDITS_CONTACT_ONLY =
  "Un vendedor solo puede corregir el teléfono y el correo del cliente; el nombre y el documento los corrige un administrador";

export interface CustomerActor {
  id: number;
  companyId: number;
  role: string;
}

export interface NewCustomer {
  name: string;
  nameKey: string;
  document: CustomerDocument;
  phone: string | null;
  email: string | null;
}

/** Fields of an edit: absent leaves the field as it is; null clears phone or e-mail. */
export interface CustomerChanges {
  name?: { name: string; nameKey: string } | undefined;
  document?: CustomerDocument | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
}

export function customerDto(row: CustomerRow) {
  const document = { type: row.documentType, number: row.documentNumber, checkDigit: row.nitCheckDigit };
  return {
    id: row.id,
    name: row.name,
    document_type: row.documentType,
    document_number: row.documentNumber,
    nit_check_digit: row.nitCheckDigit,
    document: documentLabel(document),
    phone: row.phone,
    email: row.email,
    data_consent: row.dataConsent,
    consent_at: row.consentAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
export type CustomerDto = ReturnType<typeof customerDto>;

async function holderOf(db: Db, companyId: number, document: CustomerDocument) {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        eq(customers.documentType, document.type),
        eq(customers.documentNumber, document.number),
      ),
    )
    .limit(1);
  return row ?? null;
}

function documentTaken(holder: CustomerRow | null): DomainError {
  return conflict(
    holder
      ? `Ya existe un cliente con ese documento: ${holder.name} (${documentLabel({ type: holder.documentType, number: holder.documentNumber, checkDigit: holder.nitCheckDigit })}, cliente #${holder.id})`
      : "Ya existe un cliente con ese documento",
  );
}

/**
 * Registers a customer with their consent (the route refuses anyone without it; the table's CHECK
 * too). One INSERT: a document already registered, also by a call racing this one, fails the UNIQUE
 * index and answers 409 naming the customer who has it.
 */
export async function createCustomer(db: Db, actor: CustomerActor, input: NewCustomer): Promise<CustomerDto> {
  const now = new Date().toISOString();
  const row = await insertedOrRefused(
    db
      .insert(customers)
      .values({
        companyId: actor.companyId,
        name: input.name,
        nameKey: input.nameKey,
        documentType: input.document.type,
        documentNumber: input.document.number,
        nitCheckDigit: input.document.checkDigit,
        phone: input.phone,
        email: input.email,
        dataConsent: true,
        consentAt: now,
        createdBy: actor.id,
      })
      .returning(),
    async () => documentTaken(await holderOf(db, actor.companyId, input.document)),
    "customer",
  );
  return customerDto(row);
}

/** A customer of the company; another company's id is unknown (404). */
export async function customerOf(db: Db, companyId: number, id: number): Promise<CustomerRow> {
  return companyRowOf(db, customers, companyId, id, CUSTOMER_NOT_FOUND);
}

/** `column LIKE pattern` with the typed text's own % and _ taken literally (drizzle's like() has no ESCAPE). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const likeEscaped = (column: SQLiteColumn | SQL, pattern: string) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;

/**
 * Customers matching a text typed while selling: the document number (from its start; a NIT with its
 * check digit, as displayed) or the phone (anywhere) by its digits, a CE or passport code, or every
 * word of the name without accents or case. Without a
 * text, the most recently registered. A page of them, and how many match in all (issue 32 §4).
 */
export async function searchCustomers(db: Db, companyId: number, terms: SearchTerms | null, page: Page) {
  let match: SQL | undefined;
  if (terms) {
    // every word of the name, in any order ("gomez ana" finds "Ana María Gómez")
    const words = terms.name.split(" ").filter(Boolean);
    const options: SQL[] = [
      words.length > 1
        ? (and(...words.map((word) => likeEscaped(customers.nameKey, `%${escapeLike(word)}%`))) as SQL)
        : likeEscaped(customers.nameKey, `%${escapeLike(terms.name)}%`),
    ];
    if (terms.digits) {
      // the number followed by its NIT check digit: a NIT found as displayed ("830.038.791-3") or typed
      // glued ("8300387913"); for other documents (no check digit) the number alone
      options.push(
        likeEscaped(
          sql`${customers.documentNumber} || COALESCE(${customers.nitCheckDigit}, '')`,
          `${escapeLike(terms.digits)}%`,
        ),
      );
      options.push(likeEscaped(customers.phone, `%${escapeLike(terms.digits)}%`));
    }
    if (terms.code) options.push(likeEscaped(customers.documentNumber, `${escapeLike(terms.code)}%`));
    match = or(...options);
  }
  const where = and(eq(customers.companyId, companyId), match);
  const order = terms ? [asc(customers.nameKey), asc(customers.id)] : [desc(customers.createdAt), desc(customers.id)];
  const [rows, [counted]] = await db.batch(pageRead(db, customers, where, order, page));
  return { customers: rows.map(customerDto), ...pageInfo(page, Number(counted?.n ?? 0)) };
}

/**
 * Edits a customer. A seller corrects the phone and e-mail only (they meet the customer at the till);
 * the name and the document are the administrador's. A document another customer has is 409.
 */
export async function updateCustomer(
  db: Db,
  actor: CustomerActor,
  id: number,
  changes: CustomerChanges,
): Promise<CustomerDto> {
  const current = await customerOf(db, actor.companyId, id);
  if (actor.role === "seller" && (changes.name !== undefined || changes.document !== undefined)) {
    throw forbidden(SELLER_EDITS_CONTACT_ONLY);
  }
  const set: Partial<typeof customers.$inferInsert> = { updatedAt: new Date().toISOString() };
  if (changes.name) {
    set.name = changes.name.name;
    set.nameKey = changes.name.nameKey;
  }
  if (changes.document) {
    set.documentType = changes.document.type;
    set.documentNumber = changes.document.number;
    set.nitCheckDigit = changes.document.checkDigit;
  }
  if (changes.phone !== undefined) set.phone = changes.phone;
  if (changes.email !== undefined) set.email = changes.email;
  try {
    const [row] = await db
      .update(customers)
      .set(set)
      .where(and(eq(customers.companyId, actor.companyId), eq(customers.id, current.id)))
      .returning();
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    return customerDto(row);
  } catch (err) {
    if (changes.document && isConstraint(err, "UNIQUE")) {
      throw documentTaken(await holderOf(db, actor.companyId, changes.document));
    }
    throw err;
  }
}

/**
 * A customer with their purchases, newest first (each sale's date, number, store, total, status and
 * lines) and the returns and exchanges of those sales; the total is net of what was given back.
 */
export async function customerDetail(db: Db, companyId: number, id: number) {
  const customer = await customerOf(db, companyId, id);
  const list = await loadSales(db, and(eq(sales.companyId, companyId), eq(sales.customerId, customer.id)) as SQL);
  const purchases = list.map((s) => ({
    sale_id: s.id,
    sale_date: s.sale_date,
    location_id: s.location_id,
    location_name: s.location_name,
    seller_name: s.seller_name,
    status: s.status,
    total_amount: s.total_amount,
    items_count: s.items_count,
    items: s.items.map((i) => ({
      sneaker_reference_code: i.sneaker_reference_code,
      brand: i.brand,
      model: i.model,
      size: i.size,
      quantity: i.quantity,
      unit_price: i.unit_price,
      subtotal: i.subtotal,
    })),
  }));
  const returns = await loadReturns(
    db,
    and(
      eq(saleReturns.companyId, companyId),
      inArray(saleReturns.saleId, db.select({ id: sales.id }).from(sales).where(eq(sales.customerId, customer.id))),
    ) as SQL,
  );
  const completed = list.filter((s) => s.status === "completed");
  const returnedCentavos = returns.reduce((acc, r) => acc + Math.round(r.returned_amount * 100), 0);
  const totalCentavos = completed.reduce((acc, s) => acc + Math.round(s.total_amount * 100), 0) - returnedCentavos;
  return {
    customer: customerDto(customer),
    purchases,
    returns: returns.map((r) => ({
      id: r.id,
      sale_id: r.sale_id,
      kind: r.kind,
      created_at: r.created_at,
      location_name: r.location_name,
      reason_text: r.reason_text,
      returned_amount: r.returned_amount,
      refund_amount: r.refund_amount,
      refund_method: r.refund_method,
      exchange_sale_id: r.exchange_sale_id,
      lines: r.lines.map((l) => ({
        sneaker_reference_code: l.sneaker_reference_code,
        brand: l.brand,
        model: l.model,
        size: l.size,
        quantity: l.quantity,
        amount: l.amount,
      })),
    })),
    summary: {
      purchases: completed.length,
      /** net of returns */
      total_amount: toPesos(totalCentavos),
      returns: returns.length,
      returned_amount: toPesos(returnedCentavos),
    },
  };
}
