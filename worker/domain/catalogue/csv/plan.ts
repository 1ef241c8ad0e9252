// What a catalogue CSV would do to the company's catalogue, row by row: create (a new product, or a new
// size of one), update (the fields that change, old → new), unchanged, or error (in Spanish, with the
// row and column). Pure: it reads the catalogue as given and decides; csv/apply.ts writes the plan.
//
// A product is named by its reference (in any letter case, as the lookup reads it). Its fields are
// repeated on the rows of each of its sizes and must agree; they are compared with the first row of the
// reference. Money is whole pesos in the file and centavos in the database: a stored price whose whole
// pesos equal the file's is unchanged, so an exported file imported again changes nothing.
import type { Category, Gender, PriceField, TaxClass } from "../../../../shared/constants";
import { toCentavos, toPesos } from "../../shared/money";
import { codeKey } from "../codes";
import { COLUMN_OF, type ColumnKey } from "./columns";
import { type CsvRow, type RowError, rowError } from "./parse";
import { type ProductValues, type RowValues, rowValues } from "./values";

export interface CatalogueVariant {
  size: string;
  barcode: string | null;
  sku: string | null;
}

/** A product of the company as the plan compares it (prices in centavos). */
export interface CatalogueProduct {
  id: number;
  referenceCode: string;
  brand: string;
  model: string;
  color: string | null;
  category: Category | null;
  gender: Gender | null;
  unitPrice: number;
  boxPrice: number | null;
  costPrice: number | null;
  taxClass: TaxClass;
  isActive: boolean;
  variants: CatalogueVariant[];
}

export type Action = "create" | "update" | "unchanged" | "error";
export type Value = string | number | boolean | null;

export interface Change {
  field: ColumnKey;
  from: Value;
  to: Value;
}

export interface PlanRow {
  row: number;
  reference_code: string;
  size: string | null;
  action: Action;
  changes: Change[];
  errors: string[];
}

/** The product's columns as the database names them (prices in centavos). */
export interface ProductSet {
  brand?: string;
  model?: string;
  color?: string | null;
  category?: Category | null;
  gender?: Gender | null;
  unitPrice?: number;
  boxPrice?: number | null;
  costPrice?: number | null;
  taxClass?: TaxClass;
  isActive?: boolean;
}

/** What applying does to one product: create it, or set the fields that change; and its sizes' codes. */
export interface ProductWrite {
  /** the reference as stored (an existing product keeps its own letter case) */
  reference: string;
  existing: CatalogueProduct | null;
  /** a new product's fields, or an existing one's changes */
  set: ProductSet;
  priceChanges: { field: PriceField; oldValue: number | null; newValue: number | null }[];
  /** new sizes and sizes whose codes change, with their codes as they will be */
  sizes: (CatalogueVariant & { isNew: boolean })[];
}

export interface PlanSummary {
  rows: number;
  products_created: number;
  products_updated: number;
  products_unchanged: number;
  sizes_created: number;
  sizes_updated: number;
  errors: number;
}

export interface Plan {
  rows: PlanRow[];
  errors: RowError[];
  writes: ProductWrite[];
  summary: PlanSummary;
}

/** References compare as SQLite's NOCASE does (ASCII letters only). */
export const referenceKey = (ref: string) => ref.trim().replace(/[A-Z]/g, (ch) => ch.toLowerCase());

const PRODUCT_FIELDS = [
  "brand",
  "model",
  "color",
  "category",
  "gender",
  "unit_price",
  "box_price",
  "cost_price",
  "tax_class",
  "active",
] as const satisfies readonly (keyof ProductValues & ColumnKey)[];
type ProductField = (typeof PRODUCT_FIELDS)[number];

const COLUMN: Record<ProductField, keyof ProductSet> = {
  brand: "brand",
  model: "model",
  color: "color",
  category: "category",
  gender: "gender",
  unit_price: "unitPrice",
  box_price: "boxPrice",
  cost_price: "costPrice",
  tax_class: "taxClass",
  active: "isActive",
};
const MONEY = new Set<ProductField>(["unit_price", "box_price", "cost_price"]);

/** A stored value as the file writes it (prices in pesos). */
function fileValue(field: ProductField, p: CatalogueProduct): Value {
  const stored = p[COLUMN[field]] as Value;
  return MONEY.has(field) && typeof stored === "number" ? toPesos(stored) : stored;
}

/** Whether the file's value is what is stored (a price by its whole pesos). */
function same(field: ProductField, stored: Value, wanted: Value): boolean {
  if (MONEY.has(field) && typeof stored === "number" && typeof wanted === "number") {
    return Math.round(stored) === wanted;
  }
  return stored === wanted;
}

const dbValue = (field: ProductField, value: Value) =>
  MONEY.has(field) && typeof value === "number" ? toCentavos(value) : value;

interface Group {
  key: string;
  first: RowValues;
  rows: RowValues[];
  existing: CatalogueProduct | null;
  /** a temporary id for a new product (negative), else the product's */
  id: number;
}

export function planImport(parsed: CsvRow[], catalogue: readonly CatalogueProduct[]): Plan {
  const byKey = new Map(catalogue.map((p) => [referenceKey(p.referenceCode), p]));
  const groups = new Map<string, Group>();
  const values = parsed.map(rowValues);
  let temp = 0;
  for (const r of values) {
    if (!r.product.reference) continue;
    const key = referenceKey(r.product.reference);
    const group = groups.get(key);
    if (group) {
      group.rows.push(r);
      // the product's fields are the first row's: the other rows of the reference must say the same
      for (const field of PRODUCT_FIELDS) {
        const a = group.first.product[field];
        const b = r.product[field];
        if (a !== undefined && b !== undefined && a !== b) {
          r.errors.push(
            rowError(
              r.row,
              COLUMN_OF[field].label,
              `no coincide con la fila ${group.first.row} de la misma referencia`,
            ),
          );
        }
      }
    } else {
      const existing = byKey.get(key) ?? null;
      groups.set(key, { key, first: r, rows: [r], existing, id: existing?.id ?? --temp });
    }
  }

  // one row per product × size; a barcode that cannot be a box code, unless the size already has it
  for (const g of groups.values()) {
    const seen = new Map<string, number>();
    for (const r of g.rows) {
      if (!r.size) continue;
      const problem = r.size.barcodeProblem;
      const current = g.existing?.variants.find((v) => v.size === r.size?.size);
      if (problem && current?.barcode !== r.size.barcode) {
        r.errors.push(rowError(r.row, "código de barras", problem.charAt(0).toLowerCase() + problem.slice(1)));
      }
      const other = seen.get(r.size.size);
      if (other !== undefined) {
        r.errors.push(
          rowError(r.row, "talla", `la talla ${r.size.size} de esta referencia ya está en la fila ${other}`),
        );
      } else seen.set(r.size.size, r.row);
    }
  }

  codeClashes(groups, catalogue);

  const rows: PlanRow[] = [];
  const writes: ProductWrite[] = [];
  const summary: PlanSummary = {
    rows: values.length,
    products_created: 0,
    products_updated: 0,
    products_unchanged: 0,
    sizes_created: 0,
    sizes_updated: 0,
    errors: 0,
  };
  const planned = new Map<RowValues, PlanRow>();
  for (const g of groups.values()) {
    const { first, existing } = g;
    const write: ProductWrite = {
      reference: existing?.referenceCode ?? first.product.reference,
      existing,
      set: {},
      priceChanges: [],
      sizes: [],
    };
    const productChanges: Change[] = [];
    for (const field of PRODUCT_FIELDS) {
      const wanted = first.product[field];
      if (wanted === undefined) continue;
      const stored = existing ? fileValue(field, existing) : null;
      if (existing && same(field, stored, wanted)) continue;
      if (!existing && wanted === null) continue;
      productChanges.push({ field, from: stored, to: wanted });
      const column = COLUMN[field];
      (write.set as Record<string, Value>)[column] = dbValue(field, wanted);
      if (existing && MONEY.has(field)) {
        write.priceChanges.push({
          field: field as PriceField,
          oldValue: existing[column] as number | null,
          newValue: dbValue(field, wanted) as number | null,
        });
      }
    }
    let productRowUsed = false;
    for (const r of g.rows) {
      const plan: PlanRow = {
        row: r.row,
        reference_code: write.reference,
        size: r.size?.size ?? null,
        action: "unchanged",
        changes: [],
        errors: [],
      };
      planned.set(r, plan);
      if (!productRowUsed) {
        productRowUsed = true;
        plan.changes.push(...productChanges);
        if (!existing) plan.action = "create";
        else if (productChanges.length > 0) plan.action = "update";
      }
      if (!r.size) continue;
      const current = existing?.variants.find((v) => v.size === r.size?.size) ?? null;
      const barcode = r.size.barcode !== undefined ? r.size.barcode : (current?.barcode ?? null);
      const sku = r.size.sku !== undefined ? r.size.sku : (current?.sku ?? null);
      if (!current) {
        plan.action = "create";
        plan.changes.push({ field: "size", from: null, to: r.size.size });
        if (barcode !== null) plan.changes.push({ field: "barcode", from: null, to: barcode });
        if (sku !== null) plan.changes.push({ field: "sku", from: null, to: sku });
        write.sizes.push({ size: r.size.size, barcode, sku, isNew: true });
        continue;
      }
      const sizeChanges: Change[] = [];
      if (barcode !== current.barcode) sizeChanges.push({ field: "barcode", from: current.barcode, to: barcode });
      if (sku !== current.sku) sizeChanges.push({ field: "sku", from: current.sku, to: sku });
      if (sizeChanges.length > 0) {
        plan.changes.push(...sizeChanges);
        if (plan.action === "unchanged") plan.action = "update";
        write.sizes.push({ size: r.size.size, barcode, sku, isNew: false });
      }
    }
    const failed = g.rows.some((r) => r.errors.length > 0);
    if (!existing) summary.products_created++;
    else if (productChanges.length > 0) summary.products_updated++;
    else summary.products_unchanged++;
    summary.sizes_created += write.sizes.filter((s) => s.isNew).length;
    summary.sizes_updated += write.sizes.filter((s) => !s.isNew).length;
    if (!failed && (!existing || productChanges.length > 0 || write.sizes.length > 0)) writes.push(write);
  }

  const errors: RowError[] = [];
  for (const r of values) {
    const plan = planned.get(r) ?? {
      row: r.row,
      reference_code: r.product.reference,
      size: r.size?.size ?? null,
      action: "error" as const,
      changes: [],
      errors: [],
    };
    if (r.errors.length > 0) {
      plan.action = "error";
      plan.errors = r.errors.map((e) => e.message);
      errors.push(...r.errors);
      summary.errors++;
    }
    rows.push(plan);
  }
  return { rows, errors, writes: errors.length > 0 ? [] : writes, summary };
}

interface Holder {
  /** product id (negative for a product of the file) and size; null size for a reference */
  product: number;
  size: string | null;
  kind: "reference" | "barcode" | "sku";
  /** the file's row that sets it, when it does */
  row: RowValues | null;
  code: string;
  name: string;
}

const WHAT = { reference: "la referencia", barcode: "el código de barras", sku: "el SKU" } as const;
const COLUMN_LABEL = { reference: "referencia", barcode: "código de barras", sku: "SKU" } as const;

/**
 * Codes as they would be after the import (the catalogue's, with the file's over them): a reference,
 * barcode or SKU that would name two things is an error on each row of the file that writes it.
 */
function codeClashes(groups: Map<string, Group>, catalogue: readonly CatalogueProduct[]) {
  const holders: Holder[] = [];
  const fileSizes = new Map<string, RowValues>();
  for (const g of groups.values()) {
    for (const r of g.rows) if (r.size) fileSizes.set(`${g.id}\u0000${r.size.size}`, r);
  }
  const describe = (p: { referenceCode: string; brand: string; model: string }, size: string | null) =>
    `${p.brand} ${p.model} (referencia ${p.referenceCode}${size === null ? "" : `, talla ${size}`})`;
  for (const p of catalogue) {
    holders.push({
      product: p.id,
      size: null,
      kind: "reference",
      row: null,
      code: p.referenceCode,
      name: describe(p, null),
    });
    for (const v of p.variants) {
      const overridden = fileSizes.get(`${p.id}\u0000${v.size}`);
      for (const kind of ["barcode", "sku"] as const) {
        if (overridden && overridden.size?.[kind] !== undefined) continue;
        const code = v[kind];
        if (code) holders.push({ product: p.id, size: v.size, kind, row: null, code, name: describe(p, v.size) });
      }
    }
  }
  for (const g of groups.values()) {
    const p = {
      referenceCode: g.first.product.reference,
      brand: g.existing?.brand ?? g.first.product.brand ?? "",
      model: g.existing?.model ?? g.first.product.model ?? "",
    };
    if (!g.existing) {
      holders.push({
        product: g.id,
        size: null,
        kind: "reference",
        row: g.first,
        code: p.referenceCode,
        name: describe(p, null),
      });
    }
    for (const r of g.rows) {
      if (!r.size) continue;
      const current = g.existing?.variants.find((v) => v.size === r.size?.size);
      for (const kind of ["barcode", "sku"] as const) {
        const code = r.size[kind];
        if (!code) continue;
        // a code the size already has is the catalogue's own, not a change of the file
        const mine = current?.[kind] === code ? null : r;
        holders.push({ product: g.id, size: r.size.size, kind, row: mine, code, name: describe(p, r.size.size) });
      }
    }
  }
  const byCode = new Map<string, Holder[]>();
  for (const h of holders) {
    const key = codeKey(h.code);
    byCode.set(key, [...(byCode.get(key) ?? []), h]);
  }
  for (const list of byCode.values()) {
    if (list.length < 2) continue;
    for (const h of list) {
      if (!h.row) continue;
      const other = list.find((o) => o.product !== h.product || o.size !== h.size);
      if (!other) continue;
      const where = other.row ? `la fila ${other.row.row}` : other.name;
      const already = h.row.errors.some((e) => e.column === COLUMN_LABEL[h.kind]);
      if (!already) {
        h.row.errors.push(rowError(h.row.row, COLUMN_LABEL[h.kind], `${h.code} ya es ${WHAT[other.kind]} de ${where}`));
      }
    }
  }
}
