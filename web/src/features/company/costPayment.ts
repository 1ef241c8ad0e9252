import type { CostPayment } from "../../api/admin";
import { isBillMethod } from "../../lib/billPayments";

/** The 'Pagar' dialog of an operating cost, as typed. */
export type PayValues = {
  amount: string;
  paid_on: string;
  payment_method: string;
  note: string;
};
export type PayErrors = Partial<Record<keyof PayValues, string>>;

export const PAY_MESSAGES = {
  amountRequired: "El monto pagado es requerido",
  amountPositive: "El monto pagado debe ser mayor a 0",
  dateRequired: "La fecha de pago es requerida",
  dateFuture: "La fecha de pago no puede ser posterior a hoy",
  methodRequired: "El método de pago es requerido",
} as const;

/** Starts from the cost's amount, paid today. */
export function payDefaults(amount: number, today: string): PayValues {
  return { amount: String(amount), paid_on: today, payment_method: "", note: "" };
}

export function validatePayment(values: PayValues, today: string): PayErrors {
  const errors: PayErrors = {};
  if (values.amount.trim() === "") errors.amount = PAY_MESSAGES.amountRequired;
  else if (!(Number(values.amount) > 0)) errors.amount = PAY_MESSAGES.amountPositive;
  if (!values.paid_on) errors.paid_on = PAY_MESSAGES.dateRequired;
  else if (values.paid_on > today) errors.paid_on = PAY_MESSAGES.dateFuture;
  if (!isBillMethod(values.payment_method)) errors.payment_method = PAY_MESSAGES.methodRequired;
  return errors;
}

/**
 * The POST /costs/{id}/pay body: the due date the screen showed (so paying a period already paid is
 * refused, not the next one paid), the amount, date, method and note (blank: none).
 */
export function toCostPayment(cost: { id: number; due_date: string | null }, values: PayValues): CostPayment {
  const note = values.note.trim();
  return {
    cost_id: cost.id,
    due_date: cost.due_date,
    amount: Number(values.amount),
    paid_on: values.paid_on,
    payment_method: values.payment_method,
    note: note === "" ? null : note,
  };
}
