import type { PickupType } from "../../../../../shared/constants";
import {
  BRAND_REQUIRED,
  MODEL_REQUIRED,
  REFERENCE_CODE_REQUIRED,
  SIZE_REQUIRED,
  SOURCE_LOCATION_UNKNOWN,
} from "../../../../../shared/messages";
import type { SingleFootPayload, TransferRequestPayload } from "../../../api/transfers";
import type { ScannerPrefill } from "./search";

/** The 'Nueva Solicitud' form and its rules (spec 3 §5 'Seller transfer request form'). */

export type FootChoice = "pair" | "left" | "right";

export type TransferDraft = {
  reference: string;
  brand: string;
  model: string;
  size: string;
  purpose: "cliente" | "restock";
  pickup: PickupType;
  quantity: string;
  source: string;
  notes: string;
  foot: FootChoice;
};

export type DraftErrors = Partial<Record<"reference" | "brand" | "model" | "size" | "source", string>>;

export const SOURCE_MISSING = SOURCE_LOCATION_UNKNOWN;
/** Defaults: purpose cliente, pickup corredor, quantity 1 (spec 3 §9). */
export function emptyTransfer(): TransferDraft {
  return {
    reference: "",
    brand: "",
    model: "",
    size: "",
    purpose: "cliente",
    pickup: "corredor",
    quantity: "1",
    source: "",
    notes: "",
    foot: "pair",
  };
}

/** A scanner request fills everything it knows; a form-pair quantity is the lower of the two feet. */
export function draftFromPrefill(prefill: ScannerPrefill): TransferDraft {
  const quantity =
    prefill.transfer_type === "form_pair" ? Math.max(1, Math.min(prefill.left_feet, prefill.right_feet)) : 1;
  return {
    ...emptyTransfer(),
    reference: prefill.sneaker_reference_code,
    brand: prefill.brand,
    model: prefill.model,
    size: prefill.size,
    quantity: String(quantity),
    source: prefill.source_location_id === null ? "" : String(prefill.source_location_id),
    notes: prefill.request_notes ?? "",
    foot: prefill.transfer_type === "left_foot" ? "left" : prefill.transfer_type === "right_foot" ? "right" : "pair",
  };
}

/** Whether the scanner offered a choice between pair, left and right foot. */
export function hasFootOptions(prefill: ScannerPrefill | null): boolean {
  const o = prefill?.available_options;
  return Boolean(o && (o.pairs_available || o.left_feet_available || o.right_feet_available));
}

export function validateTransfer(draft: TransferDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.reference.trim()) errors.reference = REFERENCE_CODE_REQUIRED;
  if (!draft.brand.trim()) errors.brand = BRAND_REQUIRED;
  if (!draft.model.trim()) errors.model = MODEL_REQUIRED;
  if (!draft.size.trim()) errors.size = SIZE_REQUIRED;
  if (!/^\d+$/.test(draft.source)) errors.source = SOURCE_MISSING;
  return errors;
}

/** Minimum 1; anything that is not a number falls back to 1. */
export function quantityOf(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

export type TransferCall =
  | { kind: "pair"; payload: TransferRequestPayload }
  | { kind: "single_foot"; payload: SingleFootPayload };

/** The single-foot call only when a foot side is chosen; otherwise the pair request. */
export function toTransferCall(draft: TransferDraft, destinationLocationId: number | null): TransferCall {
  const common = {
    source_location_id: Number(draft.source),
    destination_location_id: destinationLocationId,
    sneaker_reference_code: draft.reference.trim(),
    size: draft.size.trim(),
    quantity: quantityOf(draft.quantity),
    pickup_type: draft.pickup,
    notes: draft.notes.trim(),
  };
  if (draft.foot === "left" || draft.foot === "right") {
    return { kind: "single_foot", payload: { ...common, foot_side: draft.foot, purpose: "pair_formation" } };
  }
  return {
    kind: "pair",
    payload: {
      ...common,
      brand: draft.brand.trim(),
      model: draft.model.trim(),
      purpose: draft.purpose,
      destination_type: "exhibicion",
      transfer_type: "pair",
    },
  };
}
