import { ApiError, api, call, INVALID_RESPONSE, withSignal } from "./http";

/**
 * POST /api/v1/auth/auth/login-json. The answer becomes the stored session, so one without a token or
 * a user is refused here rather than signing in half.
 */
export async function login(email: string, password: string) {
  const answer = await call(api.auth.auth["login-json"].$post({ json: { email, password } }));
  if (typeof answer.access_token !== "string" || answer.access_token === "" || typeof answer.user !== "object") {
    throw new ApiError(200, INVALID_RESPONSE, "invalid");
  }
  return answer;
}

/** GET /api/v1/auth/auth/me with the stored token. */
export function fetchCurrentUser(signal?: AbortSignal) {
  return call(api.auth.auth.me.$get(undefined, withSignal(signal)));
}
