// Where a cart can end (issue 32 §6): the stores that have every line's size free (for a reservation), and
// the WhatsApp order to a store, a prefilled Spanish message listing the lines.
import { whatsappLink } from "../../../../shared/contact";
import { plural } from "../../../../shared/plural";
import type { PublicStore } from "../../api/contact";
import type { StoreStock } from "../../api/reservations";
import type { CartLine } from "../../lib/cart";
import { formatCOP } from "../../lib/format";

export type StoreFit = {
  store: PublicStore;
  /** every line's size has as many pairs free as the line asks */
  complete: boolean;
  /** the lines it lacks, as the shopper reads them ("Cortez talla 40") */
  missing: string[];
};

const lineName = (line: CartLine) => `${line.brand} ${line.model}${line.color ? ` ${line.color}` : ""}`;

/** Each open store with what it lacks of the cart; the complete ones first, in the directory's order. */
export function storesForCart(
  lines: readonly CartLine[],
  stores: readonly PublicStore[],
  stock: readonly StoreStock[],
) {
  const free = new Map(stock.map((s) => [`${s.location_id}|${s.product_id}|${s.size}`, s.available]));
  const fits: StoreFit[] = stores.map((store) => {
    const missing = lines
      .filter((line) => (free.get(`${store.id}|${line.product_id}|${line.size}`) ?? 0) < line.quantity)
      .map((line) => `${line.brand} ${line.model} talla ${line.size}`);
    return { store, complete: missing.length === 0, missing };
  });
  return [...fits.filter((f) => f.complete), ...fits.filter((f) => !f.complete)];
}

/** The WhatsApp message of an order: each line with its size, quantity and price, and the total. */
export function whatsappOrderText(storeName: string, lines: readonly CartLine[], name?: string): string {
  const rows = lines.map(
    (line) =>
      `• ${lineName(line)} (ref. ${line.reference_code}), talla ${line.size}, ${plural(line.quantity, "par", "pares")} × ${formatCOP(line.unit_price)}`,
  );
  const total = lines.reduce((sum, line) => sum + Math.round(line.unit_price * 100) * line.quantity, 0) / 100;
  return [
    `Hola, ${storeName}. Quiero hacer este pedido desde la tienda en línea:`,
    ...rows,
    `Total: ${formatCOP(total)}`,
    ...(name?.trim() ? [`Mi nombre es ${name.trim()}.`] : []),
    "¿Me confirman si lo tienen y cómo lo recojo o me lo envían?",
  ].join("\n");
}

/** The wa.me link of the order, or null when the store has no WhatsApp. */
export function whatsappOrderLink(store: PublicStore, lines: readonly CartLine[], name?: string): string | null {
  return store.whatsapp ? whatsappLink(store.whatsapp, whatsappOrderText(store.name, lines, name)) : null;
}
