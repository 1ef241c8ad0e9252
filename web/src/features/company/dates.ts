/** Calendar dates of Bogotá ('YYYY-MM-DD'), the business days the API counts in. */

const bogotaDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Bogota",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today in Bogotá: the day the server counts sales, due dates and overdue invoices in. */
export function bogotaToday(now: Date = new Date()): string {
  return bogotaDay.format(now);
}

/** A calendar date moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last `days` days ending today, both ends included (e.g. 30 → today and the 29 before). */
export function lastDays(days: number, now: Date = new Date()): { start: string; end: string } {
  const end = bogotaToday(now);
  return { start: addDays(end, -(days - 1)), end };
}

/** Every date from start to end, inclusive. */
export function datesBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end && out.length < 400; d = addDays(d, 1)) out.push(d);
  return out;
}

/** "2026-03-05" → "05/03" for chart axes. */
export function shortDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
}
