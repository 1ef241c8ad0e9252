import { describeRoute } from "hono-openapi";

/** Error statuses a route's own rules answer, each with when it happens (Spanish, for the reference). */
export type ErrorDocs = Partial<
  Record<400 | 401 | 402 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 423 | 426 | 429 | 502 | 503, string>
>;

export const ERROR_SCHEMA_REF = "#/components/schemas/Error";

export function errorResponse(description: string) {
  return { description, content: { "application/json": { schema: { $ref: ERROR_SCHEMA_REF } } } };
}

/**
 * Documents a route for the API reference: a Spanish summary and the error statuses its own rules
 * answer. What every route of its kind answers is added by the document builder (worker/openapi/document.ts):
 * 401/403 from the access policy, 422 from its validators, 404 for a path id, 400/413/415 for a body,
 * 409 for a reused Idempotency-Key; the success answers come from the handler's own types.
 */
export function doc(summary: string, errors: ErrorDocs = {}, options: { description?: string } = {}) {
  return describeRoute({
    summary,
    ...(options.description ? { description: options.description } : {}),
    responses: Object.fromEntries(Object.entries(errors).map(([status, when]) => [status, errorResponse(when)])),
  });
}
