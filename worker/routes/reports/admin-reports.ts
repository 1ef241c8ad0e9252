import { and, desc, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { OPEN_TRANSFER_STATUSES } from "../../../shared/constants";
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
import { listPriceOverrides } from "../../domain/sales/price-authority";
import { bogotaDate } from "../../domain/shared/time";
import { alertsAndLowStock } from "../../domain/stock/inventory-alerts";
import { lowStockItems } from "../../domain/stock/low-stock";
import { subscribersOf } from "../../domain/storefront/newsletter";
import type { AppEnv } from "../../env";
import { pageQuery } from "../../lib/paging";
import { numberLike, validate } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { DateRange } from "./report-bodies";

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
    "/newsletter/subscribers",
    doc("Entrega por páginas los suscriptores del boletín de la empresa, del más reciente, y cuántos hay"),
    // 200 a page unless told, at most 1000 (the CSV asks for every page)
    validate("query", v.object(pageQuery(200, 1000))),
    async (c) => c.json(await subscribersOf(companyDb(c), tenantId(c), c.req.valid("query"))),
  );
