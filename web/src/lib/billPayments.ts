import { BILL_PAYMENT_METHOD_LABELS, BILL_PAYMENT_METHODS, type BillPaymentMethod } from "../../../shared/constants";

/** How a bill is paid (a platform invoice, an operating cost): the fixed list the server accepts. */
export const BILL_METHOD_OPTIONS = BILL_PAYMENT_METHODS.map((value) => ({
  value,
  label: BILL_PAYMENT_METHOD_LABELS[value],
}));

export function isBillMethod(value: string): value is BillPaymentMethod {
  return (BILL_PAYMENT_METHODS as readonly string[]).includes(value);
}

/** A stored method as the screens name it; an older free-text one shows as it was written. */
export function billMethodLabel(method: string | null | undefined): string {
  if (!method) return "—";
  return isBillMethod(method) ? BILL_PAYMENT_METHOD_LABELS[method] : method;
}
