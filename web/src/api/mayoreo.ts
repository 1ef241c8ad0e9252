import {
  WholesaleDeletedSchema,
  WholesaleProductSavedSchema,
  WholesaleProductsSchema,
  WholesaleSaleCreatedSchema,
  WholesaleSalesSchema,
  WholesaleStatsSchema,
} from "./admin-schemas";
import { apiRequest } from "./http";

/** Wholesale (mayoreo), base /api/v1/mayoreo (spec 3 §7.2); Spanish field names as the API has them. */
const BASE = "/api/v1/mayoreo";

export function fetchWholesaleProducts(signal?: AbortSignal) {
  return apiRequest(`${BASE}/productos/listar`, WholesaleProductsSchema, { signal });
}

export function fetchWholesaleSales(signal?: AbortSignal) {
  return apiRequest(`${BASE}/ventas/listar`, WholesaleSalesSchema, { signal });
}

export function fetchWholesaleStats(signal?: AbortSignal) {
  return apiRequest(`${BASE}/estadisticas`, WholesaleStatsSchema, { signal });
}

export function fetchProductSales(id: number, signal?: AbortSignal) {
  return apiRequest(`${BASE}/productos/${id}/ventas`, WholesaleSalesSchema, { signal });
}

export type NewWholesaleProduct = {
  modelo: string;
  cantidad_cajas_disponibles: number;
  pares_por_caja: number;
  precio: number;
  tallas: string;
  foto: File | null;
};

/** POST /productos/crear (multipart: the photo is optional). */
export function createWholesaleProduct(product: NewWholesaleProduct, idempotencyKey: string) {
  const form = new FormData();
  form.set("modelo", product.modelo);
  form.set("cantidad_cajas_disponibles", String(product.cantidad_cajas_disponibles));
  form.set("pares_por_caja", String(product.pares_por_caja));
  form.set("precio", String(product.precio));
  if (product.tallas) form.set("tallas", product.tallas);
  if (product.foto) form.set("foto", product.foto, product.foto.name);
  return apiRequest(`${BASE}/productos/crear`, WholesaleProductSavedSchema, {
    method: "POST",
    body: form,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** Only the fields that changed (spec §5). */
export type WholesaleProductChanges = Partial<{
  modelo: string;
  cantidad_cajas_disponibles: number;
  pares_por_caja: number;
  precio: number;
  tallas: string | null;
  is_active: boolean;
}>;

/** PUT /productos/{id}/actualizar: multipart when a new photo goes along, otherwise JSON. */
export function updateWholesaleProduct(id: number, changes: WholesaleProductChanges, foto: File | null) {
  let body: WholesaleProductChanges | FormData = changes;
  if (foto) {
    const form = new FormData();
    for (const [key, value] of Object.entries(changes)) form.set(key, value === null ? "" : String(value));
    form.set("foto", foto, foto.name);
    body = form;
  }
  return apiRequest(`${BASE}/productos/${id}/actualizar`, WholesaleProductSavedSchema, { method: "PUT", body });
}

export function deleteWholesaleProduct(id: number) {
  return apiRequest(`${BASE}/productos/${id}/eliminar`, WholesaleDeletedSchema, { method: "DELETE" });
}

export type NewWholesaleSale = {
  mayoreo_id: number;
  cantidad_cajas_vendidas: number;
  precio_unitario_venta: number;
  notas: string | null;
};

/** POST /ventas/registrar; a retry with the same key answers the sale already registered. */
export function registerWholesaleSale(sale: NewWholesaleSale, idempotencyKey: string) {
  return apiRequest(`${BASE}/ventas/registrar`, WholesaleSaleCreatedSchema, {
    method: "POST",
    body: sale,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}
