// How a receipt leaves the store: its public link, and the WhatsApp and e-mail messages that carry it.
import type { Receipt } from "../../api/receipts";
import { formatCOP } from "../format";

/** What a message names of a receipt: a receipt answer fits, and so does what a screen knows of one. */
export type Shared = Pick<Receipt, "number" | "total"> & {
  company: { name: string };
  /** a return's or an exchange's receipt names what it is and the sale it comes from */
  kind?: Receipt["kind"];
  returned?: Pick<NonNullable<Receipt["returned"]>, "sale_number"> | null;
};

/** The receipt's public page on this origin. */
export function receiptUrl(token: string, origin = window.location.origin): string {
  return `${origin}/recibo/${token}`;
}

/** Whose receipt it is, as the message names it: 'de la venta #41', 'del cambio #3 (venta #41)'. */
function ofWhat(r: Shared): string {
  const sale = r.returned ? ` (venta #${r.returned.sale_number})` : "";
  if (r.kind === "return") return `de la devolución #${r.number}${sale}`;
  if (r.kind === "exchange") return `del cambio #${r.number}${sale}`;
  return `de la venta #${r.number}`;
}

function message(r: Shared, url: string): string {
  const amount = r.kind === "return" ? "" : ` por ${formatCOP(r.total)}`;
  return `${r.company.name}: tu recibo ${ofWhat(r)}${amount}. Míralo aquí: ${url}`;
}

/** A wa.me link: the customer picks the chat (or the number is typed there), the text carries the link. */
export function whatsappLink(r: Shared, url: string, phone?: string): string {
  const digits = phone?.replace(/\D/g, "") ?? "";
  const to = digits.length === 10 ? `57${digits}` : digits;
  return `https://wa.me/${to}?text=${encodeURIComponent(message(r, url))}`;
}

export function mailtoLink(r: Shared, url: string, email = ""): string {
  const subject = `Recibo ${ofWhat(r)} · ${r.company.name}`;
  return `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message(r, url))}`;
}
