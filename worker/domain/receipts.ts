// A sale's receipt: what the customer takes home, printed, shared by WhatsApp or e-mail, or opened
// from its public link (/recibo/<token>) without signing in. It shows that sale only, never the
// voucher photo the seller attached (that stays private to the company).
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { companies, locations, sales } from "../db/schema";
import { notFound } from "../lib/errors";
import { loadSales, type SaleDto } from "./sales/read";

export const RECEIPT_NOT_FOUND = "Recibo no encontrado";

type Company = Pick<typeof companies.$inferSelect, "name" | "legalName" | "taxId" | "phone" | "returnPolicy">;
type Place = Pick<typeof locations.$inferSelect, "name" | "address" | "phone">;

/** The receipt of a sale, from its answer and the company and store that issued it. */
export function receiptOf(sale: SaleDto, token: string, company: Company, place: Place) {
  return {
    number: sale.id,
    token,
    issued_at: sale.sale_date,
    status: sale.status,
    company: {
      name: company.name,
      legal_name: company.legalName,
      tax_id: company.taxId,
      phone: company.phone,
    },
    location: { name: place.name, address: place.address, phone: place.phone },
    seller_name: sale.seller_name,
    // the customer's name and document when the sale named one (what an electronic invoice would carry)
    customer: sale.customer ? { name: sale.customer.name, document: sale.customer.document } : null,
    lines: sale.items.map((i) => ({
      reference: i.sneaker_reference_code,
      description: [i.brand, i.model, i.color].filter(Boolean).join(" "),
      size: i.size,
      quantity: i.quantity,
      unit_price: i.unit_price,
      subtotal: i.subtotal,
    })),
    subtotal: sale.subtotal_amount,
    discount: sale.discount_amount,
    total: sale.total_amount,
    payments: sale.payment_methods.map((p) => ({
      id: p.id,
      payment_type: p.payment_type,
      amount: p.amount,
      cash_received: p.cash_received,
      change: p.change,
    })),
    return_policy: company.returnPolicy,
  };
}

export type Receipt = ReturnType<typeof receiptOf>;

/** The receipt a public token opens (404 for any other string: nothing tells a wrong token apart). */
export async function receiptByToken(db: Db, token: string): Promise<Receipt> {
  const [sale] = await loadSales(db, eq(sales.receiptToken, token));
  if (!sale) throw notFound(RECEIPT_NOT_FOUND);
  const [[company], [place]] = await db.batch([
    db.select().from(companies).innerJoin(sales, eq(sales.companyId, companies.id)).where(eq(sales.id, sale.id)),
    db.select().from(locations).where(eq(locations.id, sale.location_id)),
  ]);
  if (!company || !place) throw notFound(RECEIPT_NOT_FOUND);
  return receiptOf(sale, token, company.companies, place);
}
