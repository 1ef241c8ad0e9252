// Wholesale: the company's models sold by the box (create, list, edit, remove).

import { and, desc, eq, exists, not, sql } from "drizzle-orm";
import { inTenant } from "../../auth/tenant";
import type { Db } from "../../db/client";
import { wholesaleProducts, wholesaleSales } from "../../db/schema";
import { notFound } from "../shared/errors";
import { MSG } from "./limits";
import { type ProductEdit, type ProductInput, priceCentavos, productPatch, toProductDto } from "./rules";

export const nowIso = () => new Date().toISOString();
export const productWhere = (companyId: number, id: number) =>
  inTenant(wholesaleProducts.companyId, companyId, eq(wholesaleProducts.id, id));

export async function createProduct(db: Db, companyId: number, input: ProductInput, fotoKey: string | null) {
  const [row] = await db
    .insert(wholesaleProducts)
    .values({
      companyId,
      modelo: input.modelo,
      cantidadCajasDisponibles: input.cantidad_cajas_disponibles,
      paresPorCaja: input.pares_por_caja,
      precio: priceCentavos(input.precio),
      tallas: input.tallas,
      fotoKey,
    })
    .returning();
  if (!row) throw new Error("wholesale product not inserted");
  return toProductDto(row);
}

/** The company's products, active and inactive, newest first. */
export async function listProducts(db: Db, companyId: number) {
  const rows = await db
    .select()
    .from(wholesaleProducts)
    .where(inTenant(wholesaleProducts.companyId, companyId))
    .orderBy(desc(wholesaleProducts.createdAt), desc(wholesaleProducts.id));
  return rows.map(toProductDto);
}

/**
 * Applies an edit in one round trip (the old row, for its photo key, and the update). An edit that
 * changes nothing answers the product as it is. 404 for an id of another company.
 */
export async function updateProduct(db: Db, companyId: number, id: number, edit: ProductEdit, fotoKey?: string) {
  const set = productPatch(edit);
  if (fotoKey !== undefined) set.fotoKey = fotoKey;
  const where = productWhere(companyId, id);
  const read = db.select().from(wholesaleProducts).where(where).limit(1);
  if (Object.keys(set).length === 0) {
    const [row] = await read;
    if (!row) throw notFound(MSG.notFound);
    return { product: toProductDto(row), previousFotoKey: null };
  }
  const [before, after] = await db.batch([
    read,
    db
      .update(wholesaleProducts)
      .set({ ...set, updatedAt: nowIso() })
      .where(where)
      .returning(),
  ]);
  const [old] = before;
  const [row] = after;
  if (!old || !row) throw notFound(MSG.notFound);
  return { product: toProductDto(row), previousFotoKey: old.fotoKey };
}

/**
 * Deletes a product without sales for real; one with sales keeps its history and is deactivated
 * instead. Both statements run in one batch with opposite conditions, so exactly one applies even
 * when a sale lands at the same moment.
 */
export async function removeProduct(db: Db, companyId: number, id: number) {
  const where = productWhere(companyId, id);
  const hasSales = exists(
    db
      .select({ one: sql`1` })
      .from(wholesaleSales)
      .where(and(eq(wholesaleSales.mayoreoId, wholesaleProducts.id), eq(wholesaleSales.companyId, companyId))),
  );
  const [deleted, deactivated] = await db.batch([
    db
      .delete(wholesaleProducts)
      .where(and(where, not(hasSales)))
      .returning(),
    db.update(wholesaleProducts).set({ isActive: false, updatedAt: nowIso() }).where(and(where, hasSales)).returning(),
  ]);
  const [gone] = deleted;
  if (gone) return { outcome: "deleted" as const, product: toProductDto(gone), fotoKey: gone.fotoKey };
  const [kept] = deactivated;
  if (kept) return { outcome: "deactivated" as const, product: toProductDto(kept), fotoKey: null };
  throw notFound(MSG.notFound);
}
