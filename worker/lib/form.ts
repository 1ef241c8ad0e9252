import type { Context } from "hono";
import { ApiError } from "./errors";

export type FormFields = Record<string, string | File | undefined>;

/**
 * Reads a multipart or urlencoded form; JSON bodies are accepted too (then every value is kept
 * as sent). Malformed bodies answer 400 instead of surfacing a parser error.
 */
export async function readForm(c: Context): Promise<Record<string, unknown>> {
  const type = (c.req.header("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ApiError(400, "El cuerpo de la solicitud no es JSON válido");
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      throw new ApiError(422, "El cuerpo de la solicitud debe ser un objeto JSON");
    }
    return body as Record<string, unknown>;
  }
  if (!type.startsWith("multipart/form-data") && !type.startsWith("application/x-www-form-urlencoded")) {
    throw new ApiError(415, "Envía los datos como multipart/form-data");
  }
  try {
    const fields = await c.req.parseBody({ all: false });
    return fields as Record<string, unknown>;
  } catch {
    throw new ApiError(400, "El formulario enviado está mal formado");
  }
}

/** A field that carries JSON text in a form (or a value already parsed from a JSON body). */
export function jsonField(value: unknown, label: string): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new ApiError(422, `El campo '${label}' debe contener JSON válido`);
  }
}
