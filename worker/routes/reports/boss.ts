import { Hono } from "hono";
import * as v from "valibot";
import { CAPACITY_INTEGER } from "../../../shared/messages";
import { requireModule } from "../../auth/features";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { tenantId } from "../../auth/tenant";
import { companyDb, platformDb } from "../../db/shards";
import { resetPassword, unlockAccount, unlockedMessage } from "../../domain/accounts/credentials";
import { administradoresOverview, createAdministrador, setAdministradorActive } from "../../domain/accounts/staff";
import { forgetCompanyLocations } from "../../domain/company/active-locations";
import { createLocation, type NewLocation } from "../../domain/company/locations";
import { monthPeriod } from "../../domain/platform/rules";
import { salesReport } from "../../domain/reports/admin-reports";
import { bossSummary, consolidatedInventory, financialAnalysis } from "../../domain/reports/boss";
import { bossDashboard } from "../../domain/reports/boss-dashboard";
import { bogotaDate } from "../../domain/shared/time";
import type { AppEnv } from "../../env";
import { numberLike, optionalText, queryValue, requiredText, validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { AdministradorActiveBody, AdministradorBody, activeMessage, SetPasswordBody } from "../accounts/staff-bodies";
import { locationsWithTotals } from "../company/location-totals";
import { vatReportRoutes } from "../fiscal/vat-report";
import { openingHoursField, whatsappField } from "../storefront/contact-bodies";
import { DateRange } from "./report-bodies";

const isoDate = (message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, message),
    v.check((d) => !Number.isNaN(Date.parse(d)), message),
  );

export const LocationBody = v.pipe(
  v.object({
    name: requiredText("El nombre de la ubicación es requerido", 120),
    type: v.optional(v.picklist(["local", "bodega"], "El tipo debe ser local o bodega"), "local"),
    address: optionalText(200, "dirección"),
    phone: optionalText(40, "teléfono"),
    manager_name: optionalText(120, "encargado"),
    capacity: v.optional(
      v.nullable(
        v.pipe(
          numberLike(CAPACITY_INTEGER),
          v.integer(CAPACITY_INTEGER),
          v.minValue(0, "La capacidad no puede ser negativa"),
        ),
      ),
    ),
    notes: optionalText(1000, "notas"),
    // what the storefront's contact page shows of a store
    opening_hours: openingHoursField,
    whatsapp: whatsappField,
  }),
  // createLocation's input
  v.transform(
    (b): NewLocation => ({
      name: b.name,
      type: b.type,
      address: b.address,
      phone: b.phone,
      managerName: b.manager_name,
      capacity: b.capacity ?? null,
      notes: b.notes,
      openingHours: b.opening_hours ?? null,
      whatsapp: b.whatsapp ?? null,
    }),
  ),
);
/** GET /financial/analysis: this month so far unless told; at most a year. */
export const FinancialQuery = v.pipe(
  v.object({ start_date: v.optional(queryValue), end_date: v.optional(queryValue) }),
  v.transform((q) => {
    const today = bogotaDate();
    return { start_date: q.start_date ?? monthPeriod(today).start, end_date: q.end_date ?? today };
  }),
  DateRange,
);

export const YearMonth = v.object({
  year: v.pipe(
    v.string("El año es requerido"),
    v.regex(/^\d{4}$/, "El año debe estar entre 2020 y 2030"),
    v.transform(Number),
    v.minValue(2020, "El año debe estar entre 2020 y 2030"),
    v.maxValue(2030, "El año debe estar entre 2020 y 2030"),
  ),
  month: v.pipe(
    v.string("El mes es requerido"),
    v.regex(/^\d{1,2}$/, "El mes debe estar entre 1 y 12"),
    v.transform(Number),
    v.minValue(1, "El mes debe estar entre 1 y 12"),
    v.maxValue(12, "El mes debe estar entre 1 y 12"),
  ),
});

const monthRange = (year: number, month: number) => monthPeriod(`${year}-${String(month).padStart(2, "0")}-01`);

const ADMINISTRADOR = ["administrador"] as const;

/**
 * /api/v1/boss/boss — the executive panel (spec 3 §7.3): read-mostly, plus creating locations and the
 * company's administradores (issue 15: their passwords and login locks too).
 */
export const bossRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.boss))
  // sales reports, financial analysis (and the SPA's Tendencias, built on the sales reports)
  .use("/reports/*", requireModule("reportes_avanzados"))
  .use("/financial/*", requireModule("reportes_avanzados"))
  .get("/health", doc("Comprueba que el módulo del jefe responde"), (c) =>
    c.json({ module: "boss", status: "ok", timestamp: new Date().toISOString() }),
  )
  .route("/", vatReportRoutes)
  .post(
    "/locations",
    doc("Crea un local o una bodega de la empresa", { 409: "La empresa alcanzó el límite de ubicaciones de su plan" }),
    validate("json", LocationBody),
    async (c) => {
      const companyId = tenantId(c);
      const db = companyDb(c);
      const row = await createLocation(db, companyId, c.req.valid("json"));
      forgetCompanyLocations(companyId);
      const location = (await locationsWithTotals(db, companyId, true)).find((l) => l.id === row?.id);
      return c.json({ success: true, message: "Ubicación creada exitosamente", location }, 201);
    },
  )
  .get(
    "/locations",
    doc("Lista las ubicaciones de la empresa con sus totales de ventas e inventario"),
    validate(
      "query",
      v.object({
        include_inactive: v.optional(v.picklist(["true", "false"], "include_inactive debe ser true o false"), "false"),
      }),
    ),
    async (c) => {
      const list = await locationsWithTotals(
        companyDb(c),
        tenantId(c),
        c.req.valid("query").include_inactive === "true",
      );
      return c.json({ locations: list, total: list.length });
    },
  )
  .get(
    "/dashboard",
    doc("Panel ejecutivo del jefe para un día: ventas, gastos, inventario y alertas por ubicación"),
    validate("query", v.object({ target_date: v.optional(isoDate("target_date debe ser una fecha AAAA-MM-DD")) })),
    async (c) => {
      const user = c.get("user");
      return c.json(
        await bossDashboard(
          companyDb(c),
          tenantId(c),
          `${user.firstName} ${user.lastName}`,
          c.req.valid("query").target_date ?? bogotaDate(),
        ),
      );
    },
  )
  .post(
    "/reports/sales/consolidated",
    doc("Genera el reporte consolidado de ventas de la empresa en un rango de fechas"),
    validate("json", DateRange),
    async (c) => {
      const r = c.req.valid("json");
      return c.json(await salesReport(companyDb(c), tenantId(c), r.start_date, r.end_date));
    },
  )
  .get(
    "/reports/sales/daily",
    doc("Genera el reporte de ventas de un día (hoy si no se indica)"),
    validate("query", v.object({ report_date: v.optional(isoDate("report_date debe ser una fecha AAAA-MM-DD")) })),
    async (c) => {
      const day = c.req.valid("query").report_date ?? bogotaDate();
      return c.json(await salesReport(companyDb(c), tenantId(c), day, day));
    },
  )
  .get(
    "/reports/sales/monthly",
    doc("Genera el reporte de ventas de un mes"),
    validate("query", YearMonth),
    async (c) => {
      const q = c.req.valid("query");
      const range = monthRange(q.year, q.month);
      return c.json(await salesReport(companyDb(c), tenantId(c), range.start, range.end));
    },
  )
  .get("/inventory/consolidated", doc("Consolida el inventario de todas las ubicaciones de la empresa"), async (c) =>
    c.json(await consolidatedInventory(companyDb(c), tenantId(c))),
  )
  .get(
    "/financial/analysis",
    doc("Analiza ingresos, costos y márgenes de la empresa en un rango de fechas (por defecto, el mes en curso)"),
    validate("query", FinancialQuery),
    async (c) => {
      const range = c.req.valid("query");
      return c.json(await financialAnalysis(companyDb(c), tenantId(c), range.start_date, range.end_date));
    },
  )
  .get(
    "/financial/monthly",
    doc("Analiza ingresos, costos y márgenes de la empresa en un mes"),
    validate("query", YearMonth),
    async (c) => {
      const q = c.req.valid("query");
      const range = monthRange(q.year, q.month);
      return c.json(await financialAnalysis(companyDb(c), tenantId(c), range.start, range.end));
    },
  )
  .get("/summary", doc("Resume para el jefe las cifras clave del día y del mes"), async (c) =>
    c.json(await bossSummary(companyDb(c), tenantId(c), bogotaDate())),
  )
  .get(
    "/administradores",
    doc("Lista los administradores de la empresa y el uso del cupo de empleados", { 404: "La empresa no existe" }),
    async (c) => c.json(await administradoresOverview(companyDb(c), tenantId(c))),
  )
  .post(
    "/administradores",
    doc("Crea un administrador de la empresa", {
      404: "La ubicación indicada no existe o es de otra empresa",
      409: "Ya existe un usuario con ese correo; la empresa alcanzó el límite de empleados de su plan",
    }),
    validate("json", AdministradorBody),
    async (c) => {
      const user = await createAdministrador(companyDb(c), platformDb(c.env), tenantId(c), c.req.valid("json"));
      return c.json({ success: true, message: "Administrador creado exitosamente", user }, 201);
    },
  )
  .put(
    "/administradores/:id/password",
    doc("Asigna una nueva contraseña a un administrador de la empresa y lo desbloquea", {
      404: "El usuario no existe, es de otra empresa o no es administrador",
      422: "La contraseña no cumple las reglas del rol",
    }),
    validate("json", SetPasswordBody),
    validateId(),
    async (c) => {
      const target = { userId: c.req.valid("param").id, companyId: tenantId(c), roles: ADMINISTRADOR };
      await resetPassword(companyDb(c), target, c.req.valid("json").password);
      return c.json({ success: true, message: "Contraseña actualizada exitosamente" });
    },
  )
  .put(
    "/administradores/:id/active",
    doc("Desactiva o reactiva a un administrador de la empresa (el último activo solo con confirmación)", {
      404: "El usuario no existe, es de otra empresa o no es administrador",
      409: "Es el último administrador activo y no se confirmó; reactivarlo supera el límite de empleados del plan",
    }),
    validate("json", AdministradorActiveBody),
    validateId(),
    async (c) => {
      const change = c.req.valid("json");
      const user = await setAdministradorActive(
        companyDb(c),
        { userId: c.req.valid("param").id, companyId: tenantId(c) },
        change,
      );
      return c.json({ success: true, message: activeMessage(change.active), user });
    },
  )
  .post(
    "/administradores/:id/unlock",
    doc("Desbloquea el inicio de sesión de un administrador tras intentos fallidos", {
      404: "El usuario no existe, es de otra empresa o no es administrador",
    }),
    validateId(),
    async (c) => {
      const target = { userId: c.req.valid("param").id, companyId: tenantId(c), roles: ADMINISTRADOR };
      const result = await unlockAccount(companyDb(c), target);
      return c.json({
        success: true,
        message: unlockedMessage(result.was_locked),
        was_locked: result.was_locked,
      });
    },
  );
