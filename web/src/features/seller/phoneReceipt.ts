import type { SaleSnapshot } from "../../lib/outbox/db";
import type { ShownReceipt } from "../../lib/receipt/ReceiptDocument";
import { changeOf, lineSubtotal, parseNumber, saleTotals } from "./saleForm";

/** Who issued a sale kept on the phone, as the phone knows it (the session), and when it was made. */
export type PhoneIssuer = { company: string; location: string | null; seller: string; at: string };

/**
 * The receipt of a sale kept on the phone, drawn from what the form held (the outbox's snapshot):
 * no number and no DIAN document until the server records it, nor what only the server knows of the
 * company (legal name, NIT, address).
 */
export function phoneReceipt({ draft, customer }: SaleSnapshot, issuer: PhoneIssuer): ShownReceipt {
  const totals = saleTotals(draft);
  return {
    kind: "sale",
    number: null,
    fiscal: null,
    electronic: null,
    issued_at: issuer.at,
    status: "completed",
    company: { name: issuer.company, legal_name: null, tax_id: null, phone: null },
    location: { name: issuer.location ?? "", address: null, phone: null },
    return_policy: null,
    seller_name: issuer.seller,
    customer: customer ? { name: customer.name, document: customer.document } : null,
    lines: draft.lines.map((l) => ({
      reference: l.reference_code.trim(),
      description: [l.brand, l.model, l.color]
        .map((s) => s.trim())
        .filter(Boolean)
        .join(" "),
      size: l.size.trim(),
      quantity: parseNumber(l.quantity),
      unit_price: parseNumber(l.unit_price),
      subtotal: lineSubtotal(l) / 100,
    })),
    subtotal: totals.subtotal,
    discount: totals.discount,
    total: totals.net,
    // the IVA is split by the server from the products' classes when the sale arrives
    taxes: [],
    payments: draft.payments
      .filter((p) => parseNumber(p.amount) > 0)
      .map((p, index) => {
        const change = changeOf(p);
        return {
          id: index + 1,
          payment_type: p.payment_type,
          amount: parseNumber(p.amount),
          cash_received: change === null ? null : parseNumber(p.cash_received),
          change,
        };
      }),
    returned: null,
    returns: [],
    returned_total: 0,
    net_total: totals.net,
    fully_returned: false,
  };
}
