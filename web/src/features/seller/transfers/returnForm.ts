import { PICKUP_REQUIRED, RETURN_REASON_REQUIRED } from "../../../../../shared/messages";
import type { ReturnPayload } from "../../../api/transfers";

/** The 'Generar Devolución' form and its rules (spec 3 §5 'Return details'). */

export type ReturnReason = NonNullable<ReturnPayload["reason"]>;
export type ReturnCondition = NonNullable<ReturnPayload["product_condition"]>;

export type ReturnDraft = {
  pickup_type: "" | "corredor" | "vendedor";
  reason: "" | ReturnReason;
  quantity: string;
  condition: ReturnCondition;
  notes: string;
};

export type ReturnErrors = Partial<Record<"pickup_type" | "reason" | "quantity" | "notes", string>>;

export const REASON_LABEL: Record<ReturnReason, string> = {
  no_sale: "No se vendió",
  damaged: "Producto dañado",
  wrong_product: "Producto equivocado",
  customer_return: "Devolución de cliente",
  other: "Otro",
};

export const CONDITION_LABEL: Record<ReturnCondition, string> = {
  good: "Bueno",
  damaged: "Dañado",
  unusable: "Inservible",
};

export const PICKUP_MISSING = PICKUP_REQUIRED;
export const REASON_MISSING = RETURN_REASON_REQUIRED;
export const NOTES_MISSING = "Debe especificar el motivo en las notas";
export const quantityOutOfRange = (max: number) => `La cantidad debe estar entre 1 y ${max}`;

/** Defaults: reason no_sale, condition good, quantity the whole transfer; who picks it up is chosen. */
export function initialReturn(quantity: number): ReturnDraft {
  return { pickup_type: "", reason: "no_sale", quantity: String(quantity), condition: "good", notes: "" };
}

export function validateReturn(draft: ReturnDraft, max: number): ReturnErrors {
  const errors: ReturnErrors = {};
  if (!draft.pickup_type) errors.pickup_type = PICKUP_MISSING;
  if (!draft.reason) errors.reason = REASON_MISSING;
  const quantity = Number(draft.quantity.trim());
  if (draft.quantity.trim() === "" || !Number.isInteger(quantity) || quantity < 1 || quantity > max) {
    errors.quantity = quantityOutOfRange(max);
  }
  if (draft.reason === "other" && draft.notes.trim() === "") errors.notes = NOTES_MISSING;
  return errors;
}

/** Only called once validateReturn found nothing. */
export function toReturnPayload(transferId: number, draft: ReturnDraft): ReturnPayload {
  return {
    original_transfer_id: transferId,
    reason: draft.reason || "no_sale",
    quantity_to_return: Number(draft.quantity.trim()),
    product_condition: draft.condition,
    pickup_type: draft.pickup_type || "corredor",
    notes: draft.notes.trim(),
  };
}
