import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { filesBelow } from "./source-files";

// Every router has its test file, named after it: worker/routes/<context>/x.ts → tests/api/x.test.ts
// (the test files move into their contexts' folders next). Cross-cutting suites live beside them.
const RENAMED: Record<string, string> = { "admin-panel": "admin-index", "test-data": "admin" };

describe("test layout", () => {
  it("has a tests/api/<router>.test.ts for every router file", () => {
    const tests = new Set(readdirSync("tests/api"));
    const routers = filesBelow("worker/routes", (f) => f.endsWith(".ts"))
      .filter((file) => readFileSync(file, "utf8").includes("new Hono"))
      .map((router) => {
        const name = router.replace(/^.*\//, "").replace(/\.ts$/, "");
        return { router, test: `${RENAMED[name] ?? name}.test.ts` };
      });
    expect(routers.length).toBeGreaterThan(20);
    const missing = routers.filter((r) => !tests.has(r.test)).map((r) => `${r.router} → tests/api/${r.test}`);
    expect(missing).toEqual([]);
  });
});
