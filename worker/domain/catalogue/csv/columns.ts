// The catalogue's CSV (issue 37): one row per product × size, Spanish headers, money in whole pesos.
// A product without sizes is one row with an empty talla. Export and import read the same columns.

export type ColumnKey =
  | "reference"
  | "brand"
  | "model"
  | "color"
  | "category"
  | "gender"
  | "size"
  | "barcode"
  | "sku"
  | "unit_price"
  | "box_price"
  | "cost_price"
  | "tax_class"
  | "active";

export interface Column {
  key: ColumnKey;
  /** the header the export writes */
  header: string;
  /** short name used in the row errors ("Fila 7, precio: …") */
  label: string;
  /** the import refuses a file without it */
  required?: boolean;
  /** a field of the product (repeated on each of its sizes' rows), else of the size */
  product: boolean;
  /** other headers read as this column (normalised: lower case, no accents, no "(…)") */
  aliases?: string[];
}

export const COLUMNS: readonly Column[] = [
  {
    key: "reference",
    header: "referencia",
    label: "referencia",
    required: true,
    product: true,
    aliases: ["ref", "codigo de referencia"],
  },
  { key: "brand", header: "marca", label: "marca", required: true, product: true },
  { key: "model", header: "modelo", label: "modelo", required: true, product: true },
  { key: "color", header: "color", label: "color", product: true },
  { key: "category", header: "categoría", label: "categoría", product: true },
  { key: "gender", header: "género", label: "género", product: true },
  { key: "size", header: "talla", label: "talla", product: false },
  {
    key: "barcode",
    header: "código de barras",
    label: "código de barras",
    product: false,
    aliases: ["codigo barras", "ean"],
  },
  { key: "sku", header: "sku", label: "SKU", product: false },
  { key: "unit_price", header: "precio (COP)", label: "precio", required: true, product: true },
  {
    key: "box_price",
    header: "precio caja (COP)",
    label: "precio caja",
    product: true,
    aliases: ["precio por caja"],
  },
  { key: "cost_price", header: "costo (COP)", label: "costo", product: true },
  { key: "tax_class", header: "IVA", label: "IVA", product: true, aliases: ["clase de iva"] },
  { key: "active", header: "activo", label: "activo", product: true },
];

export const COLUMN_OF = Object.fromEntries(COLUMNS.map((c) => [c.key, c])) as Record<ColumnKey, Column>;

/** Lower case, accents and "(…)" removed, spaces collapsed: "Precio caja (COP)" → "precio caja". */
export function normaliseHeader(header: string): string {
  return header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\(.*?\)/g, " ")
    .toLowerCase()
    .replace(/[_\s]+/g, " ")
    .trim();
}

const BY_HEADER = new Map<string, ColumnKey>(
  COLUMNS.flatMap((c) => [normaliseHeader(c.header), ...(c.aliases ?? [])].map((h) => [h, c.key] as const)),
);

/** The column a header names, or null. */
export function columnOf(header: string): ColumnKey | null {
  return BY_HEADER.get(normaliseHeader(header)) ?? null;
}

/** Up to this many data rows per file (the body itself is limited to 1 MB by the API). */
export const MAX_ROWS = 5000;
