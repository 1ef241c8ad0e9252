import type { InventoryLocation, InventoryProduct } from "../../api/transfers-schemas";
import { formatCOP } from "../../lib/format";

/**
 * Free-text search of the inventory tab: description, brand, model, reference, colour, location,
 * product id, prices and size text, case-insensitively.
 */
export function productMatches(product: InventoryProduct, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase("es");
  if (!needle) return true;
  const haystack = [
    product.description,
    product.brand,
    product.model,
    product.reference_code,
    product.color_info,
    product.location_name,
    String(product.product_id),
    String(product.unit_price),
    formatCOP(product.unit_price),
    product.box_price === null ? null : String(product.box_price),
    product.box_price === null ? null : formatCOP(product.box_price),
    ...product.sizes.flatMap((s) => [s.size, `talla ${s.size}`]),
  ];
  return haystack.some((text) => text?.toLocaleLowerCase("es").includes(needle));
}

export type LocationSummary = {
  uniqueProducts: number;
  activeProducts: number;
  totalUnits: number;
  totalSizes: number;
  totalValue: number;
  averagePerProduct: number;
};

/** The per-location summary card of the 'all locations' view. */
export function summarizeLocation(location: InventoryLocation): LocationSummary {
  const products = location.products;
  const totalUnits = products.reduce((acc, p) => acc + p.total_quantity, 0);
  return {
    uniqueProducts: products.length,
    activeProducts: products.filter((p) => p.is_active === 1).length,
    totalUnits,
    totalSizes: products.reduce((acc, p) => acc + p.sizes.length, 0),
    totalValue: products.reduce((acc, p) => acc + Math.round(p.total_quantity * p.unit_price * 100), 0) / 100,
    averagePerProduct: products.length === 0 ? 0 : Math.round((totalUnits / products.length) * 10) / 10,
  };
}
