import { Hono } from "hono";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import type { AppEnv } from "../../env";
import { adminUsersRoutes } from "../accounts/admin-users";
import { catalogueImportRoutes } from "../catalogue/catalogue-import";
import { adminDocumentsRoutes } from "../fiscal/admin-documents";
import { adminNumberingRoutes } from "../fiscal/admin-numbering";
import { vatReportRoutes } from "../fiscal/vat-report";
import { adminSystemRoutes } from "../platform/admin-system";
import { purchaseOrdersRoutes } from "../purchasing/purchase-orders";
import { suppliersRoutes } from "../purchasing/suppliers";
import { adminReportsRoutes } from "../reports/admin-reports";
import { adminDiscountsRoutes } from "../sales/admin-discounts";
import { adminDiscrepanciesRoutes } from "../stock/admin-discrepancies";
import { adminInventoryRoutes } from "../stock/admin-inventory";
import { adminContactMessagesRoutes } from "../storefront/admin-contact-messages";
import { adminAlertsRoutes } from "./admin-alerts";
import { adminCostsRoutes } from "./admin-costs";
import { adminLocationsRoutes } from "./admin-locations";
import { adminSettingsRoutes } from "./admin-settings";

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
  .route("/", adminNumberingRoutes)
  .route("/", adminDocumentsRoutes)
  .route("/", vatReportRoutes)
  .route("/", adminContactMessagesRoutes)
  .route("/", suppliersRoutes)
  .route("/", purchaseOrdersRoutes)
  .route("/", catalogueImportRoutes)
  .route("/", adminAlertsRoutes);
