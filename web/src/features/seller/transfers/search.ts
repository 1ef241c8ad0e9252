import * as v from "valibot";

/** Tabs of 'Gestión de Transferencias' (spec 3 §2.5), kept in ?tab=. */
export const TRANSFER_TABS = ["pending", "incoming", "completed", "new"] as const;
export type TransfersTab = (typeof TRANSFER_TABS)[number];

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * The transfer request payload built by the scanner (spec 1 §3), carried in ?prefill= (TanStack
 * Router writes nested search values as JSON), so a scan leads to the 'new' tab filled in.
 */
export const ScannerPrefillSchema = v.object({
  sneaker_reference_code: v.pipe(v.string(), v.maxLength(60)),
  brand: v.optional(v.pipe(v.string(), v.maxLength(80)), ""),
  model: v.optional(v.pipe(v.string(), v.maxLength(120)), ""),
  color: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(60))), null),
  size: v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.maxLength(10)),
  source_location_id: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), null),
  destination_location_id: v.optional(v.nullable(v.number()), null),
  pairs: v.optional(Count, 0),
  left_feet: v.optional(Count, 0),
  right_feet: v.optional(Count, 0),
  can_sell: v.optional(v.boolean(), false),
  can_form_pair: v.optional(v.boolean(), false),
  missing_foot: v.optional(v.nullable(v.string()), null),
  location_name: v.optional(v.nullable(v.string()), null),
  transfer_type: v.optional(v.picklist(["pair", "left_foot", "right_foot", "form_pair"]), "pair"),
  request_notes: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1000))), null),
  available_options: v.optional(
    v.nullable(
      v.object({
        pairs_available: v.optional(v.boolean(), false),
        pairs_quantity: v.optional(Count, 0),
        left_feet_available: v.optional(v.boolean(), false),
        left_feet_quantity: v.optional(Count, 0),
        right_feet_available: v.optional(v.boolean(), false),
        right_feet_quantity: v.optional(Count, 0),
      }),
    ),
    null,
  ),
});
export type ScannerPrefill = v.InferOutput<typeof ScannerPrefillSchema>;
export type ScannerPrefillInput = v.InferInput<typeof ScannerPrefillSchema>;

/** A malformed or tampered prefill is dropped (the form then starts empty). */
export function parsePrefill(value: unknown): ScannerPrefill | undefined {
  const parsed = v.safeParse(ScannerPrefillSchema, value);
  return parsed.success ? parsed.output : undefined;
}

export const TRANSFER_TYPE_LABEL: Record<ScannerPrefill["transfer_type"], string> = {
  pair: "Par completo",
  left_foot: "Pie izquierdo",
  right_foot: "Pie derecho",
  form_pair: "Formar par",
};
