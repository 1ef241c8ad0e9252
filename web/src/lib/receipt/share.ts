// How a receipt leaves the store: its public link, and the WhatsApp and e-mail messages that carry it.
import { formatCOP } from "../format";

type Shared = { number: number; total: number; company: { name: string } };

/** The receipt's public page on this origin. */
export function receiptUrl(token: string, origin = window.location.origin): string {
  return `${origin}/recibo/${token}`;
}

function message(r: Shared, url: string): string {
  return `${r.company.name}: tu recibo de la venta #${r.number} por ${formatCOP(r.total)}. Míralo aquí: ${url}`;
}

/** A wa.me link: the customer picks the chat (or the number is typed there), the text carries the link. */
export function whatsappLink(r: Shared, url: string, phone?: string): string {
  const digits = phone?.replace(/\D/g, "") ?? "";
  const to = digits.length === 10 ? `57${digits}` : digits;
  return `https://wa.me/${to}?text=${encodeURIComponent(message(r, url))}`;
}

export function mailtoLink(r: Shared, url: string, email = ""): string {
  const subject = `Recibo de la venta #${r.number} · ${r.company.name}`;
  return `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message(r, url))}`;
}
