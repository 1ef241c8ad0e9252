import { Hono } from "hono";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { vendorDashboard } from "../../domain/reports/vendor-dashboard";
import type { AppEnv } from "../../env";
import { doc } from "../../openapi/describe";
import { vendorTransfersRoutes } from "../logistics/vendor-transfers";

/** /api/v1/vendor — the seller dashboard and the seller's transfers view (one auth pass per request). */
export const vendorRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.seller))
  .get("/dashboard", doc("Resumen del día del vendedor en su local: ventas, gastos y solicitudes"), async (c) => {
    const user = c.get("user");
    return c.json(await vendorDashboard(companyDb(c), { ...user, companyId: tenantId(c) }));
  })
  .route("/", vendorTransfersRoutes);
