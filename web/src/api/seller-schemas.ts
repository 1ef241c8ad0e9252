import * as v from "valibot";

/**
 * Answer shapes of the seller area (worker/routes/{vendor,sales,expenses,discounts,notifications}.ts).
 * Money arrives in pesos. Fields the screens do not need are left out; extra fields are ignored.
 */

const Text = v.nullable(v.string());
const OptionalText = v.optional(v.nullable(v.string()), null);

export const VendorDashboardSchema = v.object({
  vendor_info: v.object({
    name: v.string(),
    email: v.string(),
    role: v.string(),
    location_id: v.optional(v.nullable(v.number()), null),
    location_name: OptionalText,
    location_type: OptionalText,
  }),
  today_summary: v.object({
    date: v.string(),
    sales: v.object({
      total_count: v.number(),
      confirmed_count: v.number(),
      pending_confirmations: v.number(),
      total_amount: v.number(),
      confirmed_amount: v.number(),
      pending_amount: v.number(),
      average_sale: v.number(),
    }),
    expenses: v.object({ count: v.number(), total_amount: v.number() }),
  }),
  pending_actions: v.object({
    sale_confirmations: v.number(),
    transfer_requests: v.object({
      pending: v.number(),
      urgent: v.number(),
      in_transit: v.number(),
      completed_today: v.number(),
      cancelled_today: v.number(),
      success_rate: v.nullable(v.number()),
    }),
    discount_requests: v.object({ pending: v.number(), approved: v.number(), rejected: v.number() }),
    return_notifications: v.number(),
  }),
});
export type VendorDashboard = v.InferOutput<typeof VendorDashboardSchema>;

export const PAYMENT_TYPES = ["efectivo", "tarjeta", "transferencia"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const SaleItemSchema = v.object({
  id: v.number(),
  sneaker_reference_code: v.string(),
  brand: v.string(),
  model: v.string(),
  color: OptionalText,
  size: v.string(),
  quantity: v.number(),
  unit_price: v.number(),
  subtotal: v.number(),
});

export const SalePaymentSchema = v.object({
  id: v.number(),
  payment_type: v.string(),
  amount: v.number(),
  reference: OptionalText,
});

export const SaleSchema = v.object({
  id: v.number(),
  seller_id: v.number(),
  location_id: v.number(),
  subtotal_amount: v.number(),
  discount_amount: v.number(),
  total_amount: v.number(),
  receipt_image: Text,
  has_receipt: v.boolean(),
  sale_date: v.string(),
  status: v.string(),
  items_count: v.number(),
  notes: Text,
  requires_confirmation: v.boolean(),
  confirmed: v.boolean(),
  confirmed_at: Text,
  confirmation_notes: OptionalText,
  seller_name: v.string(),
  location_name: v.string(),
  items: v.array(SaleItemSchema),
  payment_methods: v.array(SalePaymentSchema),
});
export type Sale = v.InferOutput<typeof SaleSchema>;

export const DaySummarySchema = v.object({
  total_sales: v.number(),
  confirmed_sales: v.number(),
  pending_sales: v.number(),
  rejected_sales: v.optional(v.number(), 0),
  total_amount: v.number(),
  confirmed_amount: v.number(),
  pending_amount: v.number(),
  average_sale: v.number(),
  confirmed_items: v.optional(v.number(), 0),
});
export type DaySummary = v.InferOutput<typeof DaySummarySchema>;

export const SalesTodaySchema = v.object({
  date: v.string(),
  summary: DaySummarySchema,
  sales: v.array(SaleSchema),
});
export type SalesToday = v.InferOutput<typeof SalesTodaySchema>;

/** The sale response fields the spec says are read (spec 1 §3 "Sale response read"). */
export const SaleCreatedSchema = v.object({
  sale_id: v.number(),
  message: v.optional(v.string()),
  total_amount: v.number(),
  status: v.string(),
  sale_timestamp: v.string(),
  receipt_info: v.object({ has_receipt: v.boolean() }),
  seller_info: v.object({ seller_name: v.string() }),
});
export type SaleCreated = v.InferOutput<typeof SaleCreatedSchema>;

export const SaleConfirmedSchema = v.object({
  message: v.string(),
  sale_id: v.number(),
  confirmed: v.boolean(),
  confirmed_at: v.string(),
});

export const ExpenseSchema = v.object({
  id: v.number(),
  concept: v.string(),
  amount: v.number(),
  notes: Text,
  has_receipt: v.boolean(),
  receipt_url: Text,
  created_at: v.string(),
});
export type Expense = v.InferOutput<typeof ExpenseSchema>;

export const ExpensesTodaySchema = v.object({
  date: v.string(),
  data: v.array(ExpenseSchema),
  summary: v.object({ total_amount: v.number(), count: v.number() }),
});
export type ExpensesToday = v.InferOutput<typeof ExpensesTodaySchema>;

export const ExpenseCreatedSchema = v.object({
  message: v.string(),
  expense_id: v.number(),
  expense: ExpenseSchema,
});

export const DISCOUNT_STATUSES = ["pending", "approved", "rejected"] as const;

export const DiscountRequestSchema = v.object({
  id: v.number(),
  amount: v.number(),
  reason: v.string(),
  status: v.string(),
  admin_notes: OptionalText,
  used_in_sale_id: v.nullable(v.number()),
  created_at: v.string(),
});
export type DiscountRequest = v.InferOutput<typeof DiscountRequestSchema>;

export const MyDiscountsSchema = v.object({ requests: v.array(DiscountRequestSchema) });

export const DiscountRequestedSchema = v.object({
  message: v.string(),
  discount_id: v.number(),
  status: v.string(),
});

export const ReturnNotificationSchema = v.object({
  id: v.number(),
  title: v.string(),
  message: v.string(),
  transfer_id: v.optional(v.nullable(v.number()), null),
  is_read: v.boolean(),
  read_at: OptionalText,
  created_at: v.string(),
});
export type ReturnNotification = v.InferOutput<typeof ReturnNotificationSchema>;

export const ReturnNotificationsSchema = v.object({
  notifications: v.array(ReturnNotificationSchema),
  unread_count: v.number(),
});

export const MarkReadSchema = v.object({ id: v.number(), is_read: v.boolean(), read_at: v.string() });
