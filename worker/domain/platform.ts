// The platform operator's rules (spec 2): invoices, overdue status, usage against plan limits,
// near-limit and expiring-soon thresholds. Pure functions; money in centavos.

export const NEAR_LIMIT_PERCENT = 80;
export const EXPIRING_SOON_DAYS = 7;
export const INVOICE_DUE_DAYS = 15;
export const PLAN_CODES = ["basic", "professional", "enterprise", "custom"] as const;

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

export function expiringSoon(nextBillingDate: string | null, today: string): boolean {
  if (!nextBillingDate) return false;
  return nextBillingDate >= today && nextBillingDate <= addDays(today, EXPIRING_SOON_DAYS);
}

/** What a company pays a month: its active locations times the price per location (the invoice's formula). */
export function monthlyCost(activeLocations: number, pricePerLocation: number): number {
  return activeLocations * pricePerLocation;
}
