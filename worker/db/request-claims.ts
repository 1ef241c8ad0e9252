// The request's bearer token, read once: the shard middleware (which database serves the caller),
// requireAuth and the Idempotency-Key middleware all need its claims.
import type { Context } from "hono";
import { readToken, type TokenClaims } from "../auth/token";
import type { AppEnv } from "../env";

/** The claims of the request's `Authorization: Bearer` token, or null when it has none or it does not verify. */
export async function readClaims(c: Context<AppEnv>, secret: string): Promise<TokenClaims | null> {
  const known = c.get("claims");
  if (known !== undefined) return known;
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "");
  const claims = match?.[1] ? await readToken(secret, match[1]) : null;
  c.set("claims", claims);
  return claims;
}
