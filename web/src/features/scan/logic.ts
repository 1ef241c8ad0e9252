// The scanner's rules: what the option cards show, the details stage's size and location choice, and
// the data it hands to the sales form and to the transfer request (spec 1 §2, §3, §5).
import { SOURCE_LOCATION_UNKNOWN } from "../../../../shared/messages";
import { emptySale, type SaleDraft } from "../seller/saleForm";
import type { ScannerPrefill } from "../seller/transfers/search";
import type { LocationStock, ScanMatch, SizeDetail, TransferSuggestion } from "./api";

export const SIZES_PER_CARD = 5;
export const SUGGESTIONS_PER_CARD = 2;
/** Spec 1 §9: sizes shown when no stock data exists. */
export const DEFAULT_SIZES = ["7", "7.5", "8", "8.5", "9", "9.5", "10", "10.5", "11"];

export const SIZE_NOT_FOUND = "Error: No se encontró información de la talla seleccionada";
export const SOURCE_UNKNOWN = SOURCE_LOCATION_UNKNOWN;
export const CONFIDENCE_LABEL: Record<ScanMatch["confidence_level"], string> = {
  very_high: "Muy alta",
  high: "Alta",
  medium: "Media",
  low: "Baja",
};

/** Options stage: only the first 5 sizes of a card (the rest as a count). */
export function cardSizes(match: ScanMatch): { shown: string[]; more: number } {
  const all = match.sizes.available_sizes;
  return { shown: all.slice(0, SIZES_PER_CARD), more: Math.max(0, all.length - SIZES_PER_CARD) };
}

/** Options stage: only the first 2 transfer suggestions. */
export function cardSuggestions(match: ScanMatch): TransferSuggestion[] {
  return match.transfer_suggestions.slice(0, SUGGESTIONS_PER_CARD);
}

export type Availability = "local" | "transfer" | "none";

export function availabilityOf(match: ScanMatch): Availability {
  if (match.availability.can_sell_now) return "local";
  if (match.sizes.available_sizes.length > 0 || match.global_summary.total_pairs > 0) return "transfer";
  return "none";
}

/** Details stage: every size with stock data (else the default sizes), sorted as sizes. */
export function sizeChoices(match: ScanMatch): string[] {
  const sizes = Object.keys(match.sizes.detailed_by_size);
  if (sizes.length === 0) return DEFAULT_SIZES;
  return sizes.sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b) || a.localeCompare(b));
}

export function sizeDetail(match: ScanMatch, size: string | null): SizeDetail | null {
  return size === null ? null : (match.sizes.detailed_by_size[size] ?? null);
}

/** Locations holding the size (pairs or single feet), the seller's own first. */
export function locationChoices(detail: SizeDetail | null, userLocationId: number | null): LocationStock[] {
  if (!detail) return [];
  return [...detail.global_distribution.by_location]
    .filter((l) => l.pairs + l.left_feet + l.right_feet + l.exhibition > 0)
    .sort(
      (a, b) =>
        Number(b.location_id === userLocationId) - Number(a.location_id === userLocationId) ||
        b.pairs - a.pairs ||
        a.location_name.localeCompare(b.location_name),
    );
}

/** First size sellable here, else the first with stock anywhere, else the first size. */
export function defaultSize(match: ScanMatch): string | null {
  const sizes = sizeChoices(match);
  const detail = (s: string) => match.sizes.detailed_by_size[s];
  return (
    sizes.find((s) => detail(s)?.local_availability.summary.can_sell_now) ??
    sizes.find((s) => (detail(s)?.global_distribution.total_pairs ?? 0) > 0) ??
    sizes[0] ??
    null
  );
}

/** The seller's own location when it can sell the size; else the location with most pairs. */
export function defaultLocation(detail: SizeDetail | null, userLocationId: number | null): number | null {
  const choices = locationChoices(detail, userLocationId);
  const own = choices.find((l) => l.location_id === userLocationId);
  if (own && own.pairs > 0) return own.location_id;
  return choices.find((l) => l.location_id !== userLocationId)?.location_id ?? own?.location_id ?? null;
}

/** 'Vender' is for a size with pairs (or exhibition units) at the seller's own location. */
export function canSellHere(detail: SizeDetail | null): boolean {
  if (!detail) return false;
  const pairs = detail.local_availability.pairs;
  return pairs.quantity_available_sale > 0 || pairs.quantity_exhibition > 0;
}

export type TransferType = "pair" | "form_pair" | "right_foot" | "left_foot";

/**
 * Spec 1 §5 transfer type rule. `pairs`, `left_feet`, `right_feet` are the chosen source location's
 * stock; `missing_foot` is the foot the seller's own location lacks to complete a pair (it holds the
 * other one). Complete pairs sellable → pair; both feet available → form_pair; missing right foot with
 * left feet available → right_foot; missing left foot with right feet available → left_foot; else pair.
 */
export function transferTypeOf(input: {
  pairs: number;
  left_feet: number;
  right_feet: number;
  missing_foot: "left" | "right" | null;
  local_left: number;
  local_right: number;
}): TransferType {
  if (input.pairs > 0) return "pair";
  if (input.left_feet > 0 && input.right_feet > 0) return "form_pair";
  if (input.missing_foot === "right" && input.local_left > 0) return "right_foot";
  if (input.missing_foot === "left" && input.local_right > 0) return "left_foot";
  return "pair";
}

export type TransferBuild = { ok: true; prefill: ScannerPrefill } | { ok: false; error: string };

/** The transfer request payload built by the scanner (spec 1 §3), for the transfers view's 'new' tab. */
export function buildTransferRequest(
  match: ScanMatch,
  size: string | null,
  sourceLocationId: number | null,
  userLocationId: number | null,
): TransferBuild {
  const detail = sizeDetail(match, size);
  if (!detail || size === null) return { ok: false, error: SIZE_NOT_FOUND };
  const source = detail.global_distribution.by_location.find((l) => l.location_id === sourceLocationId);
  if (sourceLocationId === null || !source || sourceLocationId === userLocationId) {
    return { ok: false, error: SOURCE_UNKNOWN };
  }
  const local = detail.local_availability;
  const localLeft = local.individual_feet.left.quantity;
  const localRight = local.individual_feet.right.quantity;
  const missing = localLeft > localRight ? "right" : localRight > localLeft ? "left" : null;
  const transferType = transferTypeOf({
    pairs: source.pairs,
    left_feet: source.left_feet,
    right_feet: source.right_feet,
    missing_foot: missing,
    local_left: localLeft,
    local_right: localRight,
  });
  const { product } = match;
  return {
    ok: true,
    prefill: {
      sneaker_reference_code: product.reference_code,
      brand: product.brand,
      model: product.model,
      color: product.color,
      size,
      source_location_id: source.location_id,
      destination_location_id: userLocationId,
      pairs: source.pairs,
      left_feet: source.left_feet,
      right_feet: source.right_feet,
      can_sell: source.pairs > 0,
      can_form_pair: source.left_feet > 0 && source.right_feet > 0,
      missing_foot: missing,
      location_name: source.location_name,
      transfer_type: transferType,
      request_notes: `Solicitud desde el escáner: ${product.brand} ${product.model} talla ${size}`,
      available_options: {
        pairs_available: source.pairs > 0,
        pairs_quantity: source.pairs,
        left_feet_available: source.left_feet > 0,
        left_feet_quantity: source.left_feet,
        right_feet_available: source.right_feet > 0,
        right_feet_quantity: source.right_feet,
      },
    },
  };
}

/** What 'Vender' hands to the sales form: one line of the scanned product in the chosen size. */
export type ScannedSale = {
  reference_code: string;
  brand: string;
  model: string;
  color: string;
  size: string;
  unit_price: number;
};

/** A product's sale line in one size (a scanned match's, or one found offline in the phone's catalogue). */
export function scannedSale(product: ScanMatch["product"], size: string): ScannedSale {
  return {
    reference_code: product.reference_code,
    brand: product.brand,
    model: product.model,
    color: product.color ?? "",
    size,
    unit_price: product.unit_price,
  };
}

export function buildSale(match: ScanMatch, size: string | null): ScannedSale | { error: string } {
  if (size === null || !sizeDetail(match, size)) return { error: SIZE_NOT_FOUND };
  return scannedSale(match.product, size);
}

/** The sales form's starting draft for a scanned product: its line filled in, quantity 1. */
export function saleDraftFromScan(sale: ScannedSale): SaleDraft {
  const draft = emptySale();
  const [line] = draft.lines;
  if (!line) return draft;
  return {
    ...draft,
    lines: [
      {
        ...line,
        reference_code: sale.reference_code,
        brand: sale.brand,
        model: sale.model,
        color: sale.color,
        size: sale.size,
        quantity: "1",
        unit_price: String(sale.unit_price),
        catalogue_price: sale.unit_price,
      },
    ],
  };
}
