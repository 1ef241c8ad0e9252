// Wholesale ("mayoreo", spec 3 §2.1, §3, §5): models sold by the box. Pure rules (sale totals in
// centavos, box availability, edit patches, the five stat cards) and the D1 reads and writes, every
// one of them scoped to the caller's company.
import { and, desc, eq, exists, not, sql } from "drizzle-orm";
import {
  WHOLESALE_BOXES_MIN,
  WHOLESALE_MODEL_REQUIRED,
  WHOLESALE_PAIRS_PER_BOX_POSITIVE,
  WHOLESALE_PRICE_POSITIVE,
} from "../../shared/messages";
import { inTenant } from "../auth/tenant";
import type { Db } from "../db/client";
import { wholesaleProducts, wholesaleSales } from "../db/schema";
import { ApiError, conflict, notFound } from "../lib/errors";
import { fileUrl } from "../lib/uploads";
import { toCentavos, toPesos } from "./money";

// ---------------------------------------------------------------- limits and texts

/** Bounds that keep every total (boxes × price in centavos) an exact integer in JavaScript and SQLite. */
export const MAX_BOXES = 100_000;
export const MAX_PAIRS_PER_BOX = 1_000;
export const MAX_PRICE_PESOS = 100_000_000;

export const MSG = {
  modeloRequired: WHOLESALE_MODEL_REQUIRED,
  boxesMin: WHOLESALE_BOXES_MIN,
  pairsMin: WHOLESALE_PAIRS_PER_BOX_POSITIVE,
  priceMin: WHOLESALE_PRICE_POSITIVE,
  saleBoxesMin: "La cantidad de cajas vendidas debe ser al menos 1",
  productCreated: "Producto de mayoreo creado exitosamente",
  productUpdated: "Producto actualizado exitosamente",
  productDeleted: "Producto eliminado exitosamente",
  productDeactivated:
    "Producto eliminado exitosamente: tiene ventas registradas, así que se desactivó y su historial de ventas se conserva",
  saleRegistered: "Venta de mayoreo registrada exitosamente",
  notFound: "Producto de mayoreo no encontrado",
  inactive: "El producto no está activo",
} as const;

export const insufficientBoxes = (available: number, requested: number) =>
  `Cajas insuficientes: disponibles ${Math.max(0, available)}, solicitadas ${requested}`;

// ---------------------------------------------------------------- pure rules

type ProductRow = typeof wholesaleProducts.$inferSelect;
type SaleRow = typeof wholesaleSales.$inferSelect;

/** A price in pesos as stored: integer centavos, at least one centavo (the column's CHECK is > 0). */
export function priceCentavos(pesos: number): number {
  const centavos = toCentavos(pesos);
  if (centavos < 1) throw new ApiError(422, MSG.priceMin);
  if (pesos > MAX_PRICE_PESOS) throw new ApiError(422, "El precio es demasiado alto");
  return centavos;
}

/** total = boxes × unit price, exactly, in centavos. */
export function saleTotalCentavos(boxes: number, unitCentavos: number): number {
  if (!Number.isInteger(boxes) || boxes < 1) throw new ApiError(422, MSG.saleBoxesMin);
  if (!Number.isInteger(unitCentavos) || unitCentavos < 1) throw new ApiError(422, MSG.priceMin);
  const total = boxes * unitCentavos;
  if (!Number.isSafeInteger(total)) throw new ApiError(422, "El total de la venta es demasiado alto");
  return total;
}

/** The sale's unit price: the one sent, or else the product's price (spec 3 §5). */
export function saleUnitCentavos(productPriceCentavos: number, requestedPesos: number | null | undefined): number {
  if (requestedPesos === null || requestedPesos === undefined) return productPriceCentavos;
  return priceCentavos(requestedPesos);
}

/** A sale needs an active product with at least the boxes asked for (409 otherwise). */
export function assertSellable(product: { isActive: boolean; cantidadCajasDisponibles: number }, requested: number) {
  if (!product.isActive) throw conflict(MSG.inactive);
  if (product.cantidadCajasDisponibles < requested) {
    throw conflict(insufficientBoxes(product.cantidadCajasDisponibles, requested));
  }
}

/**
 * Edits send only the changed fields, and an empty numeric input keeps the old value (spec 3 §5):
 * drops the keys whose value is "" or null among `keys`, so they read as "not sent".
 */
export function omitBlank<T extends Record<string, unknown>>(input: T, keys: readonly string[]): T {
  const out: Record<string, unknown> = { ...input };
  for (const key of keys) {
    const value = out[key];
    if (value === null || (typeof value === "string" && value.trim() === "")) delete out[key];
  }
  return out as T;
}

export interface ProductInput {
  modelo: string;
  cantidad_cajas_disponibles: number;
  pares_por_caja: number;
  precio: number;
  tallas: string | null;
}

export interface ProductEdit {
  modelo?: string | undefined;
  cantidad_cajas_disponibles?: number | undefined;
  pares_por_caja?: number | undefined;
  precio?: number | undefined;
  tallas?: string | null | undefined;
  is_active?: boolean | undefined;
}

type ProductSet = Partial<
  Pick<
    ProductRow,
    "modelo" | "cantidadCajasDisponibles" | "paresPorCaja" | "precio" | "tallas" | "isActive" | "fotoKey"
  >
>;

/** The columns an edit changes (price converted to centavos); fields not sent stay out. */
export function productPatch(edit: ProductEdit): ProductSet {
  const set: ProductSet = {};
  if (edit.modelo !== undefined) set.modelo = edit.modelo;
  if (edit.cantidad_cajas_disponibles !== undefined) set.cantidadCajasDisponibles = edit.cantidad_cajas_disponibles;
  if (edit.pares_por_caja !== undefined) set.paresPorCaja = edit.pares_por_caja;
  if (edit.precio !== undefined) set.precio = priceCentavos(edit.precio);
  if (edit.tallas !== undefined) set.tallas = edit.tallas;
  if (edit.is_active !== undefined) set.isActive = edit.is_active;
  return set;
}

export type StatsProduct = Pick<ProductRow, "cantidadCajasDisponibles" | "paresPorCaja" | "precio" | "isActive">;
export interface SalesTotals {
  count: number;
  boxes: number;
  totalCentavos: number;
}

/** The five stat cards of the wholesale section (plus total products, pairs and boxes sold), in pesos. */
export function wholesaleStats(products: readonly StatsProduct[], sales: SalesTotals) {
  let active = 0;
  let boxes = 0;
  let pairs = 0;
  let valueCentavos = 0;
  for (const p of products) {
    if (!p.isActive) continue;
    active += 1;
    boxes += p.cantidadCajasDisponibles;
    pairs += p.cantidadCajasDisponibles * p.paresPorCaja;
    valueCentavos += p.cantidadCajasDisponibles * p.precio;
  }
  return {
    productos_activos: active,
    total_cajas_disponibles: boxes,
    valor_inventario: toPesos(valueCentavos),
    total_ventas: sales.count,
    valor_total_ventas: toPesos(sales.totalCentavos),
    total_productos: products.length,
    total_pares_disponibles: pairs,
    total_cajas_vendidas: sales.boxes,
  };
}

export type WholesaleStats = ReturnType<typeof wholesaleStats>;

export function toProductDto(row: ProductRow) {
  return {
    id: row.id,
    modelo: row.modelo,
    cantidad_cajas_disponibles: row.cantidadCajasDisponibles,
    pares_por_caja: row.paresPorCaja,
    precio: toPesos(row.precio),
    tallas: row.tallas,
    // the spec's name; foto_url is kept for Horma's screens
    foto: fileUrl(row.fotoKey),
    foto_url: fileUrl(row.fotoKey),
    is_active: row.isActive,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export type WholesaleProductDto = ReturnType<typeof toProductDto>;

export function toSaleDto(row: SaleRow, modelo: string) {
  return {
    id: row.id,
    mayoreo_id: row.mayoreoId,
    mayoreo_producto: modelo,
    cantidad_cajas_vendidas: row.cantidadCajasVendidas,
    precio_unitario_venta: toPesos(row.precioUnitarioVenta),
    total_venta: toPesos(row.totalVenta),
    fecha_venta: row.fechaVenta,
    notas: row.notas,
  };
}

export type WholesaleSaleDto = ReturnType<typeof toSaleDto>;

// ---------------------------------------------------------------- D1

const nowIso = () => new Date().toISOString();
const productWhere = (companyId: number, id: number) =>
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
