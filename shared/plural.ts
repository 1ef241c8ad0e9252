// Counts with their nouns, in Colombian Spanish, for the Worker's messages and the SPA's screens alike:
// "1 par", "2 pares", "1.500 pares", never "1 pares", "quedan 1 transferencia" or "compra(s)".

const LOCALE = "es-CO";

// made on first use: a page that shows no count never sets ICU's plural and number data up
let rules: Intl.PluralRules | undefined;
let numbers: Intl.NumberFormat | undefined;

/** The grammatical number of a count: Spanish uses the singular for exactly one (1, −1), the plural otherwise (0, 2, 1,5). */
export function isSingular(n: number): boolean {
  rules ??= new Intl.PluralRules(LOCALE);
  return Number.isFinite(n) && rules.select(Math.abs(n)) === "one";
}

/** The word that agrees with the count, without the count: `pluralWord(n, "queda", "quedan")`. */
export function pluralWord(n: number, one: string, many: string): string {
  return isSingular(n) ? one : many;
}

/** The count in es-CO digits (1.500) with the noun that agrees with it: `plural(2, "par", "pares")` → "2 pares". */
export function plural(n: number, one: string, many: string): string {
  if (!Number.isFinite(n)) return `— ${many}`;
  numbers ??= new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
  return `${numbers.format(n)} ${pluralWord(n, one, many)}`;
}

/** A signed change of a count: `signedPlural(1, "par", "pares")` → "+1 par", −3 → "−3 pares". */
export function signedPlural(n: number, one: string, many: string): string {
  const text = plural(Math.abs(n), one, many);
  return n > 0 ? `+${text}` : n < 0 ? `−${text}` : text;
}
