// What the scanner shows for a matched product (spec 1 §3 'Scan response'): sizes, stock at the
// seller's location, stock everywhere, pairs that single feet could form, and transfer suggestions.
import type { inventory, locations } from "../../db/schema";

/** What the availability block reads of a stock cell (a full inventory row fits). */
type Cell = Pick<
  typeof inventory.$inferSelect,
  | "locationId"
  | "size"
  | "pairs"
  | "leftFeet"
  | "rightFeet"
  | "exhibition"
  | "reservedPairs"
  | "reservedLeft"
  | "reservedRight"
>;
type Place = typeof locations.$inferSelect;

type LocationStock = {
  location_id: number;
  location_name: string;
  location_type: "local" | "bodega";
  pairs: number;
  left_feet: number;
  right_feet: number;
  exhibition: number;
};

/** One size of a matched product: what the seller's location has and where the rest is. */
export type SizeAvailability = {
  local_availability: {
    location_id: number | null;
    location_name: string | null;
    location_type: "local" | "bodega" | null;
    pairs: { quantity: number; quantity_available_sale: number; quantity_exhibition: number };
    individual_feet: {
      left: { quantity: number };
      right: { quantity: number };
      can_form_pair: boolean;
      missing: "left" | "right" | null;
    };
    summary: { can_sell_now: boolean };
  };
  global_distribution: {
    by_location: LocationStock[];
    total_pairs: number;
    total_left_feet: number;
    total_right_feet: number;
  };
};

type PairFormation = {
  size: string;
  action: "solicitar_pie_derecho" | "solicitar_pie_izquierdo";
  priority: "high" | "normal";
  estimated_time_hours: number;
  from_locations: { location_id: number; location_name: string; quantity: number; type: "left" | "right" }[];
};

type TransferSuggestion = {
  size: string;
  action: "solicitar_transferencia";
  source_location_id: number;
  location_name: string;
  estimated_time_minutes: number;
  steps: string[];
  metadata: { available_quantity: number };
};

const sizeOrder = (a: string, b: string) => Number.parseFloat(a) - Number.parseFloat(b) || a.localeCompare(b);

export function availabilityFor(
  cells: readonly Cell[],
  places: ReadonlyMap<number, Place>,
  userLocationId: number | null,
) {
  const sizes = [...new Set(cells.map((c) => c.size))].sort(sizeOrder);
  const detailed: Record<string, SizeAvailability> = {};
  const available: string[] = [];
  const formation: PairFormation[] = [];
  const suggestions: TransferSuggestion[] = [];
  for (const size of sizes) {
    const here = cells.filter((c) => c.size === size);
    const local = here.find((c) => c.locationId === userLocationId);
    const freePairs = (c: Cell | undefined) => (c ? Math.max(0, c.pairs - c.reservedPairs) : 0);
    const left = local ? Math.max(0, local.leftFeet - local.reservedLeft) : 0;
    const right = local ? Math.max(0, local.rightFeet - local.reservedRight) : 0;
    const localPairs = freePairs(local);
    const place = userLocationId === null ? undefined : places.get(userLocationId);
    const byLocation = here
      .filter((c) => c.pairs + c.leftFeet + c.rightFeet > 0)
      .map(
        (c): LocationStock => ({
          location_id: c.locationId,
          location_name: places.get(c.locationId)?.name ?? "",
          location_type: places.get(c.locationId)?.type ?? "local",
          pairs: freePairs(c),
          left_feet: Math.max(0, c.leftFeet - c.reservedLeft),
          right_feet: Math.max(0, c.rightFeet - c.reservedRight),
          exhibition: c.exhibition,
        }),
      );
    const elsewhere = byLocation.filter((l) => l.location_id !== userLocationId);
    const missing: "left" | "right" | null = left > right ? "right" : right > left ? "left" : null;
    detailed[size] = {
      local_availability: {
        location_id: userLocationId,
        location_name: place?.name ?? null,
        location_type: place?.type ?? null,
        pairs: {
          quantity: localPairs + (local?.exhibition ?? 0),
          quantity_available_sale: localPairs,
          quantity_exhibition: local?.exhibition ?? 0,
        },
        individual_feet: {
          left: { quantity: left },
          right: { quantity: right },
          can_form_pair: left > 0 && right > 0,
          missing,
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
    if (byLocation.some((l) => l.pairs > 0)) available.push(size);
    // a single foot here whose partner sits in another location can become a sellable pair
    if (missing) {
      const partners = elsewhere.filter((l) => (missing === "right" ? l.right_feet : l.left_feet) > 0);
      if (partners.length > 0) {
        formation.push({
          size,
          action: missing === "right" ? "solicitar_pie_derecho" : "solicitar_pie_izquierdo",
          priority: localPairs === 0 ? "high" : "normal",
          estimated_time_hours: 1,
          from_locations: partners.map((l) => ({
            location_id: l.location_id,
            location_name: l.location_name,
            quantity: missing === "right" ? l.right_feet : l.left_feet,
            type: missing,
          })),
        });
      }
    }
    if (localPairs === 0) {
      for (const l of elsewhere.filter((x) => x.pairs > 0).sort((a, b) => b.pairs - a.pairs)) {
        suggestions.push({
          size,
          action: "solicitar_transferencia",
          source_location_id: l.location_id,
          location_name: l.location_name,
          estimated_time_minutes: l.location_type === "bodega" ? 45 : 30,
          steps: [
            "Solicitar transferencia",
            `${l.location_type === "bodega" ? "La bodega" : "El local"} prepara el par`,
            "Corredor entrega en tu local",
            "Confirmar recepción",
          ],
          metadata: { available_quantity: l.pairs },
        });
      }
    }
  }
  const distributionMatrix = Object.fromEntries(
    [...places.values()].map((p) => [
      p.name,
      Object.fromEntries(
        sizes.map((size) => [size, cells.find((c) => c.locationId === p.id && c.size === size)?.pairs ?? 0]),
      ),
    ]),
  );
  const canSellNow = sizes.some((s) => detailed[s]?.local_availability.summary.can_sell_now === true);
  return {
    sizes: { available_sizes: available, detailed_by_size: detailed },
    distribution_matrix: distributionMatrix,
    global_summary: {
      total_pairs: cells.reduce((a, c) => a + Math.max(0, c.pairs - c.reservedPairs), 0),
      total_left_feet: cells.reduce((a, c) => a + c.leftFeet, 0),
      total_right_feet: cells.reduce((a, c) => a + c.rightFeet, 0),
      locations_with_stock: new Set(cells.filter((c) => c.pairs > 0).map((c) => c.locationId)).size,
    },
    pair_formation_opportunities: formation,
    transfer_suggestions: suggestions,
    can_sell_now: canSellNow,
    available_elsewhere: !canSellNow && available.length > 0,
  };
}
