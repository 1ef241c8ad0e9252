import { PLAN_CODES } from "../../../shared/constants";
import { plural, pluralWord } from "../../../shared/plural";
// The platform operator's rules (spec 2): invoices, overdue status, usage against plan limits,
// near-limit and due-soon thresholds. Pure functions; money in centavos.

export const NEAR_LIMIT_PERCENT = 80;
export const EXPIRING_SOON_DAYS = 7;
export const INVOICE_DUE_DAYS = 15;
export { PLAN_CODES };

/** `INV-YYYYMM-<company>-<seq>`: company id padded to 4 digits, the company's invoice sequence to 3. */
export function invoiceNumber(periodStart: string, companyId: number, sequence: number): string {
  return `INV-${periodStart.slice(0, 4)}${periodStart.slice(5, 7)}-${String(companyId).padStart(4, "0")}-${String(sequence).padStart(3, "0")}`;
}

/** The calendar month containing `day` ('YYYY-MM-DD'). */
export function monthPeriod(day: string): { start: string; end: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: `${day.slice(0, 7)}-01`, end: `${day.slice(0, 7)}-${String(last).padStart(2, "0")}` };
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A pending invoice whose due date has passed is overdue, whatever its stored status says. */
export function effectiveInvoiceStatus(status: string, dueDate: string, today: string): "pending" | "paid" | "overdue" {
  if (status === "paid") return "paid";
  return dueDate < today ? "overdue" : "pending";
}

export function usagePercent(count: number, limit: number): number {
  if (limit <= 0) return count > 0 ? 100 : 0;
  return Math.round((count / limit) * 1000) / 10;
}

export function nearLimit(usage: {
  locations: number;
  maxLocations: number;
  employees: number;
  maxEmployees: number;
}): boolean {
  return (
    usagePercent(usage.locations, usage.maxLocations) >= NEAR_LIMIT_PERCENT ||
    usagePercent(usage.employees, usage.maxEmployees) >= NEAR_LIMIT_PERCENT
  );
}

/**
 * "Vencen pronto": an invoice not paid whose due date is within the next EXPIRING_SOON_DAYS days, or
 * has passed (overdue). A paid invoice never is, whatever its dates.
 */
export function invoiceDueSoon(status: string, dueDate: string, today: string): boolean {
  if (status === "paid") return false;
  return dueDate <= addDays(today, EXPIRING_SOON_DAYS);
}

/** What a company pays a month: its active locations times the price per location (the invoice's formula). */
export function monthlyCost(activeLocations: number, pricePerLocation: number): number {
  return activeLocations * pricePerLocation;
}

/** Spanish names of the plan codes, for when a plan has no template (custom) or its template is gone. */
export const PLAN_NAMES: Record<(typeof PLAN_CODES)[number], string> = {
  basic: "Básico",
  professional: "Profesional",
  enterprise: "Empresarial",
  custom: "Personalizado",
};

export function planDisplayName(code: string, templateName?: string | null): string {
  if (templateName) return templateName;
  return (PLAN_NAMES as Record<string, string>)[code] ?? code;
}

/**
 * Why a company cannot move to limits below its current use (active locations, active employees), or
 * null when it fits: "El plan Básico permite 2 ubicaciones y la empresa tiene 4 activas; desactiva 2
 * antes de cambiar".
 */
export function limitExcess(
  planName: string,
  usage: { locations: number; employees: number },
  limits: { maxLocations: number; maxEmployees: number },
): string | null {
  const parts: string[] = [];
  if (usage.locations > limits.maxLocations) {
    const max = limits.maxLocations;
    parts.push(
      `El plan ${planName} permite ${plural(max, "ubicación", "ubicaciones")} y la empresa tiene ${usage.locations} ${pluralWord(usage.locations, "activa", "activas")}; desactiva ${usage.locations - max} antes de cambiar`,
    );
  }
  if (usage.employees > limits.maxEmployees) {
    const max = limits.maxEmployees;
    parts.push(
      `El plan ${planName} permite ${plural(max, "empleado", "empleados")} y la empresa tiene ${usage.employees} ${pluralWord(usage.employees, "activo", "activos")}; desactiva ${usage.employees - max} antes de cambiar`,
    );
  }
  return parts.length === 0 ? null : parts.join(". ");
}

/** The modules a plan can leave out (docs/business-rules.md). */
export const PLAN_MODULES = {
  mayoreo: "mayoreo",
  reportes_avanzados: "reportes avanzados",
} as const;
export type PlanModule = keyof typeof PLAN_MODULES;

export type ModuleAccess = Record<PlanModule, boolean>;

/**
 * Which gated modules a plan includes: a module is included when the plan template's features say
 * `true` for it. A company whose plan code has no template (the 'custom' deal) has every module.
 */
export function modulesOf(features: Record<string, unknown> | null): ModuleAccess {
  const keys = Object.keys(PLAN_MODULES) as PlanModule[];
  return Object.fromEntries(keys.map((k) => [k, features === null ? true : features[k] === true])) as ModuleAccess;
}

export function moduleNotIncluded(module: PlanModule): string {
  return `Tu plan no incluye el módulo de ${PLAN_MODULES[module]}`;
}
