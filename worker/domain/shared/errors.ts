// What a business rule refuses, in the domain's own words: a kind of refusal and the Spanish text the user
// reads. The domain knows no HTTP: `worker/lib/http.ts` (`refusalOf`) gives each kind its status and
// headers in one table, for the API's answers and for the TransferHub's alike.

export type RefusalKind =
  /** the request breaks a rule about its own content (a price below zero, no payment) */
  | "invalid"
  /** what it names does not exist for the caller's company */
  | "not_found"
  /** the data's present state forbids it (a closed till, a taken code, a transfer already accepted) */
  | "conflict"
  /** this user may not do it */
  | "forbidden"
  /** the credentials are wrong or missing */
  | "unauthenticated"
  /** too many attempts in a window; `retryAfterSeconds` says when to try again */
  | "too_many"
  /** the company cannot take writes for a moment (a move between shards) */
  | "unavailable"
  /** the request cannot be read at all */
  | "malformed"
  /** a guarded write found the data in a state that should not happen */
  | "broken";

export class DomainError extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly detail: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.name = "DomainError";
  }
}

export const invalid = (detail: string) => new DomainError("invalid", detail);
export const notFound = (detail = "Recurso no encontrado") => new DomainError("not_found", detail);
export const conflict = (detail: string) => new DomainError("conflict", detail);
export const forbidden = (detail = "No tienes permiso para realizar esta acción.") =>
  new DomainError("forbidden", detail);
export const unauthenticated = (detail = "No autenticado. Inicia sesión para continuar.") =>
  new DomainError("unauthenticated", detail);
export const tooMany = (detail: string, retryAfterSeconds: number) =>
  new DomainError("too_many", detail, retryAfterSeconds);
export const malformed = (detail: string) => new DomainError("malformed", detail);
export const broken = (detail: string) => new DomainError("broken", detail);

/** An idempotency key replays a create call only for the user who made it. */
export const IDEMPOTENCY_KEY_TAKEN = "La clave de idempotencia ya se usó para otra operación";

/** A write of a company whose data is moving to another shard (worker/domain/platform/move-company.ts). */
export const COMPANY_MOVING_TEXT = "La empresa se está trasladando de servidor; intenta de nuevo en un momento";
/** The text the source shard's triggers raise for such a write. */
export const COMPANY_MOVING_MARK = "horma_company_moving";
export const companyMoving = () => new DomainError("unavailable", COMPANY_MOVING_TEXT, 30);
