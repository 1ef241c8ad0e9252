// One router per area, and no router lends another its schemas or handlers (issue 35): what two routers
// share lives in a module that is no router (`*-bodies.ts`, `hub.ts`, `dto.ts`, `transfer-return.ts`).
// A router may import another router only to mount it (its `…Routes` export).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { filesBelow } from "./source-files";

const ROOT = join(import.meta.dirname, "../..");
const ROUTES = join(ROOT, "worker/routes");

const sourceFiles = (dir: string) => filesBelow(dir, (name) => name.endsWith(".ts"));

const isRouter = (file: string) => /new Hono\b/.test(readFileSync(file, "utf8"));
const IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"(\.[^"]+)"/g;

describe("routers", () => {
  it("import another router only to mount it", () => {
    const borrowed: string[] = [];
    for (const file of sourceFiles(ROUTES)) {
      for (const [, names = "", path = ""] of readFileSync(file, "utf8").matchAll(IMPORT)) {
        const target = `${resolve(dirname(file), path)}.ts`;
        if (!target.startsWith(ROUTES) || !existsSync(target) || !isRouter(target)) continue;
        const lent = names
          .split(",")
          .map((n) => n.trim().replace(/^type\s+/, ""))
          .filter((n) => n && !n.endsWith("Routes"));
        if (lent.length) borrowed.push(`${relative(ROOT, file)} ← ${relative(ROOT, target)}: ${lent.join(", ")}`);
      }
    }
    expect(borrowed).toEqual([]);
  });
});
