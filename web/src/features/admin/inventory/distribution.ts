import { DISTRIBUTION_REQUIRED, UNIT_PRICE_INVALID, VIDEO_NOT_FOUND } from "../../../../../shared/messages";
import type { EntryLocationQuantity, EntrySize } from "../../../api/inventory-entry";

/** One location/quantity line of a size (as typed: strings until sent). */
export type EntryLine = { key: string; location_id: string; quantity: string };
export type Side = "pairs" | "left_feet" | "right_feet";
export type SizeRow = {
  key: string;
  size: string;
  /** the box's code for this size, registered on the product after the entry (optional) */
  barcode: string;
  pairs: EntryLine[];
  left_feet: EntryLine[];
  right_feet: EntryLine[];
};

export const SIDE_LABEL: Record<Side, string> = {
  pairs: "Pares",
  left_feet: "Pies izquierdos",
  right_feet: "Pies derechos",
};

export const NO_VALID_SIZE = DISTRIBUTION_REQUIRED;
export const INVALID_PRICE = UNIT_PRICE_INVALID;
export const NO_VIDEO = VIDEO_NOT_FOUND;
export const UNBALANCED = "Desbalanceado";

let counter = 0;
/** Stable React keys for rows added and removed while typing. */
export function newKey(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

export function emptyLine(): EntryLine {
  return { key: newKey("line"), location_id: "", quantity: "" };
}

export function emptySizeRow(): SizeRow {
  return { key: newKey("size"), size: "", barcode: "", pairs: [emptyLine()], left_feet: [], right_feet: [] };
}

function quantityOf(line: EntryLine): number {
  const n = Number(line.quantity);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** Entries without a location or with quantity 0 (or not a whole number) are dropped (spec §5). */
export function keptEntries(lines: readonly EntryLine[]): EntryLocationQuantity[] {
  return lines.flatMap((line) => {
    const quantity = quantityOf(line);
    const location = Number(line.location_id);
    return line.location_id && location > 0 && quantity > 0 ? [{ location_id: location, quantity }] : [];
  });
}

const total = (entries: readonly EntryLocationQuantity[]) => entries.reduce((acc, e) => acc + e.quantity, 0);

/** Left and right feet of a size, counting only the entries that will be sent. */
export function footTotals(row: SizeRow): { left: number; right: number } {
  return { left: total(keptEntries(row.left_feet)), right: total(keptEntries(row.right_feet)) };
}

/** The 'Desbalanceado' warning: left and right feet of the size differ. */
export function isUnbalanced(row: SizeRow): boolean {
  const { left, right } = footTotals(row);
  return left !== right;
}

/** A size counts when it has a name and a valid pair entry, or both a left-foot and a right-foot entry. */
export function sizeHasDistribution(row: SizeRow): boolean {
  if (!row.size.trim()) return false;
  if (keptEntries(row.pairs).length > 0) return true;
  return keptEntries(row.left_feet).length > 0 && keptEntries(row.right_feet).length > 0;
}

/** The distribution status dot. */
export function hasValidDistribution(rows: readonly SizeRow[]): boolean {
  return rows.some(sizeHasDistribution);
}

export type BuiltDistribution = { ok: true; sizes: EntrySize[] } | { ok: false; error: string };

/**
 * What is sent as sizes_distribution_json: empty entries dropped, left = right per size (spec
 * message otherwise), and at least one size with a valid distribution.
 */
export function buildDistribution(rows: readonly SizeRow[]): BuiltDistribution {
  const sizes: EntrySize[] = [];
  for (const row of rows) {
    const size = row.size.trim();
    if (!size) continue;
    const { left, right } = footTotals(row);
    if (left !== right) {
      return {
        ok: false,
        error: `Error en talla ${size}: Pies izquierdos (${left}) debe ser igual a pies derechos (${right})`,
      };
    }
    if (!sizeHasDistribution(row)) continue;
    sizes.push({
      size,
      pairs: keptEntries(row.pairs),
      left_feet: keptEntries(row.left_feet),
      right_feet: keptEntries(row.right_feet),
    });
  }
  return sizes.length > 0 ? { ok: true, sizes } : { ok: false, error: NO_VALID_SIZE };
}

/** The price as typed → a number (0 when empty or not a number). */
export function priceValue(text: string): number {
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
}

export const SUBMIT_LABEL = {
  ready: "Registrar Inventario con Distribución",
  noPrice: "Ingresa el precio",
  noVideo: "Graba un video primero",
} as const;

/** The submit button's text; it is disabled unless the text is the ready one. */
export function submitLabel(unitPrice: number, hasVideo: boolean): string {
  if (!(unitPrice > 0)) return SUBMIT_LABEL.noPrice;
  if (!hasVideo) return SUBMIT_LABEL.noVideo;
  return SUBMIT_LABEL.ready;
}

/** The box labels of an entry: one per pair entered, per size (loose feet get no box). */
export function entryLabels(rows: readonly SizeRow[]): { size: string; copies: number }[] {
  return rows
    .map((row) => ({ size: row.size.trim(), copies: row.pairs.reduce((a, line) => a + quantityOf(line), 0) }))
    .filter((l) => l.size && l.copies > 0);
}

/** The box codes typed or scanned in an entry, per size. */
export function entryBarcodes(rows: readonly SizeRow[]): { size: string; barcode: string }[] {
  return rows.map((row) => ({ size: row.size.trim(), barcode: row.barcode.trim() })).filter((v) => v.size && v.barcode);
}
