import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { filesBelow } from "./source-files";

// web/src/lib holds building blocks that any area may use; web/src/features holds the areas. A block that
// imports an area would tie every other area to it, so lib/ never imports features/.
const LIB = "web/src/lib";

const files = (dir: string) => filesBelow(dir, (name) => /\.tsx?$/.test(name));

/** The import specifiers of a file that reach into features/. */
function featureImports(text: string): string[] {
  return [...text.matchAll(/(?:import|export)[^"'`]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)]
    .map((m) => m[1] ?? m[2] ?? "")
    .filter((spec) => /(^|\/)features\//.test(spec));
}

describe("web/src/lib never imports web/src/features", () => {
  it("no file of lib/ imports an area", () => {
    const found = files(LIB).flatMap((file) => featureImports(readFileSync(file, "utf8")).map((s) => `${file}: ${s}`));
    expect(found).toEqual([]);
  });

  it("catches the shapes it refuses (a probe)", () => {
    const probe = [
      'import { A } from "../../features/warehouse/A";',
      'import type { B } from "../features/seller/saleForm";',
      'export { C } from "../../features/x/C";',
      'const D = lazy(() => import("../../features/admin/D"));',
      'import { E } from "./ui/E";',
    ].join("\n");
    expect(featureImports(probe)).toHaveLength(4);
  });
});
