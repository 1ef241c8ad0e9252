import * as v from "valibot";
import { BILL_PAYMENT_METHOD_LABELS, BILL_PAYMENT_METHODS } from "../../../shared/constants";
import { requiredText } from "../../lib/validation";

export const PAYMENT_METHOD_REQUIRED = "El método de pago es requerido";
export const PAYMENT_METHOD_INVALID = `El método de pago debe ser uno de: ${BILL_PAYMENT_METHODS.map((m) => BILL_PAYMENT_METHOD_LABELS[m]).join(", ")}`;

/**
 * How a bill was paid (a platform invoice, an operating cost): one of the fixed list, by its code
 * (transferencia, consignacion, pse, tarjeta, efectivo); missing or empty is "requerido".
 */
export const billPaymentMethod = v.pipe(
  requiredText(PAYMENT_METHOD_REQUIRED, 60),
  v.toLowerCase(),
  v.picklist(BILL_PAYMENT_METHODS, PAYMENT_METHOD_INVALID),
);
