// Wholesale ("mayoreo", spec 3 §2.1, §3, §5): models sold by the box. Pure rules (sale totals in
// centavos, box availability, edit patches, the five stat cards) and the D1 reads and writes, every
// one of them scoped to the caller's company.
//
// wholesale/: limits (bounds and texts), rules (pure), products, sales, stats (the D1 side).

import {
  WHOLESALE_BOXES_MIN,
  WHOLESALE_MODEL_REQUIRED,
  WHOLESALE_PAIRS_PER_BOX_POSITIVE,
  WHOLESALE_PRICE_POSITIVE,
} from "../../../shared/messages";

/** Bounds that keep every total (boxes × price in centavos) an exact integer in JavaScript and SQLite. */
export const MAX_BOXES = 100_000;
export const MAX_PAIRS_PER_BOX = 1_000;
export const MAX_PRICE_PESOS = 100_000_000;

export const MSG = {
  modeloRequired: WHOLESALE_MODEL_REQUIRED,
  boxesMin: WHOLESALE_BOXES_MIN,
  pairsMin: WHOLESALE_PAIRS_PER_BOX_POSITIVE,
  priceMin: WHOLESALE_PRICE_POSITIVE,
  saleBoxesMin: "La cantidad de cajas vendidas debe ser al menos 1",
  productCreated: "Producto de mayoreo creado exitosamente",
  productUpdated: "Producto actualizado exitosamente",
  productDeleted: "Producto eliminado exitosamente",
  productDeactivated:
    "Producto eliminado exitosamente: tiene ventas registradas, así que se desactivó y su historial de ventas se conserva",
  saleRegistered: "Venta de mayoreo registrada exitosamente",
  notFound: "Producto de mayoreo no encontrado",
  inactive: "El producto no está activo",
} as const;

export const insufficientBoxes = (available: number, requested: number) =>
  `Cajas insuficientes: disponibles ${Math.max(0, available)}, solicitadas ${requested}`;
