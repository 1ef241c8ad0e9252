import * as v from "valibot";
import { EFFECTIVE_DATE_INVALID, PLAN_CODE_INVALID } from "../../../../../shared/messages";
import type { SubscriptionChangeInput } from "../../../api/superadmin";
import { type Company, PLAN_CODES, type Plan, type PlanCode } from "../../../api/superadmin-schemas";
import { bogotaToday } from "../../company/dates";
import { isPlanCode } from "../labels";
import { type Limits, pricePerLocation, templateOf } from "../planLimits";

export type SubscriptionFormValues = {
  company_id: string;
  new_plan: PlanCode;
  new_max_locations: string;
  new_max_employees: string;
  new_price_per_location: string;
  effective_date: string;
  reason: string;
};

/**
 * Spec 2 §9: plan basic, effective today. The limits and the price start from the basic plan's
 * template (COP), not from the spec's 5 / 15 / 75, which were dollars; without templates, those.
 */
export function subscriptionDefaults(plans: readonly Plan[] = [], today = bogotaToday()): SubscriptionFormValues {
  const fallback: SubscriptionFormValues = {
    company_id: "",
    new_plan: "basic",
    new_max_locations: "5",
    new_max_employees: "15",
    new_price_per_location: "75",
    effective_date: today,
    reason: "",
  };
  return applyPlanTemplate(fallback, "basic", plans);
}

/** Choosing a plan copies its template's limits and price per location into the form (as on companies). */
export function applyPlanTemplate(
  values: SubscriptionFormValues,
  code: PlanCode,
  plans: readonly Plan[],
): SubscriptionFormValues {
  const template = templateOf(plans, code);
  return { ...values, new_plan: code, ...(template ? newLimits(template) : {}) };
}

/** A template's or a company's limits as the change's new ones. */
const newLimits = (from: Limits) => ({
  new_max_locations: String(from.max_locations),
  new_max_employees: String(from.max_employees),
  new_price_per_location: String(from.price_per_location),
});

/** A date after today is scheduled, not applied at once. */
export function isScheduled(values: Pick<SubscriptionFormValues, "effective_date">, today = bogotaToday()): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(values.effective_date) && values.effective_date > today;
}

/** From a company card the form starts from the company's current subscription. */
export function subscriptionFromCompany(company: Company, today = bogotaToday()): SubscriptionFormValues {
  return {
    company_id: String(company.id),
    new_plan: isPlanCode(company.subscription_plan) ? company.subscription_plan : "custom",
    ...newLimits(company),
    effective_date: today,
    reason: "",
  };
}

const positive = (label: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/, `${label} debe ser un número entero`),
    v.transform(Number),
    v.minValue(1, `${label} debe ser al menos 1`),
  );

const ChangeSchema = v.object({
  company_id: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/, "Elige la empresa"),
    v.transform(Number),
    v.minValue(1, "Elige la empresa"),
  ),
  new_plan: v.picklist(PLAN_CODES, PLAN_CODE_INVALID),
  new_max_locations: positive("El máximo de ubicaciones"),
  new_max_employees: positive("El máximo de empleados"),
  new_price_per_location: pricePerLocation,
  effective_date: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, EFFECTIVE_DATE_INVALID)),
  reason: v.pipe(v.string(), v.trim()),
});

/** The checked change keeps its numbers (the screen reads the company id back), in the route's shape. */
export function toSubscriptionChange(values: SubscriptionFormValues) {
  const parsed = v.safeParse(ChangeSchema, values);
  if (!parsed.success) return { ok: false as const, message: parsed.issues[0]?.message ?? "Revisa el formulario" };
  const p = parsed.output;
  const value = { ...p, reason: p.reason === "" ? null : p.reason } satisfies SubscriptionChangeInput;
  return { ok: true as const, value };
}
