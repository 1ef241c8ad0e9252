import { Hono } from "hono";
import { requireAuth, requireRole } from "../../auth/middleware";
import { AREA_ROLES } from "../../auth/roles";
import { tenantId } from "../../auth/tenant";
import { companyDb } from "../../db/shards";
import { createTestData } from "../../domain/catalogue/test-data";
import type { AppEnv } from "../../env";
import { doc } from "../../openapi/describe";

/** /api/v1/admin — test data for a company's administrator (the admin panel arrives with issue 4). */
export const adminRoutes = new Hono<AppEnv>().post(
  "/create-test-data",
  doc("Crea productos e inventario de prueba en las ubicaciones activas de la empresa", {
    409: "La empresa no tiene ubicaciones activas",
  }),
  requireAuth,
  requireRole(...AREA_ROLES.admin),
  async (c) => {
    const result = await createTestData(companyDb(c), tenantId(c), c.get("user").id);
    return c.json({
      success: true,
      message:
        result.productsCreated > 0
          ? `Datos de prueba creados: ${result.productsCreated} productos con inventario en ${result.locationsUsed} ubicaciones`
          : "Los datos de prueba ya existían; no se creó nada nuevo",
      products_created: result.productsCreated,
      inventory_rows_created: result.stockRows,
      locations_used: result.locationsUsed,
    });
  },
);
