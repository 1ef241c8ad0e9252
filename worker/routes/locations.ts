import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { requireAuth, requireRole } from "../auth/middleware";
import { AREA_ROLES } from "../auth/roles";
import { inTenant, tenantId } from "../auth/tenant";
import { createDb } from "../db/client";
import { locations } from "../db/schema";
import type { AppEnv } from "../env";
import { toLocationDto } from "./dto";

/** GET /api/v1/locations — the caller's company's active locations (used by every area's forms). */
export const locationsRoutes = new Hono<AppEnv>().get(
  "/",
  requireAuth,
  requireRole(...AREA_ROLES.companyStaff),
  async (c) => {
    const companyId = tenantId(c);
    const rows = await createDb(c.env.DB)
      .select()
      .from(locations)
      .where(inTenant(locations.companyId, companyId, eq(locations.isActive, true)))
      .orderBy(asc(locations.type), asc(locations.name));
    return c.json(rows.map(toLocationDto));
  },
);
