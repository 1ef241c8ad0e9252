import { apiRequest } from "./http";
import { LoginResponseSchema, PublicUserSchema } from "./schemas";

/** POST /api/v1/auth/auth/login-json. */
export function login(email: string, password: string) {
  return apiRequest("/api/v1/auth/auth/login-json", LoginResponseSchema, {
    method: "POST",
    body: { email, password },
  });
}

/** GET /api/v1/auth/auth/me with the stored token. */
export function fetchCurrentUser(signal?: AbortSignal) {
  return apiRequest("/api/v1/auth/auth/me", PublicUserSchema, { signal });
}
