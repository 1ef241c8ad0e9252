import type { Hono } from "hono";
import { findTargetHandler } from "hono/utils/handler";
import { generateSpecs, uniqueSymbol } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { accessFor } from "../auth/policy";
import type { AppEnv } from "../env";
import { takesIdempotencyKey } from "../lib/idempotency";
import answers from "./answers.gen.json";
import { errorResponse } from "./describe";

type Operation = OpenAPIV3_1.OperationObject;
type Responses = Record<string, OpenAPIV3_1.ResponseObject | OpenAPIV3_1.ReferenceObject>;
type Answers = Record<string, Record<string, { format: string; schema: object | null }>>;

const SUCCESS_TEXT: Record<string, string> = {
  "101": "Conexión cambiada a WebSocket",
  "200": "Respuesta exitosa",
  "201": "Creado",
  "304": "Sin cambios desde la versión indicada en If-None-Match",
};

/** Tag of each area, by the first segment after /api/v1 (the routers of worker/index.ts). */
const AREAS: Record<string, string> = {
  auth: "Sesión",
  superadmin: "Plataforma (superadministrador)",
  admin: "Administración",
  boss: "Jefe",
  locations: "Ubicaciones",
  public: "Catálogo público",
  vendor: "Vendedor",
  sales: "Ventas",
  expenses: "Gastos",
  discounts: "Descuentos",
  notifications: "Notificaciones",
  returns: "Devoluciones",
  transfers: "Transferencias",
  warehouse: "Bodega",
  courier: "Corredor",
  inventory: "Inventario",
  classify: "Escaneo",
  mayoreo: "Mayoreo",
  plan: "Plan",
  files: "Archivos",
  health: "Estado del servicio",
  ping: "Estado del servicio",
};

const DESCRIPTION = `API de Horma: inventario, ventas y logística de calzado para empresas con varias tiendas y bodegas.

- **Autenticación**: \`Authorization: Bearer <token>\` (lo entrega \`POST /api/v1/auth/auth/login-json\`). Un
  superadministrador que opera sobre una empresa la indica con \`?company_id=\` o \`X-Company-Id\`.
- **Errores**: siempre \`{ "detail": "mensaje en español" }\` con el estado HTTP que corresponde.
- **Creaciones**: envía \`Idempotency-Key\` (8–100 caracteres); un reintento con la misma clave responde lo mismo
  sin repetir el efecto.
- **Dinero**: pesos colombianos (COP); fechas ISO 8601, día calendario de Bogotá.
- Si el servidor no está configurado, cualquier ruta responde 503.`;

const LABEL_OF_PATH_PARAM = /\{([^}]+)\}/g;

/** Hono path (`/x/:id`, `/files/*`) → OpenAPI path (`/x/{id}`, `/files/{ruta}`). */
function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, "{$1}").replace(/\/\*$/, "/{ruta}");
}

function areaOf(path: string): string {
  const segment = path.replace(/^\/api\/v1/, "").split("/")[1] ?? "";
  return AREAS[segment] ?? "Otros";
}

function successResponses(method: string, honoPath: string): Responses {
  const known = (answers as Answers)[`${method} ${honoPath}`];
  if (!known) return {};
  const responses: Responses = {};
  for (const [status, answer] of Object.entries(known)) {
    // Hono types a WebSocket upgrade as an empty body; it really answers 101
    const code = answer.format === "json" || honoPath !== "/api/v1/transfers/live" ? status : "101";
    const description = SUCCESS_TEXT[code] ?? "Respuesta";
    if (answer.format === "json" && answer.schema) {
      const isError = Number(code) >= 400;
      responses[code] = {
        description: isError ? "Servicio degradado (el cuerpo describe qué falla)" : description,
        content: { "application/json": { schema: answer.schema as OpenAPIV3_1.SchemaObject } },
      };
    } else if (code === "304" || code === "101") {
      responses[code] = { description };
    } else {
      responses[code] = { description, content: { "*/*": { schema: { type: "string", format: "binary" } } } };
    }
  }
  return responses;
}

/**
 * What every route of its kind answers (status → causes), so the routes only document their own rules
 * with `doc()`; both lists of causes end up in the reference.
 */
function commonErrors(method: string, path: string, operation: Operation): Map<string, string[]> {
  const causes = new Map<string, string[]>();
  const add = (status: number, cause: string) =>
    causes.set(String(status), [...(causes.get(String(status)) ?? []), cause]);
  const access = accessFor(path, method);
  const hasBody = Boolean(operation.requestBody);
  const hasInput = hasBody || (operation.parameters ?? []).some((p) => "in" in p && p.in !== "path");
  if (access !== "public" && path !== "/api/v1/transfers/live") {
    add(401, "Falta el token, está vencido o su firma no es válida");
    add(
      403,
      "El rol no tiene acceso, el usuario está desactivado, la empresa está suspendida o su plan no incluye el módulo",
    );
    // worker/auth/scope.ts: these roles work only at their own location
    if (Array.isArray(access) && (access.includes("bodeguero") || access.includes("seller")))
      add(403, "Un bodeguero sin una bodega activa asignada o un vendedor sin un local activo asignado");
  }
  if (access !== "public" && !path.startsWith("/api/v1/superadmin/") && !path.startsWith("/api/v1/auth/")) {
    add(422, "Un superadministrador no indicó la empresa (company_id) o no es válida");
  }
  if (path.includes("{")) add(404, "El id no es un número válido o no existe en tu empresa");
  if (hasInput) add(422, "Datos inválidos: el mensaje nombra el campo y la regla");
  if (method !== "GET") {
    add(413, "La solicitud es demasiado grande");
    add(415, "Esta ruta no recibe archivos (multipart/form-data)");
    if (hasBody) {
      add(415, "El cuerpo no es JSON ni un formulario");
      add(400, "El cuerpo no es JSON válido o el formulario está mal formado");
    }
  }
  // worker/domain/platform/move-company.ts: a company's writes wait while its data changes database
  if (method !== "GET") add(503, "La empresa se está trasladando de servidor: reintenta después de Retry-After");
  if (takesIdempotencyKey(method, path)) {
    add(409, "Otra solicitud con la misma Idempotency-Key sigue en curso o su resultado se perdió");
    add(422, "La Idempotency-Key no es válida o ya se usó con otro cuerpo");
  }
  return causes;
}

/** A route's own error texts first, then what every route of its kind answers. */
function errorResponses(own: Responses, common: Map<string, string[]>): Responses {
  const merged: Responses = { ...own };
  for (const [status, causes] of common) {
    const mine = own[status];
    const first = mine && "description" in mine ? [mine.description] : [];
    merged[status] = errorResponse([...first, ...causes].join("; "));
  }
  return merged;
}

const IDEMPOTENCY_KEY: OpenAPIV3_1.ParameterObject = {
  in: "header",
  name: "Idempotency-Key",
  required: false,
  description: "Clave única del intento (8–100 caracteres); un reintento con la misma clave no repite el efecto",
  schema: { type: "string", minLength: 8, maxLength: 100 },
};

/**
 * hono-openapi leaves out wildcard paths (`/files/*`); they are real routes, so they are added here
 * from their own `doc()`.
 */
function wildcardRoutes(app: Hono<AppEnv>): [method: string, path: string, operation: Operation][] {
  const found: [string, string, Operation][] = [];
  for (const route of app.routes) {
    if (route.method === "ALL" || !route.path.endsWith("/*")) continue;
    const docs = (findTargetHandler(route.handler) as { [uniqueSymbol]?: { spec?: Operation } })[uniqueSymbol];
    if (docs?.spec) found.push([route.method, route.path, structuredClone(docs.spec)]);
  }
  return found;
}

/** The OpenAPI 3.1 document of the Worker's routes: inputs from their valibot schemas, answers from their types. */
export async function buildOpenApiDocument(app: Hono<AppEnv>): Promise<OpenAPIV3_1.Document> {
  const spec = (await generateSpecs(app, {
    defaultValidationErrorResponse: false,
    exclude: ["/api/v1/openapi.json", "/api/docs"],
    documentation: {
      info: { title: "Horma API", version: "1", description: DESCRIPTION },
      servers: [{ url: "/", description: "Este servidor" }],
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
        schemas: {
          Error: {
            type: "object",
            properties: { detail: { type: "string", description: "Mensaje en español para mostrar" } },
            required: ["detail"],
          },
        },
      },
    },
  })) as OpenAPIV3_1.Document;
  const paths = (spec.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [method, honoPath, operation] of wildcardRoutes(app)) {
    const path = openApiPath(honoPath);
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation };
  }
  // hono paths by their OpenAPI spelling, to find each operation's typed answers
  const honoPathOf = new Map(app.routes.map((r) => [openApiPath(r.path), r.path]));
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const [lowerMethod, operation] of Object.entries(item)) {
      const method = lowerMethod.toUpperCase();
      const honoPath = honoPathOf.get(path) ?? path;
      const tag = areaOf(path);
      tags.add(tag);
      operation.tags = [tag];
      operation.operationId ??= `${lowerMethod}${path.replace(LABEL_OF_PATH_PARAM, "By-$1").replace(/\W+(\w)/g, (_, c: string) => c.toUpperCase())}`;
      if (path.includes("{ruta}")) {
        operation.parameters = [
          { in: "path", name: "ruta", required: true, schema: { type: "string" }, description: "Ruta del archivo" },
        ];
      }
      if (takesIdempotencyKey(method, honoPath))
        operation.parameters = [...(operation.parameters ?? []), IDEMPOTENCY_KEY];
      const access = accessFor(honoPath, method);
      operation.security = access === "public" ? [] : [{ bearer: [] }];
      // the route's own doc() wins over what every route of its kind answers
      const own = Object.entries(operation.responses ?? {}).filter(([, answer]) => Object.keys(answer).length > 0);
      operation.responses = {
        ...successResponses(method, honoPath),
        ...errorResponses(Object.fromEntries(own), commonErrors(method, path, operation)),
      };
    }
  }
  spec.tags = [...tags].sort().map((name) => ({ name }));
  return spec;
}
