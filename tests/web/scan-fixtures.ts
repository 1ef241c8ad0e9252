import type { Lookup } from "../../web/src/api/catalogue";
import type { ScanMatch, ScanResponse, SizeDetail } from "../../web/src/features/scan/api";
import { DEFAULT_MODEL_ID, scanModel } from "../../web/src/ml/models";
import type { CataloguePayload } from "../../web/src/ml/protocol";
import { signIn } from "./helpers";

/** Local Centro (id 1) is the seller's; Bodega Principal (4) and Local Chapinero (2) hold stock too. */
export const LOCAL = { id: 1, name: "Local Centro" };

/** The demo seller of Local Centro, signed in as the scan and search screens see her. */
export function signInLocalSeller() {
  signIn({
    id: 5,
    name: "Valentina Rojas",
    email: "vendedor@demo.horma.co",
    role: "seller",
    token: "tok-seller",
    token_type: "bearer",
    location_id: LOCAL.id,
    company_name: "Calzado Horma Demo",
    location_name: LOCAL.name,
  });
}

type Stock = { id: number; name: string; type?: "local" | "bodega"; pairs?: number; left?: number; right?: number };

export function sizeDetail(local: Omit<Stock, "id" | "name">, elsewhere: Stock[] = []): SizeDetail {
  const localPairs = local.pairs ?? 0;
  const left = local.left ?? 0;
  const right = local.right ?? 0;
  const byLocation = [
    ...(localPairs + left + right > 0
      ? [
          {
            location_id: LOCAL.id,
            location_name: LOCAL.name,
            location_type: "local" as const,
            pairs: localPairs,
            left_feet: left,
            right_feet: right,
            exhibition: 0,
          },
        ]
      : []),
    ...elsewhere.map((s) => ({
      location_id: s.id,
      location_name: s.name,
      location_type: s.type ?? ("bodega" as const),
      pairs: s.pairs ?? 0,
      left_feet: s.left ?? 0,
      right_feet: s.right ?? 0,
      exhibition: 0,
    })),
  ];
  return {
    local_availability: {
      location_id: LOCAL.id,
      location_name: LOCAL.name,
      location_type: "local",
      pairs: { quantity: localPairs, quantity_available_sale: localPairs, quantity_exhibition: 0 },
      individual_feet: {
        left: { quantity: left },
        right: { quantity: right },
        can_form_pair: left > 0 && right > 0,
        missing: left > right ? "right" : right > left ? "left" : null,
      },
      summary: { can_sell_now: localPairs > 0 },
    },
    global_distribution: {
      by_location: byLocation,
      total_pairs: byLocation.reduce((a, l) => a + l.pairs, 0),
      total_left_feet: byLocation.reduce((a, l) => a + l.left_feet, 0),
      total_right_feet: byLocation.reduce((a, l) => a + l.right_feet, 0),
    },
  };
}

const BODEGA = { id: 4, name: "Bodega Principal" };

export function converseMatch(): ScanMatch {
  return {
    rank: 1,
    product: {
      product_id: 11,
      reference_code: "CONVERSE-01",
      brand: "Converse",
      model: "Chuck 70 Low",
      color: "Negro",
      description: "Lona clásica",
      image_url: null,
      unit_price: 369_900,
      box_price: null,
    },
    sizes: {
      available_sizes: ["38", "39", "40", "41", "42", "43", "44"],
      detailed_by_size: {
        "38": sizeDetail({ pairs: 0 }, [{ ...BODEGA, pairs: 2 }]),
        "39": sizeDetail({ pairs: 1 }),
        "40": sizeDetail({ pairs: 3 }, [{ ...BODEGA, pairs: 5 }]),
        "41": sizeDetail({ left: 1 }, [
          { ...BODEGA, right: 2 },
          { id: 2, name: "Local Chapinero", type: "local", pairs: 1 },
        ]),
        "42": sizeDetail({ pairs: 2 }),
        "43": sizeDetail({ pairs: 1 }),
        "44": sizeDetail({ pairs: 1 }),
      },
    },
    classification: { brand_detected: "Converse", model_detected: "Chuck 70 Low" },
    global_summary: { total_pairs: 16, total_left_feet: 1, total_right_feet: 2, locations_with_stock: 3 },
    distribution_matrix: {},
    pair_formation_opportunities: [
      {
        size: "41",
        action: "solicitar_pie_derecho",
        priority: "high",
        estimated_time_hours: 1,
        from_locations: [{ location_id: 4, location_name: "Bodega Principal", quantity: 2, type: "right" }],
      },
    ],
    transfer_suggestions: [
      {
        size: "38",
        action: "solicitar_transferencia",
        source_location_id: 4,
        location_name: "Bodega Principal",
        estimated_time_minutes: 45,
        steps: [],
        metadata: { available_quantity: 2 },
      },
      {
        size: "41",
        action: "solicitar_transferencia",
        source_location_id: 2,
        location_name: "Local Chapinero",
        estimated_time_minutes: 30,
        steps: [],
        metadata: { available_quantity: 1 },
      },
      {
        size: "41",
        action: "solicitar_transferencia",
        source_location_id: 4,
        location_name: "Tercera Sugerencia",
        estimated_time_minutes: 45,
        steps: [],
        metadata: { available_quantity: 9 },
      },
    ],
    availability: { can_sell_now: true, requires_transfer: false },
    confidence_percentage: 92.4,
    similarity_score: 0.9158,
    confidence_level: "very_high",
  };
}

export function scanResponse(matches: ScanMatch[] = [converseMatch()]): ScanResponse {
  return {
    success: true,
    scan_timestamp: "2026-05-04T15:30:00.000Z",
    scanned_by: { name: "Valentina Rojas", user_id: 5, location_id: LOCAL.id },
    user_location: { id: LOCAL.id, name: LOCAL.name, type: "local" },
    processing_time_ms: 12,
    availability_summary: {
      products_classified_only: 0,
      can_sell_immediately: matches.length,
      products_available_locally: matches.length,
      products_requiring_transfer: 0,
    },
    classification_service: {
      model: DEFAULT_MODEL_ID,
      total_database_matches: matches.length,
      references_compared: matches.length,
    },
    results: { total_matches: matches.length, matches },
    is_footwear: true,
  };
}

/** The phone catalogue's answer with these products and no reference vectors (search and codes only). */
export function phoneCatalogue(products: CataloguePayload["products"]): CataloguePayload {
  return {
    model_id: DEFAULT_MODEL_ID,
    dims: scanModel().embeddingSize,
    encoding: "int8-base64",
    scale: 1 / 127,
    count: 0,
    product_ids: [],
    vectors: "",
    colour_bins: 0,
    colour_margin: 0,
    colour_product_ids: [],
    colours: "",
    products,
  };
}

/** The Converse Chuck 70 of the scan fixtures as the phone catalogue lists it. */
export function converseCatalogueProduct(
  patch: Partial<CataloguePayload["products"][number]> = {},
): CataloguePayload["products"][number] {
  return {
    product_id: 11,
    reference_code: "CONVERSE-01",
    brand: "Converse",
    model: "Chuck 70 Low",
    color: "Negro",
    unit_price: 369_900,
    image_url: null,
    has_references: true,
    variants: [],
    ...patch,
  };
}

/** The code lookup of CONVERSE-01 (/products/lookup): the product and the same stock as its scan match. */
export const converseLookup = (): Lookup => {
  const m = converseMatch();
  return {
    matched_by: "reference_code",
    size: null,
    product: {
      id: 11,
      reference_code: "CONVERSE-01",
      brand: "Converse",
      model: "Chuck 70 Low",
      color: "Negro",
      category: "casual",
      unit_price: 369_900,
      box_price: null,
      is_active: true,
      image_url: null,
    },
    availability: {
      sizes: m.sizes,
      global_summary: m.global_summary,
      distribution_matrix: m.distribution_matrix,
      pair_formation_opportunities: m.pair_formation_opportunities,
      transfer_suggestions: m.transfer_suggestions,
      can_sell_now: m.availability.can_sell_now,
      available_elsewhere: m.availability.requires_transfer,
    },
  };
};
