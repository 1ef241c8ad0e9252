// Wholesale: registering a sale by the box, and the pages of sales.

import { and, desc, eq, sql } from "drizzle-orm";
import { inTenant } from "../../auth/tenant";
import type { Db } from "../../db/client";
import { wholesaleProducts, wholesaleSales } from "../../db/schema";
import { conflict, notFound } from "../shared/errors";
import { MSG } from "./limits";
import { nowIso, productWhere } from "./products";
import { assertSellable, saleTotalCentavos, saleUnitCentavos, toSaleDto } from "./rules";

export interface NewWholesaleSale {
  mayoreoId: number;
  boxes: number;
  unitPricePesos: number | null;
  notas: string | null;
}

function isConstraint(err: unknown): boolean {
  const text = err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? "")}` : "";
  return /(CHECK|NOT NULL) constraint failed/.test(text);
}

/**
 * Sells boxes: one D1 batch decrements the boxes (the table's CHECK stops it below zero, failing the
 * whole batch) and inserts the sale, whose product id is read in the same batch from an active row of
 * the company (NULL, hence a failed batch, if the product was deactivated or deleted meanwhile).
 */
export async function registerSale(db: Db, actor: { id: number; companyId: number }, input: NewWholesaleSale) {
  const where = productWhere(actor.companyId, input.mayoreoId);
  const [product] = await db.select().from(wholesaleProducts).where(where).limit(1);
  if (!product) throw notFound(MSG.notFound);
  assertSellable(product, input.boxes);
  const unit = saleUnitCentavos(product.precio, input.unitPricePesos);
  const total = saleTotalCentavos(input.boxes, unit);
  const activeId = sql<number>`(SELECT ${wholesaleProducts.id} FROM ${wholesaleProducts} WHERE ${and(
    where,
    eq(wholesaleProducts.isActive, true),
  )})`;
  try {
    const [decremented, inserted] = await db.batch([
      db
        .update(wholesaleProducts)
        .set({
          cantidadCajasDisponibles: sql`${wholesaleProducts.cantidadCajasDisponibles} - ${input.boxes}`,
          updatedAt: nowIso(),
        })
        .where(and(where, eq(wholesaleProducts.isActive, true)))
        .returning({ left: wholesaleProducts.cantidadCajasDisponibles }),
      db
        .insert(wholesaleSales)
        .values({
          companyId: actor.companyId,
          mayoreoId: activeId,
          cantidadCajasVendidas: input.boxes,
          precioUnitarioVenta: unit,
          totalVenta: total,
          notas: input.notas,
          sellerId: actor.id,
        })
        .returning(),
    ]);
    const [sale] = inserted;
    if (!sale) throw new Error("wholesale sale not inserted");
    return { ...toSaleDto(sale, product.modelo), cantidad_cajas_restantes: decremented[0]?.left ?? 0 };
  } catch (err) {
    if (!isConstraint(err)) throw err;
    // Another sale or an edit got there first: nothing was written; say why, as the checks above would.
    const [fresh] = await db.select().from(wholesaleProducts).where(where).limit(1);
    if (!fresh) throw notFound(MSG.notFound);
    assertSellable(fresh, input.boxes);
    throw conflict("El producto cambió mientras se registraba la venta; intenta nuevamente");
  }
}

export interface SalesPage {
  limit: number;
  offset: number;
}

async function salesWhere(db: Db, companyId: number, page: SalesPage, productId?: number) {
  const rows = await db
    .select({ sale: wholesaleSales, modelo: wholesaleProducts.modelo })
    .from(wholesaleSales)
    .innerJoin(wholesaleProducts, eq(wholesaleProducts.id, wholesaleSales.mayoreoId))
    .where(
      inTenant(
        wholesaleSales.companyId,
        companyId,
        productId === undefined ? undefined : eq(wholesaleSales.mayoreoId, productId),
      ),
    )
    .orderBy(desc(wholesaleSales.fechaVenta), desc(wholesaleSales.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => toSaleDto(r.sale, r.modelo));
}

/** The company's wholesale sales, newest first, each with its product's model. */
export function listSales(db: Db, companyId: number, page: SalesPage) {
  return salesWhere(db, companyId, page);
}

/** The sales of one product of the company (404 for another company's id); empty when none. */
export async function productSales(db: Db, companyId: number, productId: number, page: SalesPage) {
  const [product] = await db
    .select({ id: wholesaleProducts.id })
    .from(wholesaleProducts)
    .where(productWhere(companyId, productId))
    .limit(1);
  if (!product) throw notFound(MSG.notFound);
  return salesWhere(db, companyId, page, productId);
}
