import type { Answer, api } from "./http";
import { storedCopyOf } from "./stored";

/** Answers of the seller area (worker/routes/reports/vendor.ts, sales/{sales,discounts}.ts, till/expenses.ts, logistics/notifications.ts), as the Worker types them. */

export type VendorDashboard = Answer<typeof api.vendor.dashboard.$get>;

export const PAYMENT_TYPES = ["efectivo", "tarjeta", "transferencia"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export type SalesToday = Answer<typeof api.sales.today.$get>;
export type Sale = SalesToday["sales"][number];
export type DaySummary = SalesToday["summary"];
export type SaleCreated = Answer<typeof api.sales.create.$post>;

export type ExpensesToday = Answer<typeof api.expenses.today.$get>;
export type Expense = ExpensesToday["data"][number];

export type DiscountRequest = Answer<(typeof api.discounts)["my-requests"]["$get"]>["requests"][number];

export type ReturnNotification = Answer<typeof api.notifications.returns.$get>["notifications"][number];

export const VendorDashboardSchema = storedCopyOf<VendorDashboard>("vendor_info", "today_summary", "pending_actions");
export const SalesTodaySchema = storedCopyOf<SalesToday>("summary", "sales");
export const ExpensesTodaySchema = storedCopyOf<ExpensesToday>("data", "summary");
