import { vValidator } from "@hono/valibot-validator";
import type { Env, MiddlewareHandler, ValidationTargets } from "hono";
import { validator } from "hono/validator";
import { resolver, uniqueSymbol } from "hono-openapi";
import * as v from "valibot";
import { EMAIL_NOT_VALID } from "../../shared/messages";
import { ApiError } from "./errors";
import { optionalFile } from "./uploads";

const FIELD_NAMES: Record<string, string> = {
  email: "correo",
  password: "contraseña",
  first_name: "nombre",
  last_name: "apellido",
  secret_key: "clave de instalación",
  location_id: "ubicación",
  amount: "monto",
  description: "descripción",
  frequency: "frecuencia",
  cost_type: "categoría",
  concept: "concepto",
  role: "rol",
  items: "productos",
  payment_methods: "métodos de pago",
  total_amount: "total",
  sale_id: "venta",
  start_date: "fecha inicial",
  end_date: "fecha final",
  threshold_value: "umbral",
  reason: "razón",
};

function fieldLabel(issue: v.BaseIssue<unknown>): string | null {
  const path = v.getDotPath(issue);
  if (!path) return null;
  const last = path.split(".").pop() ?? path;
  return FIELD_NAMES[last] ?? path;
}

/** Turns valibot issues into one readable Spanish sentence. */
export function issueToSpanish(issue: v.BaseIssue<unknown>): string {
  // Schemas in this project carry their own Spanish texts; valibot's defaults start with "Invalid".
  if (issue.message && !issue.message.startsWith("Invalid")) return issue.message;
  const field = fieldLabel(issue);
  const subject = field ? `El campo '${field}'` : "La solicitud";
  if (issue.input === undefined && issue.kind === "schema") return `${subject} es requerido`;
  switch (issue.type) {
    case "string":
      return `${subject} debe ser texto`;
    case "number":
    case "integer":
      return `${subject} debe ser un número válido`;
    case "boolean":
      return `${subject} debe ser verdadero o falso`;
    case "email":
      return `${subject} debe ser un correo válido`;
    case "picklist":
    case "literal":
    case "enum":
      return `${subject} tiene un valor no permitido`;
    case "object":
    case "strict_object":
      return field ? `${subject} debe ser un objeto` : "El cuerpo de la solicitud debe ser un objeto JSON";
    case "array":
      return `${subject} debe ser una lista`;
    case "min_length":
    case "non_empty":
      return `${subject} es requerido`;
    case "max_length":
      return `${subject} es demasiado largo`;
    case "min_value":
      return `${subject} es menor que el mínimo permitido`;
    case "max_value":
      return `${subject} es mayor que el máximo permitido`;
    default:
      return `${subject} no es válido`;
  }
}

export function validationError(issues: readonly v.BaseIssue<unknown>[]): ApiError {
  const first = issues[0];
  return new ApiError(422, first ? issueToSpanish(first) : "Datos inválidos");
}

/**
 * Hono validator that answers 422 `{detail}` in Spanish instead of valibot's raw issues. It carries its
 * schema for the API reference (worker/openapi/document.ts), as hono-openapi's own `validator` does;
 * that one goes through Standard Schema, whose issues lose what `issueToSpanish` reads.
 */
export function validate<T extends v.GenericSchema, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const middleware = vValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.issues);
  });
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}

async function parseOr422<T extends v.GenericSchema>(schema: T, input: unknown): Promise<v.InferOutput<T>> {
  const result = await v.safeParseAsync(schema, input);
  if (!result.success) throw validationError(result.issues);
  return result.output;
}

// ---------------------------------------------------------------- bodies sent as JSON or as a form

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
const FORM_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded"];
export const SEND_AS_FORM = "Envía los datos como multipart/form-data";
export const SEND_AS_JSON_OR_FORM = "Envía los datos como JSON o multipart/form-data";
export const MALFORMED_FORM = "El formulario enviado está mal formado";
export const NOT_AN_OBJECT = "El cuerpo de la solicitud debe ser un objeto JSON";

/**
 * A repeated form key keeps its last value, as `parseBody()` does (keys ending in `[]` stay lists);
 * Hono's "form" target would hand the schema a list instead.
 */
function lastValues(form: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    out[key] = Array.isArray(value) && !key.endsWith("[]") ? value[value.length - 1] : value;
  }
  return out;
}

/** What a schema's input looks like as form fields (every value text or a file). */
type FormInput<In> = In extends ValidationTargets["form"]
  ? In
  : { [K in keyof In]?: ValidationTargets["form"][string] };

export interface BodyOptions {
  /**
   * A request with neither Content-Type nor body counts as `{}` (an edit that changes nothing);
   * one with a body but no Content-Type is refused with 415.
   */
  emptyWithoutType?: boolean;
}

/**
 * Validates a body sent either as JSON or as a form (multipart/form-data with files, or urlencoded)
 * against one valibot schema, so both share fields, aliases and Spanish messages. The schema reads
 * multipart text and JSON values alike (`numberLike`, `booleanLike`, `jsonText`, `fileField`).
 * The result is under both targets: `c.req.valid("form")` and `c.req.valid("json")` hold the same value.
 * Other Content-Types answer 415; a malformed JSON or form body answers 400.
 */
export function validateBody<T extends v.GenericSchema>(schema: T, options: BodyOptions = {}) {
  // Hono's validators read and cache the body; their typed answers are not needed here.
  const json = validator("json", async (value: unknown): Promise<object> => {
    if (!value || typeof value !== "object" || Array.isArray(value)) throw new ApiError(422, NOT_AN_OBJECT);
    return (await parseOr422(schema, value)) as object;
  }) as unknown as MiddlewareHandler;
  const form = validator(
    "form",
    async (value: Record<string, unknown>): Promise<object> => (await parseOr422(schema, lastValues(value))) as object,
  ) as unknown as MiddlewareHandler;
  const middleware: MiddlewareHandler = async (c, next) => {
    const contentType = c.req.header("Content-Type");
    const mediaType = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    const copyTo = (target: "json" | "form", from: "json" | "form") => async () => {
      c.req.addValidatedData(target, c.req.valid(from as never) as object);
      await next();
    };
    if (JSON_TYPE.test(mediaType)) return json(c, copyTo("form", "json"));
    if (FORM_TYPES.includes(mediaType)) {
      let validated = false;
      try {
        return await form(c, async () => {
          validated = true;
          await copyTo("json", "form")();
        });
      } catch (err) {
        // Unreadable parts: Hono's HTTPException, or the parser's own TypeError when an earlier reader
        // (the idempotency middleware) cached the failed parse. A 422 from the schema passes through.
        if (!validated && !(err instanceof ApiError)) throw new ApiError(400, MALFORMED_FORM);
        throw err;
      }
    }
    if (!contentType && options.emptyWithoutType) {
      if ((await c.req.text()).trim() !== "") throw new ApiError(415, SEND_AS_JSON_OR_FORM);
      c.req.addValidatedData("json", (await parseOr422(schema, {})) as object);
      return copyTo("form", "json")();
    }
    throw new ApiError(415, SEND_AS_FORM);
  };
  const documented = Object.assign(middleware, {
    [uniqueSymbol]: {
      spec: {
        requestBody: {
          required: !options.emptyWithoutType,
          content: {
            "application/json": { schema: resolver(schema) },
            "multipart/form-data": { schema: resolver(schema) },
          },
        },
      },
    },
  });
  return documented as MiddlewareHandler<
    Env,
    string,
    {
      in: { json?: v.InferInput<T>; form?: FormInput<v.InferInput<T>> };
      out: { json: v.InferOutput<T>; form: v.InferOutput<T> };
    }
  >;
}

/**
 * A field holding JSON: text in a form (`items='[...]'`), text or the value itself in a JSON body.
 * Text that is not JSON answers "El campo '<label>' debe contener JSON válido"; anything else goes to
 * `schema` as it is (absent stays absent, so the schema's own "required" message applies); with
 * `blankIsAbsent`, an empty text counts as absent too.
 */
export function jsonText<T extends v.GenericSchema>(
  schema: T,
  label: string,
  options: { blankIsAbsent?: boolean } = {},
) {
  return v.pipe(
    v.custom<string | v.InferInput<T>>(() => true),
    v.description("JSON: el valor mismo, o su texto en un formulario"),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (options.blankIsAbsent && dataset.value === "") return undefined;
      if (typeof dataset.value !== "string") return dataset.value as unknown;
      try {
        return JSON.parse(dataset.value) as unknown;
      } catch {
        addIssue({ message: `El campo '${label}' debe contener JSON válido` });
        return NEVER;
      }
    }),
    schema,
  );
}

/**
 * An object schema that sees `keys` even when they are not sent, so their own schemas (e.g. a `jsonText`
 * list with "Los productos deben ser una lista") answer for a missing field instead of the generic
 * "El campo … es requerido". Other keys keep valibot's missing-key handling.
 */
export function withKeys<T extends v.GenericSchema<Record<string, unknown>>>(keys: readonly string[], schema: T) {
  const blank = Object.fromEntries(keys.map((key) => [key, undefined]));
  return v.pipe(
    v.custom<v.InferInput<T>>((x) => typeof x === "object" && x !== null && !Array.isArray(x), NOT_AN_OBJECT),
    v.transform((input) => ({ ...blank, ...input })),
    schema,
  );
}

/**
 * A form part that may hold a file: a non-empty File, else null (empty parts, as some clients send,
 * text values and anything sent in a JSON body count as no file). Size and type are checked where
 * the file is read (uploads.ts: 413/415 by size and magic bytes).
 */
export const fileField = v.pipe(
  v.optional(
    v.pipe(
      v.custom<File | string>(() => true),
      v.description("Archivo (parte de multipart/form-data)"),
    ),
  ),
  v.transform((value) => optionalFile(value)),
);

/** One query-string value: a repeated key (`?a=1&a=2`) gives its first value, as `c.req.query()` does. */
export const queryValue = v.pipe(
  v.union([v.string(), v.array(v.string())]),
  v.transform((x) => (Array.isArray(x) ? (x[0] ?? "") : x)),
);

/** A whole number in the query, of at most `digits` digits, from 1 to `max`; one message for every way it is wrong. */
export const queryCount = (digits: number, max: number, message: string) =>
  v.pipe(
    queryValue,
    v.regex(new RegExp(`^\\d{1,${digits}}$`), message),
    v.transform(Number),
    v.minValue(1, message),
    v.maxValue(max, message),
  );

// Reusable pieces
export const trimmed = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));
export const emailField = v.pipe(
  v.string("El correo es requerido"),
  v.trim(),
  v.nonEmpty("El correo es requerido"),
  v.toLowerCase(),
  v.email(EMAIL_NOT_VALID),
  v.maxLength(254, "El correo es demasiado largo"),
);
/** Path ids are positive integers; anything else cannot name a row, so it is a 404. */
export function parseId(raw: string | undefined): number {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw new ApiError(404, "Recurso no encontrado");
  return Number(raw);
}

/**
 * Path ids as a validator, so a route checks its :id before its body (as the routes did by hand):
 * anything but a positive integer cannot name a row, so it is a 404 like `parseId`.
 */
export function validateId<const K extends string = "id">(...names: K[]) {
  const keys = names.length ? names : ["id"];
  const middleware = validator("param", (params: Record<string, string>) => {
    const out: Record<string, number> = {};
    for (const key of keys) out[key] = parseId(params[key]);
    return out as Record<K, number>;
  });
  const parameters = keys.map((name) => ({
    in: "path" as const,
    name,
    required: true,
    schema: { type: "integer" as const, minimum: 1 },
  }));
  return Object.assign(middleware, { [uniqueSymbol]: { spec: { parameters } } });
}

/** A number sent as JSON or as form text ("12.5"); anything else is a 422 with `message`. */
export const numberLike = (message: string) =>
  v.pipe(
    v.union(
      [
        v.number(message),
        v.pipe(v.string(message), v.trim(), v.regex(/^-?\d+(\.\d+)?$/, message), v.transform(Number)),
      ],
      message,
    ),
    v.finite(message),
  );

/** A whole number from `min` to `max`, each way it is wrong with its own message. */
export const wholeNumber = (
  messages: { number: string; whole: string },
  [min, belowMin]: readonly [number, string],
  [max, aboveMax]: readonly [number, string],
) =>
  v.pipe(numberLike(messages.number), v.integer(messages.whole), v.minValue(min, belowMin), v.maxValue(max, aboveMax));

/** A calendar day 'YYYY-MM-DD' that exists (no 2026-02-30); one message for every way it is wrong. */
export const calendarDate = (message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, message),
    v.check((d) => {
      const day = new Date(`${d}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(d);
    }, message),
  );

/** The id of a row named in a body: a whole number from 1, one message for every way it is wrong. */
export const idLike = (message: string) => v.pipe(numberLike(message), v.integer(message), v.minValue(1, message));

/** A boolean sent as JSON or as form text ("true", "false", "1", "0"). */
export const booleanLike = (message: string) =>
  v.union(
    [
      v.boolean(message),
      v.pipe(
        v.picklist(["true", "false", "1", "0", "on", "off"], message),
        v.transform((x) => x === "true" || x === "1" || x === "on"),
      ),
    ],
    message,
  );

/** Free text trimmed and bounded, empty becoming null (optionalText and clearableText). */
const blankAsNull = (max: number, label: string) =>
  v.pipe(
    v.string(`El campo '${label}' debe ser texto`),
    v.trim(),
    v.maxLength(max, `El campo '${label}' es demasiado largo (máximo ${max} caracteres)`),
    v.transform((x) => (x === "" ? null : x)),
  );

/** Optional free text: trimmed, empty becomes null, bounded. */
export const optionalText = (max: number, label: string) => v.optional(v.nullable(blankAsNull(max, label)), null);

/**
 * Free text of an edit: absent leaves it as it is (undefined), empty clears it (null), else trimmed and
 * bounded. (`optionalText` turns absent into null, which an edit would read as "clear it".)
 */
export const clearableText = (max: number, label: string) => v.optional(v.nullable(blankAsNull(max, label)));

/**
 * A required text field whose absence answers with the same Spanish text as an empty value
 * (a missing key would otherwise get the generic "El campo … es requerido"). Pipe further checks onto it.
 */
export function requiredText(message: string, max = 200) {
  return v.optional(
    v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, "El texto es demasiado largo")),
    "",
  );
}
