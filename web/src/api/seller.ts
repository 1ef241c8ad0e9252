import { ApiError, api, apiFetch, call, withKey, withSignal } from "./http";
import type { PaymentType } from "./seller-schemas";

/** GET /api/v1/vendor/dashboard. */
export function fetchVendorDashboard(signal?: AbortSignal) {
  return call(api.vendor.dashboard.$get(undefined, withSignal(signal)));
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

const optionalNumber = (value: number | null) => (value === null ? undefined : String(value));

/**
 * POST /api/v1/sales/create (multipart). The same idempotency key on a retry returns the sale
 * already recorded instead of selling twice.
 */
export function createSale(sale: NewSale, idempotencyKey: string) {
  const form = {
    items: JSON.stringify(sale.items),
    payment_methods: JSON.stringify(sale.payment_methods),
    total_amount: String(sale.total_amount),
    notes: sale.notes,
    requires_confirmation: String(sale.requires_confirmation),
    discount_request_id: optionalNumber(sale.discount_request_id),
    location_id: optionalNumber(sale.location_id),
    receipt_image: sale.receipt ?? undefined,
  };
  return call(api.sales.create.$post({ form }, withKey(idempotencyKey)));
}

/** GET /api/v1/sales/today: the seller's sales of the day with the day summary. */
export function fetchSalesToday(signal?: AbortSignal) {
  return call(api.sales.today.$get({ query: {} }, withSignal(signal)));
}

/** POST /api/v1/sales/confirm: confirms (or rejects, restoring stock) a sale that required confirmation. */
export function confirmSale(saleId: number, confirmed: boolean, notes: string) {
  return call(api.sales.confirm.$post({ json: { sale_id: saleId, confirmed, confirmation_notes: notes } }));
}

export type NewExpense = { concept: string; amount: number; notes: string; receipt: File | null };

/** POST /api/v1/expenses/create (multipart). */
export function createExpense(expense: NewExpense, idempotencyKey: string) {
  const form = {
    concept: expense.concept,
    amount: String(expense.amount),
    notes: expense.notes,
    receipt_image: expense.receipt ?? undefined,
  };
  return call(api.expenses.create.$post({ form }, withKey(idempotencyKey)));
}

/** GET /api/v1/expenses/today → { data, summary }. */
export function fetchExpensesToday(signal?: AbortSignal) {
  return call(api.expenses.today.$get(undefined, withSignal(signal)));
}

/** POST /api/v1/discounts/request: asks an administrador to approve a discount. */
export function requestDiscount(amount: number, reason: string, idempotencyKey: string) {
  return call(api.discounts.request.$post({ json: { amount, reason } }, withKey(idempotencyKey)));
}

/** GET /api/v1/discounts/my-requests. */
export function fetchMyDiscounts(signal?: AbortSignal) {
  return call(api.discounts["my-requests"].$get(undefined, withSignal(signal)));
}

/** GET /api/v1/notifications/returns. */
export function fetchReturnNotifications(signal?: AbortSignal) {
  return call(api.notifications.returns.$get(undefined, withSignal(signal)));
}

/** POST /api/v1/notifications/returns/{id}/mark-read. */
export function markNotificationRead(id: number) {
  return call(api.notifications.returns[":id"]["mark-read"].$post({ param: { id: String(id) } }));
}

/**
 * A stored receipt (GET /api/v1/files/<key>) as a Blob. The file route needs the bearer token, which
 * an <img src> cannot send, so the screens show it through an object URL.
 */
export async function fetchFileBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  if (!path.startsWith("/api/v1/files/")) throw new ApiError(0, "Archivo no válido", "invalid");
  try {
    return await (await apiFetch(path, { signal })).blob();
  } catch (error) {
    // the screens name the file's status, not the server's text
    if (error instanceof ApiError && error.kind === "http") throw new ApiError(error.status, `Error ${error.status}`);
    throw error;
  }
}
