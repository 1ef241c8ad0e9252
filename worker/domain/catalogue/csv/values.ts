// A CSV row's cells as the values of a product and a size, checked by the same rules as the catalogue's
// edit (product-fields.ts) and box codes (normaliseBarcode). An absent column leaves its field as it is
// (undefined); an empty cell clears a field that may be empty (null).
import * as v from "valibot";
import {
  CATEGORIES,
  CATEGORY_LABELS,
  type Category,
  GENDER_LABELS,
  GENDERS,
  type Gender,
  TAX_CLASSES,
  type TaxClass,
} from "../../../../shared/constants";
import { normaliseBarcode } from "../barcodes";
import {
  CATEGORY_INVALID,
  clearable,
  GENDER_INVALID,
  LIMITS,
  pricePesos,
  referenceText,
  requiredName,
  sizeName,
  skuText,
  TAX_CLASS_INVALID,
  unitPricePesos,
} from "../product-fields";
import { COLUMN_OF, type ColumnKey } from "./columns";
import { type CsvRow, type RowError, rowError } from "./parse";

export interface ProductValues {
  reference: string;
  brand?: string;
  model?: string;
  color?: string | null;
  category?: Category | null;
  gender?: Gender | null;
  /** whole pesos */
  unit_price?: number;
  box_price?: number | null;
  cost_price?: number | null;
  tax_class?: TaxClass;
  active?: boolean;
}

export interface SizeValues {
  size: string;
  barcode?: string | null;
  /** why the barcode cannot be a box code; the plan lets it pass when the size already has it */
  barcodeProblem?: string;
  sku?: string | null;
}

export interface RowValues {
  row: number;
  product: ProductValues;
  /** null: a row of the product alone (no talla) */
  size: SizeValues | null;
  errors: RowError[];
}

const plain = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

export const PESOS_PROBLEM = "debe ser un número entero de pesos, sin centavos (por ejemplo 129900 o 129.900)";

/**
 * Whole pesos as a spreadsheet writes them: "129900", "129.900" (es-CO thousands), "$ 129.900",
 * "129900,00" (zero centavos). Anything else (decimals, negatives, text) is null.
 */
export function pesosOf(text: string): number | null {
  const s = text.replace(/[$\s\u00a0]/g, "").replace(/[.,]00$/, "");
  if (/^\d+$/.test(s)) return Number(s);
  if (/^\d{1,3}(\.\d{3})+$/.test(s)) return Number(s.replace(/\./g, ""));
  return null;
}

const YES = new Set(["si", "s", "true", "1", "x", "verdadero", "activo"]);
const NO = new Set(["no", "n", "false", "0", "falso", "inactivo"]);

function labelled<T extends string>(text: string, codes: readonly T[], labels: Record<T, string>): T | undefined {
  const wanted = plain(text);
  return codes.find((c) => plain(c) === wanted || plain(labels[c]) === wanted);
}

function taxClassOf(text: string): TaxClass | undefined {
  const p = plain(text);
  if (p.startsWith("exento")) return "exento";
  if (p.startsWith("excluido")) return "excluido";
  const rate = p.replace(/^iva/, "");
  return TAX_CLASSES.find((c) => c === `iva_${rate}`);
}

/** Lower-cased first letter: the shared rules' messages read after "Fila 7, marca: ". */
const after = (message: string) => message.charAt(0).toLowerCase() + message.slice(1);

/** The values of a row, each wrong cell an error naming its row and column. */
export function rowValues(csv: CsvRow): RowValues {
  const { row, cells } = csv;
  const errors: RowError[] = [];
  const fail = (key: ColumnKey, detail: string) => errors.push(rowError(row, COLUMN_OF[key].label, after(detail)));
  /** the cell checked by a shared rule; undefined when the column is absent or the cell is wrong */
  function checked<T>(key: ColumnKey, schema: v.GenericSchema<unknown, T>, value: unknown): T | undefined {
    const result = v.safeParse(schema, value);
    if (result.success) return result.output;
    fail(key, result.issues[0].message);
    return undefined;
  }
  const has = (key: ColumnKey): key is ColumnKey => cells[key] !== undefined;
  const text = (key: ColumnKey) => cells[key] ?? "";
  const money = (key: ColumnKey, schema: v.GenericSchema<number, number>) => {
    if (!text(key)) return null;
    const pesos = pesosOf(text(key));
    if (pesos === null) {
      fail(key, PESOS_PROBLEM);
      return undefined;
    }
    return checked(key, schema, pesos);
  };

  const product: ProductValues = { reference: checked("reference", referenceText, text("reference")) ?? "" };
  if (has("brand")) product.brand = checked("brand", requiredName("marca", LIMITS.brand), text("brand"));
  if (has("model")) product.model = checked("model", requiredName("modelo", LIMITS.model), text("model"));
  if (has("color")) product.color = checked("color", clearable("color", LIMITS.color), text("color"));
  if (has("category")) {
    const code = text("category") ? labelled(text("category"), CATEGORIES, CATEGORY_LABELS) : null;
    if (code === undefined) fail("category", `${CATEGORY_INVALID}: usa ${CATEGORIES.join(", ")} o déjala vacía`);
    else product.category = code;
  }
  if (has("gender")) {
    const code = text("gender") ? labelled(text("gender"), GENDERS, GENDER_LABELS) : null;
    if (code === undefined) fail("gender", GENDER_INVALID);
    else product.gender = code;
  }
  if (has("unit_price")) {
    if (!text("unit_price")) fail("unit_price", "El precio es requerido");
    else {
      const price = money("unit_price", unitPricePesos);
      if (typeof price === "number") product.unit_price = price;
    }
  }
  if (has("box_price")) {
    const price = money("box_price", pricePesos("precio por caja"));
    if (price !== undefined) product.box_price = price;
  }
  if (has("cost_price")) {
    const price = money("cost_price", pricePesos("costo"));
    if (price !== undefined) product.cost_price = price;
  }
  if (has("tax_class") && text("tax_class")) {
    const code = taxClassOf(text("tax_class"));
    if (!code) fail("tax_class", TAX_CLASS_INVALID);
    else product.tax_class = code;
  }
  if (has("active") && text("active")) {
    const word = plain(text("active"));
    if (YES.has(word)) product.active = true;
    else if (NO.has(word)) product.active = false;
    else fail("active", "escribe sí o no");
  }

  let size: SizeValues | null = null;
  if (text("size")) {
    const name = checked("size", sizeName, text("size"));
    if (name !== undefined) {
      size = { size: name };
      if (has("barcode")) {
        const raw = text("barcode");
        if (!raw) size.barcode = null;
        else if (/^\d+([.,]\d+)?e\+?\d+$/i.test(raw)) {
          fail(
            "barcode",
            `${raw} es un número en notación científica (Excel lo cambió): da a la columna formato de texto`,
          );
        } else {
          const code = normaliseBarcode(raw);
          if ("problem" in code) {
            size.barcode = raw;
            size.barcodeProblem = code.problem;
          } else size.barcode = code.code;
        }
      }
      if (has("sku")) {
        const sku = checked("sku", skuText, text("sku"));
        if (sku !== undefined) size.sku = sku || null;
      }
    }
  } else if (text("barcode") || text("sku")) {
    fail("size", "la talla es requerida cuando la fila tiene código de barras o SKU");
  }
  return { row, product, size, errors };
}
