import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { tenantId } from "../../auth/tenant";
import type { Db } from "../../db/client";
import { locations } from "../../db/schema";
import { companyDb } from "../../db/shards";
import { forgetCompanyLocations } from "../../domain/company/active-locations";
import { deactivateLocation, locationOf, reactivateLocation, updateLocation } from "../../domain/company/locations";
import { locationStats } from "../../domain/reports/location-stats";
import type { AppEnv } from "../../env";
import { clearableText, numberLike, validate, validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { DateRange } from "../reports/report-bodies";
import { openingHoursField, whatsappField } from "../storefront/contact-bodies";
import { toLocationDto } from "./dto";
import { locationsWithTotals } from "./location-totals";

const coordinate = (label: string, limit: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        numberLike(`La ${label} debe ser un número`),
        v.minValue(-limit, `La ${label} no es válida`),
        v.maxValue(limit, `La ${label} no es válida`),
      ),
    ),
  );
/** Deactivating and reactivating answer alike: the location now, the company's cached list forgotten. */
async function switched(
  db: Db,
  companyId: number,
  id: number,
  change: typeof deactivateLocation | typeof reactivateLocation,
  done: string,
) {
  const row = await change(db, companyId, id);
  forgetCompanyLocations(companyId);
  return { success: true, message: `${row.name} ${done}`, location: toLocationDto(row) };
}

export const LocationChanges = v.pipe(
  v.object({
    // accepted only as it is: a location's type does not change (409)
    type: v.optional(v.picklist(["local", "bodega"], "El tipo debe ser local o bodega")),
    name: v.optional(
      v.pipe(
        v.string("El nombre debe ser texto"),
        v.trim(),
        v.nonEmpty("El nombre de la ubicación es requerido"),
        v.maxLength(120, "El nombre es demasiado largo"),
      ),
    ),
    address: clearableText(200, "dirección"),
    phone: clearableText(40, "teléfono"),
    manager_name: clearableText(120, "encargado"),
    capacity: v.optional(
      v.nullable(
        v.pipe(
          numberLike("La capacidad debe ser un número entero"),
          v.integer("La capacidad debe ser un número entero"),
          v.minValue(0, "La capacidad no puede ser negativa"),
        ),
      ),
    ),
    notes: clearableText(1000, "notas"),
    latitude: coordinate("latitud", 90),
    longitude: coordinate("longitud", 180),
    // what the storefront's contact page shows of a store
    opening_hours: openingHoursField,
    whatsapp: whatsappField,
  }),
  v.check((b) => Object.values(b).some((x) => x !== undefined), "Indica al menos un campo para cambiar"),
);

/** /api/v1/admin/admin — locations of the company and their stats. */
export const adminLocationsRoutes = new Hono<AppEnv>()
  .get(
    "/locations",
    doc(
      "Lista todas las ubicaciones de la empresa, incluidas las inactivas, con usuarios, productos y valor del inventario",
    ),
    async (c) => {
      const list = await locationsWithTotals(companyDb(c), tenantId(c), true);
      return c.json({ locations: list, total: list.length });
    },
  )
  .get(
    "/available-locations-for-users",
    doc("Lista las ubicaciones activas a las que se puede asignar un usuario"),
    async (c) => {
      const rows = await companyDb(c)
        .select({ id: locations.id, name: locations.name, type: locations.type })
        .from(locations)
        .where(and(eq(locations.companyId, tenantId(c)), eq(locations.isActive, true)))
        .orderBy(asc(locations.type), asc(locations.name));
      return c.json({ locations: rows });
    },
  )
  .put(
    "/locations/:id",
    doc(
      "Edita los datos de una ubicación (nombre, dirección, teléfono, encargado, capacidad, coordenadas, horario, WhatsApp, notas)",
      {
        404: "La ubicación no existe o es de otra empresa",
        409: "Se pidió cambiar su tipo (local o bodega): no cambia, y menos con bodegueros o vendedores asignados",
      },
    ),
    validateId(),
    validate("json", LocationChanges),
    async (c) => {
      const companyId = tenantId(c);
      const row = await updateLocation(companyDb(c), companyId, c.req.valid("param").id, c.req.valid("json"));
      forgetCompanyLocations(companyId);
      return c.json({ success: true, message: "Ubicación actualizada", location: toLocationDto(row) });
    },
  )
  .post(
    "/locations/:id/deactivate",
    doc("Desactiva una ubicación sin stock, transferencias abiertas ni bodegueros o vendedores activos asignados", {
      404: "La ubicación no existe o es de otra empresa",
      409: "La ubicación tiene stock, transferencias abiertas o bodegueros o vendedores activos asignados, o ya está inactiva",
    }),
    validateId(),
    async (c) =>
      c.json(await switched(companyDb(c), tenantId(c), c.req.valid("param").id, deactivateLocation, "desactivada")),
  )
  .post(
    "/locations/:id/reactivate",
    doc("Reactiva una ubicación, dentro del límite de ubicaciones del plan", {
      404: "La ubicación no existe o es de otra empresa",
      409: "La ubicación ya está activa o el plan no admite más ubicaciones activas",
    }),
    validateId(),
    async (c) =>
      c.json(await switched(companyDb(c), tenantId(c), c.req.valid("param").id, reactivateLocation, "reactivada")),
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
      const db = companyDb(c);
      const location = await locationOf(db, companyId, id);
      return c.json(await locationStats(db, companyId, location, range.start_date, range.end_date));
    },
  );
