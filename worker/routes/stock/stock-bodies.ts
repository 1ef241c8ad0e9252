import * as v from "valibot";
import { ADJUSTMENT_REASONS, UNIT_KINDS } from "../../../shared/constants";
import { numberLike, optionalText } from "../../lib/validation";

// Request bodies of the stock routers: an adjustment (/inventory/adjustments) and the cell it names, which
// the pairs router (/inventory/pairs) names the same way.

export const REASON_TEXT =
  "El motivo debe ser conteo_fisico, dano, perdida_robo, encontrado, correccion_ingreso o paso_exhibicion";
const positiveId = (message: string) =>
  v.pipe(numberLike(message), v.integer(message), v.minValue(1, message), v.maxValue(Number.MAX_SAFE_INTEGER, message));

export const AdjustmentBody = v.object({
  product_id: positiveId("Indica el producto"),
  location_id: positiveId("Indica la ubicación"),
  size: v.pipe(
    v.union([v.string(), v.pipe(v.number(), v.transform(String))], "Indica la talla"),
    v.transform((s) => s.trim()),
    v.nonEmpty("Indica la talla"),
    v.maxLength(10, "La talla no es válida"),
  ),
  unit_kind: v.picklist(UNIT_KINDS, "El tipo de unidad debe ser pairs, left, right o exhibition"),
  delta: v.pipe(
    numberLike("El ajuste debe ser un número"),
    v.integer("El ajuste debe ser un número entero"),
    v.check((n) => n !== 0, "El ajuste no puede ser cero"),
    v.minValue(-10_000, "El ajuste es demasiado grande"),
    v.maxValue(10_000, "El ajuste es demasiado grande"),
  ),
  reason: v.picklist(ADJUSTMENT_REASONS, REASON_TEXT),
  notes: optionalText(500, "nota"),
});
