import {
  WHOLESALE_BOXES_MIN,
  WHOLESALE_MODEL_REQUIRED,
  WHOLESALE_PAIRS_PER_BOX_POSITIVE,
  WHOLESALE_PRICE_POSITIVE,
} from "../../../../../shared/messages";
import type { WholesaleProduct } from "../../../api/admin-schemas";
import type { NewWholesaleProduct, WholesaleProductChanges } from "../../../api/mayoreo";

export const WHOLESALE_MESSAGES = {
  modeloRequired: WHOLESALE_MODEL_REQUIRED,
  boxesMin: WHOLESALE_BOXES_MIN,
  pairsMin: WHOLESALE_PAIRS_PER_BOX_POSITIVE,
  priceMin: WHOLESALE_PRICE_POSITIVE,
} as const;

export type ProductValues = {
  modelo: string;
  cajas: string;
  pares: string;
  precio: string;
  tallas: string;
};
export type ProductErrors = Partial<Record<keyof ProductValues, string>>;

const num = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** Creation rules (spec §5 'Wholesale product creation'). */
export function validateNewProduct(values: ProductValues): ProductErrors {
  const errors: ProductErrors = {};
  if (!values.modelo.trim()) errors.modelo = WHOLESALE_MESSAGES.modeloRequired;
  const boxes = num(values.cajas);
  if (!(Number.isInteger(boxes) && boxes >= 0)) errors.cajas = WHOLESALE_MESSAGES.boxesMin;
  const pairs = num(values.pares);
  if (!(Number.isInteger(pairs) && pairs > 0)) errors.pares = WHOLESALE_MESSAGES.pairsMin;
  if (!(num(values.precio) > 0)) errors.precio = WHOLESALE_MESSAGES.priceMin;
  return errors;
}

export function toNewProduct(values: ProductValues, foto: File | null): NewWholesaleProduct {
  return {
    modelo: values.modelo.trim(),
    cantidad_cajas_disponibles: Number(values.cajas),
    pares_por_caja: Number(values.pares),
    precio: Number(values.precio),
    tallas: values.tallas.trim(),
    foto,
  };
}

export function valuesOf(product: WholesaleProduct): ProductValues {
  return {
    modelo: product.modelo,
    cajas: String(product.cantidad_cajas_disponibles),
    pares: String(product.pares_por_caja),
    precio: String(product.precio),
    tallas: product.tallas ?? "",
  };
}

/**
 * Edit rules: an empty numeric input keeps the old value; a filled one must follow the creation
 * rules; the model cannot be emptied.
 */
export function validateEdit(values: ProductValues): ProductErrors {
  const errors: ProductErrors = {};
  if (!values.modelo.trim()) errors.modelo = WHOLESALE_MESSAGES.modeloRequired;
  if (values.cajas.trim() !== "") {
    const boxes = num(values.cajas);
    if (!(Number.isInteger(boxes) && boxes >= 0)) errors.cajas = WHOLESALE_MESSAGES.boxesMin;
  }
  if (values.pares.trim() !== "") {
    const pairs = num(values.pares);
    if (!(Number.isInteger(pairs) && pairs > 0)) errors.pares = WHOLESALE_MESSAGES.pairsMin;
  }
  if (values.precio.trim() !== "" && !(num(values.precio) > 0)) errors.precio = WHOLESALE_MESSAGES.priceMin;
  return errors;
}

/** Only the fields that differ from the product (spec §5: edit sends only changed fields). */
export function changedFields(
  product: WholesaleProduct,
  values: ProductValues,
  active: boolean,
): WholesaleProductChanges {
  const changes: WholesaleProductChanges = {};
  const modelo = values.modelo.trim();
  if (modelo && modelo !== product.modelo) changes.modelo = modelo;
  if (values.cajas.trim() !== "" && Number(values.cajas) !== product.cantidad_cajas_disponibles) {
    changes.cantidad_cajas_disponibles = Number(values.cajas);
  }
  if (values.pares.trim() !== "" && Number(values.pares) !== product.pares_por_caja) {
    changes.pares_por_caja = Number(values.pares);
  }
  if (values.precio.trim() !== "" && Number(values.precio) !== product.precio) changes.precio = Number(values.precio);
  const tallas = values.tallas.trim();
  if (tallas !== (product.tallas ?? "")) changes.tallas = tallas === "" ? null : tallas;
  if (active !== product.is_active) changes.is_active = active;
  return changes;
}

/** total = boxes × price (spec §5 'Wholesale sale'); 0 while either is not a number. */
export function saleTotal(boxes: number, price: number): number {
  return Number.isFinite(boxes) && Number.isFinite(price) ? Math.round(boxes * price * 100) / 100 : 0;
}

/** Box badge: above 10 success, 1 to 10 warning, 0 error (spec §4, §9). */
export function boxTone(boxes: number): "success" | "warning" | "error" {
  if (boxes > 10) return "success";
  if (boxes >= 1) return "warning";
  return "error";
}

/** A sale is offered only for an active product with boxes left (spec §4). */
export function canSell(product: WholesaleProduct): boolean {
  return product.is_active && product.cantidad_cajas_disponibles > 0;
}
