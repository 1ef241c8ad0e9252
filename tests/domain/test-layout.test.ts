import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Every router has its test file, named after it: worker/routes/x.ts → tests/api/x.test.ts and
// worker/routes/<area>/x.ts → tests/api/<area>-x.test.ts. Cross-cutting suites live beside them.
function routerFiles(dir: string, prefix: string): { router: string; test: string }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && readFileSync(`${dir}/${f}`, "utf8").includes("new Hono"))
    .map((f) => ({ router: `${dir}/${f}`, test: `${prefix}${f.replace(/\.ts$/, "")}.test.ts` }));
}

describe("test layout", () => {
  it("has a tests/api/<router>.test.ts for every router file", () => {
    const tests = new Set(readdirSync("tests/api"));
    const routers = [
      ...routerFiles("worker/routes", ""),
      ...routerFiles("worker/routes/admin", "admin-"),
      ...routerFiles("worker/routes/superadmin", "superadmin-"),
    ];
    expect(routers.length).toBeGreaterThan(20);
    const missing = routers.filter((r) => !tests.has(r.test)).map((r) => `${r.router} → tests/api/${r.test}`);
    expect(missing).toEqual([]);
  });
});
