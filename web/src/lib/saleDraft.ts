import type { PaymentType } from "../api/seller-schemas";

/** A sale as the seller types it (text inputs): what the new-sale form edits and the offline outbox keeps. */

export type LineDraft = {
  key: string;
  reference_code: string;
  brand: string;
  model: string;
  color: string;
  size: string;
  quantity: string;
  unit_price: string;
  /** The catalogue's price once the reference is known: the line sells at it unless an override says otherwise. */
  catalogue_price: number | null;
  /** An administrador's authorisation (PIN) to sell this line at `unit_price`. */
  override: LineOverride | null;
};

export type LineOverride = { id: number; approved_by: string; reason: string };

/** One payment as typed; `cash_received` (efectivo only) is what the customer handed over, empty when not counted. */
export type PaymentDraft = {
  key: string;
  payment_type: PaymentType;
  amount: string;
  reference: string;
  cash_received: string;
  /** The seller typed this amount: the first payment no longer follows the total (absent in older outbox copies). */
  amount_typed?: boolean;
};

/** An applied discount is an approved request of this seller; `enabled` without one is incomplete. */
export type DiscountDraft = { enabled: boolean; requestId: number | null; amount: number; reason: string };

export type SaleDraft = {
  lines: LineDraft[];
  discount: DiscountDraft;
  payments: PaymentDraft[];
  notes: string;
  requiresConfirmation: boolean;
};
