import { DATE_RANGE_REVERSED, DATE_RANGE_TOO_LONG } from "../../../../shared/messages";
import { addDays, bogotaToday } from "../company/dates";

/** Calendar helpers of the boss panel; dates are Bogotá days 'YYYY-MM-DD' as the API counts them. */

export const YEAR_MIN = 2020;
export const YEAR_MAX = 2030;
export const YEAR_ERROR = `El año debe estar entre ${YEAR_MIN} y ${YEAR_MAX}`;
/** The API refuses longer ranges. */
export const MAX_RANGE_DAYS = 366;

/** Boss default range (spec §9): first of the current month to today. */
export function currentMonthRange(now: Date = new Date()): { start: string; end: string } {
  const end = bogotaToday(now);
  return { start: `${end.slice(0, 8)}01`, end };
}

/** A year typed in the month/year selector, or the reason it cannot be used. */
export function parseYear(text: string): { year: number } | { error: string } {
  const trimmed = text.trim();
  if (!/^\d{4}$/.test(trimmed)) return { error: YEAR_ERROR };
  const year = Number(trimmed);
  return year < YEAR_MIN || year > YEAR_MAX ? { error: YEAR_ERROR } : { year };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why a date range cannot be asked for, or null when it can. */
export function rangeError(start: string, end: string): string | null {
  if (!DATE.test(start) || !DATE.test(end)) return "Elige la fecha inicial y la final";
  if (start > end) return DATE_RANGE_REVERSED;
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;
  if (days > MAX_RANGE_DAYS) return DATE_RANGE_TOO_LONG;
  return null;
}

export type YearMonth = { year: number; month: number };

/** The `count` calendar months ending with the current one, oldest first. */
export function lastMonths(count: number, now: Date = new Date()): YearMonth[] {
  const today = bogotaToday(now);
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  const out: YearMonth[] = [];
  for (let i = 0; i < count; i++) {
    out.unshift({ year, month });
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return out;
}

export { addDays, bogotaToday };
