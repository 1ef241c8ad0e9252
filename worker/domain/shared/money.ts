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

/**
 * Whole pesos of each part that add up to the whole pesos of their sum (largest remainder): a report's
 * lines never add up to one peso more or less than its total. Parts that are whole pesos stay as they are.
 */
export function wholePesosParts(centavos: readonly number[]): number[] {
  const target = wholePesos(centavos.reduce((acc, value) => acc + value, 0));
  const parts = centavos.map((value, index) => {
    const floor = Math.floor(value / 100);
    return { index, floor, remainder: value - floor * 100 };
  });
  // the pesos still missing go, one each, to the parts with the largest remainders (never more than one each)
  const missing = target - parts.reduce((acc, p) => acc + p.floor, 0);
  const byRemainder = [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  const topUp = new Set(byRemainder.slice(0, Math.max(0, missing)).map((p) => p.index));
  return parts.map((p) => p.floor + (topUp.has(p.index) ? 1 : 0) || 0);
}

/** Whole pesos of a map's values that add up to the whole pesos of their sum (see wholePesosParts). */
export function wholePesosOf<K>(entries: Iterable<readonly [K, number]>): [K, number][] {
  const list = [...entries];
  const parts = wholePesosParts(list.map(([, value]) => value));
  return list.map(([key], index) => [key, parts[index] ?? 0]);
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
