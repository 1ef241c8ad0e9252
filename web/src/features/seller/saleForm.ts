import { AMOUNTS_DO_NOT_MATCH, FILL_REQUIRED_FIELDS, SALE_TOTAL_POSITIVE } from "../../../../shared/messages";
import type { NewSale } from "../../api/seller";
import type { PaymentType } from "../../api/seller-schemas";

/** The new-sale form as typed (text inputs), and its rules (spec 1 §5). Money is summed in centavos. */

// the draft's shape lives in lib/ (the offline outbox stores it); its rules live here
export type { DiscountDraft, LineDraft, LineOverride, PaymentDraft, SaleDraft } from "../../lib/saleDraft";

import type { DiscountDraft, LineDraft, PaymentDraft, SaleDraft } from "../../lib/saleDraft";

export const MISSING_FIELDS = FILL_REQUIRED_FIELDS;
export const TOTAL_NOT_POSITIVE = SALE_TOTAL_POSITIVE;
let counter = 0;
const nextKey = (prefix: string) => `${prefix}-${++counter}`;

export function emptyLine(): LineDraft {
  return {
    key: nextKey("line"),
    reference_code: "",
    brand: "",
    model: "",
    color: "",
    size: "",
    quantity: "1",
    unit_price: "",
    catalogue_price: null,
    override: null,
  };
}

export function emptyPayment(type: PaymentType = "efectivo"): PaymentDraft {
  return { key: nextKey("pay"), payment_type: type, amount: "", reference: "", cash_received: "" };
}

export const NO_DISCOUNT: DiscountDraft = { enabled: false, requestId: null, amount: 0, reason: "" };

export function emptySale(): SaleDraft {
  return {
    lines: [emptyLine()],
    discount: NO_DISCOUNT,
    payments: [emptyPayment()],
    notes: "",
    requiresConfirmation: false,
  };
}

/** Text of a number input → number; empty is NaN so it never counts as a valid price. */
export function parseNumber(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

const toCentavos = (pesos: number) => Math.round(pesos * 100);

export function lineIsComplete(line: LineDraft): boolean {
  const quantity = parseNumber(line.quantity);
  const price = parseNumber(line.unit_price);
  return (
    line.reference_code.trim() !== "" &&
    line.brand.trim() !== "" &&
    line.model.trim() !== "" &&
    line.size.trim() !== "" &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    Number.isFinite(price) &&
    price > 0
  );
}

export function lineSubtotal(line: LineDraft): number {
  const quantity = parseNumber(line.quantity);
  const price = parseNumber(line.unit_price);
  if (!Number.isFinite(quantity) || !Number.isFinite(price) || quantity < 0 || price < 0) return 0;
  return toCentavos(price) * quantity;
}

export type SaleTotals = { subtotal: number; discount: number; net: number; paid: number; difference: number };

/** Totals in pesos; an empty payment amount counts as 0. */
export function saleTotals(draft: SaleDraft): SaleTotals {
  const subtotal = draft.lines.reduce((acc, line) => acc + lineSubtotal(line), 0);
  const discount = draft.discount.enabled ? toCentavos(draft.discount.amount) : 0;
  const net = subtotal - discount;
  const paid = draft.payments.reduce((acc, p) => {
    const amount = parseNumber(p.amount);
    return acc + (Number.isFinite(amount) ? toCentavos(amount) : 0);
  }, 0);
  return {
    subtotal: subtotal / 100,
    discount: discount / 100,
    net: net / 100,
    paid: paid / 100,
    difference: (net - paid) / 100,
  };
}

/**
 * The change of an efectivo payment in pesos: null while no cash is typed (or it is not efectivo), and
 * negative when the cash does not cover the amount.
 */
export function changeOf(payment: PaymentDraft): number | null {
  if (payment.payment_type !== "efectivo" || payment.cash_received.trim() === "") return null;
  const received = parseNumber(payment.cash_received);
  const amount = parseNumber(payment.amount);
  if (!Number.isFinite(received) || !Number.isFinite(amount)) return null;
  return (toCentavos(received) - toCentavos(amount)) / 100;
}

export const CASH_SHORT = "El efectivo recibido no alcanza para el pago en efectivo";

const amountCentavos = (p: PaymentDraft) => {
  const amount = parseNumber(p.amount);
  return Number.isFinite(amount) ? toCentavos(amount) : 0;
};

/**
 * The payments with the first one's amount following what the others leave of the total, as a
 * checkout starts at the total; null when nothing changes. Once the seller types that amount it is theirs.
 */
export function followTotal(payments: readonly PaymentDraft[], net: number): PaymentDraft[] | null {
  const [first, ...others] = payments;
  if (!first || first.amount_typed) return null;
  const left = toCentavos(net) - others.reduce((acc, p) => acc + amountCentavos(p), 0);
  const amount = left > 0 ? String(left / 100) : "";
  return first.amount === amount ? null : [{ ...first, amount }, ...others];
}

/** What is left to pay once every payment is counted (pesos, never below 0): a new payment method starts at it. */
export function leftToPay(payments: readonly PaymentDraft[], net: number): number {
  const left = toCentavos(net) - payments.reduce((acc, p) => acc + amountCentavos(p), 0);
  return Math.max(0, left) / 100;
}

/** The bills a store gives change from: the round amounts a customer hands over. */
const CASH_STEPS = [10_000, 20_000, 50_000, 100_000];

/**
 * The quick-cash amounts above a cash amount: for each step, the smallest multiple of it that covers
 * the amount, once each and only above it ('Exacto' covers the amount itself). 187.000 → 190.000, 200.000.
 */
export function quickCashAmounts(amount: number): number[] {
  if (!(amount > 0)) return [];
  const above = CASH_STEPS.map((step) => Math.ceil(amount / step) * step).filter((v) => v > amount);
  return [...new Set(above)].sort((a, b) => a - b);
}

export type ReviewCheck = { ok: true } | { ok: false; message: string };

/**
 * 'Revisar Venta' is enabled only when every line is complete with a price above zero, a discount
 * (if set) has its reason, the net total is above zero and payments match it within 0.01.
 */
export function reviewCheck(draft: SaleDraft): ReviewCheck {
  if (draft.lines.length === 0 || !draft.lines.every(lineIsComplete)) return { ok: false, message: MISSING_FIELDS };
  const { discount } = draft;
  if (discount.enabled && (discount.requestId === null || discount.reason.trim() === "" || !(discount.amount > 0))) {
    return { ok: false, message: MISSING_FIELDS };
  }
  if (draft.payments.length === 0) return { ok: false, message: AMOUNTS_DO_NOT_MATCH };
  const totals = saleTotals(draft);
  if (!(totals.net > 0)) return { ok: false, message: TOTAL_NOT_POSITIVE };
  const negative = draft.payments.some((p) => parseNumber(p.amount) < 0);
  if (negative || Math.abs(totals.difference) >= 0.01) return { ok: false, message: AMOUNTS_DO_NOT_MATCH };
  if (draft.payments.some((p) => (changeOf(p) ?? 0) < 0)) return { ok: false, message: CASH_SHORT };
  return { ok: true };
}

/** What the new-sale call sends; only called after reviewCheck passed. */
export function toNewSale(
  draft: SaleDraft,
  extra: { receipt: File | null; locationId: number | null; customerId?: number | null },
): NewSale {
  return {
    items: draft.lines.map((line) => ({
      sneaker_reference_code: line.reference_code.trim(),
      brand: line.brand.trim(),
      model: line.model.trim(),
      color: line.color.trim() || null,
      size: line.size.trim(),
      quantity: parseNumber(line.quantity),
      unit_price: parseNumber(line.unit_price),
      price_override_id: line.override?.id ?? null,
    })),
    payment_methods: draft.payments.map((p) => {
      const amount = parseNumber(p.amount);
      return {
        payment_type: p.payment_type,
        amount: Number.isFinite(amount) ? amount : 0,
        reference: p.payment_type === "efectivo" ? null : p.reference.trim() || null,
        cash_received: changeOf(p) === null ? null : parseNumber(p.cash_received),
      };
    }),
    total_amount: saleTotals(draft).net,
    notes: draft.notes.trim(),
    requires_confirmation: draft.requiresConfirmation,
    discount_request_id: draft.discount.enabled ? draft.discount.requestId : null,
    receipt: extra.receipt,
    location_id: extra.locationId,
    customer_id: extra.customerId ?? null,
  };
}

export { AMOUNTS_DO_NOT_MATCH };
