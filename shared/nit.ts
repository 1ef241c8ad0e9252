// The NIT (Colombia's tax id) and its DIAN check digit (dígito de verificación): the one rule for every
// place a NIT is typed — a customer's document, the company's NIT in Configuración and in the superuser's
// company form — on the Worker (valibot) and in the SPA's forms, with the same Spanish texts.

/** DIAN's weights, applied from the NIT's rightmost digit leftwards. */
const NIT_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

export const NIT_DV_MISSING = "Escribe el NIT con su dígito de verificación (por ejemplo 900123456-8)";
export const NIT_CHARACTERS = "El NIT solo puede tener dígitos, puntos y un guion antes del dígito de verificación";
export const NIT_LENGTH = "El NIT debe tener 9 dígitos, sin contar el dígito de verificación";
export const NIT_DIGITS_DISAGREE = "El dígito de verificación escrito en el NIT no coincide con el indicado aparte";
/** A NIT whose check digit is not DIAN's: says which one it should be. */
export const nitWrongDigit = (expected: number) =>
  `El dígito de verificación del NIT no es válido (debería ser ${expected})`;
/** An example NIT whose check digit is right (DIAN's for 900123456 is 8). */
export const NIT_EXAMPLE = "900123456-8";

/**
 * The DIAN check digit of a NIT given as digits: the weighted sum of its digits from the right,
 * r = sum mod 11, and the digit is 11 − r when r > 1, else r.
 */
export function nitCheckDigit(digits: string): number {
  if (!/^\d{1,15}$/.test(digits)) throw new Error(`not NIT digits: ${digits}`);
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    sum += Number(d) * (NIT_WEIGHTS[i] as number);
  });
  const r = sum % 11;
  return r > 1 ? 11 - r : r;
}

export type NitResult = { ok: true; number: string; checkDigit: number } | { ok: false; message: string };

/**
 * A NIT written as "900123456-8", "900.123.456-8", "9001234568" (the last digit is the check digit) or
 * "900123456" with the check digit given apart. Nine digits plus a check digit that must be DIAN's.
 */
export function parseNit(raw: string, givenDigit: number | null = null): NitResult {
  const text = raw.replace(/[\s.]/g, "");
  const match = /^(\d+)(?:-(\d))?$/.exec(text);
  if (!match) return { ok: false, message: NIT_CHARACTERS };
  let number = match[1] as string;
  let written: number | null = match[2] === undefined ? null : Number(match[2]);
  if (written === null && givenDigit === null && number.length === 10) {
    written = Number(number.slice(9));
    number = number.slice(0, 9);
  }
  if (number.length !== 9) return { ok: false, message: NIT_LENGTH };
  if (written !== null && givenDigit !== null && written !== givenDigit)
    return { ok: false, message: NIT_DIGITS_DISAGREE };
  const digit = written ?? givenDigit;
  if (digit === null) return { ok: false, message: NIT_DV_MISSING };
  const expected = nitCheckDigit(number);
  if (digit !== expected) return { ok: false, message: nitWrongDigit(expected) };
  return { ok: true, number, checkDigit: digit };
}

/** The Spanish reason a typed NIT is not valid, or null when it is. */
export function nitProblem(raw: string): string | null {
  const parsed = parseNit(raw.trim());
  return parsed.ok ? null : parsed.message;
}

/** A NIT as printed on receipts: "900.123.456-8". */
export function formatNit(number: string, checkDigit: number): string {
  return `${number.replace(/\B(?=(\d{3})+(?!\d))/g, ".")}-${checkDigit}`;
}

/** A typed company NIT as it is stored and printed ("900.123.456-8"), or null when it is not valid. */
export function printedNit(raw: string): string | null {
  const parsed = parseNit(raw.trim());
  return parsed.ok ? formatNit(parsed.number, parsed.checkDigit) : null;
}
