/** Number and percentage display of the boss panel (es-CO). Money goes through lib/format's formatCOP. */

const integer = new Intl.NumberFormat("es-CO", { maximumFractionDigits: 0 });
const signedOneDecimal = new Intl.NumberFormat("es-CO", { maximumFractionDigits: 1, signDisplay: "exceptZero" });

export function formatCount(n: number): string {
  return Number.isFinite(n) ? integer.format(n) : "—";
}

/** 12.5 → "12,5 %" (one rule for every screen: lib/format). */
export { formatPercent } from "../../lib/format";

/** 12.5 → "+12,5 %", -3 → "-3 %", 0 → "0 %". */
export function formatChange(n: number): string {
  return Number.isFinite(n) ? `${signedOneDecimal.format(n)} %` : "—";
}

const monthName = new Intl.DateTimeFormat("es-CO", { month: "long", timeZone: "UTC" });
const monthShort = new Intl.DateTimeFormat("es-CO", { month: "short", timeZone: "UTC" });

/** (2026, 11) → "noviembre de 2026". */
export function monthLabel(year: number, month: number): string {
  return `${monthName.format(new Date(Date.UTC(year, month - 1, 1)))} de ${year}`;
}

/** (2026, 11) → "nov 2026" for chart axes. */
export function shortMonthLabel(year: number, month: number): string {
  return `${monthShort.format(new Date(Date.UTC(year, month - 1, 1))).replace(".", "")} ${year}`;
}

/** Spanish month names, January first, for selects. */
export const MONTH_NAMES = Array.from({ length: 12 }, (_, i) => {
  const name = monthName.format(new Date(Date.UTC(2026, i, 1)));
  return name.charAt(0).toUpperCase() + name.slice(1);
});
