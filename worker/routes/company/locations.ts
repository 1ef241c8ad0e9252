import { Hono } from "hono";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { activeLocationsOf } from "../../domain/company/active-locations";
import { locationOf } from "../../domain/company/locations";
import type { AppEnv } from "../../env";
import { validateId } from "../../lib/validation";
import { doc } from "../../openapi/describe";
import { toLocationDto } from "./dto";

/** /api/v1/locations — the caller's company's active locations (used by every area's forms). */
export const locationsRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.companyStaff))
  .get("/", doc("Lista las ubicaciones activas de la empresa (locales y bodegas)"), async (c) => {
    const companyId = tenantId(c);
    const rows = await activeLocationsOf(companyDb(c), companyId);
    return c.json(rows.map(toLocationDto));
  })
  .get(
    "/:id",
    doc("Muestra una ubicación de la empresa", { 404: "La ubicación no existe o es de otra empresa" }),
    validateId(),
    async (c) => {
      const id = c.req.valid("param").id;
      const row = await locationOf(companyDb(c), tenantId(c), id);
      return c.json(toLocationDto(row));
    },
  );
