import { and, desc, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { CATEGORIES, OPEN_TRANSFER_STATUSES } from "../../../shared/constants";
import { tenantId } from "../../auth/tenant";
import { locations, transferRequests, users } from "../../db/schema";
import { companyDb } from "../../db/shards";
import {
  dashboardMetrics,
  productAssignments,
  salesReport,
  systemOverview,
  transfersOverview,
  userPerformance,
} from "../../domain/reports/admin-reports";
import { productMarginReport, reorderSuggestions, sizeCurve } from "../../domain/reports/reorder";
import { listPriceOverrides } from "../../domain/sales/price-authority";
import { bogotaDate } from "../../domain/shared/time";
import { alertsAndLowStock } from "../../domain/stock/inventory-alerts";
import { lowStockItems } from "../../domain/stock/low-stock";
import { subscribersOf } from "../../domain/storefront/newsletter";
import type { AppEnv } from "../../env";
import { pageQuery } from "../../lib/paging";
import { calendarDate, idLike, numberLike, validate, wholeNumber } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { DateRange, VatReportQuery } from "./report-bodies";

const daysAgo = (n: number) => bogotaDate(new Date(Date.now() - n * 86_400_000));

/** POST /reports/sales: the last 30 days unless told; at most a year. */
export const SalesReportBody = v.pipe(
  v.object({
    start_date: v.optional(v.string(), () => daysAgo(30)),
    end_date: v.optional(v.string(), () => bogotaDate()),
    location_id: v.optional(v.nullable(v.pipe(numberLike("La ubicación no es válida"), v.integer(), v.minValue(1)))),
  }),
  v.transform(({ start_date, end_date, ...rest }) => ({ range: { start_date, end_date }, ...rest })),
  v.object({ range: DateRange, location_id: v.optional(v.nullable(v.number())) }),
);

/**
 * `user_ids` may repeat and hold comma lists (`?user_ids=1,2&user_ids=3`); entries that are not ids are
 * ignored, and none means every user.
 */
export const UserIds = v.optional(
  v.pipe(
    v.union([v.string(), v.array(v.string())]),
    v.transform((x) =>
      (Array.isArray(x) ? x : [x])
        .flatMap((part) => part.split(","))
        .filter((part) => /^\d{1,12}$/.test(part))
        .map(Number),
    ),
  ),
);

/** GET /performance/users: the last 7 days unless told; at most a year. */
export const PerformanceQuery = v.pipe(
  v.object({
    start_date: v.optional(v.string(), () => daysAgo(7)),
    end_date: v.optional(v.string(), () => bogotaDate()),
    role: v.optional(
      v.picklist(["seller", "vendedor", "bodeguero", "corredor"], "El rol debe ser vendedor, bodeguero o corredor"),
    ),
    user_ids: UserIds,
  }),
  v.transform(({ start_date, end_date, ...rest }) => ({ range: { start_date, end_date }, ...rest })),
  v.object({
    range: DateRange,
    role: v.optional(v.picklist(["seller", "vendedor", "bodeguero", "corredor"])),
    user_ids: v.optional(v.array(v.number())),
  }),
);

export const OverridesQuery = v.object({
  // 100 a page unless told, at most 500
  ...pageQuery(100, 500),
  from: v.optional(v.pipe(v.string(), v.isoDate("La fecha inicial no es válida (AAAA-MM-DD)"))),
  to: v.optional(v.pipe(v.string(), v.isoDate("La fecha final no es válida (AAAA-MM-DD)"))),
});

/** The window of the reorder reports: 7 to 180 days, `default` unless told. */
const windowDays = (fallback: number) =>
  v.optional(
    wholeNumber(
      { number: "window_days debe ser un número de días", whole: "window_days debe ser un número entero de días" },
      [7, "La ventana es de al menos 7 días"],
      [180, "La ventana es de a lo sumo 180 días"],
    ),
    fallback,
  );
const asOf = v.optional(calendarDate("as_of debe ser una fecha AAAA-MM-DD"));
const locationId = v.optional(idLike("location_id debe ser un número"));

/** GET /reports/reorder: the last 28 days to today unless told. */
export const ReorderQuery = v.object({
  location_id: locationId,
  window_days: windowDays(28),
  as_of: asOf,
  supplier_id: v.optional(idLike("supplier_id debe ser un número")),
  all: v.optional(v.picklist(["0", "1", "true", "false"], "all debe ser 1 o 0")),
});

/** GET /reports/size-curve: a product, a brand or a category (or every product); the last 90 days. */
export const SizeCurveQuery = v.object({
  location_id: locationId,
  window_days: windowDays(90),
  as_of: asOf,
  product_id: v.optional(idLike("product_id debe ser un número")),
  brand: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, "La marca no puede ir vacía"),
      v.maxLength(100, "La marca es demasiado larga"),
    ),
  ),
  category: v.optional(v.picklist(CATEGORIES, `La categoría debe ser una de: ${CATEGORIES.join(", ")}`)),
});

/** Reports, dashboard and overviews of the administrador (spec 3 §2.1 'Reports', 'Dashboard'). */
export const adminReportsRoutes = new Hono<AppEnv>()
  .get(
    "/price-overrides",
    doc(
      "Lista por páginas los precios autorizados con PIN (quién aprobó, precio de catálogo y nuevo, motivo, venta) y cuántos hay",
    ),
    validate("query", OverridesQuery),
    async (c) => {
      const q = c.req.valid("query");
      const page = { limit: q.limit, offset: q.offset };
      return c.json(await listPriceOverrides(companyDb(c), tenantId(c), q.from ?? null, q.to ?? null, page));
    },
  )
  .post(
    "/reports/sales",
    doc(
      "Genera el reporte de ventas de la empresa o de una ubicación en un rango de fechas (por defecto, los últimos 30 días)",
    ),
    validate("json", SalesReportBody),
    async (c) => {
      const { range, location_id } = c.req.valid("json");
      const report = await salesReport(
        companyDb(c),
        tenantId(c),
        range.start_date,
        range.end_date,
        location_id ?? undefined,
      );
      return c.json({ success: true, report, ...report });
    },
  )
  .get(
    "/performance/users",
    doc("Mide el desempeño de los empleados (ventas, transferencias, entregas) en un rango de fechas"),
    validate("query", PerformanceQuery),
    async (c) => {
      const { range, user_ids: ids, ...q } = c.req.valid("query");
      const role = q.role === "vendedor" ? "seller" : q.role;
      return c.json(
        await userPerformance(companyDb(c), tenantId(c), range.start_date, range.end_date, {
          ...(ids?.length ? { userIds: ids } : {}),
          ...(role ? { role } : {}),
        }),
      );
    },
  )
  .get("/transfers/overview", doc("Resume las transferencias de la empresa por estado y ubicación"), async (c) =>
    c.json(await transfersOverview(companyDb(c), tenantId(c))),
  )
  .get("/product-assignments", doc("Muestra qué productos y cuántos pares tiene cada ubicación"), async (c) => {
    const assignments = await productAssignments(companyDb(c), tenantId(c));
    return c.json({ assignments, total_locations: assignments.length });
  })
  .get(
    "/dashboard",
    doc("Panel del administrador: métricas del día, alertas de poco stock y accesos rápidos"),
    async (c) => {
      const db = companyDb(c);
      const companyId = tenantId(c);
      // the count is "poco stock" company-wide (low-stock.ts), as the boss sees it; the list, the triggered alerts
      const { alerts, low } = await alertsAndLowStock(db, companyId);
      const data = await dashboardMetrics(db, companyId, low.length);
      const user = c.get("user");
      return c.json({
        ...data,
        admin_info: { name: `${user.firstName} ${user.lastName}`, email: user.email },
        // every triggered alert (as many as the administrador defined; issue 32 §4: no list is cut unsaid)
        low_stock: alerts.filter((a) => a.triggered),
        quick_actions: ["users", "inventory", "wholesale", "analytics", "costs"],
      });
    },
  )
  .get("/dashboard/metrics", doc("Devuelve solo las métricas del panel del administrador"), async (c) => {
    const db = companyDb(c);
    const companyId = tenantId(c);
    const data = await dashboardMetrics(db, companyId, (await lowStockItems(db, companyId)).length);
    return c.json(data.metrics);
  })
  .get(
    "/system/overview",
    doc("Da una vista general de la empresa: ubicaciones, usuarios, productos y actividad"),
    async (c) => c.json(await systemOverview(companyDb(c), tenantId(c))),
  )
  .get(
    "/returns/pending",
    doc("Lista las devoluciones abiertas de la empresa con quién las pidió y desde dónde"),
    async (c) => {
      const rows = await companyDb(c)
        .select({
          transfer: transferRequests,
          firstName: users.firstName,
          lastName: users.lastName,
          locationName: locations.name,
        })
        .from(transferRequests)
        .innerJoin(users, eq(users.id, transferRequests.requesterId))
        .innerJoin(locations, eq(locations.id, transferRequests.sourceLocationId))
        .where(
          and(
            eq(transferRequests.companyId, tenantId(c)),
            eq(transferRequests.purpose, "return"),
            inArray(transferRequests.status, [...OPEN_TRANSFER_STATUSES]),
          ),
        )
        .orderBy(desc(transferRequests.requestedAt));
      const returns = rows.map(({ transfer, firstName, lastName, locationName }) => ({
        id: transfer.id,
        status: transfer.status,
        sneaker_reference_code: transfer.sneakerReferenceCode,
        brand: transfer.brand,
        model: transfer.model,
        size: transfer.size,
        quantity: transfer.quantity,
        reason: transfer.returnReason,
        product_condition: transfer.productCondition,
        requester_name: `${firstName} ${lastName}`,
        origin_location_name: locationName,
        requested_at: transfer.requestedAt,
      }));
      return c.json({ returns, total: returns.length });
    },
  )
  .get(
    "/reports/reorder",
    doc(
      "Sugiere qué reponer por ubicación × producto × talla: ventas netas de la ventana, venta diaria, stock, en tránsito, mínimo y cantidad sugerida",
      { 404: "La ubicación o el proveedor no existen o son de otra empresa" },
    ),
    validate("query", ReorderQuery),
    async (c) => {
      const q = c.req.valid("query");
      return c.json(
        await reorderSuggestions(companyDb(c), tenantId(c), {
          windowDays: q.window_days,
          asOf: q.as_of ?? bogotaDate(),
          all: q.all === "1" || q.all === "true",
          ...(q.location_id === undefined ? {} : { locationId: q.location_id }),
          ...(q.supplier_id === undefined ? {} : { supplierId: q.supplier_id }),
        }),
      );
    },
  )
  .get(
    "/reports/size-curve",
    doc(
      "Curva de tallas de un producto, una marca o una categoría: % de ventas contra % de stock por talla y ubicación, y las tallas sueltas",
      { 404: "La ubicación o el producto no existen o son de otra empresa" },
    ),
    validate("query", SizeCurveQuery),
    async (c) => {
      const q = c.req.valid("query");
      return c.json(
        await sizeCurve(companyDb(c), tenantId(c), {
          windowDays: q.window_days,
          asOf: q.as_of ?? bogotaDate(),
          ...(q.location_id === undefined ? {} : { locationId: q.location_id }),
          ...(q.product_id === undefined ? {} : { productId: q.product_id }),
          ...(q.brand === undefined ? {} : { brand: q.brand }),
          ...(q.category === undefined ? {} : { category: q.category }),
        }),
      );
    },
  )
  .get(
    "/reports/product-margin",
    doc(
      "Ventas y margen por producto en un rango: unidades netas, ventas con y sin IVA, costo, margen, rotación y días de inventario",
      { 404: "La ubicación no existe o es de otra empresa" },
    ),
    validate("query", VatReportQuery),
    async (c) => {
      const q = c.req.valid("query");
      return c.json(
        await productMarginReport(companyDb(c), tenantId(c), {
          start: q.start_date,
          end: q.end_date,
          ...(q.location_id === undefined ? {} : { locationId: q.location_id }),
        }),
      );
    },
  )
  .get(
    "/newsletter/subscribers",
    doc("Entrega por páginas los suscriptores del boletín de la empresa, del más reciente, y cuántos hay"),
    // 200 a page unless told, at most 1000 (the CSV asks for every page)
    validate("query", v.object(pageQuery(200, 1000))),
    async (c) => c.json(await subscribersOf(companyDb(c), tenantId(c), c.req.valid("query"))),
  );
