import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { requireAuth, requireRole } from "../auth/middleware";
import { AREA_ROLES } from "../auth/roles";
import { tenantId } from "../auth/tenant";
import { createDb } from "../db/client";
import { locations } from "../db/schema";
import { seedCatalog } from "../db/seed";
import type { AppEnv } from "../env";
import { conflict } from "../lib/errors";

/** /api/v1/admin — test data for a company's administrator (the admin panel arrives with issue 4). */
export const adminRoutes = new Hono<AppEnv>().post(
  "/create-test-data",
  requireAuth,
  requireRole(...AREA_ROLES.admin),
  async (c) => {
    const companyId = tenantId(c);
    const db = createDb(c.env.DB);
    const targets = await db
      .select({ id: locations.id, type: locations.type })
      .from(locations)
      .where(and(eq(locations.companyId, companyId), eq(locations.isActive, true)));
    if (targets.length === 0) {
      throw conflict("La empresa no tiene ubicaciones activas: crea al menos un local o bodega primero");
    }
    const result = await seedCatalog(db, companyId, targets, 24, c.get("user").id);
    return c.json({
      success: true,
      message:
        result.productsCreated > 0
          ? `Datos de prueba creados: ${result.productsCreated} productos con inventario en ${targets.length} ubicaciones`
          : "Los datos de prueba ya existían; no se creó nada nuevo",
      products_created: result.productsCreated,
      inventory_rows_created: result.stockRows,
      locations_used: targets.length,
    });
  },
);
