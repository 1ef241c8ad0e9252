// Money is stored as integer centavos and crosses the API as pesos (design §4).

/** Pesos (possibly with decimals from a form) → integer centavos. */
export function toCentavos(pesos: number): number {
  if (!Number.isFinite(pesos)) throw new RangeError("monto no finito");
  return Math.round(pesos * 100);
}

/** Integer centavos → pesos for API answers: an amount as it was stored (a price, a payment). */
export function toPesos(centavos: number): number {
  return centavos / 100;
}

/**
 * Centavos → whole pesos, for every figure the Worker computes (sums over a period, averages, a cost's
 * share of a range, profits): reports, dashboards and summaries never carry centavos (COP is shown
 * without decimals, and a figure of 319.950,25 would be read differently on each screen).
 */
export function wholePesos(centavos: number): number {
  return Math.round(centavos / 100) || 0;
}

/** Payments match the total when they differ by less than 0.01 pesos, i.e. exactly in centavos. */
export function paymentsMatchTotal(totalCentavos: number, paymentCentavos: readonly number[]): boolean {
  const sum = paymentCentavos.reduce((acc, value) => acc + value, 0);
  return Math.abs(sum - totalCentavos) < 1;
}

const COP = new Intl.NumberFormat("es-CO", { style: "currency", currency: "COP", maximumFractionDigits: 0 });

/** Centavos as the messages write them: COP without decimals, es-CO ("$ 429.900"). */
export function copText(centavos: number): string {
  return COP.format(Math.round(centavos / 100)).replace(/\u00a0/g, " ");
}
