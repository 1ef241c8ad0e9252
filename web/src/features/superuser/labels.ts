import type { Company, InvoiceStatus, Plan } from "../../api/superadmin-schemas";
import { PLAN_CODES, type PlanCode } from "../../api/superadmin-schemas";

/** Spanish names and badge colours for company statuses; unknown statuses show as they come. */
export const COMPANY_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  active: { label: "Activa", tone: "green" },
  suspended: { label: "Suspendida", tone: "red" },
  trial: { label: "Prueba", tone: "sky" },
};

export function companyStatus(status: string): { label: string; tone: BadgeTone } {
  return COMPANY_STATUS[status] ?? { label: status, tone: "stone" };
}

export const COMPANY_FILTERS = [
  { value: "all", label: "Todas" },
  { value: "active", label: "Activas" },
  { value: "suspended", label: "Suspendidas" },
  { value: "trial", label: "En prueba" },
] as const;

export const INVOICE_STATUS: Record<InvoiceStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pendiente", tone: "amber" },
  paid: { label: "Pagada", tone: "green" },
  overdue: { label: "Vencida", tone: "red" },
};

export const INVOICE_FILTERS = [
  { value: "all", label: "Todas" },
  { value: "pending", label: "Pendientes" },
  { value: "paid", label: "Pagadas" },
  { value: "overdue", label: "Vencidas" },
] as const;

export type BadgeTone = "green" | "red" | "amber" | "sky" | "stone";

const PLAN_FALLBACK: Record<PlanCode, string> = {
  basic: "Básico",
  professional: "Profesional",
  enterprise: "Empresarial",
  custom: "Personalizado",
};

/** The plan's display name from the templates, else a Spanish name for the four codes, else the code. */
export function planName(code: string, plans: readonly Plan[] = []): string {
  const template = plans.find((p) => p.plan_code === code);
  if (template) return template.display_name;
  return isPlanCode(code) ? PLAN_FALLBACK[code] : code;
}

export function isPlanCode(code: string): code is PlanCode {
  return (PLAN_CODES as readonly string[]).includes(code);
}

/** "reportes_avanzados" → "Reportes avanzados". */
export function featureLabel(key: string): string {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const monthFormatter = new Intl.DateTimeFormat("es-CO", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-03-01" or "2026-03" → "Marzo de 2026" (a calendar month, no time zone shift). */
export function monthLabel(day: string): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const text = monthFormatter.format(date);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** First day of the month of a "YYYY-MM-DD" date. */
export function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function companyLabel(company: Pick<Company, "name" | "subdomain">): string {
  return `${company.name} (${company.subdomain})`;
}

/** The grid of the companies' and the invoices' cards. */
export const CARD_GRID = "grid gap-4 md:grid-cols-2 xl:grid-cols-3";
