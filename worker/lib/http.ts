import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { RefusalKind } from "../domain/shared/errors";
import type { AppEnv } from "../env";
import { ApiError, COMPANY_MOVING_MARK, companyMoving, DomainError } from "./errors";

/** The one place a domain refusal becomes an HTTP status (docs/architecture.md, "Errors"). */
const STATUS_OF: Record<RefusalKind, ApiError["status"]> = {
  invalid: 422,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
  unauthenticated: 401,
  too_many: 429,
  unavailable: 503,
  malformed: 400,
  broken: 500,
};

function fromDomain(err: DomainError): ApiError {
  const headers: Record<string, string> = {};
  if (err.kind === "unauthenticated") headers["WWW-Authenticate"] = "Bearer";
  if (err.retryAfterSeconds !== undefined) headers["Retry-After"] = String(err.retryAfterSeconds);
  return new ApiError(STATUS_OF[err.kind], err.detail, headers);
}

function sqliteConstraint(err: unknown): ApiError | null {
  const text = err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? "")}` : "";
  // the source shard of a moving company refuses its writes (move-company.ts)
  if (text.includes(COMPANY_MOVING_MARK)) return fromDomain(companyMoving());
  if (text.includes("UNIQUE constraint failed")) return new ApiError(409, "Ya existe un registro con esos datos");
  if (text.includes("CHECK constraint failed"))
    return new ApiError(409, "La operación dejaría datos inválidos (por ejemplo, stock negativo)");
  if (text.includes("FOREIGN KEY constraint failed")) return new ApiError(422, "La referencia indicada no existe");
  return null;
}

function fromHttpException(err: HTTPException): ApiError {
  if (err.status === 413) return new ApiError(413, "La solicitud es demasiado grande");
  if (err.status === 400 && /json/i.test(err.message))
    return new ApiError(400, "El cuerpo de la solicitud no es JSON válido");
  if (err.status === 400) return new ApiError(400, "Solicitud mal formada");
  if (err.status === 401) return new ApiError(401, "No autenticado. Inicia sesión para continuar.");
  return new ApiError(err.status as ApiError["status"], "No se pudo procesar la solicitud");
}

/**
 * The answer an error gives the client, or null for an unexpected one (a 500): a domain refusal through
 * STATUS_OF, the HTTP layer's own ApiError, Hono's HTTPException, or a constraint D1 enforced.
 */
export function refusalOf(err: unknown): ApiError | null {
  if (err instanceof HTTPException) return fromHttpException(err);
  return thrownRefusal(err) ?? sqliteConstraint(err);
}

/** A refusal the code threw on purpose (a domain rule's or the HTTP layer's), as its answer; else null. */
export function thrownRefusal(err: unknown): ApiError | null {
  if (err instanceof DomainError) return fromDomain(err);
  return err instanceof ApiError ? err : null;
}

export const onError: ErrorHandler<AppEnv> = (err, c) => {
  const apiError = refusalOf(err);
  if (apiError) {
    for (const [name, value] of Object.entries(apiError.headers)) c.header(name, value);
    return c.json({ detail: apiError.detail }, apiError.status);
  }
  // Unexpected: log without request headers (they carry tokens).
  console.error(
    JSON.stringify({
      level: "error",
      requestId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    }),
  );
  return c.json({ detail: "Error interno del servidor. Intenta nuevamente." }, 500);
};

export const onNotFound: NotFoundHandler<AppEnv> = (c: Context<AppEnv>) =>
  c.json({ detail: "Ruta no encontrada" }, 404);
