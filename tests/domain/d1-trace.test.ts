import { describe, expect, it } from "vitest";
import { type D1Trace, roundTrips, traceAsked } from "../../worker/db/d1-trace";

// The bench's count of sequential D1 round trips (issue 34): calls that overlap in time are one trip.
const trace = (spans: [number, number][]): D1Trace => ({ delayMs: 0, spans });

describe("roundTrips", () => {
  it("counts calls one after another, and calls in flight together once", () => {
    expect(roundTrips(trace([]))).toBe(0);
    expect(roundTrips(trace([[0, 10]]))).toBe(1);
    // a batch, then two reads in parallel, then a write
    expect(
      roundTrips(
        trace([
          [0, 10],
          [10, 20],
          [10, 25],
          [25, 30],
        ]),
      ),
    ).toBe(3);
    // a call started while another was in flight joins its trip, even if it ends later
    expect(
      roundTrips(
        trace([
          [5, 40],
          [0, 10],
          [39, 50],
        ]),
      ),
    ).toBe(1);
  });
});

describe("traceAsked", () => {
  it("takes 'count' and 'delay=<ms>' (at most a second), nothing else", () => {
    expect(traceAsked("count")).toEqual({ delayMs: 0, spans: [] });
    expect(traceAsked("delay=30")).toEqual({ delayMs: 30, spans: [] });
    expect(traceAsked("delay=9999")).toEqual({ delayMs: 1000, spans: [] });
    for (const other of [undefined, "", "delay=", "delay=-5", "delay=1e9", "count ", "sleep"]) {
      expect(traceAsked(other)).toBeNull();
    }
  });
});
