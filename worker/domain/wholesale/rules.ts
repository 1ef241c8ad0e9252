// Wholesale: the pure rules (prices and totals in centavos, availability, edit patches, stats, answers).

import type { wholesaleProducts, wholesaleSales } from "../../db/schema";
import { fileUrl } from "../../lib/uploads";
import { conflict, invalid } from "../shared/errors";
import { toCentavos, toPesos } from "../shared/money";
import { insufficientBoxes, MAX_PRICE_PESOS, MSG } from "./limits";

type ProductRow = typeof wholesaleProducts.$inferSelect;
type SaleRow = typeof wholesaleSales.$inferSelect;

/** A price in pesos as stored: integer centavos, at least one centavo (the column's CHECK is > 0). */
export function priceCentavos(pesos: number): number {
  const centavos = toCentavos(pesos);
  if (centavos < 1) throw invalid(MSG.priceMin);
  if (pesos > MAX_PRICE_PESOS) throw invalid("El precio es demasiado alto");
  return centavos;
}

/** total = boxes × unit price, exactly, in centavos. */
export function saleTotalCentavos(boxes: number, unitCentavos: number): number {
  if (!Number.isInteger(boxes) || boxes < 1) throw invalid(MSG.saleBoxesMin);
  if (!Number.isInteger(unitCentavos) || unitCentavos < 1) throw invalid(MSG.priceMin);
  const total = boxes * unitCentavos;
  if (!Number.isSafeInteger(total)) throw invalid("El total de la venta es demasiado alto");
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
