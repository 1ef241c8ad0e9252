import type { ContentfulStatusCode } from "hono/utils/http-status";

// The refusals of business rules are the domain's (worker/domain/shared/errors.ts); routes and middleware throw
// the same ones, and lib/http.ts maps them to HTTP in one place.
export {
  broken,
  COMPANY_MOVING_MARK,
  COMPANY_MOVING_TEXT,
  companyMoving,
  conflict,
  DomainError,
  forbidden,
  IDEMPOTENCY_KEY_TAKEN,
  invalid,
  malformed,
  notFound,
  tooMany,
  unauthenticated,
} from "../domain/shared/errors";

/**
 * An answer only the HTTP layer can give (a body too large, a media type it cannot read, an upload cut
 * short): `{ detail }` with its own status. Business rules throw DomainError instead.
 */
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
