import * as v from "valibot";
import { formatNit, parseNit } from "../../shared/nit";

/**
 * A company's NIT as typed in a form (Configuración, the superuser's company form): its DIAN check
 * digit must be right (shared/nit.ts, the same rule and texts as a customer's NIT). Stored as printed,
 * "900.123.456-8"; empty is none (null).
 */
export const companyNit = v.pipe(
  v.string("El NIT debe ser texto"),
  v.trim(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    if (dataset.value === "") return null;
    const parsed = parseNit(dataset.value);
    if (!parsed.ok) {
      addIssue({ message: parsed.message });
      return NEVER;
    }
    return formatNit(parsed.number, parsed.checkDigit);
  }),
);
