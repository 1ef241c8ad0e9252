import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { filesBelow } from "./source-files";

// Every router has its test file, in the same context's folder and named after it:
// worker/routes/<context>/x.ts → tests/api/<context>/x.test.ts. Cross-cutting suites live in tests/api/
// itself, the helpers every suite shares in tests/api/support/.
describe("test layout", () => {
  it("has a tests/api/<context>/<router>.test.ts for every router file", () => {
    const routers = filesBelow("worker/routes", (f) => f.endsWith(".ts"))
      .map((file) => file.split("\\").join("/"))
      .filter((file) => readFileSync(file, "utf8").includes("new Hono"))
      .map((router) => ({
        router,
        test: router.replace(/^worker\/routes\//, "tests/api/").replace(/\.ts$/, ".test.ts"),
      }));
    expect(routers.length).toBeGreaterThan(20);
    expect(routers.every((r) => /^worker\/routes\/[a-z]+\/[a-z-]+\.ts$/.test(r.router))).toBe(true);
    const missing = routers.filter((r) => !existsSync(r.test)).map((r) => `${r.router} → ${r.test}`);
    expect(missing).toEqual([]);
  });
});
