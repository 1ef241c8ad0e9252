// IVA of a sale line (issue 36): shelf prices include the tax, so each line's net (after its share of the
// sale's discount) is split into base and IVA once, when the sale is written, and never computed again.
// Amounts in integer centavos; BigInt where a product of amounts could pass 2^53.
import { type SQL, sql } from "drizzle-orm";
import type { TaxClass } from "../../../shared/constants";

/** The rate of each class, in basis points (1900 = 19 %). */
export const TAX_RATE_BP: Record<TaxClass, number> = { iva_19: 1900, iva_5: 500, exento: 0, excluido: 0 };

const BP = 10_000n;

/**
 * Base and IVA of an amount that includes the IVA: base = net ÷ (1 + rate), rounded half up to the
 * centavo, and IVA = net − base, so base + IVA is always exactly the net (DIAN's annex rounds each value to
 * two decimals; taking the IVA as the difference keeps the document's totals adding up).
 */
export function lineTax(netCentavos: number, rateBp: number): { base: number; tax: number } {
  const divisor = BP + BigInt(rateBp);
  // floor((2·net·10000 + divisor) / (2·divisor)) = round half up of net·10000/divisor
  const base = Number((2n * BigInt(netCentavos) * BP + divisor) / (2n * divisor));
  return { base, tax: netCentavos - base };
}

/**
 * The same rule in SQL, for a line whose class is looked up inside the sale's batch (the one-round-trip
 * sale does not read its products first). SQLite divides integers as integers (floor, all values ≥ 0),
 * which is the floor `lineTax` takes; an API test holds the two to the same answers.
 */
export function lineTaxSql(netCentavos: number, taxClass: SQL<TaxClass>) {
  const rate = sql<number>`(CASE ${taxClass} WHEN 'iva_19' THEN 1900 WHEN 'iva_5' THEN 500 ELSE 0 END)`;
  // D1 binds a JS number as a REAL: cast it, or the division would not be an integer one
  const net = sql<number>`CAST(${netCentavos} AS INTEGER)`;
  const base = sql<number>`((2 * ${net} * 10000 + 10000 + ${rate}) / (2 * (10000 + ${rate})))`;
  return { taxRate: rate, taxBase: base, taxAmount: sql<number>`(${net} - ${base})` };
}

/**
 * Each line's net: its subtotal less its share of the sale's discount, in whole pesos (COP has no
 * centavos on a receipt). Shares follow the subtotals; the pesos that rounding leaves go one each to the
 * lines with the largest remainders, so the nets add up to exactly the sale's total.
 */
export function linesNet(subtotalsCentavos: readonly number[], discountCentavos: number): number[] {
  const subtotal = subtotalsCentavos.reduce((acc, v) => acc + v, 0);
  if (discountCentavos <= 0 || subtotal <= 0) return [...subtotalsCentavos];
  const totalPesos = BigInt(Math.round((subtotal - discountCentavos) / 100));
  const shares = subtotalsCentavos.map((line, index) => {
    const exact = BigInt(line) * totalPesos; // pesos × subtotal
    const whole = exact / BigInt(subtotal);
    return { index, whole: Number(whole), remainder: exact - whole * BigInt(subtotal) };
  });
  let missing = Number(totalPesos) - shares.reduce((acc, s) => acc + s.whole, 0);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (missing <= 0) break;
    share.whole += 1;
    missing -= 1;
  }
  return shares.map((s) => s.whole * 100);
}

/**
 * What `units` more units of a line carry back when returned: the share of the line's net (whole pesos)
 * of the units returned so far plus these, less that of the units returned before; the IVA follows the
 * amount (the line's IVA × amount ÷ net, floored to the centavo, the same way). Every return of a line
 * therefore adds up to exactly its net and its IVA, in any order, and never carries back more IVA than money.
 */
export function returnedShare(
  line: { quantity: number; returned: number; net: number; tax: number },
  units: number,
): { amount: number; base: number; tax: number } {
  const upTo = (count: number) => {
    if (count <= 0 || line.net <= 0) return { amount: 0, tax: 0 };
    const amount = ((BigInt(line.net) * BigInt(count)) / BigInt(line.quantity) / 100n) * 100n;
    return { amount: Number(amount), tax: Number((BigInt(line.tax) * amount) / BigInt(line.net)) };
  };
  const before = upTo(line.returned);
  const after = upTo(line.returned + units);
  const amount = after.amount - before.amount;
  const tax = after.tax - before.tax;
  return { amount, base: amount - tax, tax };
}

export interface TaxedLine {
  taxClass: TaxClass;
  taxRate: number;
  taxBase: number;
  taxAmount: number;
}

/** Base and IVA per class of a document's lines (a receipt, a nota de ajuste, the report), in class order. */
export function taxesByClass(lines: readonly TaxedLine[]) {
  const by = new Map<TaxClass, { taxClass: TaxClass; rate: number; base: number; tax: number }>();
  for (const line of lines) {
    const entry = by.get(line.taxClass) ?? { taxClass: line.taxClass, rate: line.taxRate, base: 0, tax: 0 };
    entry.base += line.taxBase;
    entry.tax += line.taxAmount;
    by.set(line.taxClass, entry);
  }
  const order: TaxClass[] = ["iva_19", "iva_5", "exento", "excluido"];
  return order.flatMap((c) => by.get(c) ?? []);
}

/** One class's figures as the API answers them (pesos; the rate in percent). */
export const taxAnswer = (t: ReturnType<typeof taxesByClass>[number]) => ({
  tax_class: t.taxClass,
  rate: t.rate / 100,
  base: t.base / 100,
  tax: t.tax / 100,
});

/** The tax columns of a sale's lines whose classes are known: nets after the discount, then base and IVA. */
export function linesTaxed(lines: readonly { subtotal: number; taxClass: TaxClass }[], discountCentavos: number) {
  const nets = linesNet(
    lines.map((line) => line.subtotal),
    discountCentavos,
  );
  return lines.map((line, index) => {
    const net = nets[index] ?? line.subtotal;
    const taxRate = TAX_RATE_BP[line.taxClass];
    const { base, tax } = lineTax(net, taxRate);
    return { netAmount: net, taxClass: line.taxClass, taxRate, taxBase: base, taxAmount: tax };
  });
}
