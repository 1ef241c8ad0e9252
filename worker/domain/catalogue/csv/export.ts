// The catalogue as CSV: the columns of columns.ts, one row per product × size (a product without sizes
// is one row with an empty talla), `;` between cells and a UTF-8 BOM as Excel in es-CO opens them, and
// prices in whole pesos. A cell starting with = + - @ gets an apostrophe before it, so a spreadsheet
// shows it as text and never runs it as a formula (the import takes the apostrophe off again).
import Papa from "papaparse";
import { COLUMNS, type ColumnKey } from "./columns";
import type { CatalogueProduct } from "./plan";

const pesos = (centavos: number | null) => (centavos === null ? "" : String(Math.round(centavos / 100)));

/** The file's cells of one product × size. */
function cells(p: CatalogueProduct, size: CatalogueProduct["variants"][number] | null): Record<ColumnKey, string> {
  return {
    reference: p.referenceCode,
    brand: p.brand,
    model: p.model,
    color: p.color ?? "",
    category: p.category ?? "",
    gender: p.gender ?? "",
    size: size?.size ?? "",
    barcode: size?.barcode ?? "",
    sku: size?.sku ?? "",
    unit_price: pesos(p.unitPrice),
    box_price: pesos(p.boxPrice),
    cost_price: pesos(p.costPrice),
    tax_class: p.taxClass,
    active: p.isActive ? "sí" : "no",
  };
}

const bySize = (a: { size: string }, b: { size: string }) =>
  Number.parseFloat(a.size) - Number.parseFloat(b.size) || a.size.localeCompare(b.size);

/** The CSV text of a catalogue, products by reference and sizes in order. */
export function catalogueCsv(catalogue: readonly CatalogueProduct[]): string {
  const rows: string[][] = [];
  const sorted = [...catalogue].sort((a, b) => a.referenceCode.localeCompare(b.referenceCode));
  for (const p of sorted) {
    const sizes = [...p.variants].sort(bySize);
    if (sizes.length === 0) rows.push(COLUMNS.map((c) => cells(p, null)[c.key]));
    for (const size of sizes) {
      const row = cells(p, size);
      rows.push(COLUMNS.map((c) => row[c.key]));
    }
  }
  const text = Papa.unparse(
    { fields: COLUMNS.map((c) => c.header), data: rows },
    { delimiter: ";", newline: "\r\n", escapeFormulae: /^[=+\-@\t\r]/ },
  );
  return `\uFEFF${text}\r\n`;
}

/** The file's name: catalogo-AAAA-MM-DD.csv (the day in Bogotá). */
export function exportFileName(bogotaDay: string): string {
  return `catalogo-${bogotaDay}.csv`;
}
