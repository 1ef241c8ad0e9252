import { Hono } from "hono";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import type { AppEnv } from "../../env";
import { adminContactMessagesRoutes } from "./contact-messages";
import { adminCostsRoutes } from "./costs";
import { adminDiscountsRoutes } from "./discounts";
import { adminDiscrepanciesRoutes } from "./discrepancies";
import { adminInventoryRoutes } from "./inventory";
import { adminLocationsRoutes } from "./locations";
import { adminReportsRoutes } from "./reports";
import { adminSettingsRoutes } from "./settings";
import { adminSystemRoutes } from "./system";
import { adminUsersRoutes } from "./users";

/** /api/v1/admin/admin — the company administrator panel (spec 3 §7.1); superuser names a company. */
export const adminPanelRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRole(...AREA_ROLES.admin))
  .route("/", adminUsersRoutes)
  .route("/", adminLocationsRoutes)
  .route("/", adminCostsRoutes)
  .route("/", adminDiscountsRoutes)
  .route("/", adminDiscrepanciesRoutes)
  .route("/", adminInventoryRoutes)
  .route("/", adminReportsRoutes)
  .route("/", adminSystemRoutes)
  .route("/", adminSettingsRoutes)
  .route("/", adminContactMessagesRoutes);
