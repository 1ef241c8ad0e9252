import { formatDate } from "../../lib/format";
import { currentMonthRange } from "./dates";
import { monthLabel } from "./format";

/** The period a report is asked for: a date range, a calendar month or a single day. */
export type Period =
  | { kind: "range"; start: string; end: string }
  | { kind: "month"; year: number; month: number }
  | { kind: "day"; date: string };
export type PeriodKind = Period["kind"];

export const PERIOD_KIND_LABEL: Record<PeriodKind, string> = {
  range: "Rango de fechas",
  month: "Mes",
  day: "Día",
};

/** Boss default (spec §9): first of the current month to today. */
export function defaultPeriod(now: Date = new Date()): Period {
  const { start, end } = currentMonthRange(now);
  return { kind: "range", start, end };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A stable text for storage names and file names: "2026-11-01_2026-11-21", "2026-11", "2026-11-21". */
export function periodKey(p: Period): string {
  if (p.kind === "range") return `${p.start}_${p.end}`;
  if (p.kind === "month") return `${p.year}-${pad(p.month)}`;
  return p.date;
}

/** A report's calls, one per kind of period. */
export type PeriodLoads<T> = {
  range: (start: string, end: string, signal: AbortSignal) => Promise<T>;
  month: (year: number, month: number, signal: AbortSignal) => Promise<T>;
  day: (date: string, signal: AbortSignal) => Promise<T>;
};

/** Asks for a period's report with the call its kind takes. */
export function loadPeriod<T>(p: Period, signal: AbortSignal, loads: PeriodLoads<T>): Promise<T> {
  if (p.kind === "range") return loads.range(p.start, p.end, signal);
  if (p.kind === "month") return loads.month(p.year, p.month, signal);
  return loads.day(p.date, signal);
}

/** "Del 01/11/2026 al 21/11/2026", "Noviembre de 2026", "21/11/2026". */
export function periodLabel(p: Period): string {
  if (p.kind === "range") return `Del ${formatDate(p.start)} al ${formatDate(p.end)}`;
  if (p.kind === "month") {
    const text = monthLabel(p.year, p.month);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return formatDate(p.date);
}

/** The period as the days it covers (first and last, Bogotá dates), for the reports asked by range. */
export function periodDays(p: Period): { start: string; end: string } {
  if (p.kind === "range") return { start: p.start, end: p.end };
  if (p.kind === "day") return { start: p.date, end: p.date };
  const last = new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
  return { start: `${p.year}-${pad(p.month)}-01`, end: `${p.year}-${pad(p.month)}-${pad(last)}` };
}
