import { api, byId, call, withKey, withSignal } from "./http";

/** Wholesale (mayoreo), base /api/v1/mayoreo (spec 3 §7.2); Spanish field names as the API has them. */
const mayoreo = api.mayoreo;

export function fetchWholesaleProducts(signal?: AbortSignal) {
  return call(mayoreo.productos.listar.$get(undefined, withSignal(signal)));
}

/** The company's latest wholesale sales (`limit` of them; the statistics' total_ventas says how many in all). */
export function fetchWholesaleSales(signal?: AbortSignal, limit = 10) {
  return call(mayoreo.ventas.listar.$get({ query: { limit: String(limit) } }, withSignal(signal)));
}

export function fetchWholesaleStats(signal?: AbortSignal) {
  return call(mayoreo.estadisticas.$get(undefined, withSignal(signal)));
}

/** Rows per call of a product's history (the route's largest page). */
const HISTORY_PAGE = 1000;

/**
 * Every sale of one wholesale product, newest first: the route answers a bare list (spec 3 §7.2) a
 * page at a time, so pages are asked for until one comes back short; the history is never cut.
 */
export async function fetchProductSales(id: number, signal?: AbortSignal) {
  type Sale = Awaited<ReturnType<typeof productSalesPage>>[number];
  const all: Sale[] = [];
  for (let offset = 0; ; offset += HISTORY_PAGE) {
    const page = await productSalesPage(id, offset, signal);
    all.push(...page);
    if (page.length < HISTORY_PAGE) return all;
  }
}

function productSalesPage(id: number, offset: number, signal?: AbortSignal) {
  const query = { limit: String(HISTORY_PAGE), offset: String(offset) };
  return call(mayoreo.productos[":id"].ventas.$get({ param: byId(id), query }, withSignal(signal)));
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
  const form = {
    modelo: product.modelo,
    cantidad_cajas_disponibles: String(product.cantidad_cajas_disponibles),
    pares_por_caja: String(product.pares_por_caja),
    precio: String(product.precio),
    tallas: product.tallas || undefined,
    foto: product.foto ?? undefined,
  };
  return call(mayoreo.productos.crear.$post({ form }, withKey(idempotencyKey)));
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
  const route = mayoreo.productos[":id"].actualizar;
  if (!foto) return call(route.$put({ param: byId(id), json: changes }));
  const form: Record<string, string | File> = { foto };
  for (const [key, value] of Object.entries(changes)) form[key] = value === null ? "" : String(value);
  return call(route.$put({ param: byId(id), form }));
}

export function deleteWholesaleProduct(id: number) {
  return call(mayoreo.productos[":id"].eliminar.$delete({ param: byId(id) }));
}

export type NewWholesaleSale = {
  mayoreo_id: number;
  cantidad_cajas_vendidas: number;
  precio_unitario_venta: number;
  notas: string | null;
};

/** POST /ventas/registrar; a retry with the same key answers the sale already registered. */
export function registerWholesaleSale(sale: NewWholesaleSale, idempotencyKey: string) {
  return call(mayoreo.ventas.registrar.$post({ json: sale }, withKey(idempotencyKey)));
}
