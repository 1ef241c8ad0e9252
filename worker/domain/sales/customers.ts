// Customers' data rules (no HTTP, no D1): identity documents per type with the NIT's DIAN check digit,
// Colombian phone numbers, and the search key of a name. Unit-tested in tests/domain/customers.test.ts.
import { DOCUMENT_TYPE_LABELS, type DocumentType } from "../../../shared/constants";
import { parseNit } from "../../../shared/nit";

export { NIT_DV_MISSING, nitCheckDigit } from "../../../shared/nit";

export const CONSENT_REQUIRED =
  "Sin la autorización de tratamiento de datos (Ley 1581 de 2012) no se puede registrar al cliente";
export const PHONE_NOT_VALID =
  "El teléfono no es válido: un celular tiene 10 dígitos y empieza por 3; un fijo, de 7 a 10 dígitos (puede llevar +57)";

/** A document as stored: normalised number, and the NIT's check digit apart (null for other types). */
export interface CustomerDocument {
  type: DocumentType;
  number: string;
  checkDigit: number | null;
}

export type DocumentResult = { ok: true; document: CustomerDocument } | { ok: false; message: string };

const fail = (message: string): DocumentResult => ({ ok: false, message });

/** A NIT with its DIAN check digit (shared/nit.ts: the same rule and texts as every NIT field). */
function parseNitDocument(raw: string, givenDigit: number | null): DocumentResult {
  const parsed = parseNit(raw, givenDigit);
  if (!parsed.ok) return fail(parsed.message);
  return { ok: true, document: { type: "NIT", number: parsed.number, checkDigit: parsed.checkDigit } };
}

/** Validates and normalises a document for its type; `givenDigit` is the NIT's check digit sent apart. */
export function parseDocument(type: DocumentType, raw: string, givenDigit: number | null = null): DocumentResult {
  const trimmed = raw.trim();
  if (trimmed === "") return fail("Escribe el número de documento del cliente");
  if (type !== "NIT" && givenDigit !== null) return fail("Solo el NIT lleva dígito de verificación");
  switch (type) {
    case "NIT":
      return parseNitDocument(trimmed, givenDigit);
    case "CC": {
      const digits = trimmed.replace(/[\s.]/g, "");
      if (!/^\d+$/.test(digits)) return fail("La cédula de ciudadanía solo lleva dígitos");
      if (digits.length < 5 || digits.length > 10) return fail("La cédula de ciudadanía debe tener de 5 a 10 dígitos");
      if (/^0/.test(digits)) return fail("La cédula de ciudadanía no empieza por 0");
      return { ok: true, document: { type, number: digits, checkDigit: null } };
    }
    case "CE":
    case "PASAPORTE": {
      const [min, max] = type === "CE" ? [6, 12] : [5, 20];
      const label = DOCUMENT_TYPE_LABELS[type].toLowerCase();
      const code = trimmed.replace(/[\s.-]/g, "").toUpperCase();
      if (!/^[A-Z0-9]+$/.test(code)) return fail(`El número de ${label} solo lleva letras y dígitos`);
      if (code.length < min || code.length > max) {
        return fail(`El número de ${label} debe tener de ${min} a ${max} letras o dígitos`);
      }
      return { ok: true, document: { type, number: code, checkDigit: null } };
    }
  }
}

/** How a document reads: "NIT 900123456-8", "CC 1020304050". */
export function documentLabel(doc: { type: DocumentType; number: string; checkDigit: number | null }): string {
  return doc.type === "NIT" ? `NIT ${doc.number}-${doc.checkDigit}` : `${doc.type} ${doc.number}`;
}

/**
 * A Colombian phone as stored (digits, without +57): a mobile has 10 digits starting with 3; a fixed
 * line 7 to 10 digits (since 2021 fixed numbers are 10 digits starting with 60). Spaces, dashes, dots and
 * parentheses are ignored; +57 / 57 before a 10-digit number is dropped. Null when it is not valid.
 */
export function normalisePhone(raw: string): string | null {
  const text = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, "");
  const plus = text.startsWith("+");
  if (plus && !digits.startsWith("57")) return null;
  if ((plus || digits.length === 12) && digits.startsWith("57")) digits = digits.slice(2);
  if (digits.startsWith("3")) return digits.length === 10 ? digits : null;
  return digits.length >= 7 && digits.length <= 10 ? digits : null;
}

/** A name as searched: lower-case, without accents or repeated spaces ("José  PÉREZ" → "jose perez"). */
export function searchKey(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** A person's or company's name: trimmed, inner spaces collapsed. */
export function cleanName(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * What a search text can match: the name key always; the digits (a document or phone typed with
 * spaces or dots) when it has at least three; an upper-case code for CE and passports.
 */
export interface SearchTerms {
  name: string;
  digits: string | null;
  code: string | null;
}

export function searchTerms(q: string): SearchTerms {
  // "+57 315…" searches the phone as stored, without the country code
  const digits = q.trim().replace(/^\+57/, "").replace(/\D/g, "");
  const code = q.replace(/[\s.-]/g, "").toUpperCase();
  return {
    name: searchKey(q),
    digits: digits.length >= 3 ? digits : null,
    code: /^[A-Z0-9]{3,}$/.test(code) ? code : null,
  };
}
