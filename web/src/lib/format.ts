/** Display helpers: Colombian pesos without decimals and Bogotá dates (spec 1 §9), and payment labels. */
import type { SalePaymentType } from "../../../shared/constants";
import { plural } from "../../../shared/plural";

const LOCALE = "es-CO";
const TIME_ZONE = "America/Bogota";

/**
 * Each formatter is built on its first use, not when this module loads: a page's first Intl object
 * sets ICU up (50-100 ms in headless Chromium here), which the entry chunk would otherwise pay before
 * the first paint of every page, the login's too.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const copFormatter = onFirstUse(
  () =>
    new Intl.NumberFormat(LOCALE, {
      style: "currency",
      currency: "COP",
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    }),
);

const dateTimeFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: TIME_ZONE,
    }),
);

const dateFormatter = onFirstUse(
  () => new Intl.DateTimeFormat(LOCALE, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: TIME_ZONE }),
);

// A calendar date has no time zone: format it as-is, not shifted to Bogotá (which would show the day before).
const calendarDateFormatter = onFirstUse(
  () => new Intl.DateTimeFormat(LOCALE, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }),
);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// SQLite's datetime('now') gives "YYYY-MM-DD HH:MM:SS" in UTC without a zone marker.
const SQLITE_UTC = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

const MISSING = "—";

/** A product's name as the screens write it: brand and model ("Nike Air Max 90"). */
export function productName(p: { brand: string; model: string }): string {
  return `${p.brand} ${p.model}`;
}

/** A product's reference and colour as lists write them: "NK-AM-01 · Negro" (the reference alone without one). */
export function referenceWithColor(p: { reference_code: string; color?: string | null }): string {
  return p.color ? `${p.reference_code} · ${p.color}` : p.reference_code;
}

/**
 * A count with its noun: "1 caja", "0 cajas", "1.250 cajas" (Intl.PluralRules es-CO; es-CO digit
 * grouping). Every count the UI renders goes through it, never a bare `{n} cajas` or "caja(s)": it is
 * the Worker's helper too (shared/plural.ts), so the API's messages and the screens agree.
 */
export function countLabel(n: number, one: string, many: string): string {
  return plural(n, one, many);
}

/**
 * How much of a list is on screen (issue 32 §4, every list says when it is cut): "Mostrando 48 de 252
 * productos" while part of it is, "252 productos" once all of it is.
 */
export function shownOfTotal(shown: number, total: number, one: string, many: string): string {
  const all = countLabel(total, one, many);
  return shown < total ? `Mostrando ${formatDecimal(Math.max(0, Math.round(shown)))} de ${all}` : all;
}

/**
 * A stated period, "del 28 oct al 27 nov" (both calendar dates included; the year when the two differ
 * from each other): every figure says which days it covers.
 */
export function periodLabel(start: string, end: string): string {
  const day = (d: string, withYear: boolean) => {
    const [y, m, dd] = d.split("-");
    const month = SHORT_MONTHS[Number(m) - 1] ?? m;
    return `${Number(dd)} ${month}${withYear ? ` ${y}` : ""}`;
  };
  const years = start.slice(0, 4) !== end.slice(0, 4);
  return start === end ? `el ${day(start, false)}` : `del ${day(start, years)} al ${day(end, years)}`;
}

const SHORT_MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];

/**
 * Pesos (may carry decimals) → "$ 1.234.567": Intl's es-CO currency text, written out by hand (the
 * tests hold it to Intl's) so that a page showing prices and nothing else Intl-formatted, like the
 * storefront, never sets ICU up.
 */
export function formatCOP(pesos: number): string {
  if (!Number.isFinite(pesos)) return MISSING;
  const whole = Math.round(Math.abs(pesos));
  if (whole > Number.MAX_SAFE_INTEGER) return copFormatter().format(pesos);
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  // Intl keeps the sign of -0 and of negatives that round to 0 ("-$ 0"); so does this.
  return `${pesos < 0 || Object.is(pesos, -0) ? "-" : ""}$\u00a0${digits}`;
}

function parseInstant(iso: string): Date | null {
  const text = SQLITE_UTC.test(iso) ? `${iso.replace(" ", "T")}Z` : iso;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** ISO timestamp → "05/03/2026, 02:30 p. m." in Bogotá time. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return MISSING;
  const date = parseInstant(iso);
  return date ? dateTimeFormatter().format(date) : MISSING;
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

const BOGOTA_OFFSET_MS = -5 * 3_600_000;
const BOGOTA_FIXED_OFFSET_SINCE = Date.UTC(1994, 0, 1);
const BOGOTA_BY_HAND_UNTIL = Date.UTC(10000, 0, 1, 5);

/** ISO timestamp or calendar date ("2026-03-05") → "05/03/2026". */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return MISSING;
  if (DATE_ONLY.test(iso)) {
    const date = new Date(`${iso}T00:00:00Z`);
    if (Number.isNaN(date.getTime())) return MISSING;
    // Intl's es-CO "dd/mm/aaaa" written out by hand (the tests hold it to Intl's), like formatCOP: the
    // seller's panel shows today's date and would otherwise set ICU up for it (tens of ms on load)
    const year = date.getUTCFullYear();
    if (year < 1000) return calendarDateFormatter().format(date);
    return `${twoDigits(date.getUTCDate())}/${twoDigits(date.getUTCMonth() + 1)}/${year}`;
  }
  const date = parseInstant(iso);
  if (!date) return MISSING;
  // Bogotá has been UTC−5 all year since 1993 (tz database), so its day is UTC's date five hours back,
  // written by hand like the calendar dates above (the seller's panel dates its queued sales on load);
  // Intl for older instants and years it pads differently
  const time = date.getTime();
  if (time < BOGOTA_FIXED_OFFSET_SINCE || time >= BOGOTA_BY_HAND_UNTIL) return dateFormatter().format(date);
  const bogota = new Date(time + BOGOTA_OFFSET_MS);
  return `${twoDigits(bogota.getUTCDate())}/${twoDigits(bogota.getUTCMonth() + 1)}/${bogota.getUTCFullYear()}`;
}

/**
 * A figure with at most one decimal, as `toLocaleString("es-CO")` writes it ("66,7", "1.250"), by hand
 * for such figures (the tests hold it to Intl's) so a screen showing one does not set ICU up.
 */
export function formatDecimal(n: number): string {
  const abs = Math.abs(n);
  if (!Number.isFinite(n) || abs >= 1e12 || Math.round(n * 10) / 10 !== n) return n.toLocaleString(LOCALE);
  const whole = Math.trunc(abs);
  const tenth = Math.round((abs - whole) * 10);
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${n < 0 || Object.is(n, -0) ? "-" : ""}${digits}${tenth ? `,${tenth}` : ""}`;
}

/**
 * Every percentage on screen: one decimal at most, es-CO's decimal comma and a space before the sign
 * (87.41 → "87,4 %", 100 → "100 %"); "—" for a figure that is not a number.
 */
export function formatPercent(n: number | null | undefined): string {
  return typeof n === "number" && Number.isFinite(n) ? `${formatDecimal(Math.round(n * 10) / 10)} %` : "—";
}

/** A file's size in megabytes with es-CO's decimal comma ("2,5 MB"). */
export function formatMegabytes(bytes: number): string {
  return `${formatDecimal(Math.round((bytes / (1024 * 1024)) * 10) / 10)} MB`;
}

/** Elapsed time: minutes under an hour ("45 min"), otherwise hours and minutes ("1 h 5 min", "2 h"). */
export function formatElapsed(minutes: number): string {
  const total = Number.isFinite(minutes) ? Math.max(0, Math.round(minutes)) : 0;
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The one Spanish label of each payment type a sale may carry (an exchange's credit included). */
export const PAYMENT_LABEL: Record<SalePaymentType, string> = {
  efectivo: "Efectivo",
  tarjeta: "Tarjeta",
  transferencia: "Transferencia",
  nota_credito: "Nota crédito (cambio)",
};

/** A payment type as the UI names it; an unknown code shows as it came. */
export function paymentLabel(type: string): string {
  return type in PAYMENT_LABEL ? PAYMENT_LABEL[type as SalePaymentType] : type;
}
