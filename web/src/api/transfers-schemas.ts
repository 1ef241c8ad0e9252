import * as v from "valibot";

/**
 * Answer shapes of the transfer and return logistics (worker/routes/{transfers,vendor-transfers,
 * warehouse,courier,inventory}.ts; every transfer field comes from worker/domain/transfer-views.ts).
 * Money arrives in pesos. Fields the screens do not read are left out; extra fields are ignored.
 */

const Text = v.nullable(v.string());
const OptionalText = v.optional(v.nullable(v.string()), null);
const OptionalNumber = v.optional(v.nullable(v.number()), null);

export const PlaceSchema = v.object({
  id: v.number(),
  name: v.string(),
  type: OptionalText,
  address: OptionalText,
  phone: OptionalText,
  contact: OptionalText,
});
export type Place = v.InferOutput<typeof PlaceSchema>;

export const StatusInfoSchema = v.object({
  title: v.string(),
  description: v.string(),
  progress: v.number(),
  next_step: v.string(),
  colour: v.optional(v.string(), "primary"),
});

/** One transfer or return as every logistics screen reads it. */
export const TransferSchema = v.object({
  id: v.number(),
  /** pending, accepted, courier_assigned, in_transit, delivered, completed, cancelled (kept open: unknown → 'Estado desconocido'). */
  status: v.string(),
  request_type: v.picklist(["transfer", "return"]),
  purpose: v.string(),
  purpose_label: v.optional(v.string(), ""),
  priority: v.string(),
  priority_level: v.optional(v.string(), "normal"),
  pickup_type: v.picklist(["corredor", "vendedor"]),
  destination_type: v.optional(v.string(), "exhibicion"),
  transfer_type: v.optional(v.string(), "pair"),
  foot_side: OptionalText,
  inventory_type: v.optional(v.string(), "pair"),
  inventory_type_label: v.optional(v.string(), ""),
  what_to_deliver: v.optional(v.string(), ""),
  preparation_instruction: OptionalText,
  urgent_action: OptionalText,
  product_id: OptionalNumber,
  sneaker_reference_code: v.string(),
  brand: v.string(),
  model: v.string(),
  product_color: OptionalText,
  size: v.string(),
  quantity: v.number(),
  notes: OptionalText,
  product_image: OptionalText,
  product_info: v.optional(
    v.object({
      image_url: OptionalText,
      unit_price: OptionalNumber,
      box_price: OptionalNumber,
      description: OptionalText,
      stock_available: OptionalNumber,
    }),
    { image_url: null, unit_price: null, box_price: null, description: null, stock_available: null },
  ),
  /** Present on the keeper's pending list: units free at the source (pairs or the requested foot). */
  available_stock: OptionalNumber,
  requester_name: v.string(),
  warehouse_keeper_name: v.optional(v.string(), "Sin asignar"),
  courier_name: v.optional(v.string(), "Sin asignar"),
  courier_info: v.optional(v.object({ assigned: v.boolean(), id: OptionalNumber, name: OptionalText }), {
    assigned: false,
    id: null,
    name: null,
  }),
  source_location_id: v.number(),
  destination_location_id: v.number(),
  source_location_name: v.string(),
  destination_location_name: v.string(),
  source_location: v.optional(v.nullable(PlaceSchema), null),
  destination_location: v.optional(v.nullable(PlaceSchema), null),
  status_info: StatusInfoSchema,
  next_action: v.optional(v.string(), ""),
  warehouse_status_label: v.optional(v.string(), ""),
  time_elapsed: v.optional(v.string(), ""),
  time_since_accepted: OptionalText,
  requested_at: v.string(),
  accepted_at: OptionalText,
  estimated_preparation_time: OptionalNumber,
  courier_accepted_at: OptionalText,
  estimated_pickup_time: OptionalNumber,
  picked_up_at: OptionalText,
  delivered_at: OptionalText,
  delivery_successful: v.optional(v.nullable(v.boolean()), null),
  completed_at: OptionalText,
  received_quantity: OptionalNumber,
  cancelled_at: OptionalText,
  cancellation_reason: OptionalText,
  declined: v.optional(v.boolean(), false),
  decline_reason: OptionalText,
  sold: v.optional(v.boolean(), false),
  returned: v.optional(v.boolean(), false),
  can_sell: v.optional(v.boolean(), true),
  can_return: v.optional(v.boolean(), true),
  duration_minutes: OptionalNumber,
  duration: OptionalText,
  original_transfer_id: OptionalNumber,
  return_reason: OptionalText,
  product_condition: OptionalText,
  cargo_description: v.optional(v.string(), ""),
  urgency: v.optional(v.string(), "Normal"),
  distance_km: v.optional(v.number(), 0),
  estimated_earning: v.optional(v.number(), 0),
});
export type Transfer = v.InferOutput<typeof TransferSchema>;

// ---------------------------------------------------------------- warehouse

export const WarehousePendingSchema = v.object({
  pending_requests: v.array(TransferSchema),
  urgent_count: v.number(),
  total_stock_value: v.number(),
});

export const WarehouseAcceptedSchema = v.object({ accepted_requests: v.array(TransferSchema) });

export const WarehouseReturnsSchema = v.object({
  returns: v.array(TransferSchema),
  awaiting_reception: v.optional(v.number(), 0),
});

export const WarehouseStatsSchema = v.object({
  totalRequests: v.number(),
  urgentRequests: v.number(),
  /** Minutes from request to acceptance; null before the first acceptance. */
  averageResponseTime: v.nullable(v.number()),
  completionRate: v.number(),
  deliveredToCouriers: v.optional(v.number(), 0),
  cancelled: v.optional(v.number(), 0),
});
export type WarehouseStats = v.InferOutput<typeof WarehouseStatsSchema>;

/** Everything the keeper's panel loads on each refresh. */
export const WarehouseBoardSchema = v.object({
  pending: WarehousePendingSchema,
  accepted: WarehouseAcceptedSchema,
  returns: WarehouseReturnsSchema,
  stats: WarehouseStatsSchema,
});
export type WarehouseBoard = v.InferOutput<typeof WarehouseBoardSchema>;

export const InventorySizeSchema = v.object({
  size: v.string(),
  quantity: v.number(),
  quantity_exhibition: v.optional(v.number(), 0),
  left_feet: v.optional(v.number(), 0),
  right_feet: v.optional(v.number(), 0),
  reserved: v.optional(v.number(), 0),
});

export const InventoryProductSchema = v.object({
  product_id: v.number(),
  brand: v.string(),
  model: v.string(),
  description: OptionalText,
  reference_code: v.string(),
  color_info: OptionalText,
  image_url: OptionalText,
  video_url: OptionalText,
  unit_price: v.number(),
  box_price: OptionalNumber,
  total_quantity: v.number(),
  /** 1 or 0. */
  is_active: v.number(),
  created_at: OptionalText,
  updated_at: OptionalText,
  location_name: v.string(),
  sizes: v.array(InventorySizeSchema),
});
export type InventoryProduct = v.InferOutput<typeof InventoryProductSchema>;

export const InventoryLocationSchema = v.object({
  location_id: v.number(),
  location_name: v.string(),
  location_type: OptionalText,
  products: v.array(InventoryProductSchema),
});
export type InventoryLocation = v.InferOutput<typeof InventoryLocationSchema>;

export const InventoryResponseSchema = v.object({ locations: v.array(InventoryLocationSchema) });
export type InventoryResponse = v.InferOutput<typeof InventoryResponseSchema>;

// ---------------------------------------------------------------- courier

export const CourierTransportSchema = v.object({
  ...TransferSchema.entries,
  action_required: v.optional(v.string(), ""),
  status_description: v.optional(v.string(), ""),
});
export type CourierTransport = v.InferOutput<typeof CourierTransportSchema>;

export const CourierStatsSchema = v.object({
  total_transports: v.number(),
  in_progress: v.number(),
  completed: v.number(),
  completion_rate: v.number(),
});
export type CourierStats = v.InferOutput<typeof CourierStatsSchema>;

export const AvailableRequestsSchema = v.object({ available_requests: v.array(TransferSchema) });

export const DeliveryItemSchema = v.object({
  id: v.number(),
  status: v.string(),
  request_type: v.optional(v.string(), "transfer"),
  brand: v.string(),
  model: v.string(),
  size: v.string(),
  quantity: v.optional(v.number(), 1),
  delivered_at: Text,
  delivery_successful: v.optional(v.nullable(v.boolean()), null),
  destination_location_name: OptionalText,
  estimated_earning: v.optional(v.number(), 0),
  distance_km: v.optional(v.number(), 0),
});
export type DeliveryItem = v.InferOutput<typeof DeliveryItemSchema>;

/** The courier's own transports and history, loaded together. */
export const CourierBoardSchema = v.object({
  transports: v.object({ my_transports: v.array(CourierTransportSchema), courier_stats: CourierStatsSchema }),
  deliveries: v.object({
    recent_deliveries: v.array(DeliveryItemSchema),
    total_estimated_earnings: v.optional(v.number(), 0),
  }),
});
export type CourierBoard = v.InferOutput<typeof CourierBoardSchema>;

// ---------------------------------------------------------------- seller

export const VendorPendingSchema = v.object({
  pending_transfers: v.array(TransferSchema),
  total_pending: v.number(),
  urgent_count: v.number(),
  normal_count: v.number(),
});

export const TodayStatsSchema = v.object({
  total_transfers: v.number(),
  completed: v.number(),
  cancelled: v.optional(v.number(), 0),
  success_rate: v.number(),
  /** Minutes; null when nothing was completed today. */
  average_duration: v.nullable(v.number()),
});
export type TodayStats = v.InferOutput<typeof TodayStatsSchema>;

export const VendorCompletedSchema = v.object({
  completed_transfers: v.array(TransferSchema),
  date: v.string(),
  today_stats: TodayStatsSchema,
});

/** "Solicitudes para mi local": what other locations asked this store for. */
export const VendorIncomingSchema = v.object({
  pending_requests: v.array(TransferSchema),
  in_progress: v.array(TransferSchema),
  total: v.number(),
  urgent_count: v.number(),
});
export type VendorIncoming = v.InferOutput<typeof VendorIncomingSchema>;

export const SellerBoardSchema = v.object({
  pending: VendorPendingSchema,
  completed: VendorCompletedSchema,
  incoming: v.optional(VendorIncomingSchema, { pending_requests: [], in_progress: [], total: 0, urgent_count: 0 }),
});
export type SellerBoard = v.InferOutput<typeof SellerBoardSchema>;

export const LocationOptionSchema = v.object({ id: v.number(), name: v.string(), type: v.string() });
export type LocationOption = v.InferOutput<typeof LocationOptionSchema>;
export const LocationsSchema = v.array(LocationOptionSchema);

// ---------------------------------------------------------------- action answers

/** Every transition answers its message and, mostly, the transfer after it. */
export const ActionResultSchema = v.object({
  message: v.optional(v.string(), ""),
  transfer: v.optional(v.nullable(TransferSchema), null),
  transport: v.optional(v.nullable(TransferSchema), null),
  estimated_preparation_time: OptionalNumber,
  estimated_pickup_time: OptionalNumber,
  received_quantity: OptionalNumber,
});
export type ActionResult = v.InferOutput<typeof ActionResultSchema>;

export const TransferCreatedSchema = v.object({
  transfer_request_id: v.number(),
  message: v.optional(v.string(), ""),
});

export const ReturnCreatedSchema = v.object({
  return_id: v.number(),
  message: v.optional(v.string(), ""),
  estimated_return_time: v.optional(v.string(), ""),
  next_action: v.optional(v.string(), ""),
});
export type ReturnCreated = v.InferOutput<typeof ReturnCreatedSchema>;

// ---------------------------------------------------------------- live feed

/** One transition pushed by the TransferHub (worker/durable/transfer-hub.ts). */
export const TransferEventSchema = v.object({
  seq: v.number(),
  type: v.picklist(["transfer.created", "transfer.updated"]),
  transfer_id: v.number(),
  status: v.string(),
  action: v.string(),
  request_type: v.optional(v.string(), "transfer"),
  source_location_id: v.optional(v.number(), 0),
  destination_location_id: v.optional(v.number(), 0),
  at: v.optional(v.string(), ""),
});
export type TransferEvent = v.InferOutput<typeof TransferEventSchema>;

export const HelloSchema = v.object({ type: v.literal("hello"), seq: v.number() });

export const EventsSinceSchema = v.object({ events: v.array(TransferEventSchema) });
