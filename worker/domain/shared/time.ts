// Business days are Colombian days (America/Bogota, UTC−5 all year, no daylight saving).
const BOGOTA_OFFSET_MS = -5 * 60 * 60_000;

/** 'YYYY-MM-DD' of the Bogotá calendar day containing `now`. */
export function bogotaDate(now: Date = new Date()): string {
  return new Date(now.getTime() + BOGOTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** [start, end) in UTC ISO strings of a Bogotá calendar day ('YYYY-MM-DD'). */
export function bogotaDayRange(day: string): { start: string; end: string } {
  const startMs = Date.parse(`${day}T00:00:00.000Z`) - BOGOTA_OFFSET_MS;
  return { start: new Date(startMs).toISOString(), end: new Date(startMs + 24 * 60 * 60_000).toISOString() };
}

/** Whole minutes between two instants (never negative). */
export function minutesBetween(fromIso: string, to: Date = new Date()): number {
  return Math.max(0, Math.floor((to.getTime() - Date.parse(fromIso)) / 60_000));
}

/** Whole days from `today` to `day` ('YYYY-MM-DD'; negative when it has passed). */
export function daysUntil(day: string, today: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}
