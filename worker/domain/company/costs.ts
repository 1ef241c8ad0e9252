import { COST_TYPES, type CostType, FREQUENCIES, type Frequency } from "../../../shared/constants";
import { daysUntil } from "../shared/time";

// Operating costs (spec 3 §3, §5, §9): the form's category labels map to the API's cost_type,
// frequencies normalise to a month, and due dates decide overdue / upcoming / location status.

export { COST_TYPES, type CostType, FREQUENCIES, type Frequency };

/** Spec 3 §9: the category labels of the form and the cost_type each one is sent as. */
export const CATEGORY_TO_TYPE: Record<string, CostType> = {
  Arriendo: "arriendo",
  "Servicios Públicos": "servicios",
  Internet: "servicios",
  Nómina: "nomina",
  Mercancía: "mercancia",
  Transporte: "transporte",
  Comisiones: "comisiones",
  Seguros: "otros",
  Publicidad: "otros",
  Mantenimiento: "otros",
  Suministros: "otros",
  "Otros Fijos": "otros",
  "Otros Variables": "otros",
};

export const FIXED_CATEGORIES = ["Arriendo", "Servicios Públicos", "Internet", "Seguros", "Nómina", "Otros Fijos"];
export const VARIABLE_CATEGORIES = [
  "Mercancía",
  "Transporte",
  "Publicidad",
  "Mantenimiento",
  "Suministros",
  "Otros Variables",
];

const FREQUENCY_ALIASES: Record<string, Frequency> = {
  diario: "daily",
  daily: "daily",
  semanal: "weekly",
  weekly: "weekly",
  mensual: "monthly",
  monthly: "monthly",
  trimestral: "quarterly",
  quarterly: "quarterly",
  anual: "annual",
  annual: "annual",
};

export function normaliseFrequency(raw: string): Frequency | null {
  return FREQUENCY_ALIASES[raw.trim().toLowerCase()] ?? null;
}

/** A category label (or an API cost_type) → cost_type; null when unknown. */
export function costTypeOf(raw: string): CostType | null {
  const label = raw.trim();
  if (CATEGORY_TO_TYPE[label]) return CATEGORY_TO_TYPE[label];
  const lower = label.toLowerCase();
  return (COST_TYPES as readonly string[]).includes(lower) ? (lower as CostType) : null;
}

/** A cost entered without a start date starts today, or on its due date when that already passed (an overdue bill). */
export function defaultStart(dueDate: string | null, today: string): string {
  return dueDate && dueDate < today ? dueDate : today;
}

/** How many times a cost falls in an average month. */
export const PER_MONTH: Record<Frequency, number> = {
  daily: 365 / 12,
  weekly: 52 / 12,
  monthly: 1,
  quarterly: 1 / 3,
  annual: 1 / 12,
};

/** A cost's amount expressed per month, in centavos (rounded). */
export function monthlyEquivalent(amountCentavos: number, frequency: Frequency): number {
  return Math.round(amountCentavos * PER_MONTH[frequency]);
}

/** A cost's share of a date range of `days` days, in centavos. */
export function amountForDays(amountCentavos: number, frequency: Frequency, days: number): number {
  return Math.round(amountCentavos * PER_MONTH[frequency] * (days / (365 / 12)));
}

/**
 * Days of the range [rangeStart, rangeEnd] ('YYYY-MM-DD', both included) on which a cost that starts on
 * `costStart` runs: a cost starting on the 20th runs 11 days of a 30-day month and none before it.
 */
export function costDaysInRange(costStart: string, rangeStart: string, rangeEnd: string): number {
  const from = costStart > rangeStart ? costStart : rangeStart;
  if (from > rangeEnd) return 0;
  return Math.round((Date.parse(`${rangeEnd}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A cost's share of a date range, prorated from its start_date, in centavos. */
export function costForRange(
  cost: { amount: number; frequency: Frequency; startDate: string },
  rangeStart: string,
  rangeEnd: string,
): number {
  return amountForDays(cost.amount, cost.frequency, costDaysInRange(cost.startDate, rangeStart, rangeEnd));
}

/** The next due date after paying the one on `due` ('YYYY-MM-DD'); month ends stay month ends (31 Jan → 28 Feb). */
export function nextDueDate(due: string, frequency: Frequency): string {
  const d = new Date(`${due}T00:00:00.000Z`);
  if (frequency === "daily" || frequency === "weekly") {
    d.setUTCDate(d.getUTCDate() + (frequency === "daily" ? 1 : 7));
    return d.toISOString().slice(0, 10);
  }
  const months = frequency === "monthly" ? 1 : frequency === "quarterly" ? 3 : 12;
  const day = d.getUTCDate();
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export type Priority = "high" | "medium" | "low";

/** Overdue priority: more than 15 days or 1,000,000 COP is high; more than 5 days is medium. */
export function overduePriority(daysOverdue: number, amountCentavos: number): Priority {
  if (daysOverdue > 15 || amountCentavos >= 100_000_000) return "high";
  if (daysOverdue > 5) return "medium";
  return "low";
}

export type LocationStatus = "ok" | "attention" | "critical";

/**
 * critical: a cost overdue for more than 7 days, or two or more overdue; attention: one recent
 * overdue cost or one due within the week; ok otherwise.
 */
export function locationStatus(overdueDays: readonly number[], upcomingCount: number): LocationStatus {
  if (overdueDays.length >= 2 || overdueDays.some((d) => d > 7)) return "critical";
  if (overdueDays.length === 1 || upcomingCount > 0) return "attention";
  return "ok";
}

export function upcomingLabel(days: number): string {
  if (days === 0) return "Hoy";
  if (days === 1) return "Mañana";
  return `En ${days} días`;
}

export interface CostRow {
  id: number;
  locationId: number;
  locationName: string;
  costType: CostType;
  category: string;
  description: string;
  amount: number;
  frequency: Frequency;
  endDate: string | null;
  isActive: boolean;
}

/** The operational cost dashboard (spec 3 §3), money in centavos; the route converts to pesos. */
export function operationalDashboard(
  costs: readonly CostRow[],
  locations: readonly { id: number; name: string }[],
  today: string,
) {
  const active = costs.filter((c) => c.isActive);
  const totalMonthly = active.reduce((acc, c) => acc + monthlyEquivalent(c.amount, c.frequency), 0);
  const dated = active
    .filter((c): c is CostRow & { endDate: string } => c.endDate !== null)
    .map((c) => ({ ...c, days: daysUntil(c.endDate, today) }));
  const overdue = dated.filter((c) => c.days < 0);
  const upcoming = dated.filter((c) => c.days >= 0 && c.days <= 7).sort((a, b) => a.days - b.days);
  const locationsStatus = locations.map((loc) => {
    const mine = active.filter((c) => c.locationId === loc.id);
    const mineOverdue = overdue.filter((c) => c.locationId === loc.id);
    const mineUpcoming = upcoming.filter((c) => c.locationId === loc.id);
    return {
      location_id: loc.id,
      location_name: loc.name,
      monthly_costs: mine.reduce((acc, c) => acc + monthlyEquivalent(c.amount, c.frequency), 0),
      overdue_amount: mineOverdue.reduce((acc, c) => acc + c.amount, 0),
      overdue_count: mineOverdue.length,
      upcoming_count: mineUpcoming.length,
      status: locationStatus(
        mineOverdue.map((c) => -c.days),
        mineUpcoming.length,
      ),
    };
  });
  const criticalAlerts = overdue
    .map((c) => ({
      cost_id: c.id,
      location_name: c.locationName,
      cost_type: c.costType,
      description: c.description,
      amount: c.amount,
      days_overdue: -c.days,
      due_date: c.endDate,
      priority: overduePriority(-c.days, c.amount),
    }))
    .sort((a, b) => b.days_overdue - a.days_overdue);
  return {
    monthly_summary: { total_monthly_costs: totalMonthly },
    summary: {
      total_overdue_amount: overdue.reduce((acc, c) => acc + c.amount, 0),
      critical_alerts_count: criticalAlerts.length,
      total_locations: locations.length,
    },
    locations_status: locationsStatus,
    upcoming_week: upcoming.map((c) => ({
      cost_id: c.id,
      location_name: c.locationName,
      cost_type: c.costType,
      description: c.description,
      due_date: c.endDate,
      amount: c.amount,
      days_until_due: c.days,
      label: upcomingLabel(c.days),
    })),
    critical_alerts: criticalAlerts,
  };
}
