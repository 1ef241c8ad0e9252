// Counts agree with their nouns through shared/plural.ts only (issue 31 §9): a hand-written choice like
// `n === 1 ? "par" : "pares"` or `pendiente${n === 1 ? "" : "s"}` was wrong for −1 and 1,5 and wrote
// "1 pares" where someone forgot it. This walks the Worker's and the SPA's code with the TypeScript
// parser and refuses a conditional on `=== 1` (or `!== 1`) whose two branches are texts.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { filesBelow } from "./source-files";

const ROOT = join(import.meta.dirname, "../..");

const sourceFiles = (dir: string) => filesBelow(dir, (name) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts"));

const isText = (e: ts.Expression): boolean => {
  const inner = ts.isParenthesizedExpression(e) ? e.expression : e;
  return ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner) || ts.isTemplateExpression(inner);
};

const isOne = (e: ts.Expression) => ts.isNumericLiteral(e) && e.text === "1";

/** `x === 1`, `1 === x`, `x !== 1` (and == / !=): the test a hand-written plural makes. */
function comparesWithOne(e: ts.Expression): boolean {
  const inner = ts.isParenthesizedExpression(e) ? e.expression : e;
  if (!ts.isBinaryExpression(inner)) return false;
  const op = inner.operatorToken.kind;
  const equality = [
    ts.SyntaxKind.EqualsEqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsEqualsToken,
    ts.SyntaxKind.EqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsToken,
  ].includes(op);
  return equality && (isOne(inner.left) || isOne(inner.right));
}

/** A choice on `=== 1` that is not a count's noun, allowed by file with its reason. */
const NOT_A_PLURAL: Record<string, string> = {
  "web/src/features/seller/PaymentsSection.tsx": "the second payment's method defaults to card, the others to cash",
};

function findings(file: string, text = readFileSync(file, "utf8")): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      !(relative(ROOT, file) in NOT_A_PLURAL) &&
      ts.isConditionalExpression(node) &&
      comparesWithOne(node.condition) &&
      isText(node.whenTrue) &&
      isText(node.whenFalse)
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${relative(ROOT, file)}:${line} ${node.getText().slice(0, 80)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("counts agree with their nouns through shared/plural.ts", () => {
  const files = [...sourceFiles(join(ROOT, "worker")), ...sourceFiles(join(ROOT, "web/src"))];

  it("walks the Worker's and the SPA's source", () => {
    expect(files.length).toBeGreaterThan(300);
  });

  // parses every source file (about 3 s alone, over 5 s while other suites run)
  it("no text is chosen by hand on a count of one", { timeout: 30_000 }, () => {
    expect(files.flatMap((file) => findings(file))).toEqual([]);
  });

  it("finds the hand-written shapes, and leaves other choices alone", () => {
    const hand = `const a = n === 1 ? "par" : "pares";
      const b = \`pendiente\${n === 1 ? "" : "s"}\`;
      const c = 1 !== count ? \`\${count} tienen\` : "1 tiene";
      const d = rows.length === 1 ? "tarjeta" : "efectivo"`;
    // the fourth is a choice of value, not a plural: flagged too, unless its file is in NOT_A_PLURAL
    expect(findings("web/src/probe.tsx", hand)).toHaveLength(4);
    const fine = `const a = plural(n, "par", "pares");
      const b = n === 1 ? open[0] : null;
      const c = n === 2 ? "dos" : "otro";`;
    expect(findings("web/src/probe.tsx", fine)).toEqual([]);
  });
});

describe("numbers on screen are written as es-CO writes them", () => {
  it("no toFixed in the SPA (it writes a decimal point: '87.41 %'); lib/format's helpers write '87,4 %'", () => {
    const files = sourceFiles(join(ROOT, "web/src"));
    const found = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => (/\.toFixed\(/.test(line) ? [`${relative(ROOT, file)}:${i + 1} ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
