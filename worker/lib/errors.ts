import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error that reaches the client as `{ detail }` with its own status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = "ApiError";
  }
}

export const badRequest = (detail: string) => new ApiError(400, detail);
export const unauthorized = (detail = "No autenticado. Inicia sesión para continuar.") =>
  new ApiError(401, detail, { "WWW-Authenticate": "Bearer" });
export const forbidden = (detail = "No tienes permiso para realizar esta acción.") => new ApiError(403, detail);
export const notFound = (detail = "Recurso no encontrado") => new ApiError(404, detail);
export const conflict = (detail: string) => new ApiError(409, detail);
export const unprocessable = (detail: string) => new ApiError(422, detail);

/** An idempotency key replays a create call only for the user who made it. */
export const IDEMPOTENCY_KEY_TAKEN = "La clave de idempotencia ya se usó para otra operación";
