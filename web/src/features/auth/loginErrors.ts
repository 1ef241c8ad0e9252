import { INACTIVE_ACCOUNT, WRONG_CREDENTIALS } from "../../../../shared/messages";
import { ApiError, INVALID_RESPONSE, NETWORK_ERROR } from "../../api/http";

export const BAD_CREDENTIALS = WRONG_CREDENTIALS;
/** The login error catalogue (spec 1 §8). */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return NETWORK_ERROR;
  if (error.kind === "network") return NETWORK_ERROR;
  if (error.kind === "invalid") return INVALID_RESPONSE;
  switch (error.status) {
    case 401:
      return BAD_CREDENTIALS;
    case 403:
      // The server also answers 403 for a suspended or removed company; its own text says which.
      return error.detail ?? INACTIVE_ACCOUNT;
    default:
      return error.detail ?? error.message;
  }
}

export { INACTIVE_ACCOUNT };
