// Wholesale (mayoreo): boxes sold to other businesses.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, nowIso, ref, updatedAt } from "./columns";
import { companyRow } from "./platform";

export const wholesaleProducts = sqliteTable(
  "wholesale_products",
  {
    ...companyRow(),
    modelo: text("modelo").notNull(),
    cantidadCajasDisponibles: integer("cantidad_cajas_disponibles").notNull(),
    paresPorCaja: integer("pares_por_caja").notNull(),
    precio: integer("precio").notNull(),
    fotoKey: text("foto_key"),
    tallas: text("tallas"),
    isActive: bool("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("wholesale_products_company_idx").on(t.companyId),
    check(
      "wholesale_products_ck",
      sql`${t.cantidadCajasDisponibles} >= 0 AND ${t.paresPorCaja} > 0 AND ${t.precio} > 0`,
    ),
  ],
);

export const wholesaleSales = sqliteTable(
  "wholesale_sales",
  {
    ...companyRow(),
    mayoreoId: ref("mayoreo_id", () => wholesaleProducts.id),
    cantidadCajasVendidas: integer("cantidad_cajas_vendidas").notNull(),
    precioUnitarioVenta: integer("precio_unitario_venta").notNull(),
    totalVenta: integer("total_venta").notNull(),
    fechaVenta: text("fecha_venta").notNull().default(nowIso),
    notas: text("notas"),
    sellerId: integer("seller_id"),
  },
  (t) => [
    index("wholesale_sales_company_idx").on(t.companyId, t.fechaVenta),
    check("wholesale_sales_ck", sql`${t.cantidadCajasVendidas} >= 1 AND ${t.precioUnitarioVenta} > 0`),
  ],
);
