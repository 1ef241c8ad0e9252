import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { requireAuth, requireRole } from "../auth/middleware";
import { AREA_ROLES } from "../auth/roles";
import { inTenant, tenantId } from "../auth/tenant";
import { createDb } from "../db/client";
import { locations } from "../db/schema";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import { TtlCache } from "../lib/ttl-cache";
import { validateId } from "../lib/validation";
import { doc } from "../openapi/describe";
import { toLocationDto } from "./dto";

/** Active locations per company: read by every form, changed rarely (see TtlCache). */
const activeLocations = new TtlCache<number, ReturnType<typeof toLocationDto>[]>(5_000);

/** Call after creating, editing or (de)activating a location of the company. */
export function forgetCompanyLocations(companyId: number): void {
  activeLocations.delete(companyId);
}

/** /api/v1/locations — the caller's company's active locations (used by every area's forms). */
export const locationsRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.companyStaff))
  .get("/", doc("Lista las ubicaciones activas de la empresa (locales y bodegas)"), async (c) => {
    const companyId = tenantId(c);
    const list = await activeLocations.getOrLoad(companyId, async () => {
      const rows = await createDb(c.env.DB)
        .select()
        .from(locations)
        .where(inTenant(locations.companyId, companyId, eq(locations.isActive, true)))
        .orderBy(asc(locations.type), asc(locations.name));
      return rows.map(toLocationDto);
    });
    return c.json(list);
  })
  .get(
    "/:id",
    doc("Muestra una ubicación de la empresa", { 404: "La ubicación no existe o es de otra empresa" }),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const [row] = await createDb(c.env.DB)
        .select()
        .from(locations)
        .where(inTenant(locations.companyId, tenantId(c), eq(locations.id, id)))
        .limit(1);
      if (!row) throw notFound("Ubicación no encontrada");
      return c.json(toLocationDto(row));
    },
  );
