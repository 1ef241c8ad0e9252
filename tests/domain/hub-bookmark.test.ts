// After a TransferHub call the Worker reads what the hub wrote from where the hub's writes left the shard
// (worker/db/shards.ts continueAt): a replica behind that point must not serve the answer. One copy of
// D1 cannot show a lagging replica, so this checks the session the request continues on.
import { describe, expect, it } from "vitest";
import { continueAt } from "../../worker/db/shards";

const HUB_WRITE = "00000000-000000d9-00000000-00000000000000000000000000000000";

function requestOn(home: string | null) {
  const opened: string[] = [];
  const binding = {
    withSession: (at: string) => {
      opened.push(at);
      return { getBookmark: () => at };
    },
  };
  const vars = new Map<string, unknown>([["home", home]]);
  const c = {
    env: { SHARDS: "SHARD_1:enam,SHARD_2:weur", SHARD_1: binding, SHARD_2: binding, PLATFORM: {} },
    get: (key: string) => vars.get(key),
    set: (key: string, value: unknown) => vars.set(key, value),
  };
  return { c: c as unknown as Parameters<typeof continueAt>[0], opened, vars };
}

describe("continueAt: the request reads on from the hub's bookmark", () => {
  it("opens the company's shard at the hub's bookmark and answers from that session", () => {
    const { c, opened, vars } = requestOn("SHARD_1");
    continueAt(c, `SHARD_1:${HUB_WRITE}`);
    expect(opened).toEqual([HUB_WRITE]);
    expect((vars.get("d1Session") as { shard: string }).shard).toBe("SHARD_1");
    expect(vars.get("companyDatabase")).toBeTruthy();
  });

  it("ignores a bookmark of another shard, a malformed one, none, and a caller without a company", () => {
    for (const [home, bookmark] of [
      ["SHARD_1", `SHARD_2:${HUB_WRITE}`],
      ["SHARD_1", "basura"],
      ["SHARD_1", null],
      [null, `SHARD_1:${HUB_WRITE}`],
    ] as const) {
      const { c, opened, vars } = requestOn(home);
      continueAt(c, bookmark);
      expect(opened).toEqual([]);
      expect(vars.has("d1Session")).toBe(false);
    }
  });
});
