import type { Answer, api } from "./http";

/** Answers of the superuser console (worker/routes/platform/superadmin.ts), as the Worker types them. */

type Console = typeof api.superadmin;

export const COMPANY_STATUSES = ["active", "suspended", "trial"] as const;
export const PLAN_CODES = ["basic", "professional", "enterprise", "custom"] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export type Company = Answer<Console["companies"][":id"]["$get"]>;
export type Boss = Answer<Console["companies"][":id"]["boss"]["$get"]>;
export type SubscriptionChange = Answer<Console["subscriptions"][":id"]["history"]["$get"]>["history"][number];

export const INVOICE_STATUSES = ["pending", "paid", "overdue"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type Invoice = Answer<Console["invoices"]["$get"]>["invoices"][number];

export type GlobalMetrics = Answer<Console["metrics"]["global"]["$get"]>;
export type CompanyMetrics = Answer<Console["metrics"]["company"][":id"]["$get"]>;
export type FinancialReport = Answer<Console["reports"]["financial"]["$get"]>["report"];
export type Plan = Answer<Console["plans"]["$get"]>["plans"][number];
export type Health = Answer<Console["health"]["$get"]>;
