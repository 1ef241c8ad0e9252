// One module reaches a database (issue 34, docs/sharding.md): worker/db/shards.ts hands out the platform's
// database and each company's. This walks the Worker's code (worker/**) with the TypeScript parser and
// refuses any other read of a D1 binding (`env.PLATFORM`, `c.env.SHARD_2`, `this.env.SHARD_1`) and any other
// `createDb`, so no query goes to a database chosen by hand instead of the directory's.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { filesBelow } from "./source-files";

const ROOT = join(import.meta.dirname, "../..");
const isBinding = (name: string) => name === "PLATFORM" || /^SHARD_\d+$/.test(name);
/** Where bindings may be read and drizzle instances made: the module itself and the client it uses. */
const ALLOWED = new Set(["worker/db/shards.ts", "worker/db/client.ts"]);

const sourceFiles = (dir: string) => filesBelow(dir, (name) => name.endsWith(".ts") && !name.endsWith(".d.ts"));

type Finding = { file: string; line: number; what: string };

function findings(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Finding[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && isBinding(node.name.text)) {
      const target = node.expression.getText();
      if (/(^|\.)env$/.test(target)) found.push({ file, line: at(node), what: `${target}.${node.name.text}` });
    }
    if (ts.isCallExpression(node) && node.expression.getText() === "createDb") {
      found.push({ file, line: at(node), what: node.getText().slice(0, 60) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function scan(files: readonly string[]): Finding[] {
  return files.flatMap((path) => {
    const file = relative(ROOT, path);
    if (ALLOWED.has(file)) return [];
    return findings(file, readFileSync(path, "utf8"));
  });
}

describe("only worker/db/shards.ts reaches a database", () => {
  it("no other file of the Worker reads a D1 binding or builds its own drizzle instance", () => {
    expect(scan(sourceFiles(join(ROOT, "worker")))).toEqual([]);
  });

  it("catches the shapes it refuses (a probe)", () => {
    const probe = [
      "const a = createDb(c.env.SHARD_2);",
      "await env.PLATFORM.prepare('SELECT 1').first();",
      "const b = this.env.SHARD_1;",
      "const ok = companyDb(c);",
      "const name = c.env.SHARDS;",
    ].join("\n");
    expect(findings("probe.ts", probe).map((f) => f.what)).toEqual([
      "createDb(c.env.SHARD_2)",
      "c.env.SHARD_2",
      "env.PLATFORM",
      "this.env.SHARD_1",
    ]);
  });
});
