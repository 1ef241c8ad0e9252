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

/** A write of a company whose data is moving to another shard (worker/domain/platform/move-company.ts). */
export const COMPANY_MOVING_TEXT = "La empresa se está trasladando de servidor; intenta de nuevo en un momento";
/** The text the source shard's triggers raise for such a write. */
export const COMPANY_MOVING_MARK = "horma_company_moving";
export const companyMoving = () => new ApiError(503, COMPANY_MOVING_TEXT, { "Retry-After": "30" });
