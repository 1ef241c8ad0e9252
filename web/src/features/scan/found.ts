// A product chosen in the scan screen's search: shown in the details stage like a scan's match, with
// its stock from GET /api/v1/products/lookup (the same availability block) or, offline, without stock.
import type { Lookup } from "../../api/catalogue";
import type { CatalogueProduct } from "../../ml/protocol";
import type { ScanMatch } from "./api";

const productOf = (p: CatalogueProduct, description: string | null = null): ScanMatch["product"] => ({
  product_id: p.product_id,
  reference_code: p.reference_code,
  brand: p.brand,
  model: p.model,
  color: p.color,
  description,
  image_url: p.image_url,
  unit_price: p.unit_price,
  box_price: null,
});

const chosen = { confidence_percentage: 100, similarity_score: 1, confidence_level: "very_high" as const };

/** The lookup's answer as a match (the product as the server has it now: price, photo). */
export function matchFromLookup(found: Lookup): ScanMatch {
  const p = found.product;
  const stock = found.availability;
  return {
    rank: 1,
    product: {
      product_id: p.id,
      reference_code: p.reference_code,
      brand: p.brand,
      model: p.model,
      color: p.color,
      description: null,
      image_url: p.image_url,
      unit_price: p.unit_price,
      box_price: p.box_price,
    },
    sizes: stock.sizes,
    classification: { brand_detected: p.brand, model_detected: p.model },
    global_summary: stock.global_summary,
    distribution_matrix: stock.distribution_matrix,
    pair_formation_opportunities: stock.pair_formation_opportunities,
    transfer_suggestions: stock.transfer_suggestions,
    availability: { can_sell_now: stock.can_sell_now, requires_transfer: stock.available_elsewhere },
    ...chosen,
  };
}

/** Offline: the product and its catalogue price from the phone's copy, with no stock to show. */
export function matchFromCatalogue(product: CatalogueProduct): ScanMatch {
  return {
    rank: 1,
    product: productOf(product),
    sizes: { available_sizes: [], detailed_by_size: {} },
    classification: { brand_detected: product.brand, model_detected: product.model },
    global_summary: { total_pairs: 0, total_left_feet: 0, total_right_feet: 0, locations_with_stock: 0 },
    distribution_matrix: {},
    pair_formation_opportunities: [],
    transfer_suggestions: [],
    availability: { can_sell_now: false, requires_transfer: false },
    ...chosen,
  };
}

/** Design §7's levels: very_high ≥ 90 %, high ≥ 70 %, medium ≥ 50 %, low below. */
function levelOf(percentage: number): ScanMatch["confidence_level"] {
  return percentage >= 90 ? "very_high" : percentage >= 70 ? "high" : percentage >= 50 ? "medium" : "low";
}

/** An on-device candidate (no server): its product and price from the phone's copy, its one score. */
export function matchFromGuess(product: CatalogueProduct, similarity: number): ScanMatch {
  const percentage = Math.round(Math.max(0, Math.min(1, similarity)) * 1000) / 10;
  return {
    ...matchFromCatalogue(product),
    confidence_percentage: percentage,
    similarity_score: similarity,
    confidence_level: levelOf(percentage),
  };
}

/** The sizes the phone's catalogue lists for a product (its box codes), sorted as sizes. */
export function catalogueSizesOf(product: CatalogueProduct): string[] {
  const sizes = [...new Set((product.variants ?? []).map((v) => v.size))];
  return sizes.sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b) || a.localeCompare(b));
}
