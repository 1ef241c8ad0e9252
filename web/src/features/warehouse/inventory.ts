import type { InventoryLocation, InventoryProduct } from "../../api/transfers-schemas";
import { normalise } from "../../lib/catalogue/search";
import { formatCOP } from "../../lib/format";

/**
 * Free-text search of the inventory tab, by words: "vans blanco", "authentic 39". Each typed word must
 * match some field of the product, ignoring case and accents (normalised as the seller's catalogue
 * search does, web/src/lib/catalogue/search.ts): found inside the brand, model, colour, reference,
 * description or location; equal to one of its sizes (39 is size 39, not a price ending in 39) or its id;
 * or the start of a price, written plain (289900) or as shown (289.900). "talla" before a size reads as
 * a word of the sizes.
 */
export function productMatches(product: InventoryProduct, query: string): boolean {
  const words = normalise(query).split(" ").filter(Boolean);
  if (words.length === 0) return true;
  const texts = [
    product.description,
    product.brand,
    product.model,
    product.reference_code,
    product.color_info,
    product.location_name,
  ]
    .filter((t): t is string => Boolean(t))
    .map(normalise);
  const sizes = product.sizes.map((s) => normalise(s.size));
  const prices = [product.unit_price, product.box_price]
    .filter((p): p is number => p !== null)
    .flatMap((p) => [String(p), normalise(formatCOP(p)).replace(/^\$\s*/, "")]);
  return words.every(
    (word) =>
      texts.some((text) => text.includes(word)) ||
      sizes.includes(word) ||
      (word === "talla" && sizes.length > 0) ||
      word === String(product.product_id) ||
      prices.some((price) => price.startsWith(word)),
  );
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
