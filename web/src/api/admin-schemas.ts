import * as v from "valibot";

/**
 * Answer shapes of the company administrator panel (worker/routes/admin/*.ts) and of wholesale
 * (worker/routes/mayoreo.ts). Money arrives in pesos. Fields the screens do not use are left out;
 * extra fields are ignored.
 */

const Text = v.nullable(v.string());
const OptionalText = v.optional(v.nullable(v.string()), null);
const Num = v.number();
const OptionalNum = v.optional(v.nullable(v.number()), null);

// ---------------------------------------------------------------- users

export const StaffUserSchema = v.object({
  id: Num,
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  full_name: v.string(),
  role: v.string(),
  location_id: OptionalNum,
  location_name: OptionalText,
  is_active: v.boolean(),
  /** end of a lock by failed logins, while it lasts */
  locked_until: v.optional(v.nullable(v.string()), null),
});
export type StaffUser = v.InferOutput<typeof StaffUserSchema>;

export const UsersListSchema = v.object({ users: v.array(StaffUserSchema), total: Num });

export const UserSavedSchema = v.object({
  success: v.optional(v.boolean(), true),
  message: v.optional(v.string(), ""),
  user: StaffUserSchema,
});

// ---------------------------------------------------------------- locations

export const LOCATION_TYPES = ["local", "bodega"] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const AvailableLocationSchema = v.object({ id: Num, name: v.string(), type: v.string() });
export type AvailableLocation = v.InferOutput<typeof AvailableLocationSchema>;
export const AvailableLocationsSchema = v.object({ locations: v.array(AvailableLocationSchema) });

export const AdminLocationSchema = v.object({
  id: Num,
  name: v.string(),
  type: v.string(),
  address: OptionalText,
  phone: OptionalText,
  manager_name: OptionalText,
  capacity: OptionalNum,
  notes: OptionalText,
  is_active: v.boolean(),
  assigned_users_count: Num,
  total_products: Num,
  total_inventory_value: Num,
});
export type AdminLocation = v.InferOutput<typeof AdminLocationSchema>;
export const AdminLocationsSchema = v.object({ locations: v.array(AdminLocationSchema), total: Num });

export const LocationStatsSchema = v.object({
  location_id: Num,
  location_name: v.string(),
  location_type: v.string(),
  period: v.object({ start_date: v.string(), end_date: v.string(), days: Num }),
  sales: v.object({ count: Num, total_amount: Num }),
  expenses: v.object({ count: Num, total_amount: Num }),
  operating_costs: v.object({ total_amount: Num, items: Num }),
  transfers: v.object({ incoming_completed: Num, outgoing_completed: Num }),
  stock: v.object({ pairs: Num, single_feet: Num, inventory_value: Num }),
  net_result: Num,
});
export type LocationStats = v.InferOutput<typeof LocationStatsSchema>;

// ---------------------------------------------------------------- costs

export const CostSchema = v.object({
  id: Num,
  location_id: Num,
  location_name: OptionalText,
  nature: OptionalText,
  cost_type: v.string(),
  category: OptionalText,
  description: v.string(),
  amount: Num,
  monthly_equivalent: v.optional(Num, 0),
  frequency: v.string(),
  start_date: OptionalText,
  end_date: OptionalText,
  due_date: OptionalText,
  last_paid_date: OptionalText,
  is_active: v.boolean(),
});
export type Cost = v.InferOutput<typeof CostSchema>;
export const CostsListSchema = v.object({ costs: v.array(CostSchema), total: Num });

/** POST /costs answers the cost itself; the form checks `id` and `success` (spec §5). */
export const CostCreatedSchema = v.object({
  success: v.optional(v.boolean()),
  message: OptionalText,
  id: OptionalNum,
  description: v.optional(v.string(), ""),
  amount: v.optional(Num, 0),
  cost_type: v.optional(v.string(), ""),
  category: OptionalText,
});

export const CostPaidSchema = v.object({
  success: v.optional(v.boolean(), true),
  message: v.optional(v.string(), ""),
  end_date: OptionalText,
});

export const COST_STATUSES = ["ok", "attention", "critical"] as const;
export const PRIORITIES = ["high", "medium", "low"] as const;

export const OperationalDashboardSchema = v.object({
  date: v.optional(v.string(), ""),
  monthly_summary: v.object({ total_monthly_costs: Num }),
  summary: v.object({ total_overdue_amount: Num, critical_alerts_count: Num, total_locations: Num }),
  locations_status: v.array(
    v.object({
      location_id: Num,
      location_name: v.string(),
      monthly_costs: Num,
      overdue_amount: Num,
      overdue_count: Num,
      upcoming_count: Num,
      status: v.picklist(COST_STATUSES),
    }),
  ),
  upcoming_week: v.array(
    v.object({
      cost_id: v.optional(Num),
      location_name: v.string(),
      cost_type: v.string(),
      description: v.optional(v.string(), ""),
      due_date: v.string(),
      amount: Num,
      days_until_due: Num,
    }),
  ),
  critical_alerts: v.array(
    v.object({
      cost_id: v.optional(Num),
      location_name: v.string(),
      cost_type: v.string(),
      description: v.optional(v.string(), ""),
      amount: Num,
      days_overdue: Num,
      due_date: v.string(),
      priority: v.picklist(PRIORITIES),
    }),
  ),
});
export type OperationalDashboard = v.InferOutput<typeof OperationalDashboardSchema>;

// ---------------------------------------------------------------- discounts and returns

export const DiscountRequestSchema = v.object({
  id: Num,
  status: v.string(),
  reason: OptionalText,
  message: OptionalText,
  notes: OptionalText,
  requester_name: OptionalText,
  location_name: OptionalText,
  discount_amount: Num,
  requested_at: OptionalText,
  created_at: OptionalText,
});
export type DiscountRequest = v.InferOutput<typeof DiscountRequestSchema>;
export const PendingDiscountsSchema = v.object({ requests: v.array(DiscountRequestSchema) });

export const DiscountDecisionSchema = v.object({
  success: v.optional(v.boolean(), true),
  message: v.optional(v.string(), ""),
  status: v.string(),
});

export const PendingReturnSchema = v.object({
  id: Num,
  status: v.string(),
  sneaker_reference_code: OptionalText,
  brand: OptionalText,
  model: OptionalText,
  size: OptionalText,
  quantity: v.optional(Num, 0),
  reason: OptionalText,
  product_condition: OptionalText,
  requester_name: OptionalText,
  origin_location_name: OptionalText,
  requested_at: OptionalText,
});
export type PendingReturn = v.InferOutput<typeof PendingReturnSchema>;
export const PendingReturnsSchema = v.object({ returns: v.array(PendingReturnSchema) });

/** Units a reception reported short or damaged, held until the administrador resolves them. */
export const DiscrepancySchema = v.object({
  id: v.number(),
  transfer_id: v.number(),
  request_type: v.string(),
  kind: v.picklist(["short", "damaged"]),
  kind_label: v.string(),
  status: v.picklist(["open", "found", "written_off"]),
  status_label: v.string(),
  quantity: v.number(),
  units_text: v.string(),
  sent_quantity: v.number(),
  sneaker_reference_code: v.nullable(v.string()),
  brand: v.nullable(v.string()),
  model: v.nullable(v.string()),
  color: v.nullable(v.string()),
  size: v.string(),
  location_name: v.string(),
  reported_by: v.string(),
  reported_at: v.string(),
  notes: v.nullable(v.string()),
  resolved_by: v.nullable(v.string()),
  resolved_at: v.nullable(v.string()),
  resolution_reason: v.nullable(v.string()),
});
export type Discrepancy = v.InferOutput<typeof DiscrepancySchema>;
export const DiscrepanciesSchema = v.object({
  discrepancies: v.array(DiscrepancySchema),
  total: v.number(),
  open_count: v.number(),
});

// ---------------------------------------------------------------- inventory entry

export const DistributionSummarySchema = v.object({
  location_id: v.optional(Num),
  location_name: v.string(),
  total_pairs: Num,
  total_left_feet: Num,
  total_right_feet: Num,
});

export const InventoryEntrySchema = v.object({
  success: v.optional(v.boolean(), true),
  message: v.optional(v.string(), ""),
  product_id: Num,
  brand: v.string(),
  model: v.string(),
  reference_code: v.string(),
  total_shoes: Num,
  locations_count: Num,
  unit_price: Num,
  box_price: OptionalNum,
  distribution_summary: v.array(DistributionSummarySchema),
  processing_time_seconds: Num,
});
export type InventoryEntryResult = v.InferOutput<typeof InventoryEntrySchema>;

export const VideoUploadStartedSchema = v.object({
  key: v.string(),
  upload_id: v.string(),
  part_size: Num,
  max_size: v.optional(Num),
});
export const VideoPartSchema = v.object({ part_number: Num, etag: v.string() });
export const VideoUploadDoneSchema = v.object({ key: v.string(), size: Num });
// ---------------------------------------------------------------- scan enrolment

export const MissingReferencesSchema = v.object({
  product_id: Num,
  reference_code: v.string(),
  brand: v.string(),
  model: v.string(),
  color: OptionalText,
  image_url: OptionalText,
  video_url: OptionalText,
  references_other_models: v.optional(v.array(v.string()), []),
});
export type MissingReferences = v.InferOutput<typeof MissingReferencesSchema>;

/** GET /api/v1/classify/enrolment: the active products without scan references for a model id. */
export const ScanEnrolmentSchema = v.object({
  model_id: v.string(),
  total_products: Num,
  enrolled_products: Num,
  missing: v.array(MissingReferencesSchema),
});
export type ScanEnrolment = v.InferOutput<typeof ScanEnrolmentSchema>;

export const OkSchema = v.object({ success: v.optional(v.boolean(), true), message: v.optional(v.string(), "") });

// ---------------------------------------------------------------- alerts

export const InventoryAlertSchema = v.object({
  id: Num,
  location_id: Num,
  location_name: v.string(),
  alert_type: v.string(),
  threshold_value: Num,
  product_reference: OptionalText,
  notification_emails: v.optional(v.array(v.string()), []),
  is_active: v.boolean(),
  created_at: OptionalText,
  triggered: v.boolean(),
  low_stock_items: v.array(
    v.object({
      product_id: Num,
      reference_code: v.string(),
      brand: v.string(),
      model: v.string(),
      pairs: Num,
    }),
  ),
});
export type InventoryAlert = v.InferOutput<typeof InventoryAlertSchema>;
export const InventoryAlertsSchema = v.object({ alerts: v.array(InventoryAlertSchema), total: Num, triggered: Num });
export const AlertCreatedSchema = v.object({
  success: v.optional(v.boolean(), true),
  message: v.optional(v.string(), ""),
  id: Num,
});

// ---------------------------------------------------------------- reports and dashboard

export const SalesReportSchema = v.object({
  report_period: v.object({ start_date: v.string(), end_date: v.string() }),
  total_sales: Num,
  total_transactions: Num,
  average_ticket: Num,
  sales_by_location: v.array(
    v.object({
      location_id: Num,
      location_name: v.string(),
      location_type: OptionalText,
      total_sales: Num,
      transactions_count: Num,
      average_ticket: Num,
      percentage_of_total: Num,
    }),
  ),
  top_sellers: v.array(
    v.object({
      user_id: Num,
      user_name: v.string(),
      location_name: OptionalText,
      total_sales: Num,
      transactions_count: Num,
    }),
  ),
  top_products: v.array(
    v.object({
      reference_code: v.string(),
      brand: v.string(),
      model: v.string(),
      units_sold: Num,
      total_revenue: Num,
      average_price: Num,
    }),
  ),
  payment_methods_breakdown: v.array(
    v.object({
      payment_type: v.string(),
      total_amount: Num,
      payments_count: Num,
      percentage_of_total: Num,
    }),
  ),
});
export type SalesReport = v.InferOutput<typeof SalesReportSchema>;

export const UserPerformanceSchema = v.object({
  period: v.object({ start_date: v.string(), end_date: v.string() }),
  users: v.array(
    v.object({
      user_id: Num,
      user_name: v.string(),
      role: v.string(),
      location_name: OptionalText,
      is_active: v.boolean(),
      sales_count: Num,
      total_sales: Num,
      average_ticket: Num,
      expenses_count: Num,
      expenses_total: Num,
      performance_score: Num,
    }),
  ),
  total_users: Num,
});
export type UserPerformance = v.InferOutput<typeof UserPerformanceSchema>;

const Counts = v.record(v.string(), Num);

export const TransfersOverviewSchema = v.object({
  by_status: Counts,
  by_purpose: Counts,
  open_transfers: Num,
  completion_rate: Num,
  average_completion_minutes: OptionalNum,
  today: v.object({ requested: Num, completed: Num }),
});
export type TransfersOverview = v.InferOutput<typeof TransfersOverviewSchema>;

export const ProductAssignmentsSchema = v.object({
  assignments: v.array(
    v.object({
      location_id: Num,
      location_name: v.string(),
      location_type: v.string(),
      products_count: Num,
      total_pairs: Num,
      single_feet: Num,
      exhibition_units: Num,
      assigned_users: Num,
    }),
  ),
  total_locations: Num,
});
export type ProductAssignments = v.InferOutput<typeof ProductAssignmentsSchema>;

export const DashboardMetricsSchema = v.object({
  total_sales_today: Num,
  sales_count_today: v.optional(Num, 0),
  total_sales_month: Num,
  sales_count_month: v.optional(Num, 0),
  active_users: Num,
  low_stock_alerts: Num,
  pending_discount_approvals: Num,
  avg_performance_score: Num,
});

export const AdminDashboardSchema = v.object({
  metrics: DashboardMetricsSchema,
  managed_locations: v.array(
    v.object({ location_id: Num, location_name: v.string(), location_type: v.string(), daily_sales: Num }),
  ),
  admin_info: v.optional(v.object({ name: v.string(), email: v.string() })),
});
export type AdminDashboard = v.InferOutput<typeof AdminDashboardSchema>;

export const HealthSchema = v.object({ module: v.string(), status: v.string(), timestamp: v.string() });
export type Health = v.InferOutput<typeof HealthSchema>;

export const SystemOverviewSchema = v.object({
  users: v.object({ active: Num, sellers: Num, warehouse_keepers: Num, couriers: Num }),
  locations: v.object({ stores: Num, warehouses: Num }),
  catalogue: v.object({ active_products: Num, wholesale_products: Num }),
  stock: v.object({ pairs: Num, single_feet: Num }),
  transfers: v.object({ open: Num }),
  generated_at: v.string(),
});
export type SystemOverview = v.InferOutput<typeof SystemOverviewSchema>;

const CheckSchema = v.object({ status: v.string(), latency_ms: Num, detail: v.string() });
export const ConnectionDiagnosisSchema = v.object({
  status: v.string(),
  checks: v.record(v.string(), CheckSchema),
  checked_at: v.string(),
});
export type ConnectionDiagnosis = v.InferOutput<typeof ConnectionDiagnosisSchema>;

// ---------------------------------------------------------------- wholesale (mayoreo)

export const WholesaleProductSchema = v.object({
  id: Num,
  modelo: v.string(),
  cantidad_cajas_disponibles: Num,
  pares_por_caja: Num,
  precio: Num,
  tallas: OptionalText,
  foto_url: OptionalText,
  is_active: v.boolean(),
});
export type WholesaleProduct = v.InferOutput<typeof WholesaleProductSchema>;
export const WholesaleProductsSchema = v.array(WholesaleProductSchema);

export const WholesaleSaleSchema = v.object({
  id: Num,
  mayoreo_id: Num,
  mayoreo_producto: v.string(),
  cantidad_cajas_vendidas: Num,
  precio_unitario_venta: Num,
  total_venta: Num,
  fecha_venta: v.string(),
  notas: Text,
});
export type WholesaleSale = v.InferOutput<typeof WholesaleSaleSchema>;
export const WholesaleSalesSchema = v.array(WholesaleSaleSchema);

export const WholesaleStatsSchema = v.object({
  productos_activos: Num,
  total_cajas_disponibles: Num,
  valor_inventario: Num,
  total_ventas: Num,
  valor_total_ventas: Num,
});
export type WholesaleStats = v.InferOutput<typeof WholesaleStatsSchema>;

export const WholesaleProductSavedSchema = v.object({
  ...WholesaleProductSchema.entries,
  message: v.optional(v.string(), ""),
});

export const WholesaleDeletedSchema = v.object({
  success: v.optional(v.boolean(), true),
  message: v.optional(v.string(), ""),
  deleted: v.optional(v.boolean(), true),
});

export const WholesaleSaleCreatedSchema = v.object({
  ...WholesaleSaleSchema.entries,
  cantidad_cajas_restantes: v.optional(Num),
  message: v.optional(v.string(), ""),
});

export const NewsletterSubscribersSchema = v.object({
  subscribers: v.array(v.object({ id: Num, email: v.string(), subscribed_at: v.string() })),
  total: Num,
});
export type NewsletterSubscribers = v.InferOutput<typeof NewsletterSubscribersSchema>;
