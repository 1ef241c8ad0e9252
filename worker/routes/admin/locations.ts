import { and, asc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { DATE_RANGE_REVERSED, DATE_RANGE_TOO_LONG } from "../../../shared/messages";
import { inTenant, tenantId } from "../../auth/tenant";
import { createDb } from "../../db/client";
import { locations } from "../../db/schema";
import { locationStats } from "../../domain/location-stats";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { toLocationDto } from "../dto";

const isoDate = (message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, message),
    v.check((d) => !Number.isNaN(Date.parse(d)), message),
  );

export const DateRange = v.pipe(
  v.object({
    start_date: isoDate("start_date debe ser una fecha AAAA-MM-DD"),
    end_date: isoDate("end_date debe ser una fecha AAAA-MM-DD"),
  }),
  v.check((r) => r.start_date <= r.end_date, DATE_RANGE_REVERSED),
  v.check((r) => Date.parse(r.end_date) - Date.parse(r.start_date) <= 366 * 86_400_000, DATE_RANGE_TOO_LONG),
);

/** Locations with their staff, products and stock value (spec 3 §3 'Location'). */
export async function locationsWithTotals(
  db: ReturnType<typeof createDb>,
  companyId: number,
  includeInactive: boolean,
) {
  const rows = await db
    .select({
      location: locations,
      // correlated subqueries name the outer table literally: drizzle leaves single-table columns unqualified
      users: sql<number>`(SELECT COUNT(*) FROM users u WHERE u.location_id = locations.id AND u.is_active = 1)`,
      products: sql<number>`(SELECT COUNT(DISTINCT i.product_id) FROM inventory i WHERE i.location_id = locations.id AND (i.pairs + i.left_feet + i.right_feet + i.exhibition) > 0)`,
      // pairs and exhibition units at the unit price; single feet count as half a pair
      value: sql<number>`(SELECT COALESCE(SUM((i.pairs + i.exhibition) * p.unit_price + (i.left_feet + i.right_feet) * p.unit_price / 2), 0)
                          FROM inventory i JOIN products p ON p.id = i.product_id WHERE i.location_id = locations.id)`,
    })
    .from(locations)
    .where(inTenant(locations.companyId, companyId, includeInactive ? undefined : eq(locations.isActive, true)))
    .orderBy(asc(locations.type), asc(locations.name));
  return rows.map((r) => ({
    ...toLocationDto(r.location),
    assigned_users_count: Number(r.users),
    total_users: Number(r.users),
    total_products: Number(r.products),
    total_inventory_value: Number(r.value) / 100,
  }));
}

/** /api/v1/admin/admin — locations of the company and their stats. */
export const adminLocationsRoutes = new Hono<AppEnv>()
  .get(
    "/locations",
    doc(
      "Lista todas las ubicaciones de la empresa, incluidas las inactivas, con usuarios, productos y valor del inventario",
    ),
    async (c) => {
      const list = await locationsWithTotals(createDb(c.env.DB), tenantId(c), true);
      return c.json({ locations: list, total: list.length });
    },
  )
  .get(
    "/available-locations-for-users",
    doc("Lista las ubicaciones activas a las que se puede asignar un usuario"),
    async (c) => {
      const rows = await createDb(c.env.DB)
        .select({ id: locations.id, name: locations.name, type: locations.type })
        .from(locations)
        .where(and(eq(locations.companyId, tenantId(c)), eq(locations.isActive, true)))
        .orderBy(asc(locations.type), asc(locations.name));
      return c.json({ locations: rows });
    },
  )
  .get(
    "/locations/:id/stats",
    doc("Calcula las ventas, gastos e inventario de una ubicación en un rango de fechas", {
      404: "La ubicación no existe o es de otra empresa",
    }),
    validate("query", DateRange),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const range = c.req.valid("query");
      const companyId = tenantId(c);
      const db = createDb(c.env.DB);
      const [location] = await db
        .select()
        .from(locations)
        .where(and(eq(locations.companyId, companyId), eq(locations.id, id)))
        .limit(1);
      if (!location) throw notFound("Ubicación no encontrada");
      return c.json(await locationStats(db, companyId, location, range.start_date, range.end_date));
    },
  );
