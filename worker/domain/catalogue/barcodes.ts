// Codes printed on shoe boxes: EAN-13, UPC-A (12 digits, the same number as an EAN-13 with a leading
// 0) and Code 128 (printable ASCII). Stored normalised so a scanner reading either form finds it.

function checkDigitOk(digits: string): boolean {
  const body = digits.slice(0, -1);
  let sum = 0;
  // weights 3,1,3,1… from the rightmost digit of the body
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** The code as stored (UPC-A → EAN-13), or a Spanish reason it cannot be a box code. */
export function normaliseBarcode(raw: string): { code: string } | { problem: string } {
  const code = raw.trim();
  if (!code) return { problem: "El código de barras está vacío" };
  if (/^\d{12,13}$/.test(code)) {
    const ean = code.length === 12 ? `0${code}` : code;
    if (!checkDigitOk(ean)) return { problem: `El código ${code} no es un EAN-13/UPC-A válido (dígito de control)` };
    return { code: ean };
  }
  if (code.length > 48 || !/^[\x20-\x7e]+$/.test(code)) {
    return { problem: `El código ${code.slice(0, 48)} no es un código de barras válido (EAN-13, UPC-A o Code 128)` };
  }
  return { code };
}

/** The forms a typed or scanned code may be stored under (a 12-digit UPC-A also as its EAN-13). */
export function codeCandidates(raw: string): string[] {
  const code = raw.trim();
  return /^\d{12}$/.test(code) ? [code, `0${code}`] : [code];
}

/** An EAN-13 in the in-store range (prefix 2) from a company-wide sequence number. */
export function internalEan13(sequence: number): string {
  const body = `2${String(sequence).padStart(11, "0")}`;
  if (body.length !== 12) throw new Error("internal barcode sequence exhausted");
  for (let d = 0; d <= 9; d++) if (checkDigitOk(`${body}${d}`)) return `${body}${d}`;
  throw new Error("unreachable: one check digit always fits");
}

/** Numbers an in-store code can take after its "29" prefix (10 digits). */
export const STORE_CODE_CAPACITY = 10_000_000_000;

/**
 * A label's EAN-13 from the company's sequence, in the in-store range with prefix 29 (the demo's and
 * older codes use 20): only this company's boxes carry it, so it is unique within the company.
 */
export function storeEan13(sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence >= STORE_CODE_CAPACITY) {
    throw new Error("in-store barcode sequence out of range");
  }
  const body = `29${String(sequence).padStart(10, "0")}`;
  for (let d = 0; d <= 9; d++) if (checkDigitOk(`${body}${d}`)) return `${body}${d}`;
  throw new Error("unreachable: one check digit always fits");
}
