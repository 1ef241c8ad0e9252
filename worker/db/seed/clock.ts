import { bogotaDate, bogotaDayRange } from "../../domain/shared/time";

export const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

/** `minutes` before now, but never before the start of today in Bogotá: "today's" demo rows stay today. */
export function earlierToday(now: Date, minutes: number): string {
  const dayStart = Date.parse(bogotaDayRange(bogotaDate(now)).start);
  return new Date(Math.max(dayStart + 60_000, now.getTime() - minutes * 60_000)).toISOString();
}
