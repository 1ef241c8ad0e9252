// What returned units are worth: their share of the line after the sale's discount, in whole pesos.
// Pure so the rules have unit tests; amounts in centavos, computed with BigInt (line × units × total
// overflows a double for large wholesale lines).

export interface SoldLine {
  quantity: number;
  /** units already brought back before this return */
  returned: number;
  /** the line's subtotal before the sale's discount (centavos) */
  subtotal: number;
}

export interface SoldTotals {
  /** the sale's subtotal before discount and its total after it (centavos) */
  subtotal: number;
  total: number;
}

const PESO = 100n;

/** What the first `units` units of a line are worth after the discount, floored to whole pesos. */
function worthOfFirst(line: SoldLine, sale: SoldTotals, units: number): number {
  if (units <= 0 || sale.subtotal <= 0) return 0;
  const exact =
    (BigInt(line.subtotal) * BigInt(units) * BigInt(sale.total)) / (BigInt(line.quantity) * BigInt(sale.subtotal));
  return Number((exact / PESO) * PESO);
}

/**
 * The value of `units` more units of a line: worth(returned + units) − worth(returned). Every return of
 * a line therefore adds up to exactly what the whole line is worth, whatever the order, and all the
 * lines of a sale never add up to more than its total (each is floored).
 */
export function returnedUnitsValue(line: SoldLine, sale: SoldTotals, units: number): number {
  return worthOfFirst(line, sale, line.returned + units) - worthOfFirst(line, sale, line.returned);
}

/** How an exchange settles: the credit pays the new sale first; the rest goes back, or the customer pays. */
export function exchangeSettlement(creditCentavos: number, newTotalCentavos: number) {
  const applied = Math.min(creditCentavos, newTotalCentavos);
  return {
    /** paid to the new sale as nota_credito */
    credit: applied,
    /** given back to the customer */
    refund: creditCentavos - applied,
    /** what the customer still pays for the new sale */
    toPay: newTotalCentavos - applied,
  };
}
