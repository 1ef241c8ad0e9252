import * as v from "valibot";
import { PRICE_PER_LOCATION_INVALID } from "../../../../shared/messages";
import type { Plan } from "../../api/superadmin-schemas";

/** What the company, plan and subscription forms copy from a plan template (or a company). */
export type Limits = Pick<Plan, "max_locations" | "max_employees" | "price_per_location">;

/** The limits and the price per location as the forms hold them (text until submit). */
export function limitsText(from: Limits) {
  return {
    max_locations: String(from.max_locations),
    max_employees: String(from.max_employees),
    price_per_location: String(from.price_per_location),
  };
}

export function templateOf(plans: readonly Plan[], code: string): Plan | undefined {
  return plans.find((p) => p.plan_code === code);
}

/** A limit typed as text: digits only ('El máximo de empleados debe ser un número entero no negativo'). */
export const wholeNumber = (label: string) =>
  v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, `${label} debe ser un número entero no negativo`), v.transform(Number));

/** A price per location typed as text, cents after a point or a comma. */
export const pricePerLocation = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d+([.,]\d+)?$/, PRICE_PER_LOCATION_INVALID),
  v.transform((text) => Number(text.replace(",", "."))),
);
