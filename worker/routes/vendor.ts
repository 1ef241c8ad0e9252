import { Hono } from "hono";
import { requireAuth, requireRole } from "../auth/middleware";
import { AREA_ROLES } from "../auth/roles";
import { tenantId } from "../auth/tenant";
import { createDb } from "../db/client";
import { vendorDashboard } from "../domain/vendor-dashboard";
import type { AppEnv } from "../env";

/** /api/v1/vendor — the seller dashboard (transfer calls of this base arrive with issue 5). */
export const vendorRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.seller))
  .get("/dashboard", async (c) => {
    const user = c.get("user");
    return c.json(await vendorDashboard(createDb(c.env.DB), { ...user, companyId: tenantId(c) }));
  });
