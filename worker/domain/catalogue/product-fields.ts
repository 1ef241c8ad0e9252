// The rules of a product's fields and of a size's codes, one place for every way they arrive: the edit
// (PATCH /products/:id), the codes (PUT /products/:id/variants) and the CSV import (csv/). Each takes
// values already typed (a number, a string); the routes put their own parsing of the wire in front.
import * as v from "valibot";
import { CATEGORIES, GENDERS, TAX_CLASSES } from "../../../shared/constants";

export const LIMITS = {
  brand: 80,
  model: 120,
  color: 60,
  description: 2000,
  size: 10,
  sku: 60,
  reference: 60,
} as const;
export const MAX_PRICE_PESOS = 1_000_000_000;

const tooLong = (label: string, max: number) => `El campo '${label}' es demasiado largo (máximo ${max} caracteres)`;

/** Text trimmed and bounded. */
export const productText = (label: string, max: number) =>
  v.pipe(v.string(`El campo '${label}' debe ser texto`), v.trim(), v.maxLength(max, tooLong(label, max)));

/** A name a product cannot be without (marca, modelo). */
export const requiredName = (label: string, max: number) =>
  v.pipe(productText(label, max), v.nonEmpty(`El campo '${label}' no puede quedar vacío`));

/** Free text that may be cleared: empty becomes null. */
export const clearable = (label: string, max: number) =>
  v.nullable(
    v.pipe(
      productText(label, max),
      v.transform((x) => (x === "" ? null : x)),
    ),
  );

/** A price in pesos: from 0 to a thousand million. */
export const pricePesos = (label: string) =>
  v.pipe(
    v.number(`El ${label} debe ser un número`),
    v.minValue(0, `El ${label} no puede ser negativo`),
    v.maxValue(MAX_PRICE_PESOS, `El ${label} es demasiado alto`),
  );

/** The shelf price: above zero. */
export const unitPricePesos = v.pipe(
  pricePesos("precio unitario"),
  v.gtValue(0, "El precio unitario debe ser mayor que cero"),
);

export const CATEGORY_INVALID = "La categoría no es válida";
export const GENDER_INVALID = "El género debe ser hombre, mujer, unisex o nino";
export const TAX_CLASS_INVALID = "La clase de IVA debe ser iva_19, iva_5, exento o excluido";

export const category = v.picklist(CATEGORIES, CATEGORY_INVALID);
export const gender = v.picklist(GENDERS, GENDER_INVALID);
export const taxClass = v.picklist(TAX_CLASSES, TAX_CLASS_INVALID);

/** A size as a box names it: "40", "38.5", "M". */
export const sizeName = v.pipe(
  v.string("La talla es requerida"),
  v.transform((s) => s.trim()),
  v.nonEmpty("La talla es requerida"),
  v.maxLength(LIMITS.size, "La talla no es válida"),
);

/** A size's SKU: trimmed, bounded (empty is none: see normaliseVariants). */
export const skuText = v.pipe(
  v.string("El SKU debe ser texto"),
  v.trim(),
  v.maxLength(LIMITS.sku, "El SKU es demasiado largo"),
);

/** A box barcode as sent (its form is checked by normaliseBarcode). */
export const barcodeText = v.pipe(v.string("El código de barras debe ser texto"), v.maxLength(LIMITS.sku));

/** A new product's reference code. */
export const referenceText = v.pipe(
  v.string("La referencia debe ser texto"),
  v.trim(),
  v.nonEmpty("La referencia es requerida"),
  v.maxLength(LIMITS.reference, "El código de referencia es demasiado largo"),
);
