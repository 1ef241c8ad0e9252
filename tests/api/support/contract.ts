import { exports } from "cloudflare:workers";
import { type Schema, Validator } from "@cfworker/json-schema";
import type { OpenAPIV3_1 } from "openapi-types";

type Operation = OpenAPIV3_1.OperationObject;
type Document = OpenAPIV3_1.Document;

let documentOnce: Promise<Document> | undefined;

/** The Worker's own OpenAPI document, fetched once per test file. */
export function openApiDocument(): Promise<Document> {
  documentOnce ??= exports.default
    .fetch(new Request("http://horma.test/api/v1/openapi.json"))
    .then((res) => res.json() as Promise<Document>);
  return documentOnce;
}

interface Template {
  path: string;
  pattern: RegExp;
  params: number;
}

const templatesOf = new WeakMap<Document, Template[]>();

function templates(document: Document): Template[] {
  let list = templatesOf.get(document);
  if (!list) {
    list = Object.keys(document.paths ?? {})
      .map((path) => ({
        path,
        pattern: new RegExp(
          `^${path
            .replace(/[.+?^$()[\]\\|]/g, "\\$&")
            .replace(/\{ruta\}/g, ".+")
            .replace(/\{[^}]+\}/g, "[^/]+")}$`,
        ),
        params: (path.match(/\{/g) ?? []).length,
      }))
      // a static segment wins over a parameter, as in Hono's router (/transfers/live before /transfers/{id})
      .sort((a, b) => a.params - b.params);
    templatesOf.set(document, list);
  }
  return list;
}

/** The documented operation a request reaches, or null when it names no route (the API's 404). */
export function operationFor(document: Document, method: string, url: string): [string, Operation] | null {
  const path = new URL(url).pathname;
  for (const template of templates(document)) {
    if (!template.pattern.test(path)) continue;
    const operation = (document.paths?.[template.path] as Record<string, Operation> | undefined)?.[
      method.toLowerCase()
    ];
    if (operation) return [`${method} ${template.path}`, operation];
  }
  return null;
}

const validators = new WeakMap<object, Validator>();

/** A fast validator that stops at the first error; `explain` builds one that lists them all. */
function validatorFor(document: Document, schema: object, explain = false): Validator {
  // components ride along so `#/components/schemas/...` references resolve against this root
  const root = { ...schema, components: document.components } as Schema;
  if (explain) return new Validator(root, "2020-12", false);
  let validator = validators.get(schema);
  if (!validator) {
    validator = new Validator(root, "2020-12", true);
    validators.set(schema, validator);
  }
  return validator;
}

/**
 * What is wrong with an answer by the document, or null when it matches: an undocumented status, or a
 * JSON body that does not fit the documented schema of its status.
 */
export async function contractViolation(
  document: Document,
  request: Request,
  response: Response,
): Promise<string | null> {
  const found = operationFor(document, request.method, request.url);
  if (!found) return null;
  const [name, operation] = found;
  const documented = operation.responses?.[String(response.status)] as OpenAPIV3_1.ResponseObject | undefined;
  if (!documented) {
    const detail = (response.headers.get("Content-Type") ?? "").includes("json")
      ? ` (${await response.clone().text()})`
      : "";
    return `${name} respondió ${response.status}, que el documento OpenAPI no declara${detail}`;
  }
  const type = response.headers.get("Content-Type") ?? "";
  const schema = documented.content?.["application/json"]?.schema;
  if (!type.includes("application/json") || !schema || response.status === 101) return null;
  const body: unknown = await response.clone().json();
  if (validatorFor(document, schema).validate(body).valid) return null;
  const result = validatorFor(document, schema, true).validate(body);
  const errors = result.errors
    .filter((e) => e.keyword !== "properties" && e.keyword !== "anyOf" && e.keyword !== "items")
    .slice(0, 4)
    .map((e) => `${e.instanceLocation}: ${e.error}`);
  return `${name} ${response.status}: la respuesta no cumple el esquema documentado — ${errors.join("; ")}`;
}

/** Fails the calling test when an answer breaks the document: every API test is also a contract test. */
export async function assertContract(request: Request, response: Response): Promise<void> {
  const violation = await contractViolation(await openApiDocument(), request, response);
  if (violation) throw new Error(violation);
}
