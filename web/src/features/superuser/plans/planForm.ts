import * as v from "valibot";
import { PLAN_CODE_PATTERN, PLAN_CODE_REQUIRED, PLAN_NAME_REQUIRED } from "../../../../../shared/messages";
import type { NewPlan } from "../../../api/superadmin";
import type { Plan } from "../../../api/superadmin-schemas";
import type { Checked } from "../consoleForm";
import { limitsText, pricePerLocation, wholeNumber } from "../planLimits";

export type PlanFormValues = {
  plan_code: string;
  display_name: string;
  description: string;
  max_locations: string;
  max_employees: string;
  price_per_location: string;
  sort_order: string;
  features: Record<string, boolean>;
  extra_features: string;
};

/**
 * Spec 2 §9's 5 locations, 15 employees, sort order 0; the price (and limits and features) start from
 * a plan the superuser picks (`base`, by default the first template), so the price is in COP rather
 * than the spec's 60 (dollars). Without any template, the spec's figures.
 */
export function planDefaults(featureKeys: readonly string[], base?: Plan): PlanFormValues {
  const blank: PlanFormValues = {
    plan_code: "",
    display_name: "",
    description: "",
    max_locations: "5",
    max_employees: "15",
    price_per_location: "60",
    sort_order: "0",
    features: Object.fromEntries(featureKeys.map((key) => [key, false])),
    extra_features: "",
  };
  return base ? startFrom(blank, base) : blank;
}

/** Copies a template's limits, price and features into the form; code, name and description stay. */
export function startFrom(values: PlanFormValues, base: Plan): PlanFormValues {
  const features = { ...values.features };
  for (const key of Object.keys(features)) features[key] = base.features[key] === true;
  for (const [key, on] of Object.entries(base.features)) if (on === true) features[key] = true;
  return { ...values, ...limitsText(base), features };
}

/** Feature names already used by the plans, so a new plan offers the same switches. */
export function knownFeatures(plans: readonly Plan[]): string[] {
  const keys = new Set<string>();
  for (const plan of plans) for (const key of Object.keys(plan.features)) keys.add(key);
  return [...keys].sort((a, b) => a.localeCompare(b, "es"));
}

/** "Soporte 24/7, API" → ["soporte_24_7", "api"]. */
export function featureKeys(text: string): string[] {
  return text
    .split(",")
    .map((part) =>
      part
        .trim()
        .toLowerCase()
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .replace(/[^a-z0-9]+/g, "_")
        .replace(/^_+|_+$/g, ""),
    )
    .filter(Boolean);
}

const PlanSchema = v.object({
  plan_code: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(PLAN_CODE_REQUIRED),
    v.toLowerCase(),
    v.regex(/^[a-z0-9_-]+$/, PLAN_CODE_PATTERN),
  ),
  display_name: v.pipe(v.string(), v.trim(), v.nonEmpty(PLAN_NAME_REQUIRED)),
  description: v.pipe(v.string(), v.trim()),
  max_locations: wholeNumber("El máximo de ubicaciones"),
  max_employees: wholeNumber("El máximo de empleados"),
  price_per_location: pricePerLocation,
  sort_order: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^-?\d+$/, "El orden debe ser un número entero"),
    v.transform(Number),
  ),
});

export function toNewPlan(values: PlanFormValues): Checked<NewPlan> {
  const parsed = v.safeParse(PlanSchema, values);
  if (!parsed.success) return { ok: false, message: parsed.issues[0]?.message ?? "Revisa el formulario" };
  const features: Record<string, boolean> = { ...values.features };
  for (const key of featureKeys(values.extra_features)) features[key] = true;
  return { ok: true, value: { ...parsed.output, features } };
}
