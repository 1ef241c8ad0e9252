import { vValidator } from "@hono/valibot-validator";
import type { ValidationTargets } from "hono";
import * as v from "valibot";
import { ApiError } from "./errors";

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

/** Hono validator that answers 422 `{detail}` in Spanish instead of valibot's raw issues. */
export function validate<T extends v.GenericSchema, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return vValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.issues);
  });
}

/** Parses anything (e.g. a multipart field holding JSON) with the same 422 mapping. */
export function parseOr422<T extends v.GenericSchema>(schema: T, input: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw validationError(result.issues);
  return result.output;
}

// Reusable pieces
export const trimmed = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));
export const emailField = v.pipe(
  v.string("El correo es requerido"),
  v.trim(),
  v.nonEmpty("El correo es requerido"),
  v.toLowerCase(),
  v.email("El correo no es válido"),
  v.maxLength(254, "El correo es demasiado largo"),
);
/** Path ids are positive integers; anything else cannot name a row, so it is a 404. */
export function parseId(raw: string | undefined): number {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw new ApiError(404, "Recurso no encontrado");
  return Number(raw);
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

/** Optional free text: trimmed, empty becomes null, bounded. */
export const optionalText = (max: number, label: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`El campo '${label}' debe ser texto`),
        v.trim(),
        v.maxLength(max, `El campo '${label}' es demasiado largo (máximo ${max} caracteres)`),
        v.transform((x) => (x === "" ? null : x)),
      ),
    ),
    null,
  );

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
