// A sale's receipt: what the customer takes home, printed, shared by WhatsApp or e-mail, or opened
// from its public link (/recibo/<token>) without signing in. It shows that sale only, never the
// voucher photo the seller attached (that stays private to the company). Returns and exchanges have
// receipts of their own, with their own token.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, locations, numberingRanges, saleReturns, sales } from "../../db/schema";
import { receiptDocument } from "../fiscal/receipt-document";
import { notFound } from "../shared/errors";
import { toPesos } from "../shared/money";
import { loadSales, type SaleDto } from "./read";
import { loadReturns, type ReturnSummary } from "./returns/read";

export const RECEIPT_NOT_FOUND = "Recibo no encontrado";

type ElectronicOnReceipt = Awaited<ReturnType<typeof receiptDocument>>;

type Company = Pick<typeof companies.$inferSelect, "name" | "legalName" | "taxId" | "phone" | "returnPolicy">;
type Place = Pick<typeof locations.$inferSelect, "name" | "address" | "phone">;

interface Returned {
  sale_number: number;
  reason: string;
  lines: { reference: string; description: string; size: string; quantity: number; amount: number }[];
  /** what the units were worth: refund + credit */
  total: number;
  taxes: ReturnSummary["taxes"];
  refund_amount: number;
  refund_method: string | null;
  credit_amount: number;
}

/** A later return or exchange of the sale, as its receipt names it (with the link to its own receipt). */
interface LaterReturn {
  number: number;
  kind: "return" | "exchange";
  issued_at: string;
  amount: number;
  token: string;
}

const description = (i: { brand: string; model: string; color: string | null }) =>
  [i.brand, i.model, i.color].filter(Boolean).join(" ");

/** What every receipt carries about who issued it. */
function issuer(company: Company, place: Place) {
  return {
    company: {
      name: company.name,
      legal_name: company.legalName,
      tax_id: company.taxId,
      phone: company.phone,
    },
    location: { name: place.name, address: place.address, phone: place.phone },
    return_policy: company.returnPolicy,
  };
}

/**
 * The receipt of a sale, from its answer and the company and store that issued it. A sale brought back
 * later says so: its returns (each with its own receipt), what is left of the total, and whether
 * every unit came back; the sale's own lines and total never change.
 */
export function receiptOf(
  sale: SaleDto,
  token: string,
  company: Company,
  place: Place,
  later: LaterReturn[] = [],
  resolution: string | null = null,
  electronic: ElectronicOnReceipt = null,
) {
  const returnedTotal = later.reduce((sum, r) => sum + r.amount, 0);
  return {
    /** sale; return (money back); exchange (what came back, and the new sale paid with its credit) */
    kind: "sale" as "sale" | "return" | "exchange",
    number: sale.id,
    /** the DIAN number (prefix and consecutive) and the text of its resolution; null for a non-fiscal document */
    fiscal: sale.fiscal_number === null ? null : { number: sale.fiscal_number, resolution: resolution ?? "" },
    /** its electronic document (CUDE, QR text, state at DIAN); null for a non-fiscal document */
    electronic,
    token,
    issued_at: sale.sale_date,
    status: sale.status,
    ...issuer(company, place),
    seller_name: sale.seller_name,
    // the customer's name and document when the sale named one (what an electronic invoice would carry)
    customer: sale.customer ? { name: sale.customer.name, document: sale.customer.document } : null,
    lines: sale.items.map((i) => ({
      reference: i.sneaker_reference_code,
      description: description(i),
      size: i.size,
      quantity: i.quantity,
      unit_price: i.unit_price,
      subtotal: i.subtotal,
    })),
    subtotal: sale.subtotal_amount,
    discount: sale.discount_amount,
    total: sale.total_amount,
    /** base and IVA per class (shelf prices include the IVA) */
    taxes: sale.taxes,
    payments: sale.payment_methods.map((p) => ({
      id: p.id,
      payment_type: p.payment_type,
      amount: p.amount,
      cash_received: p.cash_received,
      change: p.change,
    })),
    returned: null as Returned | null,
    returns: later,
    returned_total: returnedTotal,
    net_total: sale.total_amount - returnedTotal,
    fully_returned: sale.items.length > 0 && sale.items.every((i) => i.returned_quantity >= i.quantity),
  };
}

export type Receipt = ReturnType<typeof receiptOf>;

/** The receipt of a return; an exchange's lists the new sale's lines and payments as a sale's would. */
function returnReceipt(
  back: ReturnSummary,
  exchange: SaleDto | null,
  customer: SaleDto["customer"],
  company: Company,
  place: Place,
  resolution: string | null,
  electronic: ElectronicOnReceipt,
): Receipt {
  const sold = exchange ? receiptOf(exchange, back.receipt_token, company, place, [], resolution) : null;
  return {
    kind: back.kind,
    number: back.id,
    // an exchange's new sale is a POS document of its own (a return's nota de ajuste: docs/fiscal.md)
    fiscal: sold?.fiscal ?? null,
    electronic,
    token: back.receipt_token,
    issued_at: back.created_at,
    status: "completed",
    ...issuer(company, place),
    seller_name: back.user_name,
    customer: customer ? { name: customer.name, document: customer.document } : null,
    lines: sold?.lines ?? [],
    subtotal: sold?.subtotal ?? 0,
    discount: sold?.discount ?? 0,
    total: sold?.total ?? 0,
    taxes: sold?.taxes ?? [],
    payments: sold?.payments ?? [],
    returns: [],
    returned_total: 0,
    net_total: sold?.total ?? 0,
    fully_returned: false,
    returned: {
      sale_number: back.sale_id,
      reason: back.reason_text,
      lines: back.lines.map((l) => ({
        reference: l.sneaker_reference_code,
        description: description(l),
        size: l.size,
        quantity: l.quantity,
        amount: l.amount,
      })),
      total: back.returned_amount,
      /** the IVA the units carried, reversed */
      taxes: back.taxes,
      refund_amount: back.refund_amount,
      refund_method: back.refund_method,
      credit_amount: back.credit_amount,
    },
  };
}

/** The receipt a public token opens (404 for any other string: nothing tells a wrong token apart). */
export async function receiptByToken(db: Db, token: string): Promise<Receipt> {
  const [sale] = await loadSales(db, eq(sales.receiptToken, token));
  if (!sale) return returnReceiptByToken(db, token);
  const [[company], [place], later, [range]] = await db.batch([
    db.select().from(companies).innerJoin(sales, eq(sales.companyId, companies.id)).where(eq(sales.id, sale.id)),
    db.select().from(locations).where(eq(locations.id, sale.location_id)),
    db
      .select({
        id: saleReturns.id,
        createdAt: saleReturns.createdAt,
        exchangeSaleId: saleReturns.exchangeSaleId,
        worth: saleReturns.refundAmount,
        credit: saleReturns.creditAmount,
        token: saleReturns.receiptToken,
      })
      .from(saleReturns)
      .where(eq(saleReturns.saleId, sale.id))
      .orderBy(asc(saleReturns.createdAt), asc(saleReturns.id)),
    resolutionOf(db, sale.id),
  ]);
  if (!company || !place) throw notFound(RECEIPT_NOT_FOUND);
  return receiptOf(
    sale,
    token,
    company.companies,
    place,
    later.map((r) => ({
      number: r.id,
      kind: r.exchangeSaleId === null ? "return" : "exchange",
      issued_at: r.createdAt,
      amount: toPesos(r.worth + r.credit),
      token: r.token,
    })),
    range?.text ?? null,
    await receiptDocument(db, sale.id, null),
  );
}

/** The text of the resolution a sale's number belongs to (no row for a non-fiscal sale). */
const resolutionOf = (db: Db, saleId: number) =>
  db
    .select({ text: numberingRanges.documentText })
    .from(numberingRanges)
    .innerJoin(sales, eq(sales.numberingRangeId, numberingRanges.id))
    .where(eq(sales.id, saleId));

async function returnReceiptByToken(db: Db, token: string): Promise<Receipt> {
  const [back] = await loadReturns(db, eq(saleReturns.receiptToken, token));
  if (!back) throw notFound(RECEIPT_NOT_FOUND);
  const [[company], [place]] = await db.batch([
    db
      .select({ companies })
      .from(companies)
      .innerJoin(saleReturns, eq(saleReturns.companyId, companies.id))
      .where(eq(saleReturns.id, back.id)),
    db.select().from(locations).where(eq(locations.id, back.location_id)),
  ]);
  const [original] = await loadSales(db, eq(sales.id, back.sale_id));
  const [exchange] = back.exchange_sale_id === null ? [] : await loadSales(db, eq(sales.id, back.exchange_sale_id));
  if (!company || !place || !original) throw notFound(RECEIPT_NOT_FOUND);
  const [range] = exchange ? await resolutionOf(db, exchange.id) : [];
  return returnReceipt(
    back,
    exchange ?? null,
    original.customer,
    company.companies,
    place,
    range?.text ?? null,
    await receiptDocument(db, back.sale_id, back.id),
  );
}
