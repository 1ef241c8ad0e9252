import * as v from "valibot";
import { companyHeaders } from "../lib/actingCompany";
import { notifySessionExpired, sessionAtom, signOutAtom } from "../lib/session";
import { appStore } from "../lib/store";

export const NETWORK_ERROR = "Error de conexión. Intenta nuevamente.";
export const INVALID_RESPONSE = "Respuesta inválida del servidor";

/** A failed call. kind "network": no answer; "invalid": answer of the wrong shape; "http": error status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly kind: "http" | "network" | "invalid" = "http",
    /** The server's own `detail` text, when it sent one. */
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** JSON-serialisable value or FormData (multipart). */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key); Authorization and Content-Type stay managed here. */
  headers?: Record<string, string>;
};

/** The Worker answers errors as { detail: "mensaje" } (design §4). */
function detailOf(payload: unknown): string | null {
  if (payload && typeof payload === "object" && "detail" in payload) {
    const { detail } = payload;
    if (typeof detail === "string" && detail.trim()) return detail;
  }
  return null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Calls the API and validates the answer's shape; sends the bearer token whenever a session exists. */
export async function apiRequest<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  options: RequestOptions = {},
): Promise<v.InferOutput<TSchema>> {
  const session = appStore.get(sessionAtom);
  const headers = new Headers({ ...companyHeaders(), ...options.headers, Accept: "application/json" });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  if (session) headers.set("Authorization", `Bearer ${session.token}`);

  let response: Response;
  try {
    response = await fetch(path, { method: options.method ?? "GET", headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, NETWORK_ERROR, "network");
  }

  const payload = await readJson(response);
  if (!response.ok) {
    // A rejected token ends the session, but only if it is still the one in use (not a newer login).
    if (response.status === 401 && session && appStore.get(sessionAtom)?.token === session.token) {
      appStore.set(signOutAtom);
      notifySessionExpired();
    }
    const detail = detailOf(payload);
    throw new ApiError(response.status, detail ?? `Error ${response.status}`, "http", detail);
  }
  const parsed = v.safeParse(schema, payload);
  if (!parsed.success) throw new ApiError(response.status, INVALID_RESPONSE, "invalid");
  return parsed.output;
}
