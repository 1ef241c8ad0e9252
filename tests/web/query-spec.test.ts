import * as v from "valibot";
import { afterEach, describe, expect, it } from "vitest";
import { lastData } from "../../web/src/lib/lastData";
import { queryClient } from "../../web/src/lib/query/client";
import { invalidate, type QuerySpec, screenQuery } from "../../web/src/lib/query/spec";
import { signIn } from "./helpers";

const USER_ID = 7;
const spec = <T>(area: QuerySpec<T>["area"], name: string, answer: T, schema?: v.GenericSchema<unknown, T>) => ({
  area,
  name,
  load: async () => answer,
  ...(schema ? { schema } : {}),
});

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
});

describe("the SPA's reads (lib/query/spec.ts)", () => {
  it("a write invalidates the named resources of its area, whatever their filters, and nothing else", async () => {
    signIn({ role: "superuser", id: 1 });
    const reads = [
      spec("superuser", "companies:all|", 1),
      spec("superuser", "company:3", 2),
      spec("superuser", "companies-archive", 3),
      spec("admin", "companies:all|", 4),
      spec("superuser", "plans:active", 5),
    ];
    for (const read of reads) await queryClient.fetchQuery(screenQuery(read));
    await invalidate("superuser", "companies", "company");
    const stale = reads.map((read) => queryClient.getQueryState(screenQuery(read).queryKey)?.isInvalidated);
    expect(stale).toEqual([true, true, false, false, false]);
  });

  it("only a read with a schema keeps its answer in this browser", async () => {
    signIn({ role: "seller", id: USER_ID });
    const Figures = v.object({ sales: v.number() });
    await queryClient.fetchQuery(screenQuery(spec("seller", "dashboard", { sales: 3 }, Figures)));
    await queryClient.fetchQuery(screenQuery(spec("seller", "discounts", { sales: 4 })));
    expect(lastData.seller.read("dashboard", USER_ID, Figures)?.data).toEqual({ sales: 3 });
    expect(lastData.seller.read("discounts", USER_ID, Figures)).toBeNull();
  });

  it("two accounts never share an answer", () => {
    signIn({ role: "superuser", id: 1 });
    const asSuperuser = screenQuery(spec("public", "stores", 1)).queryKey;
    signIn({ role: "seller", id: USER_ID });
    expect(screenQuery(spec("public", "stores", 1)).queryKey).not.toEqual(asSuperuser);
  });
});
