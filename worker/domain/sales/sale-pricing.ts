// Pure pricing rules of a sale (spec 1 §5): lines with price > 0 and quantity ≥ 1, optional approved
// discount, payments that add up to the total within 0.01, at least one payment.
import { PAYMENT_TYPES, type PaymentType, type SalePaymentType } from "../../../shared/constants";
import { AMOUNTS_DO_NOT_MATCH, FILL_REQUIRED_FIELDS, SALE_TOTAL_POSITIVE } from "../../../shared/messages";
import { invalid } from "../shared/errors";
import { copText, paymentsMatchTotal, toCentavos } from "../shared/money";

export { PAYMENT_TYPES, type PaymentType };

export interface SaleLineInput {
  sneaker_reference_code: string;
  size: string;
  quantity: number;
  unit_price: number;
  /** an administrador's authorisation to sell this line off the catalogue price */
  price_override_id?: number | null | undefined;
  brand?: string | undefined;
  model?: string | undefined;
  color?: string | null | undefined;
}

export interface PaymentInput {
  /** nota_credito only from an exchange (the credit of the sale it took back), never from a client */
  payment_type: SalePaymentType;
  amount: number;
  reference?: string | null | undefined;
  /** efectivo only: the cash handed over, at least the amount (the rest is change) */
  cash_received?: number | null | undefined;
}

export interface PricedSale {
  lines: (SaleLineInput & { unitPriceCentavos: number; subtotalCentavos: number })[];
  payments: {
    paymentType: SalePaymentType;
    amountCentavos: number;
    reference: string | null;
    cashReceivedCentavos: number | null;
  }[];
  subtotalCentavos: number;
  discountCentavos: number;
  totalCentavos: number;
}

export const MISSING_FIELDS = FILL_REQUIRED_FIELDS;
export const CASH_ONLY = "Solo un pago en efectivo lleva efectivo recibido";

/** The cash handed over for a payment (centavos): only for efectivo, never less than what it pays. */
function cashReceived(p: PaymentInput, amountCentavos: number): number | null {
  if (p.cash_received === undefined || p.cash_received === null) return null;
  if (p.payment_type !== "efectivo") throw invalid(CASH_ONLY);
  const received = toCentavos(p.cash_received);
  if (received < amountCentavos) {
    throw invalid(
      `El efectivo recibido (${copText(received)}) no alcanza para el pago en efectivo (${copText(amountCentavos)})`,
    );
  }
  return received;
}
export function priceSale(
  lines: readonly SaleLineInput[],
  payments: readonly PaymentInput[],
  declaredTotalPesos: number,
  discountCentavos = 0,
): PricedSale {
  if (lines.length === 0) throw invalid("La venta debe tener al menos un producto");
  if (payments.length === 0) throw invalid("Agrega al menos un método de pago");
  const priced = lines.map((line) => {
    if (!line.sneaker_reference_code.trim() || !line.size.trim()) throw invalid(MISSING_FIELDS);
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw invalid("La cantidad mínima es 1");
    const unitPriceCentavos = toCentavos(line.unit_price);
    if (unitPriceCentavos <= 0) throw invalid("El precio unitario debe ser mayor que cero");
    return { ...line, unitPriceCentavos, subtotalCentavos: unitPriceCentavos * line.quantity };
  });
  const subtotalCentavos = priced.reduce((acc, line) => acc + line.subtotalCentavos, 0);
  if (discountCentavos < 0) throw invalid("El descuento no puede ser negativo");
  const totalCentavos = subtotalCentavos - discountCentavos;
  if (totalCentavos <= 0) throw invalid(SALE_TOTAL_POSITIVE);
  if (Math.abs(toCentavos(declaredTotalPesos) - totalCentavos) >= 1) {
    throw invalid("El total no coincide con los productos menos el descuento");
  }
  const pricedPayments = payments.map((p) => {
    const amountCentavos = toCentavos(p.amount);
    if (amountCentavos < 0) throw invalid("Los montos de pago no pueden ser negativos");
    const reference = p.reference?.trim() ? p.reference.trim() : null;
    return {
      paymentType: p.payment_type,
      amountCentavos,
      reference,
      cashReceivedCentavos: cashReceived(p, amountCentavos),
    };
  });
  if (
    !paymentsMatchTotal(
      totalCentavos,
      pricedPayments.map((p) => p.amountCentavos),
    )
  ) {
    throw invalid(AMOUNTS_DO_NOT_MATCH);
  }
  return { lines: priced, payments: pricedPayments, subtotalCentavos, discountCentavos, totalCentavos };
}

/** Units asked per inventory cell: two lines of the same reference and size add up. */
export function unitsPerCell(lines: readonly { sneaker_reference_code: string; size: string; quantity: number }[]) {
  const cells = new Map<string, { ref: string; size: string; quantity: number }>();
  for (const line of lines) {
    const key = `${line.sneaker_reference_code}\u0000${line.size}`;
    const cell = cells.get(key) ?? { ref: line.sneaker_reference_code, size: line.size, quantity: 0 };
    cell.quantity += line.quantity;
    cells.set(key, cell);
  }
  return [...cells.values()];
}

export { AMOUNTS_DO_NOT_MATCH };
