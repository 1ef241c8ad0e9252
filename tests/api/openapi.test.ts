import { describe, expect, it } from "vitest";
import app from "../../worker/index";
import { contractViolation, openApiDocument, operationFor } from "./support/contract";
import { api } from "./support/helpers";

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};
type Paths = Record<string, Record<string, Operation>>;

const NOT_DOCUMENTED = new Set(["/api/v1/openapi.json", "/api/docs"]);
const ERROR_REF = "#/components/schemas/Error";

/** Every method + path the Worker routes (its real route table), as OpenAPI spells it. */
function routedOperations(): string[] {
  const found = new Set<string>();
  for (const route of app.routes) {
    if (route.method === "ALL" || NOT_DOCUMENTED.has(route.path)) continue;
    const path = route.path.replace(/:([A-Za-z_]\w*)/g, "{$1}").replace(/\/\*$/, "/{ruta}");
    found.add(`${route.method.toLowerCase()} ${path}`);
  }
  return [...found].sort();
}

async function operations(): Promise<[string, string, Operation][]> {
  const paths = (await openApiDocument()).paths as unknown as Paths;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => [method, path, operation] as [string, string, Operation]),
  );
}

describe("GET /api/v1/openapi.json", () => {
  it("serves an OpenAPI 3.1 document with every route the Worker answers, and nothing else", async () => {
    const res = await api("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const document = (await res.json()) as { openapi: string; info: { title: string }; paths: Paths };
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBe("Horma API");
    const documented = (await operations()).map(([method, path]) => `${method} ${path}`).sort();
    expect(documented).toEqual(routedOperations());
    expect(documented.length).toBeGreaterThan(140);
  });

  it("gives each operation a Spanish summary, an area, its success answer and the error shape", async () => {
    for (const [method, path, operation] of await operations()) {
      const name = `${method.toUpperCase()} ${path}`;
      expect(operation.summary, name).toMatch(/^[A-ZÁÉÍÓÚÑ¿]/);
      expect(operation.tags?.length, name).toBe(1);
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((s) => /^(2\d\d|101|304)$/.test(s)),
        `${name} sin respuesta exitosa`,
      ).toBe(true);
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        const schema = operation.responses[status]?.content?.["application/json"]?.schema;
        // the health checks answer their own report with 503; every other failure is `{detail}`
        if (status === "503" && !schema?.$ref) continue;
        expect(schema?.$ref, `${name} ${status}`).toBe(ERROR_REF);
      }
    }
  });

  it("says which routes need a session, and the 401/403 they answer without one", async () => {
    const byName = new Map((await operations()).map(([m, p, o]) => [`${m.toUpperCase()} ${p}`, o]));
    const login = byName.get("POST /api/v1/auth/auth/login-json");
    expect(login?.security).toEqual([]);
    const sale = byName.get("POST /api/v1/sales/create");
    expect(sale?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(sale?.responses ?? {})).toEqual(expect.arrayContaining(["201", "401", "403", "409", "422"]));
    expect(sale?.parameters?.some((p) => p.in === "header" && p.name === "Idempotency-Key")).toBe(true);
  });

  it("derives request bodies and parameters from the routes' valibot schemas", async () => {
    const byName = new Map((await operations()).map(([m, p, o]) => [`${m.toUpperCase()} ${p}`, o]));
    const login = byName.get("POST /api/v1/auth/auth/login-json")?.requestBody?.content["application/json"]?.schema;
    expect(login?.required).toEqual(expect.arrayContaining(["email", "password"]));
    const expense = byName.get("POST /api/v1/expenses/create")?.requestBody?.content;
    expect(Object.keys(expense ?? {})).toEqual(["application/json", "multipart/form-data"]);
    expect(Object.keys(expense?.["multipart/form-data"]?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(["concept", "amount", "receipt_image"]),
    );
    const company = byName.get("GET /api/v1/superadmin/companies/{id}");
    expect(company?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: "path", name: "id", required: true, schema: { type: "integer", minimum: 1 } }),
      ]),
    );
  });
});

describe("the contract check of the API suite", () => {
  it("fails an undocumented status and a body with a field its type does not name", async () => {
    const document = await openApiDocument();
    const request = new Request("http://horma.test/api/v1/locations");
    const json = (body: unknown, status: number) =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    expect(await contractViolation(document, request, json({ detail: "x" }, 418))).toMatch(/418/);
    expect(await contractViolation(document, request, json({ locations: [], sobrante: 1 }, 200))).toMatch(
      /no cumple el esquema/,
    );
    expect(await contractViolation(document, request, json({ detail: "No autenticado" }, 401))).toBeNull();
    expect(await contractViolation(document, request, json({ detail: 7 }, 401))).toMatch(/no cumple/);
  });

  it("matches a static path before a parameter, and leaves unrouted paths alone", async () => {
    const document = await openApiDocument();
    expect(operationFor(document, "GET", "http://horma.test/api/v1/transfers/live")?.[0]).toBe(
      "GET /api/v1/transfers/live",
    );
    expect(operationFor(document, "GET", "http://horma.test/api/v1/files/companies/1/x.jpg")?.[0]).toBe(
      "GET /api/v1/files/{ruta}",
    );
    expect(operationFor(document, "GET", "http://horma.test/api/v1/nada")).toBeNull();
  });
});

describe("GET /api/docs", () => {
  it("serves the interactive reference from this origin under a nonce CSP", async () => {
    const res = await api("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain("cdn.jsdelivr.net");
    const html = await res.text();
    expect(html).toContain('<script src="/api-docs/scalar.js"');
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).toContain("/api/v1/openapi.json");
  });
});
