// Wholesale: the stat cards from the company's real rows.

import { sql } from "drizzle-orm";
import { inTenant } from "../../auth/tenant";
import type { Db } from "../../db/client";
import { wholesaleProducts, wholesaleSales } from "../../db/schema";
import { wholesaleStats } from "./rules";

/** The stat cards from the real rows: the company's products, and its sales by SQL aggregate. */
export async function statistics(db: Db, companyId: number) {
  const [products, totals] = await db.batch([
    db
      .select({
        cantidadCajasDisponibles: wholesaleProducts.cantidadCajasDisponibles,
        paresPorCaja: wholesaleProducts.paresPorCaja,
        precio: wholesaleProducts.precio,
        isActive: wholesaleProducts.isActive,
      })
      .from(wholesaleProducts)
      .where(inTenant(wholesaleProducts.companyId, companyId)),
    db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        boxes: sql<number>`coalesce(sum(${wholesaleSales.cantidadCajasVendidas}), 0)`.mapWith(Number),
        totalCentavos: sql<number>`coalesce(sum(${wholesaleSales.totalVenta}), 0)`.mapWith(Number),
      })
      .from(wholesaleSales)
      .where(inTenant(wholesaleSales.companyId, companyId)),
  ]);
  return wholesaleStats(products, totals[0] ?? { count: 0, boxes: 0, totalCentavos: 0 });
}
