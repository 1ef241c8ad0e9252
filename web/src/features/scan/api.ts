import * as v from "valibot";
import { apiRequest } from "../../api/http";

/**
 * POST /api/v1/classify/scan (worker/routes/classify.ts): the spec's scan response (spec 1 §3 'Scan
 * response'). Fields the screens do not read are left out; extra fields are ignored.
 */

const Count = v.optional(v.number(), 0);
const OptionalText = v.optional(v.nullable(v.string()), null);

const LocationStockSchema = v.object({
  location_id: v.number(),
  location_name: v.optional(v.string(), ""),
  location_type: v.optional(v.string(), "local"),
  pairs: Count,
  left_feet: Count,
  right_feet: Count,
  exhibition: Count,
});
export type LocationStock = v.InferOutput<typeof LocationStockSchema>;

const SizeDetailSchema = v.object({
  local_availability: v.object({
    location_id: v.optional(v.nullable(v.number()), null),
    location_name: OptionalText,
    location_type: OptionalText,
    pairs: v.object({ quantity: Count, quantity_available_sale: Count, quantity_exhibition: Count }),
    individual_feet: v.object({
      left: v.object({ quantity: Count }),
      right: v.object({ quantity: Count }),
      can_form_pair: v.optional(v.boolean(), false),
      missing: v.optional(v.nullable(v.picklist(["left", "right"])), null),
    }),
    summary: v.object({ can_sell_now: v.optional(v.boolean(), false) }),
  }),
  global_distribution: v.object({
    by_location: v.optional(v.array(LocationStockSchema), []),
    total_pairs: Count,
    total_left_feet: Count,
    total_right_feet: Count,
  }),
});
export type SizeDetail = v.InferOutput<typeof SizeDetailSchema>;

const FormationSchema = v.object({
  size: v.optional(v.string(), ""),
  action: v.string(),
  priority: v.optional(v.string(), "normal"),
  estimated_time_hours: Count,
  from_locations: v.optional(
    v.array(
      v.object({
        location_id: v.optional(v.nullable(v.number()), null),
        location_name: v.optional(v.string(), ""),
        quantity: Count,
        type: v.optional(v.string(), ""),
      }),
    ),
    [],
  ),
});

const SuggestionSchema = v.object({
  size: v.optional(v.string(), ""),
  action: v.string(),
  source_location_id: v.optional(v.nullable(v.number()), null),
  location_name: v.optional(v.string(), ""),
  estimated_time_minutes: Count,
  steps: v.optional(v.array(v.string()), []),
  metadata: v.optional(v.object({ available_quantity: Count }), { available_quantity: 0 }),
});
export type TransferSuggestion = v.InferOutput<typeof SuggestionSchema>;

export const CONFIDENCE_LEVELS = ["very_high", "high", "medium", "low"] as const;

const MatchSchema = v.object({
  rank: v.number(),
  product: v.object({
    product_id: v.number(),
    reference_code: v.string(),
    brand: v.string(),
    model: v.string(),
    color: OptionalText,
    description: OptionalText,
    image_url: OptionalText,
    unit_price: v.number(),
    box_price: v.optional(v.nullable(v.number()), null),
  }),
  sizes: v.object({
    available_sizes: v.optional(v.array(v.string()), []),
    detailed_by_size: v.optional(v.record(v.string(), SizeDetailSchema), {}),
  }),
  global_summary: v.optional(
    v.object({ total_pairs: Count, total_left_feet: Count, total_right_feet: Count, locations_with_stock: Count }),
    { total_pairs: 0, total_left_feet: 0, total_right_feet: 0, locations_with_stock: 0 },
  ),
  pair_formation_opportunities: v.optional(v.array(FormationSchema), []),
  transfer_suggestions: v.optional(v.array(SuggestionSchema), []),
  availability: v.optional(v.object({ can_sell_now: v.boolean(), requires_transfer: v.boolean() }), {
    can_sell_now: false,
    requires_transfer: false,
  }),
  confidence_percentage: v.number(),
  similarity_score: v.optional(v.number(), 0),
  // unknown levels read as medium (spec 1 §9)
  confidence_level: v.fallback(v.picklist(CONFIDENCE_LEVELS), "medium"),
});
export type ScanMatch = v.InferOutput<typeof MatchSchema>;

export const ScanResponseSchema = v.object({
  success: v.boolean(),
  scan_timestamp: v.optional(v.string(), ""),
  scanned_by: v.optional(
    v.object({ name: v.optional(v.string(), ""), location_id: v.optional(v.nullable(v.number()), null) }),
    { name: "", location_id: null },
  ),
  user_location: v.optional(
    v.nullable(v.object({ id: v.number(), name: v.string(), type: v.optional(v.string(), "local") })),
    null,
  ),
  processing_time_ms: Count,
  availability_summary: v.optional(
    v.object({
      products_classified_only: Count,
      can_sell_immediately: Count,
      products_available_locally: Count,
      products_requiring_transfer: Count,
    }),
    {
      products_classified_only: 0,
      can_sell_immediately: 0,
      products_available_locally: 0,
      products_requiring_transfer: 0,
    },
  ),
  classification_service: v.optional(v.object({ model: v.optional(v.string(), ""), total_database_matches: Count }), {
    model: "",
    total_database_matches: 0,
  }),
  results: v.optional(v.object({ total_matches: Count, matches: v.optional(v.array(MatchSchema), []) }), {
    total_matches: 0,
    matches: [],
  }),
  is_footwear: v.optional(v.nullable(v.boolean()), null),
});
export type ScanResponse = v.InferOutput<typeof ScanResponseSchema>;

export type ScanUpload = {
  image: Blob;
  fileName: string;
  embedding: Float32Array;
  modelId: string;
  isFootwear: boolean;
};

/** Multipart: image, embedding (JSON array text), model_id, is_footwear. */
export function postScan(upload: ScanUpload, signal?: AbortSignal) {
  const form = new FormData();
  form.append("image", upload.image, upload.fileName);
  form.append("embedding", JSON.stringify(Array.from(upload.embedding, (x) => Math.round(x * 1e6) / 1e6)));
  form.append("model_id", upload.modelId);
  form.append("is_footwear", String(upload.isFootwear));
  return apiRequest("/api/v1/classify/scan", ScanResponseSchema, { method: "POST", body: form, signal });
}
