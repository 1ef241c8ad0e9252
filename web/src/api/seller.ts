import { companyHeaders } from "../lib/actingCompany";
import { sessionAtom } from "../lib/session";
import { appStore } from "../lib/store";
import { ApiError, apiRequest, NETWORK_ERROR } from "./http";
import {
  DiscountRequestedSchema,
  ExpenseCreatedSchema,
  ExpensesTodaySchema,
  MarkReadSchema,
  MyDiscountsSchema,
  type PaymentType,
  ReturnNotificationsSchema,
  SaleConfirmedSchema,
  SaleCreatedSchema,
  SalesTodaySchema,
  VendorDashboardSchema,
} from "./seller-schemas";

/** GET /api/v1/vendor/dashboard. */
export function fetchVendorDashboard(signal?: AbortSignal) {
  return apiRequest("/api/v1/vendor/dashboard", VendorDashboardSchema, { signal });
}

export type NewSaleLine = {
  sneaker_reference_code: string;
  brand: string;
  model: string;
  color: string | null;
  size: string;
  quantity: number;
  unit_price: number;
};

export type NewSalePayment = { payment_type: PaymentType; amount: number; reference: string | null };

export type NewSale = {
  items: NewSaleLine[];
  payment_methods: NewSalePayment[];
  total_amount: number;
  notes: string;
  requires_confirmation: boolean;
  discount_request_id: number | null;
  receipt: File | null;
  /** Only for administrador/superuser, who sell at a named location (sellers sell at their own). */
  location_id: number | null;
};

/**
 * POST /api/v1/sales/create (multipart). The same idempotency key on a retry returns the sale
 * already recorded instead of selling twice.
 */
export function createSale(sale: NewSale, idempotencyKey: string) {
  const form = new FormData();
  form.set("items", JSON.stringify(sale.items));
  form.set("payment_methods", JSON.stringify(sale.payment_methods));
  form.set("total_amount", String(sale.total_amount));
  form.set("notes", sale.notes);
  form.set("requires_confirmation", String(sale.requires_confirmation));
  if (sale.discount_request_id !== null) form.set("discount_request_id", String(sale.discount_request_id));
  if (sale.location_id !== null) form.set("location_id", String(sale.location_id));
  if (sale.receipt) form.set("receipt_image", sale.receipt, sale.receipt.name);
  return apiRequest("/api/v1/sales/create", SaleCreatedSchema, {
    method: "POST",
    body: form,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** GET /api/v1/sales/today: the seller's sales of the day with the day summary. */
export function fetchSalesToday(signal?: AbortSignal) {
  return apiRequest("/api/v1/sales/today", SalesTodaySchema, { signal });
}

/** POST /api/v1/sales/confirm: confirms (or rejects, restoring stock) a sale that required confirmation. */
export function confirmSale(saleId: number, confirmed: boolean, notes: string) {
  return apiRequest("/api/v1/sales/confirm", SaleConfirmedSchema, {
    method: "POST",
    body: { sale_id: saleId, confirmed, confirmation_notes: notes },
  });
}

export type NewExpense = { concept: string; amount: number; notes: string; receipt: File | null };

/** POST /api/v1/expenses/create (multipart). */
export function createExpense(expense: NewExpense, idempotencyKey: string) {
  const form = new FormData();
  form.set("concept", expense.concept);
  form.set("amount", String(expense.amount));
  form.set("notes", expense.notes);
  if (expense.receipt) form.set("receipt_image", expense.receipt, expense.receipt.name);
  return apiRequest("/api/v1/expenses/create", ExpenseCreatedSchema, {
    method: "POST",
    body: form,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** GET /api/v1/expenses/today → { data, summary }. */
export function fetchExpensesToday(signal?: AbortSignal) {
  return apiRequest("/api/v1/expenses/today", ExpensesTodaySchema, { signal });
}

/** POST /api/v1/discounts/request: asks an administrador to approve a discount. */
export function requestDiscount(amount: number, reason: string, idempotencyKey: string) {
  return apiRequest("/api/v1/discounts/request", DiscountRequestedSchema, {
    method: "POST",
    body: { amount, reason },
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** GET /api/v1/discounts/my-requests. */
export function fetchMyDiscounts(signal?: AbortSignal) {
  return apiRequest("/api/v1/discounts/my-requests", MyDiscountsSchema, { signal });
}

/** GET /api/v1/notifications/returns. */
export function fetchReturnNotifications(signal?: AbortSignal) {
  return apiRequest("/api/v1/notifications/returns", ReturnNotificationsSchema, { signal });
}

/** POST /api/v1/notifications/returns/{id}/mark-read. */
export function markNotificationRead(id: number) {
  return apiRequest(`/api/v1/notifications/returns/${id}/mark-read`, MarkReadSchema, { method: "POST" });
}

/**
 * A stored receipt (GET /api/v1/files/<key>) as a Blob. The file route needs the bearer token, which
 * an <img src> cannot send, so the screens show it through an object URL.
 */
export async function fetchFileBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  if (!path.startsWith("/api/v1/files/")) throw new ApiError(0, "Archivo no válido", "invalid");
  const session = appStore.get(sessionAtom);
  const headers = new Headers(companyHeaders());
  if (session) headers.set("Authorization", `Bearer ${session.token}`);
  let response: Response;
  try {
    response = await fetch(path, { headers, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, NETWORK_ERROR, "network");
  }
  if (!response.ok) throw new ApiError(response.status, `Error ${response.status}`);
  return response.blob();
}
