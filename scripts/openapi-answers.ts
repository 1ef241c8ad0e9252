/**
 * Writes worker/openapi/answers.gen.json: the success answers of every route (status → JSON Schema), read
 * from the Worker's own types — the `AppType` the SPA's typed client uses — so the API reference
 * describes exactly what the client is compiled against. `--check` fails when the file is stale
 * (run by `npm test`, like `wrangler types --check`).
 *
 *   npx tsx scripts/openapi-answers.ts [--check]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = resolve(ROOT, "worker/openapi/answers.gen.json");

type JsonSchema = { [key: string]: unknown };
export type RouteAnswers = Record<string, { format: string; schema: JsonSchema | null }>;

function loadProgram() {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(ROOT, "tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => console.error(d.messageText) },
  );
  if (!config) throw new Error("tsconfig.json could not be read");
  const entry = resolve(ROOT, "worker/index.ts");
  const program = ts.createProgram({ rootNames: [entry], options: { ...config.options, noEmit: true } });
  return { program, entry };
}

/** Hono types an answer sent without an explicit status as any contentful status: that is a 200. */
const ANY_STATUS_MEMBERS = 20;

class SchemaWriter {
  constructor(private checker: ts.TypeChecker) {}

  private literalValue(type: ts.Type): string | number | boolean | null | undefined {
    if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
    if (type.flags & ts.TypeFlags.BooleanLiteral) return this.checker.typeToString(type) === "true";
    return undefined;
  }

  schemaOf(type: ts.Type, trail: readonly ts.Type[] = []): JsonSchema {
    const { checker } = this;
    if (trail.includes(type) || trail.length > 40) return {};
    const next = [...trail, type];
    const f = type.flags;
    // Hono's JSONValue: a field the Worker types as `unknown` (free JSON, e.g. plan features)
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown) || type.aliasSymbol?.name === "JSONValue") return {};
    if (f & ts.TypeFlags.Null) return { type: "null" };
    if (f & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) return { type: "string" };
    if (f & ts.TypeFlags.Number) return { type: "number" };
    if (f & ts.TypeFlags.Boolean) return { type: "boolean" };
    const literal = this.literalValue(type);
    if (literal !== undefined) return { const: literal };
    if (type.isUnion()) return this.unionSchema(type.types, next);
    if (checker.isArrayType(type)) {
      const [item] = checker.getTypeArguments(type as ts.TypeReference);
      return { type: "array", items: item ? this.schemaOf(item, next) : {} };
    }
    if (checker.isTupleType(type)) {
      const items = checker.getTypeArguments(type as ts.TypeReference).map((t) => this.schemaOf(t, next));
      return { type: "array", prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    if (f & ts.TypeFlags.Object || type.isIntersection()) return this.objectSchema(type, next);
    throw new Error(
      `Tipo sin equivalente JSON: ${checker.typeToString(type)} en ${trail.map((t) => checker.typeToString(t).slice(0, 80)).join(" > ")}`,
    );
  }

  private unionSchema(members: readonly ts.Type[], trail: readonly ts.Type[]): JsonSchema {
    const present = members.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const booleans = present.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    const rest = booleans.length === 2 ? present.filter((t) => !booleans.includes(t)) : present;
    const schemas: JsonSchema[] = booleans.length === 2 ? [{ type: "boolean" }] : [];
    const literals = rest.map((t) => this.literalValue(t));
    if (literals.length > 1 && literals.every((x) => typeof x === "string")) schemas.push({ enum: literals });
    else for (const t of rest) schemas.push(this.schemaOf(t, trail));
    return schemas.length === 1 ? (schemas[0] as JsonSchema) : { anyOf: schemas };
  }

  private objectSchema(type: ts.Type, trail: readonly ts.Type[]): JsonSchema {
    const { checker } = this;
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const propertyType = checker.getTypeOfSymbol(property);
      // methods and symbol-keyed brands are not part of the JSON
      if (propertyType.getCallSignatures().length || property.name.startsWith("__@")) continue;
      if (propertyType.flags & ts.TypeFlags.ESSymbolLike) continue;
      const optional =
        property.flags & ts.SymbolFlags.Optional ||
        (propertyType.isUnion() && propertyType.types.some((t) => t.flags & ts.TypeFlags.Undefined));
      if (propertyType.flags & ts.TypeFlags.Undefined) continue;
      properties[property.name] = this.schemaOf(propertyType, trail);
      if (!optional) required.push(property.name);
    }
    const index = checker.getIndexInfosOfType(type)[0];
    return {
      type: "object",
      properties,
      ...(required.length ? { required } : {}),
      // an answer with a field its type does not name is drift the contract test should catch
      additionalProperties: index ? this.schemaOf(index.type, trail) : false,
    };
  }
}

export function readAnswers(): Record<string, RouteAnswers> {
  const { program, entry } = loadProgram();
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  const appType = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === "AppType");
  if (!appType) throw new Error("worker/index.ts no exporta AppType");
  const hono = checker.getDeclaredTypeOfSymbol(appType) as ts.TypeReference;
  const schema = checker.getTypeArguments(hono)[1];
  if (!schema) throw new Error("AppType no es un Hono<Env, Schema>");
  const writer = new SchemaWriter(checker);
  const routes: Record<string, RouteAnswers> = {};
  for (const member of schema.isUnion() ? schema.types : [schema]) {
    for (const pathSymbol of checker.getPropertiesOfType(member)) {
      for (const methodSymbol of checker.getPropertiesOfType(checker.getTypeOfSymbol(pathSymbol))) {
        const endpoint = checker.getTypeOfSymbol(methodSymbol);
        const method = methodSymbol.name.replace(/^\$/, "").toUpperCase();
        const answers: RouteAnswers = {};
        for (const variant of endpoint.isUnion() ? endpoint.types : [endpoint]) {
          const field = (name: string) => {
            const symbol = checker.getPropertyOfType(variant, name);
            if (!symbol) throw new Error(`${method} ${pathSymbol.name}: falta ${name}`);
            return checker.getTypeOfSymbol(symbol);
          };
          const statusType = field("status");
          const statuses = statusType.isUnion() ? statusType.types : [statusType];
          const codes =
            statuses.length > ANY_STATUS_MEMBERS ? [200] : statuses.map((t) => (t as ts.NumberLiteralType).value);
          const format = checker.typeToString(field("outputFormat")).replaceAll('"', "");
          const body = format === "json" ? writer.schemaOf(field("output")) : null;
          for (const code of codes) {
            const known = answers[code];
            if (!known) answers[code] = { format, schema: body };
            else if (known.schema && body && JSON.stringify(known.schema) !== JSON.stringify(body)) {
              const options = known.schema.anyOf as JsonSchema[] | undefined;
              known.schema = { anyOf: [...(options ?? [known.schema]), body] };
            }
          }
        }
        routes[`${method} ${pathSymbol.name}`] = answers;
      }
    }
  }
  return Object.fromEntries(Object.entries(routes).sort(([a], [b]) => a.localeCompare(b)));
}

const text = `${JSON.stringify(readAnswers(), null, 1)}\n`;
if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(OUT, "utf8");
  } catch {}
  if (current !== text) {
    console.error("worker/openapi/answers.gen.json está desactualizado: corre `npm run openapi:answers`.");
    process.exit(1);
  }
  console.log("answers.gen.json al día");
} else {
  writeFileSync(OUT, text);
  console.log(`answers.gen.json: ${Object.keys(JSON.parse(text)).length} rutas, ${(text.length / 1024).toFixed(0)} kB`);
}
