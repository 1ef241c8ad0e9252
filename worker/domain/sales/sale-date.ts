// The date of a sale the seller's phone made earlier (offline) and sends now: the client's `sold_at`,
// within bounds, and never inside a till that has been closed. Plain functions: the route validates
// the text with parseSoldAt, the sale chooses its date with saleDateFor from what it read of the tills,
// and a guard in the sale's batch (till/rule.ts) holds that choice when the batch runs.
import { SALE_DATE_FUTURE, SALE_DATE_INVALID, SALE_DATE_TOO_OLD } from "../../../shared/messages";

/** A sold_at ahead of the server's clock by up to this much is clock skew: the sale is dated now. */
export const SOLD_AT_SKEW_MS = 5 * 60_000;
/** A sold_at older than this is refused: the seller registers the sale with today's date. */
export const SOLD_AT_MAX_AGE_MS = 72 * 60 * 60_000;

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The instant (ms since epoch) of an ISO 8601 timestamp with a time zone (Z or ±HH:MM, as the browser's
 * `toISOString()` gives), or null: a date without time or zone, or a calendar day that does not exist
 * (Date.parse would roll 30 February over to March), is not a sale's instant.
 */
export function parseSoldAt(text: string): number | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? "0"].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zone = (m[8] ?? "Z").toUpperCase();
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  let offsetMin = 0;
  if (zone !== "Z") {
    const digits = zone.slice(1).replace(":", "");
    const h = Number(digits.slice(0, 2));
    const min = Number(digits.slice(2, 4));
    if (h > 23 || min > 59) return null;
    offsetMin = (zone.startsWith("-") ? -1 : 1) * (h * 60 + min);
  }
  const ms = Math.floor(Number(`0.${m[7] ?? "0"}`) * 1000);
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMin * 60_000;
}

/** What the store's tills say about the location when the sale is read: the bounds a sale date must pass. */
export interface TillBounds {
  /** the latest closing of any of the location's sessions (ISO), or null */
  lastClosedAt: string | null;
  /** the opening of the location's open session (ISO), or null */
  openOpenedAt: string | null;
}

export type SaleDateChoice = { ok: true; saleDate: string } | { ok: false; status: 422; detail: string };

/**
 * The date a sale made at `soldAt` is recorded with, at `now`:
 * - more than 5 minutes in the future: refused; up to 5 minutes ahead (clock skew): now;
 * - more than 72 hours ago: refused;
 * - then never at or before the latest closing of the location's tills (1 ms after it instead, as a
 *   session's window includes its closing instant) nor before the opening of its open till, so a
 *   closed till's figures never change: max(sold_at, last closed_at + 1 ms, open opened_at).
 */
export function saleDateFor(soldAt: string, now: Date, bounds: TillBounds): SaleDateChoice {
  const asked = parseSoldAt(soldAt);
  if (asked === null) return { ok: false, status: 422, detail: SALE_DATE_INVALID };
  const nowMs = now.getTime();
  if (asked - nowMs > SOLD_AT_SKEW_MS) return { ok: false, status: 422, detail: SALE_DATE_FUTURE };
  if (nowMs - asked > SOLD_AT_MAX_AGE_MS) return { ok: false, status: 422, detail: SALE_DATE_TOO_OLD };
  const when = Math.min(asked, nowMs);
  const floors = [
    bounds.lastClosedAt === null ? Number.NEGATIVE_INFINITY : Date.parse(bounds.lastClosedAt) + 1,
    bounds.openOpenedAt === null ? Number.NEGATIVE_INFINITY : Date.parse(bounds.openOpenedAt),
  ].filter((ms) => Number.isFinite(ms));
  const chosen = Math.max(when, ...floors);
  return { ok: true, saleDate: new Date(chosen).toISOString() };
}
