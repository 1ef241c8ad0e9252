import type { Lookup } from "../../../api/catalogue";
import type { NewReturn, ReturnDestination, ReturnReason, ReturnSale } from "../../../api/sale-returns";
import type { PaymentType } from "../../../api/seller-schemas";
import { formatCOP } from "../../../lib/format";
import {
  CASH_SHORT,
  changeOf,
  emptyLine,
  emptyPayment,
  type LineDraft,
  lineSubtotal,
  type PaymentDraft,
  parseNumber,
} from "../saleForm";

/** The return form as typed, and its rules: which units come back, why, and how the customer is paid back. */

export const REASON_LABEL: Record<ReturnReason, string> = {
  talla: "Talla",
  defecto: "Defecto",
  no_le_gusto: "No le gustó",
  otro: "Otro",
};

export const DESTINATION_LABEL: Record<ReturnDestination, string> = {
  sellable: "Vuelve a la venta",
  damaged: "Dañado (defecto)",
};

export type ReturnMode = "refund" | "exchange";

export type ReturnDraft = {
  /** Units to take back per sale line (its id); a line left out takes none. */
  quantities: Partial<Record<number, number>>;
  /** A destination the seller chose for a line; otherwise the reason's (defecto → dañado). */
  destinations: Partial<Record<number, ReturnDestination>>;
  reason: ReturnReason | null;
  notes: string;
  mode: ReturnMode;
  /** How money goes back: the whole refund, or what an exchange leaves over. */
  refundMethod: PaymentType;
  /** 'Devolver menos': the seller gives back less than the units are worth. */
  partial: boolean;
  refundAmount: string;
  /** What the customer takes instead (exchange), priced from the catalogue. */
  exchangeLines: LineDraft[];
  /** How the customer pays the difference when the new products cost more than the credit. */
  payments: PaymentDraft[];
};

type Item = ReturnSale["items"][number];
type Counted = Pick<Item, "quantity" | "returned_quantity">;

/** Units of a sale line still to bring back. */
export const leftOf = (item: Counted) => Math.max(0, item.quantity - item.returned_quantity);

/** A sale something can still come back from: completed, confirmed if it needed it, with units left. */
export function canReturn(sale: {
  status: string;
  requires_confirmation: boolean;
  confirmed: boolean;
  items: readonly Counted[];
}): boolean {
  if (sale.status !== "completed" || (sale.requires_confirmation && !sale.confirmed)) return false;
  return sale.items.some((i) => leftOf(i) > 0);
}

export function emptyReturn(sale: ReturnSale): ReturnDraft {
  // a sale with a single unit left: that unit is what comes back
  const open = sale.items.filter((i) => leftOf(i) > 0);
  const only = open.length === 1 && open[0] && leftOf(open[0]) === 1 ? open[0] : null;
  return {
    quantities: only ? { [only.id]: 1 } : {},
    destinations: {},
    reason: null,
    notes: "",
    mode: "refund",
    refundMethod: "efectivo",
    partial: false,
    refundAmount: "",
    exchangeLines: [emptyLine()],
    payments: [emptyPayment()],
  };
}

export const quantityOf = (draft: ReturnDraft, item: Pick<Item, "id">) => draft.quantities[item.id] ?? 0;

export function destinationOf(draft: ReturnDraft, item: Pick<Item, "id">): ReturnDestination {
  return draft.destinations[item.id] ?? (draft.reason === "defecto" ? "damaged" : "sellable");
}

/** The sale's lines with units chosen to come back. */
export function chosenLines(draft: ReturnDraft, sale: ReturnSale) {
  return sale.items.filter((i) => quantityOf(draft, i) > 0);
}

const cents = (pesos: number) => Math.round(pesos * 100);

/**
 * What the first `units` units of a line are worth, in centavos floored to pesos: their share of the line's
 * net (after the sale's discount, as the server stored it when sold; domain/fiscal/tax.ts returnedShare).
 */
function worthOfFirst(item: Item, units: number): number {
  const net = cents(item.net_amount);
  if (units <= 0 || net <= 0 || item.quantity <= 0) return 0;
  const exact = (BigInt(net) * BigInt(units)) / BigInt(item.quantity);
  return Number((exact / 100n) * 100n);
}

/**
 * What `units` more units of a line are worth, in pesos, as the server values them. An estimate: the
 * server's answer is the truth.
 */
export function unitsValue(item: Item, _sale: ReturnSale, units: number): number {
  return (worthOfFirst(item, item.returned_quantity + units) - worthOfFirst(item, item.returned_quantity)) / 100;
}

/** The credit the chosen units give (what they are worth), in pesos. */
export function creditEstimate(draft: ReturnDraft, sale: ReturnSale): number {
  return chosenLines(draft, sale).reduce((acc, i) => acc + unitsValue(i, sale, quantityOf(draft, i)), 0);
}

/** The new products of an exchange at catalogue prices, in pesos. */
export function exchangeTotal(draft: ReturnDraft): number {
  return draft.exchangeLines.reduce((acc, l) => acc + lineSubtotal(l), 0) / 100;
}

/** How an exchange settles: the credit pays first; the rest goes back, or the customer pays the difference. */
export function settlement(credit: number, newTotal: number) {
  const applied = Math.min(credit, newTotal);
  return { applied, refund: credit - applied, toPay: newTotal - applied };
}

export const paidOf = (payments: readonly PaymentDraft[]) =>
  payments.reduce((acc, p) => {
    const amount = parseNumber(p.amount);
    return acc + (Number.isFinite(amount) ? cents(amount) : 0);
  }, 0) / 100;

/** A new product of the exchange: found in the catalogue, with a size and a whole quantity. */
export function exchangeLineReady(line: LineDraft): boolean {
  const quantity = parseNumber(line.quantity);
  return line.catalogue_price !== null && line.size.trim() !== "" && Number.isInteger(quantity) && quantity >= 1;
}

/** The sizes of a looked-up product with pairs to sell at the seller's store. */
export function localSizes(found: Lookup): string[] {
  return Object.entries(found.availability.sizes.detailed_by_size)
    .filter(([, d]) => d.local_availability.summary.can_sell_now)
    .map(([size]) => size)
    .sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b) || a.localeCompare(b));
}

export const NOTHING_CHOSEN = "Elige al menos una unidad para devolver";
export const NO_REASON = "Elige el motivo de la devolución";
export const BAD_REFUND = "Indica cuánto se devuelve (un monto de 0 en adelante)";
export const EXCHANGE_INCOMPLETE = "Completa los productos del cambio: referencia del catálogo, talla y cantidad";

export type ReturnCheck = { ok: true } | { ok: false; message: string };

/** Whether the form can be sent, and what is missing when not. */
export function checkReturn(draft: ReturnDraft, sale: ReturnSale): ReturnCheck {
  if (chosenLines(draft, sale).length === 0) return { ok: false, message: NOTHING_CHOSEN };
  if (draft.reason === null) return { ok: false, message: NO_REASON };
  if (draft.mode === "refund") {
    const amount = parseNumber(draft.refundAmount);
    if (draft.partial && !(Number.isFinite(amount) && amount >= 0)) return { ok: false, message: BAD_REFUND };
    return { ok: true };
  }
  if (draft.exchangeLines.length === 0 || !draft.exchangeLines.every(exchangeLineReady)) {
    return { ok: false, message: EXCHANGE_INCOMPLETE };
  }
  const { toPay } = settlement(creditEstimate(draft, sale), exchangeTotal(draft));
  if (toPay > 0) {
    const paid = paidOf(draft.payments);
    if (Math.abs(paid - toPay) >= 0.01 || draft.payments.some((p) => parseNumber(p.amount) < 0)) {
      return { ok: false, message: `Los pagos deben sumar ${formatCOP(toPay)}: la diferencia que paga el cliente` };
    }
    if (draft.payments.some((p) => (changeOf(p) ?? 0) < 0)) return { ok: false, message: CASH_SHORT };
  }
  return { ok: true };
}

/** What the create call sends; only called after checkReturn passed. */
export function toNewReturn(
  draft: ReturnDraft,
  sale: ReturnSale,
  adminPin: string | null,
  authorizationReason: string | null = null,
): NewReturn {
  const base = {
    sale_id: sale.id,
    lines: chosenLines(draft, sale).map((i) => ({
      sale_item_id: i.id,
      quantity: quantityOf(draft, i),
      destination: destinationOf(draft, i),
    })),
    reason: draft.reason ?? "otro",
    notes: draft.notes.trim() || null,
    admin_pin: adminPin,
    // with the PIN: why an administrador covers a cash refund the drawer cannot pay
    ...(authorizationReason ? { authorization_reason: authorizationReason } : {}),
  };
  if (draft.mode === "refund") {
    return {
      ...base,
      refund_amount: draft.partial ? parseNumber(draft.refundAmount) : null,
      refund_method: draft.refundMethod,
      exchange: null,
    };
  }
  const { toPay } = settlement(creditEstimate(draft, sale), exchangeTotal(draft));
  return {
    ...base,
    refund_amount: null,
    // what the credit leaves over goes back this way (the server's exact credit may leave a peso more)
    refund_method: toPay > 0 ? null : draft.refundMethod,
    exchange: {
      items: draft.exchangeLines.map((l) => ({
        sneaker_reference_code: l.reference_code.trim(),
        size: l.size.trim(),
        quantity: parseNumber(l.quantity),
      })),
      payments:
        toPay > 0
          ? draft.payments.map((p) => ({
              payment_type: p.payment_type,
              amount: parseNumber(p.amount),
              reference: p.payment_type === "efectivo" ? null : p.reference.trim() || null,
              cash_received: changeOf(p) === null ? null : parseNumber(p.cash_received),
            }))
          : [],
    },
  };
}
