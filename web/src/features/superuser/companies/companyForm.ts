import * as v from "valibot";
import {
  COMPANY_EMAIL_REQUIRED,
  COMPANY_NAME_REQUIRED,
  EMAIL_NOT_VALID,
  SUBDOMAIN_PATTERN,
  SUBDOMAIN_REQUIRED,
} from "../../../../../shared/messages";
import { nitProblem } from "../../../../../shared/nit";
import type { CompanyChanges, NewCompany } from "../../../api/superadmin";
import { type Company, PLAN_CODES, type Plan } from "../../../api/superadmin-schemas";
import type { Checked } from "../consoleForm";
import { isPlanCode, planName } from "../labels";
import { limitsText, pricePerLocation, templateOf, wholeNumber } from "../planLimits";

/** The company form as typed (numbers stay text until submit). */
export type CompanyFormValues = {
  name: string;
  subdomain: string;
  email: string;
  legal_name: string;
  tax_id: string;
  phone: string;
  subscription_plan: string;
  subscription_status: "active" | "trial";
  max_locations: string;
  max_employees: string;
  price_per_location: string;
  /** create only: the region of the shard that keeps its data ("" = the platform's default) */
  region: string;
};

/** Spec 2 §9: create defaults plan basic, 3 locations, 10 employees, 50 per location. */
export const CREATE_DEFAULTS: CompanyFormValues = {
  name: "",
  subdomain: "",
  email: "",
  legal_name: "",
  tax_id: "",
  phone: "",
  subscription_plan: "basic",
  subscription_status: "active",
  max_locations: "3",
  max_employees: "10",
  price_per_location: "50",
  region: "",
};

/** The edit form starts from the company (3 / 10 / 50 only if it lacked a value, spec 2 §9). */
export function editValues(company: Company): CompanyFormValues {
  return {
    name: company.name,
    subdomain: company.subdomain,
    email: company.email,
    legal_name: company.legal_name ?? "",
    tax_id: company.tax_id ?? "",
    phone: company.phone ?? "",
    subscription_plan: company.subscription_plan,
    subscription_status: company.subscription_status === "trial" ? "trial" : "active",
    max_locations: String(company.max_locations ?? 3),
    max_employees: String(company.max_employees ?? 10),
    price_per_location: String(company.price_per_location ?? 50),
    region: "",
  };
}

export type PlanOption = { code: string; label: string; template: Plan | null };

/**
 * Plans a company can be put on: the server accepts only basic, professional, enterprise and custom,
 * so templates with another code are left out; custom is always offered (limits typed by hand).
 */
export function planOptions(plans: readonly Plan[], current?: string): PlanOption[] {
  const options: PlanOption[] = plans
    .filter((p) => isPlanCode(p.plan_code))
    .map((p) => ({ code: p.plan_code, label: p.display_name, template: p }));
  for (const code of ["basic", "custom", current]) {
    if (code && !options.some((o) => o.code === code)) options.push({ code, label: planName(code), template: null });
  }
  return options;
}

/** Choosing a plan copies its limits and price per location into the form (spec 2 §4). */
export function applyPlan(values: CompanyFormValues, code: string, plans: readonly Plan[]): CompanyFormValues {
  const template = templateOf(plans, code);
  return { ...values, subscription_plan: code, ...(template ? limitsText(template) : {}) };
}

/**
 * On create the copied limits are locked while the chosen plan has a template. The edit form has no
 * plan, limits or price at all: those change only in Suscripciones (a subscription change, with its
 * limit checks and its history).
 */
export function limitsLocked(code: string, plans: readonly Plan[]): boolean {
  return plans.some((p) => p.plan_code === code);
}

const optional = (text: string) => (text.trim() === "" ? null : text.trim());

const Common = {
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(COMPANY_NAME_REQUIRED)),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty(COMPANY_EMAIL_REQUIRED), v.email(EMAIL_NOT_VALID)),
  max_locations: wholeNumber("El máximo de ubicaciones"),
  max_employees: wholeNumber("El máximo de empleados"),
  price_per_location: pricePerLocation,
  subscription_plan: v.picklist(PLAN_CODES, "Selecciona un plan válido"),
};

const CreateSchema = v.object({
  ...Common,
  subdomain: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(SUBDOMAIN_REQUIRED),
    v.toLowerCase(),
    v.regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, SUBDOMAIN_PATTERN),
  ),
});

const EditSchema = v.object({ name: Common.name, email: Common.email });

/** The company's NIT, when typed, with its DIAN check digit (the same rule as the server's). */
function contactProblem(values: CompanyFormValues): string | null {
  return values.tax_id.trim() === "" ? null : nitProblem(values.tax_id);
}

function firstIssue(issues: readonly { message: string }[]): string {
  return issues[0]?.message ?? "Revisa los datos del formulario";
}

/** The checked common fields with the optional contact details (blank ones sent as null). */
const withContact = <T>(checked: T, values: CompanyFormValues) => ({
  ...checked,
  legal_name: optional(values.legal_name),
  tax_id: optional(values.tax_id),
  phone: optional(values.phone),
});

/** Name, subdomain and email are required; limits and price must be numbers (spec 2 §5). */
export function toNewCompany(values: CompanyFormValues): Checked<NewCompany> {
  const parsed = v.safeParse(CreateSchema, values);
  if (!parsed.success) return { ok: false, message: firstIssue(parsed.issues) };
  const nit = contactProblem(values);
  if (nit) return { ok: false, message: nit };
  return {
    ok: true,
    value: {
      ...withContact(parsed.output, values),
      subscription_status: values.subscription_status,
      ...(values.region ? { region: values.region } : {}),
    },
  };
}

/**
 * The edit payload: the company's own data only. Never the subdomain (read-only after creation), nor
 * the plan, limits, price or billing date (the server refuses them: they change in Suscripciones).
 */
export function toCompanyChanges(values: CompanyFormValues): Checked<CompanyChanges> {
  const parsed = v.safeParse(EditSchema, values);
  if (!parsed.success) return { ok: false, message: firstIssue(parsed.issues) };
  const nit = contactProblem(values);
  if (nit) return { ok: false, message: nit };
  return { ok: true, value: withContact(parsed.output, values) };
}
