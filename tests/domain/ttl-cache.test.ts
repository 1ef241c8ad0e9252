import { describe, expect, it } from "vitest";
import { TtlCache } from "../../worker/lib/ttl-cache";

describe("TtlCache", () => {
  it("serves an entry until its time-to-live, then forgets it", () => {
    const cache = new TtlCache<string, number>(1000);
    cache.set("a", 1, 0);
    expect(cache.get("a", 999)).toBe(1);
    expect(cache.get("a", 1000)).toBeUndefined();
  });

  it("drops the oldest entry beyond its size and deletes by predicate", () => {
    const cache = new TtlCache<number, { company: number }>(10_000, 2);
    cache.set(1, { company: 7 }, 0);
    cache.set(2, { company: 8 }, 0);
    cache.set(3, { company: 7 }, 0);
    expect(cache.get(1, 1)).toBeUndefined();
    cache.deleteWhere((v) => v.company === 7);
    expect(cache.get(3, 1)).toBeUndefined();
    expect(cache.get(2, 1)).toEqual({ company: 8 });
  });

  it("loads once and then serves from memory", async () => {
    const cache = new TtlCache<string, string>(10_000);
    let loads = 0;
    const load = async () => {
      loads++;
      return "x";
    };
    expect(await cache.getOrLoad("k", load)).toBe("x");
    expect(await cache.getOrLoad("k", load)).toBe("x");
    expect(loads).toBe(1);
  });
});
