import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SALE_DATE_FUTURE, SALE_DATE_INVALID, SALE_DATE_TOO_OLD } from "../../shared/messages";
import {
  parseSoldAt,
  SOLD_AT_MAX_AGE_MS,
  SOLD_AT_SKEW_MS,
  saleDateFor,
  type TillBounds,
} from "../../worker/domain/sales/sale-date";

const NOW = new Date("2026-11-26T13:10:00.000Z"); // 08:10 in Bogotá
const NO_TILLS: TillBounds = { lastClosedAt: null, openOpenedAt: null };
const iso = (ms: number) => new Date(ms).toISOString();
const ago = (ms: number) => iso(NOW.getTime() - ms);

describe("parseSoldAt", () => {
  it("reads what the browser's toISOString gives, and offsets", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(parseSoldAt(iso(ms))).toBe(ms);
      }),
    );
    expect(parseSoldAt("2026-11-25T19:50:00-05:00")).toBe(Date.parse("2026-11-26T00:50:00Z"));
    expect(parseSoldAt("2026-11-25T19:50:00+0530")).toBe(Date.parse("2026-11-25T14:20:00Z"));
    expect(parseSoldAt("2026-11-25T19:50Z")).toBe(Date.parse("2026-11-25T19:50:00Z"));
    expect(parseSoldAt("2026-11-25T19:50:00.123456z")).toBe(Date.parse("2026-11-25T19:50:00.123Z"));
    expect(parseSoldAt(" 2026-11-25T19:50:00Z ")).toBe(Date.parse("2026-11-25T19:50:00Z"));
  });

  it("refuses what is not an instant: no zone, no time, a day that does not exist, garbage", () => {
    for (const text of [
      "",
      "ayer",
      "2026-11-25",
      "2026-11-25T19:50:00",
      "2026-11-25 19:50:00Z",
      "2026-02-30T10:00:00Z",
      "2026-13-01T10:00:00Z",
      "2026-11-25T24:00:00Z",
      "2026-11-25T19:60:00Z",
      "2026-11-25T19:50:00+25:00",
      "1764100200000",
      "2026-11-25T19:50:00ZZ",
    ]) {
      expect(parseSoldAt(text), text).toBeNull();
    }
    expect(parseSoldAt("2028-02-29T10:00:00Z")).toBe(Date.UTC(2028, 1, 29, 10));
    expect(parseSoldAt("2027-02-29T10:00:00Z")).toBeNull();
  });
});

describe("saleDateFor", () => {
  it("dates a past sale with its sold_at, normalised to UTC with milliseconds", () => {
    expect(saleDateFor("2026-11-25T19:50:00-05:00", NOW, NO_TILLS)).toEqual({
      ok: true,
      saleDate: "2026-11-26T00:50:00.000Z",
    });
  });

  it("takes up to 5 minutes ahead as clock skew (dated now) and refuses more", () => {
    expect(saleDateFor(iso(NOW.getTime() + 1), NOW, NO_TILLS)).toEqual({ ok: true, saleDate: NOW.toISOString() });
    expect(saleDateFor(iso(NOW.getTime() + SOLD_AT_SKEW_MS), NOW, NO_TILLS)).toEqual({
      ok: true,
      saleDate: NOW.toISOString(),
    });
    expect(saleDateFor(iso(NOW.getTime() + SOLD_AT_SKEW_MS + 1), NOW, NO_TILLS)).toEqual({
      ok: false,
      status: 422,
      detail: SALE_DATE_FUTURE,
    });
  });

  it("accepts up to 72 hours ago and refuses older", () => {
    expect(saleDateFor(ago(SOLD_AT_MAX_AGE_MS), NOW, NO_TILLS)).toEqual({
      ok: true,
      saleDate: ago(SOLD_AT_MAX_AGE_MS),
    });
    expect(saleDateFor(ago(SOLD_AT_MAX_AGE_MS + 1), NOW, NO_TILLS)).toEqual({
      ok: false,
      status: 422,
      detail: SALE_DATE_TOO_OLD,
    });
  });

  it("refuses a text that is not an instant", () => {
    expect(saleDateFor("mañana", NOW, NO_TILLS)).toEqual({ ok: false, status: 422, detail: SALE_DATE_INVALID });
  });

  it("never dates inside a closed till: 1 ms after the latest closing", () => {
    const closed = "2026-11-26T01:00:00.000Z"; // 20:00 in Bogotá
    expect(saleDateFor("2026-11-26T00:50:00.000Z", NOW, { lastClosedAt: closed, openOpenedAt: null })).toEqual({
      ok: true,
      saleDate: "2026-11-26T01:00:00.001Z",
    });
    // exactly at the closing is still inside the closed window
    expect(saleDateFor(closed, NOW, { lastClosedAt: closed, openOpenedAt: null })).toEqual({
      ok: true,
      saleDate: "2026-11-26T01:00:00.001Z",
    });
    // after the closing: its own date
    expect(saleDateFor("2026-11-26T02:00:00.000Z", NOW, { lastClosedAt: closed, openOpenedAt: null })).toEqual({
      ok: true,
      saleDate: "2026-11-26T02:00:00.000Z",
    });
  });

  it("never dates before the opening of the open till", () => {
    const bounds = { lastClosedAt: "2026-11-26T01:00:00.000Z", openOpenedAt: "2026-11-26T13:00:00.000Z" };
    expect(saleDateFor("2026-11-26T00:50:00.000Z", NOW, bounds)).toEqual({
      ok: true,
      saleDate: "2026-11-26T13:00:00.000Z",
    });
    expect(saleDateFor("2026-11-26T13:05:00.000Z", NOW, bounds)).toEqual({
      ok: true,
      saleDate: "2026-11-26T13:05:00.000Z",
    });
  });

  it("is max(sold_at, last closing + 1 ms, open opening), never later than now unless a till says so", () => {
    const window = { min: NOW.getTime() - SOLD_AT_MAX_AGE_MS, max: NOW.getTime() };
    fc.assert(
      fc.property(
        fc.integer(window),
        fc.option(fc.integer(window), { nil: null }),
        fc.option(fc.integer(window), { nil: null }),
        (sold, closed, opened) => {
          const choice = saleDateFor(iso(sold), NOW, {
            lastClosedAt: closed === null ? null : iso(closed),
            openOpenedAt: opened === null ? null : iso(opened),
          });
          if (!choice.ok) throw new Error(choice.detail);
          const dated = Date.parse(choice.saleDate);
          expect(dated).toBe(Math.max(sold, closed === null ? sold : closed + 1, opened ?? sold));
          if (closed !== null) expect(dated).toBeGreaterThan(closed);
        },
      ),
    );
  });
});
