// Words never run together on screen (issue 32 §7: "10 parespor caja"). JSX drops a line break and the
// indentation around it, so a text that starts on the line after `{expression}` sticks to it, and one
// that ends before a line break sticks to the expression on the next line. This walks the SPA's JSX
// with the TypeScript parser and refuses both shapes; `{" "}` (what the formatter writes) keeps the space.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { filesBelow } from "./source-files";

const ROOT = join(import.meta.dirname, "../..");

const sourceFiles = (dir: string) => filesBelow(dir, (name) => name.endsWith(".tsx"));

/** A child that renders inline text: an expression, or an inline element such as <strong>. */
const INLINE = new Set(["strong", "b", "em", "i", "span", "a", "code", "abbr", "time", "mark", "small"]);

function inline(node: ts.JsxChild): boolean {
  if (ts.isJsxExpression(node)) return node.expression !== undefined && !isSpace(node);
  if (ts.isJsxElement(node)) return INLINE.has(node.openingElement.tagName.getText());
  return false;
}

/** `{" "}`: an explicit space, which is what keeps words apart across lines. */
function isSpace(node: ts.JsxExpression): boolean {
  const e = node.expression;
  return e !== undefined && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && /^\s+$/.test(e.text);
}

/** The texts an expression can write (its string literals and template pieces). */
function textsOf(node: ts.Node): string[] {
  const texts: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) texts.push(n.text);
    else if (ts.isTemplateExpression(n)) {
      const spans = n.templateSpans;
      texts.push(n.head.text + (spans.length ? "\u0000" : "") + (spans.at(-1)?.literal.text ?? ""));
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return texts.filter((t) => t !== "");
}

/** An expression whose every text starts (or ends) with its own space: `{sending ? " · enviando" : ""}`. */
const spacedAt = (node: ts.JsxChild, side: "start" | "end") => {
  if (!ts.isJsxExpression(node)) return false;
  const texts = textsOf(node);
  return texts.length > 0 && texts.every((t) => (side === "start" ? /^\s/.test(t) : /\s$/.test(t)));
};

const WORD_AFTER_BREAK = /^[ \t]*\n\s*[\p{L}\p{N}(¿¡$]/u;
const WORD_BEFORE_BREAK = /[\p{L}\p{N}:,;.)]\s*\n[ \t]*$/u;

function findings(file: string, text = readFileSync(file, "utf8")): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push(`${relative(ROOT, file)}:${line} ${what}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      const children = [...node.children];
      children.forEach((child, i) => {
        if (!ts.isJsxText(child)) return;
        const before = children[i - 1];
        const after = children[i + 1];
        const raw = child.getFullText();
        if (before && inline(before) && !spacedAt(before, "end") && WORD_AFTER_BREAK.test(raw))
          at(child, `"${raw.trim().slice(0, 30)}" sticks to what comes before it`);
        if (after && inline(after) && !spacedAt(after, "start") && WORD_BEFORE_BREAK.test(raw))
          at(child, `"${raw.trim().slice(-30)}" sticks to what comes after it`);
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("words on screen keep their spaces across JSX lines", () => {
  const files = sourceFiles(join(ROOT, "web/src"));

  it("walks the SPA's components", () => {
    expect(files.length).toBeGreaterThan(150);
  });

  it("no text sticks to an expression or an inline element on the next or the previous line", () => {
    expect(files.flatMap((file) => findings(file))).toEqual([]);
  });

  it("finds the shapes that wrote '10 parespor caja', and leaves spaced and block layouts alone", () => {
    const glued = `const a = (<p>
        {countLabel(n, "par", "pares")}
        por caja
      </p>);
      const b = (<p>
        Disponibles:
        <strong>{n}</strong>
      </p>);`;
    expect(findings("web/src/probe.tsx", glued)).toHaveLength(2);
    const fine = `const a = (<p>
        {countLabel(n, "par", "pares")}{" "}
        por caja
      </p>);
      const b = (<p>
        Disponibles: <strong>{n}</strong>
      </p>);
      const c = (<div>
        <h2>Título</h2>
        Texto
      </div>);
      const d = (<p>
        pendientes de sincronizar
        {online ? "" : " · sin conexión"}
      </p>);`;
    expect(findings("web/src/probe.tsx", fine)).toEqual([]);
  });
});
