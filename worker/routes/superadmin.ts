import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
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
} from "../../shared/messages";
import { regionName } from "../../shared/regions";
import { requireAuth, requireRole } from "../auth/middleware";
import { appConfig } from "../config";
import { plans } from "../db/schema";
import { companyDbOf, platformDatabases, platformDb, shardsIn } from "../db/shards";
import { resetPassword, unlockAccount, unlockedMessage } from "../domain/credentials";
import { toCentavos } from "../domain/money";
import { isStrongPassword, STRONG_PASSWORD_MESSAGE } from "../domain/passwords";
import { getBoss, setBoss } from "../domain/platform/bosses";
import {
  companyRow,
  createCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  setCompanyStatus,
  updateCompany,
} from "../domain/platform/companies";
import { syncSuperusers } from "../domain/platform/grant";
import { generateInvoice, listInvoices, markInvoicePaid } from "../domain/platform/invoices";
import { companyMetrics, financialReport, globalMetrics } from "../domain/platform/metrics";
import { listPlans } from "../domain/platform/plans";
import { PLAN_CODES } from "../domain/platform/rules";
import { cancelScheduledChange, changeSubscription, subscriptionHistory } from "../domain/platform/subscriptions";
import { createFirstSuperadmin } from "../domain/setup";
import { administradoresOverview, createAdministrador, setAdministradorActive } from "../domain/staff";
import { bogotaDate } from "../domain/time";
import { directoryEntry } from "../domain/user-directory";
import type { AppEnv } from "../env";
import { conflict, notFound, unprocessable } from "../lib/errors";
import { companyNit } from "../lib/nit";
import { emailField, numberLike, optionalText, requiredText, trimmed, validate, validateId } from "../lib/validation";
import { doc } from "../openapi/describe";
import { billPaymentMethod } from "./payment-bodies";
import { AdministradorActiveBody, AdministradorBody, activeMessage, SetPasswordBody, toLocation } from "./staff-bodies";

export const FirstSuperadminBody = v.object({
  email: emailField,
  password: v.pipe(v.string(PASSWORD_REQUIRED), v.check(isStrongPassword, STRONG_PASSWORD_MESSAGE)),
  first_name: v.pipe(trimmed(FIRST_NAME_REQUIRED), v.maxLength(100, "El nombre es demasiado largo")),
  last_name: v.pipe(trimmed(LAST_NAME_REQUIRED), v.maxLength(100, "El apellido es demasiado largo")),
  secret_key: v.pipe(v.string(SETUP_KEY_REQUIRED), v.nonEmpty(SETUP_KEY_REQUIRED)),
});

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

export const CompanyCreate = v.object({
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
  region: v.optional(v.pipe(v.string("La región debe ser texto"), v.trim(), v.regex(/^[a-z]{2,12}$/, REGION_INVALID))),
});

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
export const CompanyUpdate = v.object({
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
});

export const BossBody = v.object({
  email: v.pipe(requiredText(EMAIL_REQUIRED, 254), v.toLowerCase(), v.email(EMAIL_INVALID)),
  password: v.pipe(v.optional(v.string(), ""), v.check(isStrongPassword, STRONG_PASSWORD_MESSAGE)),
  first_name: requiredText(FIRST_NAME_REQUIRED, 100),
  last_name: requiredText(LAST_NAME_REQUIRED, 100),
});

export const SubscriptionChange = v.object({
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
});

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
export const MarkPaid = v.object({
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
});
export const PlanCreate = v.object({
  plan_code: v.pipe(requiredText(PLAN_CODE_REQUIRED, 40), v.toLowerCase(), v.regex(/^[a-z0-9_-]+$/, PLAN_CODE_PATTERN)),
  display_name: requiredText(PLAN_NAME_REQUIRED, 80),
  description: v.optional(v.pipe(v.string(), v.maxLength(500)), ""),
  max_locations: v.optional(limit("El máximo de ubicaciones debe ser un entero no negativo"), 5),
  max_employees: v.optional(limit("El máximo de empleados debe ser un entero no negativo"), 15),
  price_per_location: v.optional(price(PRICE_PER_LOCATION_INVALID), 60),
  features: v.optional(v.record(v.string(), v.unknown()), {}),
  sort_order: v.optional(v.pipe(numberLike("El orden debe ser un número"), v.integer()), 0),
});
export const ReportQuery = v.pipe(
  v.object({
    start_date: date("start_date debe ser una fecha AAAA-MM-DD"),
    end_date: date("end_date debe ser una fecha AAAA-MM-DD"),
  }),
  v.check((r) => r.start_date <= r.end_date, DATE_RANGE_REVERSED),
);

/** The users whose passwords the superuser manages. */
const COMPANY_HEADS = ["boss", "administrador"] as const;

const regionUnavailable = (regions: readonly string[]) =>
  `La plataforma no tiene servidores en esa región: usa ${regions.map((r) => `${r} (${regionName(r)})`).join(" o ")}`;

/** The database of a company account named by id (the directory says whose it is): 404 when unknown. */
async function accountHome(env: Env, userId: number) {
  const entry = await directoryEntry(platformDb(env), userId);
  if (entry?.companyId == null) throw notFound("Usuario no encontrado");
  return companyDbOf(env, entry.companyId);
}

const cents = (pesos: number | undefined) => (pesos === undefined ? undefined : toCentavos(pesos));

/** /api/v1/superadmin — the platform console (spec 2 §7); superuser only except the one-time setup. */
export const superadminRoutes = new Hono<AppEnv>()
  .post(
    "/setup/first-superadmin",
    doc("Crea el primer superadministrador de la plataforma con la clave de instalación", {
      403: "La clave de instalación no es correcta",
      409: "Ya existe un superadministrador; ya existe un usuario con ese correo",
    }),
    validate("json", FirstSuperadminBody),
    async (c) => {
      const body = c.req.valid("json");
      const user = await createFirstSuperadmin(platformDb(c.env), appConfig(c.env).setupSecret, {
        email: body.email,
        password: body.password,
        firstName: body.first_name,
        lastName: body.last_name,
        secretKey: body.secret_key,
      });
      await syncSuperusers(platformDatabases(c.env));
      return c.json({ message: "Primer superadmin creado exitosamente", user }, 201);
    },
  )
  .use(requireAuth, requireRole("superuser"))
  .get("/health", doc("Comprueba que el módulo del superadministrador responde"), (c) =>
    c.json({ module: "superadmin", status: "ok", timestamp: new Date().toISOString() }),
  )
  .get(
    "/companies",
    doc("Lista por páginas las empresas de la plataforma, filtrables por estado, plan y texto"),
    validate("query", CompanyQuery),
    async (c) => {
      const q = c.req.valid("query");
      const result = await listCompanies(platformDatabases(c.env), {
        skip: q.skip,
        limit: q.limit,
        status: q.status === "all" ? undefined : q.status,
        plan: q.plan || undefined,
        search: q.search?.trim() || undefined,
      });
      return c.json({ ...result, skip: q.skip, limit: q.limit });
    },
  )
  .post(
    "/companies",
    doc("Crea una empresa cliente con su plan y sus límites", { 409: "El subdominio ya está en uso" }),
    validate("json", CompanyCreate),
    async (c) => {
      const b = c.req.valid("json");
      const d = platformDatabases(c.env);
      const region = b.region ?? d.regions[0] ?? "";
      if (!d.regions.includes(region)) throw unprocessable(regionUnavailable(d.regions));
      const company = await createCompany(
        d,
        {
          name: b.name,
          subdomain: b.subdomain,
          email: b.email,
          legalName: b.legal_name,
          taxId: b.tax_id,
          phone: b.phone,
          plan: b.subscription_plan,
          maxLocations: b.max_locations,
          maxEmployees: b.max_employees,
          pricePerLocation: cents(b.price_per_location),
          status: b.subscription_status,
        },
        region,
      );
      return c.json({ message: "Empresa creada exitosamente", company, ...company }, 201);
    },
  )
  .get(
    "/companies/:id",
    doc("Muestra una empresa con su uso de ubicaciones y empleados", { 404: "La empresa no existe o fue eliminada" }),
    validateId(),
    async (c) => c.json(await getCompany(platformDatabases(c.env), c.req.valid("param").id)),
  )
  .get(
    "/companies/:id/with-boss",
    doc("Muestra una empresa junto con su usuario jefe", { 404: "La empresa no existe o fue eliminada" }),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const d = platformDatabases(c.env);
      return c.json({ company: await getCompany(d, id), boss: await getBoss(d, id) });
    },
  )
  .put(
    "/companies/:id",
    doc("Actualiza los datos propios de una empresa (nombre, correo, teléfono, razón social, NIT)", {
      404: "La empresa no existe o fue eliminada",
      422: "Se intentó cambiar el subdominio; se enviaron el plan, los límites o el precio (se cambian en Suscripciones)",
    }),
    validate("json", CompanyUpdate),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const b = c.req.valid("json");
      const d = platformDatabases(c.env);
      const current = await getCompany(d, id);
      if (b.subdomain !== undefined && b.subdomain.trim().toLowerCase() !== current.subdomain)
        throw unprocessable("El subdominio no se puede cambiar");
      const company = await updateCompany(d, id, {
        ...(b.name !== undefined ? { name: b.name } : {}),
        ...(b.email !== undefined ? { email: b.email } : {}),
        ...(b.legal_name !== undefined ? { legalName: b.legal_name } : {}),
        ...(b.tax_id !== undefined ? { taxId: b.tax_id } : {}),
        ...(b.phone !== undefined ? { phone: b.phone } : {}),
      });
      return c.json({ message: "Empresa actualizada exitosamente", company, ...company });
    },
  )
  .delete(
    "/companies/:id",
    doc("Elimina una empresa (borrado lógico: sus usuarios quedan bloqueados)", {
      404: "La empresa no existe o fue eliminada",
    }),
    validateId(),
    async (c) => {
      await deleteCompany(platformDatabases(c.env), c.req.valid("param").id);
      return c.json({ message: "Empresa eliminada exitosamente" });
    },
  )
  .post(
    "/companies/:id/suspend",
    doc("Suspende una empresa indicando el motivo", {
      404: "La empresa no existe o fue eliminada",
      409: "La empresa ya está suspendida",
    }),
    validate("json", v.object({ reason: requiredText("Indica el motivo de la suspensión", 500) })),
    validateId(),
    async (c) => {
      const company = await setCompanyStatus(
        platformDatabases(c.env),
        c.req.valid("param").id,
        "suspended",
        c.req.valid("json").reason,
      );
      return c.json({ message: "Empresa suspendida exitosamente", company });
    },
  )
  .post(
    "/companies/:id/activate",
    doc("Reactiva una empresa suspendida", {
      404: "La empresa no existe o fue eliminada",
      409: "La empresa no está suspendida",
    }),
    validateId(),
    async (c) => {
      const company = await setCompanyStatus(platformDatabases(c.env), c.req.valid("param").id, "active", null);
      return c.json({ message: "Empresa activada exitosamente", company });
    },
  )
  .post(
    "/companies/:id/boss",
    doc("Crea el usuario jefe de una empresa o reemplaza al actual", {
      404: "La empresa no existe o fue eliminada",
      409: "Ya existe otro usuario con ese correo; la empresa alcanzó el límite de empleados de su plan",
    }),
    validate("json", BossBody),
    validateId(),
    async (c) => {
      const b = c.req.valid("json");
      const result = await setBoss(platformDatabases(c.env), c.req.valid("param").id, {
        email: b.email,
        password: b.password,
        firstName: b.first_name,
        lastName: b.last_name,
      });
      return c.json({ message: "Usuario Boss creado exitosamente", ...result }, 201);
    },
  )
  .get(
    "/companies/:id/boss",
    doc("Muestra el usuario jefe de una empresa", { 404: "La empresa no tiene un jefe asignado" }),
    validateId(),
    async (c) => {
      const boss = await getBoss(platformDatabases(c.env), c.req.valid("param").id);
      if (!boss) return c.json({ detail: "Esta empresa no tiene un usuario Boss asignado" }, 404);
      return c.json(boss);
    },
  )
  .get(
    "/companies/:id/administradores",
    doc("Lista los administradores de una empresa y el uso de su cupo de empleados", {
      404: "La empresa no existe o fue eliminada",
    }),
    validateId(),
    async (c) => {
      const d = platformDatabases(c.env);
      const company = await getCompany(d, c.req.valid("param").id);
      return c.json(await administradoresOverview(await d.company(company.id), company.id));
    },
  )
  .post(
    "/companies/:id/administradores",
    doc("Crea un administrador en una empresa", {
      404: "La empresa no existe; la ubicación indicada no es de la empresa",
      409: "Ya existe un usuario con ese correo; la empresa alcanzó el límite de empleados de su plan",
    }),
    validate("json", AdministradorBody),
    validateId(),
    async (c) => {
      const b = c.req.valid("json");
      const d = platformDatabases(c.env);
      const company = await getCompany(d, c.req.valid("param").id);
      const user = await createAdministrador(await d.company(company.id), d.platform, company.id, {
        email: b.email,
        password: b.password,
        firstName: b.first_name,
        lastName: b.last_name,
        locationId: toLocation(b.location_id),
      });
      return c.json({ success: true, message: "Administrador creado exitosamente", user }, 201);
    },
  )
  // the superuser sets the password of, or unlocks, any company's boss or administrador
  .put(
    "/users/:id/password",
    doc("Asigna una nueva contraseña al jefe o a un administrador de cualquier empresa y lo desbloquea", {
      404: "El usuario no existe o no es jefe ni administrador de una empresa",
      422: "La contraseña no cumple las reglas del rol",
    }),
    validate("json", SetPasswordBody),
    validateId(),
    async (c) => {
      const target = { userId: c.req.valid("param").id, companyId: null, roles: COMPANY_HEADS };
      await resetPassword(await accountHome(c.env, target.userId), target, c.req.valid("json").password);
      return c.json({ success: true, message: "Contraseña actualizada exitosamente" });
    },
  )
  .put(
    "/users/:id/active",
    doc("Desactiva o reactiva a un administrador de cualquier empresa (el último activo solo con confirmación)", {
      404: "El usuario no existe o no es administrador de una empresa",
      409: "Es el último administrador activo y no se confirmó; reactivarlo supera el límite de empleados del plan",
    }),
    validate("json", AdministradorActiveBody),
    validateId(),
    async (c) => {
      const body = c.req.valid("json");
      const userId = c.req.valid("param").id;
      const user = await setAdministradorActive(
        await accountHome(c.env, userId),
        { userId, companyId: null },
        { active: body.is_active, confirmLast: body.confirm_last },
      );
      return c.json({ success: true, message: activeMessage(body.is_active), user });
    },
  )
  .post(
    "/users/:id/unlock",
    doc("Desbloquea el inicio de sesión del jefe o de un administrador de cualquier empresa", {
      404: "El usuario no existe o no es jefe ni administrador de una empresa",
    }),
    validateId(),
    async (c) => {
      const target = { userId: c.req.valid("param").id, companyId: null, roles: COMPANY_HEADS };
      const result = await unlockAccount(await accountHome(c.env, target.userId), target);
      return c.json({ success: true, message: unlockedMessage(result.was_locked), was_locked: result.was_locked });
    },
  )
  .post(
    "/subscriptions/change",
    doc("Cambia el plan de suscripción de una empresa, de inmediato o programado para una fecha", {
      404: "La empresa no existe o fue eliminada",
      409: "La empresa ya usa más ubicaciones o empleados de los que permite el nuevo plan; la empresa cambió mientras se procesaba",
    }),
    validate("json", SubscriptionChange),
    async (c) => {
      const b = c.req.valid("json");
      const today = bogotaDate();
      const result = await changeSubscription(
        platformDatabases(c.env),
        c.get("user").id,
        {
          companyId: b.company_id,
          plan: b.new_plan,
          maxLocations: b.new_max_locations,
          maxEmployees: b.new_max_employees,
          pricePerLocation: toCentavos(b.new_price_per_location),
          effectiveDate: b.effective_date ?? today,
          reason: b.reason,
        },
        today,
      );
      if (result.scheduled) {
        const [y, m, d] = result.change.effective_date.split("-");
        return c.json({
          message: `Cambio de plan programado para el ${d}/${m}/${y}`,
          scheduled: true,
          company: result.company,
          change: result.change,
        });
      }
      return c.json({
        message: "Plan de suscripción cambiado exitosamente",
        scheduled: false,
        company: result.company,
      });
    },
  )
  .post(
    "/subscriptions/changes/:id/cancel",
    doc("Cancela un cambio de plan programado", {
      404: "El cambio de plan no existe",
      409: "El cambio de plan ya no está programado (se aplicó o se canceló)",
    }),
    validateId(),
    async (c) => {
      const change = await cancelScheduledChange(platformDb(c.env), c.req.valid("param").id);
      return c.json({ message: "Cambio de plan programado cancelado", change });
    },
  )
  .get(
    "/subscriptions/:id/history",
    doc("Muestra el historial de cambios de plan de una empresa", { 404: "La empresa no existe o fue eliminada" }),
    validateId(),
    async (c) => {
      const companyId = c.req.valid("param").id;
      const history = await subscriptionHistory(platformDb(c.env), companyId);
      return c.json({ company_id: companyId, history });
    },
  )
  .get(
    "/invoices",
    doc("Lista por páginas las facturas de la plataforma, filtrables por estado, y cuántas hay"),
    validate("query", InvoiceQuery),
    async (c) => {
      const q = c.req.valid("query");
      const list = await listInvoices(platformDb(c.env), {
        status: q.status === "all" ? undefined : q.status,
        skip: q.skip,
        limit: q.limit,
      });
      return c.json({ ...list, skip: q.skip, limit: q.limit });
    },
  )
  .get(
    "/invoices/company/:id",
    doc("Consulta por páginas las facturas de una empresa y cuántas tiene", {
      404: "La empresa no existe o fue eliminada",
    }),
    validate("query", InvoiceQuery),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const q = c.req.valid("query");
      const db = platformDb(c.env);
      await companyRow(db, id);
      const list = await listInvoices(db, {
        companyId: id,
        status: q.status === "all" ? undefined : q.status,
        skip: q.skip,
        limit: q.limit,
      });
      return c.json({ ...list, skip: q.skip, limit: q.limit });
    },
  )
  .post(
    "/invoices/generate/:id",
    doc("Genera la factura del mes en curso de una empresa", {
      404: "La empresa no existe o fue eliminada",
      409: "La empresa ya tiene factura para este mes",
    }),
    validateId(),
    async (c) => {
      const invoice = await generateInvoice(platformDatabases(c.env), c.req.valid("param").id);
      return c.json({ message: "Factura generada exitosamente", invoice, ...invoice }, 201);
    },
  )
  .post(
    "/invoices/:id/mark-paid",
    doc("Marca una factura como pagada con su método y referencia de pago", {
      404: "La factura no existe",
      409: "La factura ya está pagada",
    }),
    validate("json", MarkPaid),
    validateId(),
    async (c) => {
      const b = c.req.valid("json");
      const invoice = await markInvoicePaid(platformDb(c.env), c.req.valid("param").id, {
        method: b.payment_method,
        reference: b.payment_reference,
        paidAt: b.paid_at ? new Date(b.paid_at).toISOString() : new Date().toISOString(),
      });
      return c.json({ message: "Factura marcada como pagada", invoice });
    },
  )
  .get("/metrics/global", doc("Calcula las métricas globales de la plataforma: empresas, uso e ingresos"), async (c) =>
    c.json(await globalMetrics(platformDatabases(c.env))),
  )
  .get(
    "/metrics/company/:id",
    doc("Calcula el uso de ubicaciones y empleados y el costo mensual de una empresa", {
      404: "La empresa no existe o fue eliminada",
    }),
    validateId(),
    async (c) => c.json(await companyMetrics(platformDatabases(c.env), c.req.valid("param").id)),
  )
  .get(
    "/reports/financial",
    doc("Genera el reporte financiero de la plataforma en un rango de fechas: facturado, cobrado, pendiente y MRR"),
    validate("query", ReportQuery),
    async (c) => {
      const q = c.req.valid("query");
      const report = await financialReport(platformDatabases(c.env), q.start_date, q.end_date);
      return c.json({ report });
    },
  )
  .get("/regions", doc("Lista las regiones donde la plataforma puede guardar los datos de una empresa"), (c) => {
    const d = platformDatabases(c.env);
    return c.json({
      regions: d.regions.map((code) => ({ code, name: regionName(code), shards: shardsIn(c.env, code) })),
      default_region: d.regions[0] ?? null,
    });
  })
  .get(
    "/plans",
    doc("Lista los planes de suscripción (solo los activos, salvo que se pida lo contrario)"),
    validate(
      "query",
      v.object({ active_only: v.optional(v.picklist(["true", "false"], "active_only debe ser true o false"), "true") }),
    ),
    async (c) => c.json({ plans: await listPlans(platformDb(c.env), c.req.valid("query").active_only === "true") }),
  )
  .post(
    "/plans",
    doc("Crea un plan de suscripción con sus límites, precio y módulos", { 409: "Ya existe un plan con ese código" }),
    validate("json", PlanCreate),
    async (c) => {
      const b = c.req.valid("json");
      const db = platformDb(c.env);
      const [taken] = await db
        .select({ id: plans.id })
        .from(plans)
        .where(and(eq(plans.planCode, b.plan_code)));
      if (taken) throw conflict("Ya existe un plan con ese código");
      await db.insert(plans).values({
        planCode: b.plan_code,
        displayName: b.display_name,
        description: b.description,
        maxLocations: b.max_locations,
        maxEmployees: b.max_employees,
        pricePerLocation: toCentavos(b.price_per_location),
        features: b.features,
        sortOrder: b.sort_order,
      });
      const plan = (await listPlans(db, false)).find((p) => p.plan_code === b.plan_code);
      return c.json({ message: "Plan creado exitosamente", plan }, 201);
    },
  );
