import { ApiError, api, apiFetch, type Body, call, withKey, withSignal } from "./http";

/** GET /api/v1/vendor/dashboard. */
export function fetchVendorDashboard(signal?: AbortSignal) {
  return call(api.vendor.dashboard.$get(undefined, withSignal(signal)));
}

type SaleBody = Body<typeof api.sales.create.$post>;
/** A sale line and a payment as the sale routes take them (items and payments travel as JSON text in the form). */
export type NewSaleLine = Exclude<SaleBody["items"], string>[number];
export type NewSalePayment = Exclude<SaleBody["payment_methods"], string>[number];

/** The sale as the screen holds it: the receipt stays a File until the multipart request is built. */
export type NewSale = Omit<SaleBody, "items" | "payment_methods" | "receipt_image" | "idempotency_key"> & {
  items: NewSaleLine[];
  payment_methods: NewSalePayment[];
  receipt: File | null;
};

const formNumber = (value: string | number | null | undefined) => (value == null ? undefined : String(value));

/**
 * POST /api/v1/sales/create (multipart). The same idempotency key on a retry returns the sale
 * already recorded instead of selling twice.
 */
export function createSale(sale: NewSale, idempotencyKey: string) {
  const form = {
    items: JSON.stringify(sale.items),
    payment_methods: JSON.stringify(sale.payment_methods),
    total_amount: String(sale.total_amount),
    notes: sale.notes ?? undefined,
    requires_confirmation: sale.requires_confirmation ? "true" : "false",
    discount_request_id: formNumber(sale.discount_request_id),
    location_id: formNumber(sale.location_id),
    customer_id: formNumber(sale.customer_id),
    sold_at: sale.sold_at ?? undefined,
    receipt_image: sale.receipt ?? undefined,
  } satisfies SaleBody;
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

type ExpenseBody = Body<typeof api.expenses.create.$post>;
/** An expense as the phone keeps it (the outbox): never an administrador's PIN. */
export type NewExpense = Omit<
  ExpenseBody,
  "receipt_image" | "idempotency_key" | "admin_pin" | "authorization_reason"
> & { receipt: File | null };
/** An administrador's PIN and why, for an expense the drawer cannot pay (sent once, never kept). */
export type CashCover = { admin_pin: string; authorization_reason: string };

/** POST /api/v1/expenses/create (multipart). */
export function createExpense(expense: NewExpense, idempotencyKey: string, cover?: CashCover) {
  const form = {
    concept: expense.concept,
    amount: String(expense.amount),
    notes: expense.notes ?? undefined,
    receipt_image: expense.receipt ?? undefined,
    ...cover,
  } satisfies ExpenseBody;
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

/** GET /api/v1/notifications/returns: a page of notices from `offset`, with the total and the unread count. */
export function fetchReturnNotifications(signal?: AbortSignal, offset = 0) {
  return call(api.notifications.returns.$get({ query: { offset: String(offset) } }, withSignal(signal)));
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
