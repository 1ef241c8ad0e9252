// No request can loop or wait without bound (issue 31 §1): an exchange whose derived key was taken
// made createReturn call itself from its catch block forever, and the local server stopped answering.
// This walks the Worker's code (worker/**) with the TypeScript parser and refuses the shapes that
// allowed it: a function calling itself (retries are loops with a fixed count), and a loop without a
// condition (`while (true)`, `for (;;)`), whose only end is a break somebody may forget.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { filesBelow } from "./source-files";

const ROOT = join(import.meta.dirname, "../..");

const sourceFiles = (dir: string) => filesBelow(dir, (name) => name.endsWith(".ts") && !name.endsWith(".d.ts"));

/** The name a function calls itself by: its declaration's, the variable's it is assigned to, or `this.<method>`. */
function nameOf(node: ts.Node): string | null {
  if (ts.isFunctionDeclaration(node) && node.name) return node.name.getText();
  if (ts.isMethodDeclaration(node)) return `this.${node.name.getText()}`;
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isVariableDeclaration(node.parent)) {
    return node.parent.name.getText();
  }
  return null;
}

/** Structural recursion over a value of bounded depth (not a retry): allowed, with its reason. */
const STRUCTURAL: Record<string, string> = {
  canonical: "walks a JSON value's nesting",
  wrap: "a bound D1 statement is wrapped like the one it was bound from",
};

interface Finding {
  file: string;
  line: number;
  what: string;
}

function findings(file: string, text = readFileSync(file, "utf8")): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Finding[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push({
      file: relative(ROOT, file),
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      what,
    });
  const isTrue = (e: ts.Expression) => e.kind === ts.SyntaxKind.TrueKeyword;

  const visit = (node: ts.Node, enclosing: string[]) => {
    const name = nameOf(node);
    const names = name ? [...enclosing, name] : enclosing;
    if (ts.isWhileStatement(node) && isTrue(node.expression)) at(node, "while (true)");
    if (ts.isDoStatement(node) && isTrue(node.expression)) at(node, "do … while (true)");
    if (ts.isForStatement(node) && (!node.condition || isTrue(node.condition))) at(node, "for without a condition");
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const called = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword
          ? `this.${callee.name.text}`
          : null;
      if (called && names.includes(called) && !(called in STRUCTURAL)) at(node, `${called} calls itself`);
    }
    ts.forEachChild(node, (child) => visit(child, names));
  };
  visit(source, []);
  return found;
}

describe("the Worker's code has no unbounded loop or retry", () => {
  const files = sourceFiles(join(ROOT, "worker"));

  it("walks every source file of the Worker", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("no function calls itself and no loop lacks a condition", () => {
    expect(files.flatMap((file) => findings(file))).toEqual([]);
  });

  it("finds the shapes that hung the server", () => {
    const retry = `export async function createReturn(db, input, attempt = 0) {
      try { return await write(db, input); } catch (err) { return createReturn(db, input, attempt + 1); }
    }`;
    const waits = `const settle = async () => { for (let i = 0; ; i++) { await sleep(i); } };
      class Hub { async run() { while (true) { if (await this.step()) break; } return this.run(); } }`;
    expect(findings("worker/probe.ts", retry).map((f) => f.what)).toEqual(["createReturn calls itself"]);
    expect(findings("worker/probe.ts", waits).map((f) => f.what)).toEqual([
      "for without a condition",
      "while (true)",
      "this.run calls itself",
    ]);
  });
});
