import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { filesBelow } from "./source-files";

/**
 * Every route input goes through a valibot schema (`validate()`, `validateBody()`, `validateId()` in
 * worker/lib/validation.ts), so request types and the API reference can be derived from the routes.
 * A route that reads its body or query by hand would escape both; this scan of the routers' source
 * fails when one does.
 */
const ROUTES_DIR = join(__dirname, "../../worker/routes");

const HAND_READS: { name: string; pattern: RegExp }[] = [
  { name: "c.req.query(", pattern: /\bc\.req\.query\(/g },
  { name: "c.req.queries(", pattern: /\bc\.req\.queries\(/g },
  { name: "c.req.parseBody(", pattern: /\bc\.req\.parseBody\(/g },
  { name: "c.req.formData(", pattern: /\bc\.req\.formData\(/g },
  { name: "c.req.json(", pattern: /\bc\.req\.json\(/g },
  { name: "c.req.text(", pattern: /\bc\.req\.text\(/g },
  { name: "c.req.blob(", pattern: /\bc\.req\.blob\(/g },
  { name: "c.req.arrayBuffer(", pattern: /\bc\.req\.arrayBuffer\(/g },
  { name: "c.req.raw.body", pattern: /\bc\.req\.raw\.body\b/g },
  { name: "readForm(", pattern: /\breadForm\(/g },
  { name: "parseOr422(", pattern: /\bparseOr422\(/g },
  { name: "jsonField(", pattern: /\bjsonField\(/g },
  // a path param is only read through parseId (404 for anything but a positive integer)
  { name: "c.req.param( without parseId", pattern: /(?<!parseId\()\bc\.req\.param\(/g },
];

/**
 * What truly cannot go through a schema. Keep it short, and say why.
 * Keys are "<file under worker/routes>: <hand read>".
 */
const ALLOWED: Record<string, string> = {
  // One 10 MB part of an R2 multipart video upload, sent as the raw body (no JSON, no form): its size and
  // magic bytes are checked in the route; the query naming the upload does go through PartQuery.
  "stock/admin-inventory.ts: c.req.arrayBuffer(": "raw R2 part upload",
};

const routerFiles = (dir: string) => filesBelow(dir, (name) => name.endsWith(".ts"));

function handReads() {
  const found: { key: string; where: string }[] = [];
  for (const file of routerFiles(ROUTES_DIR)) {
    const source = readFileSync(file, "utf8");
    const name = relative(ROUTES_DIR, file).split("\\").join("/");
    for (const { name: read, pattern } of HAND_READS) {
      for (const match of source.matchAll(pattern)) {
        const line = source.slice(0, match.index).split("\n").length;
        found.push({ key: `${name}: ${read}`, where: `worker/routes/${name}:${line}` });
      }
    }
  }
  return found;
}

describe("route inputs", () => {
  it("the scan sees the routers", () => {
    expect(routerFiles(ROUTES_DIR).length).toBeGreaterThan(20);
  });

  it("no route reads its body, query or path params by hand (outside the commented allow-list)", () => {
    const offenders = handReads()
      .filter((read) => !(read.key in ALLOWED))
      .map((read) => `${read.where} (${read.key.split(": ")[1]})`);
    expect(offenders).toEqual([]);
  });

  it("every allow-list entry is still needed", () => {
    const keys = new Set(handReads().map((read) => read.key));
    expect(Object.keys(ALLOWED).filter((key) => !keys.has(key))).toEqual([]);
  });

  it("the scan catches a hand read", () => {
    const sample = 'const q = c.req.query("x"); const id = parseId(c.req.param("id")); c.req.param("y");';
    const hits = HAND_READS.filter(({ pattern }) => [...sample.matchAll(pattern)].length > 0).map((r) => r.name);
    expect(hits).toEqual(["c.req.query(", "c.req.param( without parseId"]);
  });
});
