import * as v from "valibot";
import {
  COMPANY_EMAIL_REQUIRED,
  COMPANY_NAME_REQUIRED,
  DATE_RANGE_REVERSED,
  EFFECTIVE_DATE_INVALID,
  EMAIL_INVALID,
  EMAIL_NOT_VALID,
  EMAIL_REQUIRED,
  FIRST_NAME_REQUIRED,
  LAST_NAME_REQUIRED,
  PASSWORD_REQUIRED,
  PLAN_CODE_INVALID,
  PLAN_CODE_PATTERN,
  PLAN_CODE_REQUIRED,
  PLAN_NAME_REQUIRED,
  PRICE_PER_LOCATION_INVALID,
  SETUP_KEY_REQUIRED,
  SUBDOMAIN_PATTERN,
  SUBDOMAIN_REQUIRED,
} from "../../../shared/messages";
import { isStrongPassword, STRONG_PASSWORD_MESSAGE } from "../../domain/accounts/passwords";
import type { FirstSuperadmin } from "../../domain/accounts/setup";
import type { NewBoss } from "../../domain/platform/bosses";
import type { CompanyInput, CompanyOwnData } from "../../domain/platform/companies";
import type { InvoicePayment } from "../../domain/platform/invoices";
import type { NewPlan } from "../../domain/platform/plans";
import { PLAN_CODES } from "../../domain/platform/rules";
import type { SubscriptionChangeInput } from "../../domain/platform/subscriptions";
import { toCentavos } from "../../domain/shared/money";
import { companyNit } from "../../lib/nit";
import { emailField, numberLike, optionalText, requiredText, trimmed } from "../../lib/validation";
import { billPaymentMethod } from "./payment-bodies";

export const FirstSuperadminBody = v.pipe(
  v.object({
    email: emailField,
    password: v.pipe(v.string(PASSWORD_REQUIRED), v.check(isStrongPassword, STRONG_PASSWORD_MESSAGE)),
    first_name: v.pipe(trimmed(FIRST_NAME_REQUIRED), v.maxLength(100, "El nombre es demasiado largo")),
    last_name: v.pipe(trimmed(LAST_NAME_REQUIRED), v.maxLength(100, "El apellido es demasiado largo")),
    secret_key: v.pipe(v.string(SETUP_KEY_REQUIRED), v.nonEmpty(SETUP_KEY_REQUIRED)),
  }),
  // createFirstSuperadmin's input
  v.transform(
    (b): FirstSuperadmin => ({
      email: b.email,
      password: b.password,
      firstName: b.first_name,
      lastName: b.last_name,
      secretKey: b.secret_key,
    }),
  ),
);

const date = (message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, message),
    v.check((d) => !Number.isNaN(Date.parse(d)), message),
  );
const limit = (message: string) =>
  v.pipe(numberLike(message), v.integer(message), v.minValue(0, message), v.maxValue(100_000, message));
const price = (message: string) =>
  v.pipe(numberLike(message), v.minValue(0, message), v.maxValue(1_000_000_000, message));

const REGION_INVALID = "La región debe ser un código de ubicación de D1 (por ejemplo enam o weur)";

export const CompanyCreate = v.pipe(
  v.object({
    name: requiredText(COMPANY_NAME_REQUIRED, 150),
    subdomain: v.pipe(
      requiredText(SUBDOMAIN_REQUIRED, 63),
      v.toLowerCase(),
      v.regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, SUBDOMAIN_PATTERN),
    ),
    email: v.pipe(requiredText(COMPANY_EMAIL_REQUIRED, 254), v.toLowerCase(), v.email(EMAIL_NOT_VALID)),
    legal_name: optionalText(200, "razón social"),
    tax_id: v.optional(v.nullable(companyNit), null),
    phone: optionalText(40, "teléfono"),
    subscription_plan: v.optional(v.picklist(PLAN_CODES, PLAN_CODE_INVALID), "basic"),
    subscription_status: v.optional(v.picklist(["active", "trial"], "El estado debe ser active o trial"), "active"),
    max_locations: v.optional(limit("El máximo de ubicaciones debe ser un entero no negativo")),
    max_employees: v.optional(limit("El máximo de empleados debe ser un entero no negativo")),
    price_per_location: v.optional(price(PRICE_PER_LOCATION_INVALID)),
    /** where the company's data lives (a D1 location hint with shards: enam, weur…); the first region by default */
    region: v.optional(
      v.pipe(v.string("La región debe ser texto"), v.trim(), v.regex(/^[a-z]{2,12}$/, REGION_INVALID)),
    ),
  }),
  // createCompany's input (prices in centavos), and the region the route checks
  v.transform((b): CompanyInput & { region: string | undefined } => ({
    name: b.name,
    subdomain: b.subdomain,
    email: b.email,
    legalName: b.legal_name,
    taxId: b.tax_id,
    phone: b.phone,
    plan: b.subscription_plan,
    maxLocations: b.max_locations,
    maxEmployees: b.max_employees,
    pricePerLocation: b.price_per_location === undefined ? undefined : toCentavos(b.price_per_location),
    status: b.subscription_status,
    region: b.region,
  })),
);

/** On edit, a missing field stays as it is; null or "" clears it. */
const clearable = (max: number, label: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`El campo '${label}' debe ser texto`),
        v.trim(),
        v.maxLength(max, `El campo '${label}' es demasiado largo`),
        v.transform((x) => (x === "" ? null : x)),
      ),
    ),
  );

export const BILLING_THROUGH_SUBSCRIPTIONS = "El plan, los límites y el precio se cambian en Suscripciones";
/** A field of the subscription: it changes only through POST /subscriptions/change (limits checked, history kept). */
const billing = v.optional(v.never(BILLING_THROUGH_SUBSCRIPTIONS));
const status = v.optional(v.never("El estado de la empresa se cambia con Suspender o Activar"));

/** The company's own data; plan, limits, price and status are refused (422), never silently ignored. */
export const CompanyUpdate = v.pipe(
  v.object({
    name: v.optional(requiredText(COMPANY_NAME_REQUIRED, 150)),
    email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(EMAIL_NOT_VALID))),
    legal_name: clearable(200, "razón social"),
    tax_id: v.optional(v.nullable(companyNit)),
    phone: clearable(40, "teléfono"),
    subdomain: v.optional(v.string()),
    subscription_plan: billing,
    plan: billing,
    plan_code: billing,
    max_locations: billing,
    max_employees: billing,
    price_per_location: billing,
    monthly_cost: billing,
    next_billing_date: billing,
    subscription_status: status,
    status,
  }),
  // updateCompany's changes (only the fields sent), and the subdomain the route checks is unchanged
  v.transform((b): CompanyOwnData & { subdomain: string | undefined } => ({
    ...(b.name !== undefined ? { name: b.name } : {}),
    ...(b.email !== undefined ? { email: b.email } : {}),
    ...(b.legal_name !== undefined ? { legalName: b.legal_name } : {}),
    ...(b.tax_id !== undefined ? { taxId: b.tax_id } : {}),
    ...(b.phone !== undefined ? { phone: b.phone } : {}),
    subdomain: b.subdomain,
  })),
);

export const BossBody = v.pipe(
  v.object({
    email: v.pipe(requiredText(EMAIL_REQUIRED, 254), v.toLowerCase(), v.email(EMAIL_INVALID)),
    password: v.pipe(v.optional(v.string(), ""), v.check(isStrongPassword, STRONG_PASSWORD_MESSAGE)),
    first_name: requiredText(FIRST_NAME_REQUIRED, 100),
    last_name: requiredText(LAST_NAME_REQUIRED, 100),
  }),
  // setBoss's input
  v.transform(
    (b): NewBoss => ({ email: b.email, password: b.password, firstName: b.first_name, lastName: b.last_name }),
  ),
);

export const SubscriptionChange = v.pipe(
  v.object({
    company_id: v.pipe(numberLike("La empresa es requerida"), v.integer(), v.minValue(1, "La empresa es requerida")),
    new_plan: v.picklist(PLAN_CODES, PLAN_CODE_INVALID),
    new_max_locations: v.pipe(
      limit("El máximo de ubicaciones debe ser un entero no negativo"),
      v.minValue(1, "El máximo de ubicaciones debe ser al menos 1"),
    ),
    new_max_employees: v.pipe(
      limit("El máximo de empleados debe ser un entero no negativo"),
      v.minValue(1, "El máximo de empleados debe ser al menos 1"),
    ),
    new_price_per_location: price(PRICE_PER_LOCATION_INVALID),
    effective_date: v.optional(date(EFFECTIVE_DATE_INVALID)),
    reason: optionalText(500, "motivo"),
  }),
  // changeSubscription's input (the price in centavos)
  v.transform(
    (b): SubscriptionChangeInput => ({
      companyId: b.company_id,
      plan: b.new_plan,
      maxLocations: b.new_max_locations,
      maxEmployees: b.new_max_employees,
      pricePerLocation: toCentavos(b.new_price_per_location),
      effectiveDate: b.effective_date,
      reason: b.reason,
    }),
  ),
);

const Paging = {
  skip: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, "skip no es válido"), v.transform(Number)), "0"),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, "limit no es válido"), v.transform(Number), v.minValue(1), v.maxValue(500)),
    "100",
  ),
};
export const CompanyQuery = v.object({
  ...Paging,
  status: v.optional(v.picklist(["all", "active", "suspended", "trial"], "Estado no válido")),
  plan: v.optional(v.pipe(v.string(), v.maxLength(40))),
  search: v.optional(v.pipe(v.string(), v.maxLength(100))),
});
export const InvoiceQuery = v.object({
  ...Paging,
  status: v.optional(v.picklist(["all", "pending", "paid", "overdue"], "Estado no válido")),
});
export const MarkPaid = v.pipe(
  v.object({
    payment_method: billPaymentMethod,
    payment_reference: optionalText(120, "referencia"),
    paid_at: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.check((d) => !Number.isNaN(Date.parse(d)), "La fecha de pago no es válida"),
        ),
      ),
    ),
  }),
  // markInvoicePaid's input
  v.transform(
    (b): InvoicePayment => ({
      method: b.payment_method,
      reference: b.payment_reference,
      paidAt: b.paid_at ? new Date(b.paid_at).toISOString() : null,
    }),
  ),
);
export const PlanCreate = v.pipe(
  v.object({
    plan_code: v.pipe(
      requiredText(PLAN_CODE_REQUIRED, 40),
      v.toLowerCase(),
      v.regex(/^[a-z0-9_-]+$/, PLAN_CODE_PATTERN),
    ),
    display_name: requiredText(PLAN_NAME_REQUIRED, 80),
    description: v.optional(v.pipe(v.string(), v.maxLength(500)), ""),
    max_locations: v.optional(limit("El máximo de ubicaciones debe ser un entero no negativo"), 5),
    max_employees: v.optional(limit("El máximo de empleados debe ser un entero no negativo"), 15),
    price_per_location: v.optional(price(PRICE_PER_LOCATION_INVALID), 60),
    features: v.optional(v.record(v.string(), v.unknown()), {}),
    sort_order: v.optional(v.pipe(numberLike("El orden debe ser un número"), v.integer()), 0),
  }),
  // createPlan's input (the price in centavos)
  v.transform(
    (b): NewPlan => ({
      planCode: b.plan_code,
      displayName: b.display_name,
      description: b.description,
      maxLocations: b.max_locations,
      maxEmployees: b.max_employees,
      pricePerLocation: toCentavos(b.price_per_location),
      features: b.features,
      sortOrder: b.sort_order,
    }),
  ),
);
export const ReportQuery = v.pipe(
  v.object({
    start_date: date("start_date debe ser una fecha AAAA-MM-DD"),
    end_date: date("end_date debe ser una fecha AAAA-MM-DD"),
  }),
  v.check((r) => r.start_date <= r.end_date, DATE_RANGE_REVERSED),
);
